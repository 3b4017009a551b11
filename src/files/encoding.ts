// The encodings a text-like file may use: the one a byte-order mark announces, or else UTF-8.
import type { TextEncoding } from './types.js';

const LABELS: Record<TextEncoding, string> = { utf8: 'utf-8', 'utf8-bom': 'utf-8', 'utf16le-bom': 'utf-16le', 'utf16be-bom': 'utf-16be' };

/** The encoding a byte-order mark announces, or null when there is none. */
export function bomEncoding(bytes: Buffer): TextEncoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf8-bom';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf16le-bom';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf16be-bom';
  return null;
}

/**
 * The text, strictly decoded, byte-order mark dropped (TextDecoder does that). Throws TypeError on
 * bytes that are not valid in the encoding. `head`: the bytes are the start of a file, so a
 * character cut at their end is not an error.
 */
export function decodeText(bytes: Buffer, encoding: TextEncoding, head = false): string {
  return new TextDecoder(LABELS[encoding], { fatal: true }).decode(bytes, { stream: head });
}

/** Tab, line feed, vertical tab, form feed, carriage return, and escape (colour codes in logs). */
const isAllowedControl = (c: number) => (c >= 0x09 && c <= 0x0d) || c === 0x1b;

/**
 * Whether decoded characters read as text: no NUL, and control characters at most 1% of them.
 * Binary data that happens to decode fails this; text in a legacy encoding never decodes at all.
 */
export function readsAsText(text: string): boolean {
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return false;
    if ((c < 0x20 && !isAllowedControl(c)) || c === 0x7f) controls++;
  }
  return controls * 100 <= text.length;
}
