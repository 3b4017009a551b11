// What one pass over the text counts, so detectors can skip a regex that cannot match (no UUID
// without 12 hex digits in a row, no phone number with fewer than 8 digits), and the places where
// a cue word may start, where the searches for cue words try their regexes (see cue-starts.ts).
import { startSlot } from './cue-starts.js';

export interface CharFacts {
  /** ASCII digits in the text. */
  digits: number;
  /** The longest run of ASCII digits. */
  digitRun: number;
  /** The longest run of hex digits, either case. */
  hexRun: number;
  /** The longest run of ASCII letters and digits. */
  alnumRun: number;
  /**
   * Where `(?:(?<![A-Za-z0-9])|(?<=[a-z])(?=[A-Z]))[A-Za-z]` matches: an ASCII letter after no
   * letter or digit, or a capital after a small letter (a camelCase hump, as in `cardNumber`).
   */
  cueStarts: Int32Array;
  /** The start slot (cue-starts.ts) of each cue start's first two characters. */
  cueSlots: Int32Array;
}

// Bits per character code: 1 digit, 2 hex digit, 4 letter or digit, 8 small letter, 16 capital.
// Characters outside ASCII have none.
const CLASSES = new Uint8Array(0x10000);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[0-9]/.test(ch)) CLASSES[c] = 1 | 2 | 4;
  else if (/[a-z]/.test(ch)) CLASSES[c] = (/[a-f]/.test(ch) ? 2 : 0) | 4 | 8;
  else if (/[A-Z]/.test(ch)) CLASSES[c] = (/[A-F]/.test(ch) ? 2 : 0) | 4 | 16;
}

/** Reused for the cue starts of texts up to this long, so a scan allocates only what it keeps. */
const SCRATCH_LENGTH = 1 << 16;
const scratch = new Int32Array(SCRATCH_LENGTH);

/** The facts of the text. The loop has no branch on the characters: mispredicted branches cost most here. */
export function charFacts(text: string): CharFacts {
  const starts = text.length <= SCRATCH_LENGTH ? scratch : new Int32Array(text.length);
  let count = 0;
  let digits = 0;
  let digitRun = 0;
  let hexRun = 0;
  let alnumRun = 0;
  let longestDigits = 0;
  let longestHex = 0;
  let longestAlnum = 0;
  let before = 0;
  for (let i = 0; i < text.length; i++) {
    const k = CLASSES[text.charCodeAt(i)] as number;
    const digit = k & 1;
    digits += digit;
    digitRun = (digitRun + 1) * digit;
    hexRun = (hexRun + 1) * ((k >> 1) & 1);
    alnumRun = (alnumRun + 1) * ((k >> 2) & 1);
    longestDigits = longestDigits > digitRun ? longestDigits : digitRun;
    longestHex = longestHex > hexRun ? longestHex : hexRun;
    longestAlnum = longestAlnum > alnumRun ? longestAlnum : alnumRun;
    // A letter, after no letter or digit, or a capital after a small letter; written, kept if so.
    const letter = ((k >> 3) | (k >> 4)) & 1;
    starts[count] = i;
    count += letter & ((((before >> 2) & 1) ^ 1) | ((before >> 3) & (k >> 4) & 1));
    before = k;
  }
  const cueStarts = starts.slice(0, count);
  const cueSlots = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    const at = cueStarts[k] as number;
    cueSlots[k] = startSlot(text.charCodeAt(at), text.charCodeAt(at + 1));
  }
  return { digits, digitRun: longestDigits, hexRun: longestHex, alnumRun: longestAlnum, cueStarts, cueSlots };
}
