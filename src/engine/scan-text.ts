import { charFacts, type CharFacts } from './char-facts.js';
import { wordsIn, type WordSet } from './words-present.js';

/**
 * What several detectors read from the same text, worked out once per scan and only when first
 * asked: which registered words occur in it (see words-present.ts), counts of digits and character
 * runs and where cue words may start (char-facts.ts), and results more than one detector needs
 * (the clinical terms, the bank labels).
 */
export class ScanText {
  private present: Uint8Array | undefined;
  private counted: CharFacts | undefined;
  private results: Map<(text: string, shared: ScanText) => unknown, unknown> | undefined;

  constructor(readonly text: string) {}

  /** Digit counts, the longest runs of digits, hex digits and alphanumerics, and the cue starts. */
  get facts(): CharFacts {
    return (this.counted ??= charFacts(this.text));
  }

  /** True when one of the words occurs in the lower-cased text. */
  hasAny(words: WordSet): boolean {
    return (this.present ??= wordsIn(this.text))[words.id] === 1;
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
