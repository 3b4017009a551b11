import { isWhitespaceCode } from './text.js';

// Searches for cue words try their regexes only where a cue word may start (CharFacts.cueStarts),
// and there only the regex for the two characters found (CharFacts.cueSlots): StartTable holds them.

/** ASCII letters lower-cased and whitespace as a space, as the second character of a start. */
const SECOND = new Uint8Array(128);
for (let c = 0; c < 128; c++) SECOND[c] = isWhitespaceCode(c) ? 32 : c >= 65 && c <= 90 ? c + 32 : c;

/**
 * The slot of a start's first two characters: an ASCII letter in either case, then an ASCII
 * character (letters in either case, any whitespace as a space); -1 for anything else.
 */
export function startSlot(first: number, second: number): number {
  const letter = (first | 32) - 97; // an ASCII letter, either case, to 0-25; anything else falls outside
  if (letter < 0 || letter >= 26) return -1;
  if (second < 128) return letter * 128 + (SECOND[second] as number);
  return isWhitespaceCode(second) ? letter * 128 + 32 : -1; // NaN past the end, too
}

/** Values by the slot of a start's first two characters (see startSlot). */
export class StartTable<T> {
  private readonly slots = new Int32Array(26 * 128).fill(-1);
  private readonly values: T[] = [];

  set(first: string, second: string, value: T): void {
    const slot = startSlot(first.charCodeAt(0), second.charCodeAt(0));
    if (slot < 0) throw new Error(`a start is an ASCII letter and an ASCII character: "${first}${second}"`);
    this.slots[slot] = this.values.push(value) - 1;
  }

  /** The value for a start's slot, if any. */
  get(slot: number): T | undefined {
    if (slot < 0) return undefined;
    const index = this.slots[slot] as number;
    return index < 0 ? undefined : this.values[index];
  }
}
