import { describe, expect, it } from 'vitest';
import { maskFile } from '../../../src/files/mask/index.js';
import { maskSegments } from '../../../src/files/mask/spans.js';
import { extractFile, maskAll, verdict } from './helpers.js';

const text = 'ID,SSN,Email\nE-1001,SSN 123-45-6789,john.smith@example.com\nE-1002,Card 4111 1111 1111 1111,none\n';
const masked = 'ID,SSN,Email\nE-1001,SSN [SSN],[EMAIL]\nE-1002,Card [CREDIT_CARD],none\n';

/** Extracts and masks a file as the worker does. */
async function roundTrip(bytes: Buffer) {
  const extraction = await extractFile(bytes);
  expect(extraction.text).toBe(text);
  expect(verdict(extraction.text)).toEqual({ decision: 'ALLOWED_WITH_MASKING', types: ['CREDIT_CARD', 'EMAIL', 'SSN'] });
  return maskFile(bytes, extraction, maskAll());
}

describe('maskFile: text', () => {
  it('writes UTF-8 without a BOM as it came, with the mime and a matching extension', async () => {
    const file = await roundTrip(Buffer.from(text));
    expect(file.bytes.equals(Buffer.from(masked, 'utf8'))).toBe(true);
    expect([file.mime, file.ext]).toEqual(['text/csv', 'csv']);
  });

  it('keeps a UTF-8 BOM', async () => {
    const file = await roundTrip(Buffer.from(`\uFEFF${text}`));
    expect(file.bytes.equals(Buffer.from(`\uFEFF${masked}`, 'utf8'))).toBe(true);
  });

  it('round-trips UTF-16 LE and BE with their BOMs', async () => {
    const le = await roundTrip(Buffer.from(`\uFEFF${text}`, 'utf16le'));
    expect(le.bytes.equals(Buffer.from(`\uFEFF${masked}`, 'utf16le'))).toBe(true);
    const be = await roundTrip(Buffer.from(`\uFEFF${text}`, 'utf16le').swap16());
    expect(be.bytes.equals(Buffer.from(`\uFEFF${masked}`, 'utf16le').swap16())).toBe(true);
  });

  it('labels JSON, Markdown and plain text by their type', async () => {
    const cases: Array<[string, string, string]> = [
      ['{"email": "john.smith@example.com"}', 'application/json', 'json'],
      ['# Contacts\n\n- **Email** john.smith@example.com\n', 'text/markdown', 'md'],
      ['Write to john.smith@example.com today.', 'text/plain', 'txt'],
    ];
    for (const [source, mime, ext] of cases) {
      const bytes = Buffer.from(source);
      const file = await maskFile(bytes, await extractFile(bytes), maskAll());
      expect([file.mime, file.ext, file.bytes.toString()]).toEqual([mime, ext, source.replace('john.smith@example.com', '[EMAIL]')]);
    }
  });

  it('refuses a plan out of order or outside the text rather than mask part of a value', async () => {
    const bytes = Buffer.from(text);
    const extraction = await extractFile(bytes);
    const bad = [
      [
        { start: 10, end: 20, replacement: 'x' },
        { start: 5, end: 8, replacement: 'y' },
      ],
      [{ start: 0, end: text.length + 1, replacement: 'x' }],
      [{ start: 4, end: 2, replacement: 'x' }],
    ];
    for (const spans of bad) await expect(maskFile(bytes, extraction, () => spans)).rejects.toThrow(/out of order/);
  });
});

describe('maskSegments', () => {
  const source = 'ab|cdef|gh';
  const segments = [
    { start: 0, end: 2 },
    { start: 3, end: 7 },
    { start: 8, end: 10 },
  ];

  it('puts a replacement in the first segment a span touches and strips it from the rest', () => {
    expect(maskSegments(source, segments, [{ start: 1, end: 9, replacement: 'X' }])).toEqual(['aX', '', 'h']);
  });

  it('applies several spans within and across segments, leaving text between segments out', () => {
    const spans = [
      { start: 0, end: 1, replacement: '1' },
      { start: 2, end: 4, replacement: '2' },
      { start: 5, end: 6, replacement: '3' },
    ];
    expect(maskSegments(source, segments, spans)).toEqual(['1b', '2d3f', 'gh']);
  });

  it('drops a replacement whose span covers only characters between segments', () => {
    expect(maskSegments(source, segments, [{ start: 2, end: 3, replacement: 'X' }])).toEqual(['ab', 'cdef', 'gh']);
  });
});
