import { charFacts, type CharFacts } from './char-facts.js';
import { wordsIn, type WordSet } from './words-present.js';

/**
 * What several detectors read from the same text, worked out once per scan and only when first
 * asked: the lower-cased text, which registered words occur in it (see words-present.ts), counts
 * of digits and character runs, and results more than one detector needs (the clinical terms).
 */
export class ScanText {
  private lowered: string | undefined;
  private present: Uint8Array | undefined;
  private counted: CharFacts | undefined;
  private results: Map<(text: string, shared: ScanText) => unknown, unknown> | undefined;

  constructor(readonly text: string) {}

  get lower(): string {
    return (this.lowered ??= this.text.toLowerCase());
  }

  /** Digit counts and the longest runs of digits, hex digits and alphanumerics (see char-facts.ts). */
  get facts(): CharFacts {
    return (this.counted ??= charFacts(this.text));
  }

  /** True when one of the words occurs in the lower-cased text. */
  hasAny(words: WordSet): boolean {
    return (this.present ??= wordsIn(this.lower))[words.id] === 1;
  }

  /** `compute(text, this)`, computed on the first call of the scan; later calls return the same value. */
  once<T>(compute: (text: string, shared: ScanText) => T): T {
    this.results ??= new Map();
    if (this.results.has(compute)) return this.results.get(compute) as T;
    const result = compute(this.text, this);
    this.results.set(compute, result);
    return result;
  }
}
