// Text-like files decode in the encoding sniffing found, byte-order mark dropped, nothing else changed.
import { describe, expect, it } from 'vitest';
import { extractText } from '../../../src/files/extract/text.js';
import { sniff } from '../../../src/files/sniff.js';
import { refusal } from '../../helpers/file-errors.js';

const BODY = 'name,email,ssn\r\nJosé,jose@example.com,123-45-6789\r\n';
const asText = (bytes: Buffer) => {
  const sniffed = sniff(bytes);
  if (sniffed.kind !== 'text') throw new Error(`sniffed as ${sniffed.kind}`);
  return extractText(bytes, sniffed);
};

describe('extractText', () => {
  it('decodes UTF-8 as is, and each byte-order-marked encoding without its mark', () => {
    const encodings: Array<[Buffer, string]> = [
      [Buffer.from(BODY), 'utf8'],
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(BODY)]), 'utf8-bom'],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(BODY, 'utf16le')]), 'utf16le-bom'],
      [Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(BODY, 'utf16le').swap16()]), 'utf16be-bom'],
    ];
    for (const [bytes, encoding] of encodings) {
      expect(asText(bytes)).toEqual({ text: BODY, layout: { kind: 'text', encoding, mime: 'text/csv' }, pages: 1, ocrPages: 0 });
    }
  });

  it('refuses bytes that are not valid in the encoding, as corrupt', async () => {
    const odd = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi', 'utf16le'), Buffer.from([0x41])]);
    const err = await refusal(() => extractText(odd, { kind: 'text', encoding: 'utf16le-bom', mime: 'text/plain' }));
    expect([err.code, err.message]).toEqual(['corrupt_file', 'The text is not valid UTF-16.']);
  });
});
