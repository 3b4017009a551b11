// Text-like files: decoded in the encoding sniffing found, byte-order mark dropped; nothing else
// changes, so offsets in the text are offsets in the file's characters.
import { decodeText } from '../encoding.js';
import { FileError, type Extraction, type Sniffed } from '../types.js';

export function extractText(bytes: Buffer, { encoding, mime }: Extract<Sniffed, { kind: 'text' }>): Extraction {
  let text: string;
  try {
    text = decodeText(bytes, encoding);
  } catch (cause) {
    throw new FileError('corrupt_file', `The text is not valid ${encoding.startsWith('utf16') ? 'UTF-16' : 'UTF-8'}.`, { cause });
  }
  return { text, layout: { kind: 'text', encoding, mime }, pages: 1, ocrPages: 0 };
}
