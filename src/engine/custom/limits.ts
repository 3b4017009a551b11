// Bounds on a policy's custom detectors and allowlist (DESIGN §18, docs/detectors/custom.md). They keep
// compiled programs small and every scan linear in the text with a small constant.

export const CUSTOM_LIMITS = Object.freeze({
  /** Custom detectors per policy. */
  detectors: 50,
  /** Characters of a pattern (custom detector or allowlist). */
  patternChars: 1_000,
  /**
   * Copies counted repetitions may expand to: the sum over every `{n}`, `{n,}` and `{n,m}` of its
   * largest count times the counts of the repetitions around it. RE2 compiles `x{100}` into 100 copies
   * of `x`, and its matching time grows with the program it compiles.
   */
  repetitionBudget: 200,
  /** Keywords per detector, and characters per keyword. */
  keywords: 1_000,
  keywordChars: 200,
  /** Allowlist entries per policy, of which this many may be patterns; characters of an exact value. */
  allowEntries: 1_000,
  allowPatterns: 100,
  allowValueChars: 1_000,
  /**
   * Matches all custom detectors together may report in one scan. Beyond it the scan fails (the
   * check answers 503) rather than keep unbounded findings in memory or let unmasked matches through.
   */
  matchesPerScan: 200_000,
});

/** The confidence of every custom finding: a user-chosen pattern or word is a deliberate, exact signal. */
export const CUSTOM_CONFIDENCE = 0.9;

/** A custom detector's name, once trimmed and upper-cased: it becomes the finding type. */
export const CUSTOM_NAME = /^[A-Z][A-Z0-9_]{1,63}$/;
