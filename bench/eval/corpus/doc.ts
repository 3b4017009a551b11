// A document under construction: text appended piece by piece, labelled values recorded with their
// UTF-16 offsets (the unit of JavaScript string indices, which the scanner reports).

export interface Label {
  type: string;
  start: number;
  end: number;
}

export interface EvalDoc {
  id: string;
  kind: string;
  benign: boolean;
  text: string;
  labels: Label[];
}

/** What a template token stands for: a labelled value (with its type) or plain text. */
export interface Piece {
  text: string;
  type?: string;
}

export class DocBuilder {
  private readonly parts: string[] = [];
  private length = 0;
  readonly labels: Label[] = [];

  text(s: string): this {
    this.parts.push(s);
    this.length += s.length;
    return this;
  }

  value(type: string, value: string): this {
    this.labels.push({ type, start: this.length, end: this.length + value.length });
    return this.text(value);
  }

  piece(p: Piece): this {
    return p.type ? this.value(p.type, p.text) : this.text(p.text);
  }

  /** Appends a template: each `{TOKEN}` is replaced by what `resolve` makes of it. */
  fill(template: string, resolve: (token: string) => Piece): this {
    let at = 0;
    for (const m of template.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
      this.text(template.slice(at, m.index));
      this.piece(resolve(m[1] ?? ''));
      at = (m.index ?? 0) + m[0].length;
    }
    return this.text(template.slice(at));
  }

  build(id: string, kind: string, benign: boolean): EvalDoc {
    return { id, kind, benign, text: this.parts.join(''), labels: this.labels };
  }
}
