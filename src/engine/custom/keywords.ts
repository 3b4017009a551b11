// Aho–Corasick: every keyword of every keyword detector of a policy (one automaton per letter-case
// mode) found in one pass, in time linear in the text plus the matches reported. Keywords match whole
// words; whitespace runs in the text match one space in a keyword. See docs/detectors/custom.md.
import { codePointAt, codePointBefore, foldCase, isSpaceCode, isWordCodePoint } from './fold.js';

export interface KeywordEntry {
  /** Normalized by normalizeKeyword for the automaton's case mode. */
  keyword: string;
  detector: number;
}

/** Positions of the last fed characters; a keyword is at most 255 UTF-16 units long. */
const RING = 256;

export class KeywordAutomaton {
  private constructor(
    private readonly caseSensitive: boolean,
    /** Transitions out of the root, by UTF-16 unit; 0 stays at the root. */
    private readonly rootNext: Int32Array,
    /** Other transitions, node by node (`edgeStart[n]` to `edgeStart[n + 1]`), labels sorted. */
    private readonly edgeStart: Int32Array,
    private readonly edgeLabel: Uint16Array,
    private readonly edgeTarget: Int32Array,
    private readonly fail: Int32Array,
    /** The nearest node on the failure chain (itself excluded) that ends a keyword, or -1. */
    private readonly dict: Int32Array,
    /** Detectors whose keyword ends at each node (`outStart[n]` to `outStart[n + 1]`). */
    private readonly outStart: Int32Array,
    private readonly outDetector: Int32Array,
    /** Length in UTF-16 units of the keyword spelled by each node. */
    private readonly depth: Int32Array,
    /** Whether the keyword ending at a node starts / ends with a word character (then needs a boundary there). */
    private readonly startsWord: Uint8Array,
    private readonly endsWord: Uint8Array,
  ) {}

  static build(entries: readonly KeywordEntry[], caseSensitive: boolean): KeywordAutomaton {
    const children: Array<Map<number, number>> = [new Map()];
    const depth: number[] = [0];
    const outputs: Array<Set<number> | undefined> = [undefined];
    for (const { keyword, detector } of entries) {
      if (keyword.length === 0 || keyword.length >= RING) throw new Error(`keyword length ${keyword.length} is out of range`);
      let node = 0;
      for (let i = 0; i < keyword.length; i++) {
        const unit = keyword.charCodeAt(i);
        const map = children[node] as Map<number, number>;
        let next = map.get(unit);
        if (next === undefined) {
          next = children.length;
          map.set(unit, next);
          children.push(new Map());
          depth.push(i + 1);
          outputs.push(undefined);
        }
        node = next;
      }
      (outputs[node] ??= new Set()).add(detector);
    }

    const n = children.length;
    // Transitions in compressed rows: node by node, labels sorted for binary search.
    const rootNext = new Int32Array(0x10000);
    const edgeStart = new Int32Array(n + 1);
    const edgeLabel: number[] = [];
    const edgeTarget: number[] = [];
    children.forEach((map, node) => {
      for (const [unit, child] of [...map].sort((a, b) => a[0] - b[0])) {
        edgeLabel.push(unit);
        edgeTarget.push(child);
        if (node === 0) rootNext[unit] = child;
      }
      edgeStart[node + 1] = edgeLabel.length;
    });

    // Failure links breadth-first, so a node's link is final before its children need it.
    const fail = new Int32Array(n);
    const dict = new Int32Array(n).fill(-1);
    const queue: number[] = [...(children[0] as Map<number, number>).values()];
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head] as number;
      for (const [unit, child] of children[node] as Map<number, number>) {
        queue.push(child);
        let f = fail[node] as number;
        while (f !== 0 && !(children[f] as Map<number, number>).has(unit)) f = fail[f] as number;
        const target = (children[f] as Map<number, number>).get(unit) ?? 0;
        fail[child] = target;
        dict[child] = outputs[target] ? target : (dict[target] as number);
      }
    }

    const outStart = new Int32Array(n + 1);
    const outDetector: number[] = [];
    for (let node = 0; node < n; node++) {
      for (const d of outputs[node] ?? []) outDetector.push(d);
      outStart[node + 1] = outDetector.length;
    }
    const startsWord = new Uint8Array(n);
    const endsWord = new Uint8Array(n);
    for (const { keyword } of entries) {
      let node = 0;
      for (let i = 0; i < keyword.length; i++) node = (children[node] as Map<number, number>).get(keyword.charCodeAt(i)) as number;
      startsWord[node] = isWordCodePoint(keyword.codePointAt(0) ?? -1) ? 1 : 0;
      endsWord[node] = isWordCodePoint(codePointBefore(keyword, keyword.length)) ? 1 : 0;
    }
    return new KeywordAutomaton(
      caseSensitive, rootNext, edgeStart, Uint16Array.from(edgeLabel), Int32Array.from(edgeTarget), fail, dict, outStart,
      Int32Array.from(outDetector), Int32Array.from(depth), startsWord, endsWord,
    );
  }

  private child(node: number, unit: number): number {
    let low = this.edgeStart[node] as number;
    let high = (this.edgeStart[node + 1] as number) - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const label = this.edgeLabel[mid] as number;
      if (label === unit) return this.edgeTarget[mid] as number;
      if (label < unit) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  /** Calls `emit` for every whole-word occurrence of a keyword, per detector that lists it. */
  scan(text: string, emit: (detector: number, start: number, end: number) => void): void {
    const ring = new Int32Array(RING);
    let fed = 0;
    let state = 0;
    let inSpace = false;

    const feed = (unit: number, pos: number): void => {
      ring[fed & (RING - 1)] = pos;
      fed++;
      for (;;) {
        if (state === 0) {
          state = this.rootNext[unit] as number;
          break;
        }
        const next = this.child(state, unit);
        if (next >= 0) {
          state = next;
          break;
        }
        state = this.fail[state] as number;
      }
      let t = (this.outStart[state + 1] as number) > (this.outStart[state] as number) ? state : (this.dict[state] as number);
      if (t < 0) return;
      // Every keyword ending here ends with the same character, so one end-boundary test serves them all.
      const end = pos + 1;
      if (this.endsWord[t] && isWordCodePoint(codePointAt(text, end))) return;
      for (; t >= 0; t = this.dict[t] as number) {
        const start = ring[(fed - (this.depth[t] as number)) & (RING - 1)] as number;
        if (this.startsWord[t] && isWordCodePoint(codePointBefore(text, start))) continue;
        for (let k = this.outStart[t] as number; k < (this.outStart[t + 1] as number); k++) emit(this.outDetector[k] as number, start, end);
      }
    };

    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (isSpaceCode(unit)) {
        if (!inSpace) feed(0x20, i);
        inSpace = true;
        continue;
      }
      inSpace = false;
      if (this.caseSensitive) {
        feed(unit, i);
      } else if (unit < 0x80) {
        feed(unit >= 65 && unit <= 90 ? unit + 32 : unit, i);
      } else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        const folded = String.fromCodePoint(foldCase(text.codePointAt(i) as number));
        feed(folded.charCodeAt(0), i);
        feed(folded.charCodeAt(1), i + 1);
        i++;
      } else {
        feed(foldCase(unit), i);
      }
    }
  }
}
