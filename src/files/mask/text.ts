import type { MaskSpan, TextEncoding } from '../types.js';
import { applySpans } from './spans.js';

const BOM: Record<TextEncoding, Buffer> = {
  utf8: Buffer.alloc(0),
  'utf8-bom': Buffer.from([0xef, 0xbb, 0xbf]),
  'utf16le-bom': Buffer.from([0xff, 0xfe]),
  'utf16be-bom': Buffer.from([0xfe, 0xff]),
};

/** Extensions of the text types sniffing reports (src/files/text-mime.ts). */
const EXT: Record<string, string> = {
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'text/html': 'html',
  'application/json': 'json',
  'application/xml': 'xml',
};

export const textExt = (mime: string): string => EXT[mime] ?? 'txt';

/** The text with the spans applied, written back in the file's own encoding and byte order mark. */
export function maskText(text: string, encoding: TextEncoding, spans: readonly MaskSpan[]): Buffer {
  const masked = applySpans(text, spans);
  const body = encoding === 'utf16le-bom' || encoding === 'utf16be-bom' ? Buffer.from(masked, 'utf16le') : Buffer.from(masked, 'utf8');
  if (encoding === 'utf16be-bom') body.swap16();
  return Buffer.concat([BOM[encoding], body]);
}
