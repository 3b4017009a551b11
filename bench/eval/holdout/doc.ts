// Writing a held-out document: tagged templates whose interpolated `V`s are labelled values. Offsets
// are UTF-16 code units, as in the main corpus (the builder is the main corpus's DocBuilder).
import { DocBuilder, type EvalDoc } from '../corpus/doc.js';
import { Rng } from '../corpus/rng.js';

/** A labelled value: its type and its exact text. */
export interface V {
  readonly type: string;
  readonly text: string;
}

/** What a template may interpolate: a labelled value, or plain text (`false`, `null` and `undefined` write nothing). */
export type Part = V | string | number | false | null | undefined;

export const v = (type: string, text: string): V => ({ type, text });

const isV = (p: Part): p is V => typeof p === 'object' && p !== null;

/** A held-out document also records each label's value, so tests can check the offsets. */
export interface HoldoutDoc extends EvalDoc {
  values: string[];
}

export class Writer {
  private readonly b = new DocBuilder();
  private readonly values: string[] = [];

  put(...parts: Part[]): this {
    for (const p of parts) {
      if (p === false || p === null || p === undefined) continue;
      if (isV(p)) {
        this.b.value(p.type, p.text);
        this.values.push(p.text);
      } else this.b.text(String(p));
    }
    return this;
  }

  /** Tagged template: `d.w\`From: ${v('EMAIL', e)}\``. */
  w = (strings: TemplateStringsArray, ...parts: Part[]): this => {
    strings.forEach((s, i) => {
      this.put(s);
      if (i < parts.length) this.put(parts[i]);
    });
    return this;
  };

  /** Like `w`, then a newline. */
  l = (strings: TemplateStringsArray, ...parts: Part[]): this => this.w(strings, ...parts).put('\n');

  /** Parts joined by `sep` (e.g. the cells of a table row), then `end`. */
  row(parts: Part[], sep: string, end = '\n'): this {
    parts.forEach((p, i) => this.put(i > 0 ? sep : '', p));
    return this.put(end);
  }

  build(id: string, kind: string, benign: boolean): HoldoutDoc {
    const d = this.b.build(id, kind, benign);
    return { ...d, values: [...this.values] };
  }
}

/** What a document kind draws on: the document's random source and the writer. */
export interface Ctx {
  rng: Rng;
  d: Writer;
}

/** Writes one document of a kind. */
export type Render = (c: Ctx) => void;

/** A held-out corpus's size and seed. */
export interface CorpusOptions {
  seed: number;
  size: number;
  /** Share of benign documents. */
  benignShare: number;
}

/**
 * Deals a held-out corpus: `size` documents, the benign ones at shuffled places; kinds in shuffled
 * rounds (a positive kind as many turns per round as its weight); each document from a generator of
 * its own, the seed mixed with its index by `mix`, so one kind's draws never shift another's.
 */
export function dealDocs(
  { seed, size, benignShare }: CorpusOptions,
  kinds: { positive: Readonly<Record<string, readonly [Render, number]>>; benign: Readonly<Record<string, Render>> },
  ids: { prefix: string; mix: number },
): HoldoutDoc[] {
  const order = new Rng(seed);
  const benignCount = Math.round(size * benignShare);
  const isBenign = order.shuffle(Array.from({ length: size }, (_, i) => i < benignCount));
  const positive = Object.entries(kinds.positive).flatMap(([name, [render, weight]]) => Array.from({ length: weight }, () => [name, render] as const));
  const benign = Object.entries(kinds.benign);
  let posQueue: (readonly [string, Render])[] = [];
  let benQueue: (readonly [string, Render])[] = [];
  return isBenign.map((b, i) => {
    if (b && benQueue.length === 0) benQueue = order.shuffle(benign);
    if (!b && posQueue.length === 0) posQueue = order.shuffle(positive);
    const [kind, render] = (b ? benQueue.pop() : posQueue.pop()) as readonly [string, Render];
    const d = new Writer();
    render({ rng: new Rng((seed ^ Math.imul(i + 1, ids.mix)) >>> 0), d });
    return d.build(`${ids.prefix}${String(i).padStart(4, '0')}`, kind, b);
  });
}
