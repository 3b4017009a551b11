// Sniffing decides from the bytes alone: real files of every supported kind, recognised formats
// refused with a detail that names them, and text told apart from binary.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { sniff, sniffHead } from '../../src/files/sniff.js';
import { FileError } from '../../src/files/types.js';
import { gif, oleFile, truncatedDocx, zipOf } from '../helpers/bad-files.js';
import { refusal } from '../helpers/file-errors.js';
import { docx, jpegOf, pngOf, textPdf, tiffOf, webpOf } from '../helpers/file-fixtures.js';


const utf8 = (s: string) => Buffer.from(s, 'utf8');

async function zipWith(names: Record<string, string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(names)) zip.file(name, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('sniff: supported files', () => {
  it('tells PDF, DOCX and each image format by their bytes', async () => {
    expect(sniff(await textPdf([['hello']]))).toEqual({ kind: 'pdf', mime: 'application/pdf' });
    expect(sniff(await docx({ body: ['hello'] }))).toEqual({ kind: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(sniff(await pngOf(['x']))).toEqual({ kind: 'image', mime: 'image/png', format: 'png' });
    expect(sniff(await jpegOf(['x']))).toEqual({ kind: 'image', mime: 'image/jpeg', format: 'jpeg' });
    expect(sniff(await webpOf(['x']))).toEqual({ kind: 'image', mime: 'image/webp', format: 'webp' });
    expect(sniff(await tiffOf(['x']))).toEqual({ kind: 'image', mime: 'image/tiff', format: 'tiff' });
  });

  it('reads text as UTF-8, or by its byte-order mark', () => {
    expect(sniff(utf8('SSN 123-45-6789, café ✓\n'))).toEqual({ kind: 'text', encoding: 'utf8', mime: 'text/plain' });
    expect(sniff(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('hello')]))).toMatchObject({ kind: 'text', encoding: 'utf8-bom' });
    expect(sniff(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hello', 'utf16le')]))).toMatchObject({ kind: 'text', encoding: 'utf16le-bom' });
    expect(sniff(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('hello', 'utf16le').swap16()]))).toMatchObject({ kind: 'text', encoding: 'utf16be-bom' });
  });

  it('keeps logs with colour codes, tabs and CRLF as text', () => {
    expect(sniff(utf8('\x1b[31mERROR\x1b[0m\tuser=a@b.com\r\n'.repeat(20)))).toMatchObject({ kind: 'text' });
  });

  it('guesses a media type from the content', () => {
    const mime = (s: string) => (sniff(utf8(s)) as { mime: string }).mime;
    expect(mime('{"user": {"ssn": "123-45-6789"}}')).toBe('application/json');
    expect(mime('[1, 2')).toBe('text/plain');
    expect(mime('<!DOCTYPE html>\n<html><body>hi</body></html>')).toBe('text/html');
    expect(mime('<?xml version="1.0"?>\n<root><ssn>123-45-6789</ssn></root>')).toBe('application/xml');
    expect(mime('<root>\n  <a/>\n</root>\n')).toBe('application/xml');
    expect(mime('name,email,ssn\nJane,j@x.com,123-45-6789\nJoe,"a, b",987-65-4321\n')).toBe('text/csv');
    expect(mime('Hello, world\nGoodbye, world\n')).toBe('text/plain');
    expect(mime('# Title\n\nSome text with a [link](https://example.com).\n')).toBe('text/markdown');
    expect(mime('# a comment in a script\nexport X=1\n')).toBe('text/plain');
  });
});

describe('sniff: refusals', () => {
  it('refuses an empty file', async () => {
    const err = await refusal(() => sniff(Buffer.alloc(0)));
    expect([err.code, err.status, err.message]).toEqual(['empty_file', 422, 'The file is empty.']);
  });

  it('names recognised formats it does not support', async () => {
    const cases: Array<[Buffer, RegExp]> = [
      [await gif(), /a GIF image/],
      [oleFile(['WordDocument', '1Table']), /a legacy Word \.doc/],
      [oleFile(['Workbook']), /a legacy Excel \.xls/],
      [await zipWith({ 'readme.txt': 'hi' }), /a ZIP archive that is not a DOCX/],
      [await zipWith({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }), /an Excel \.xlsx workbook/],
      [Buffer.from('{\\rtf1\\ansi SSN 123-45-6789}'), /an RTF document/],
      [Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]), /a gzip archive/],
      [Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]), /an ELF executable/],
      [Buffer.from('caf\xe9 cr\xe8me, na\xefve\n', 'latin1'), /legacy 8-bit encoding/],
      [Buffer.from([0, 1, 2, 3, 0xfe, 0x80, 0x81, 0, 7, 8]), /binary data of an unknown type/],
      [Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from('hi\0\0', 'latin1')]), /UTF-32 text/],
    ];
    for (const [bytes, detail] of cases) {
      const err = await refusal(() => sniff(bytes));
      expect(err.code).toBe('unsupported_file_type');
      expect(err.status).toBe(415);
      expect(err.message).toMatch(detail);
      expect(err.message).toMatch(/Supported: .*PDF, DOCX, PNG/);
    }
  });

  it('refuses a password-protected Office file as encrypted', async () => {
    const err = await refusal(() => sniff(oleFile(['EncryptionInfo', 'EncryptedPackage'])));
    expect([err.code, err.status]).toEqual(['encrypted_file', 422]);
    expect(err.message).toMatch(/password-protected/);
  });

  it('refuses a truncated DOCX as corrupt: its central directory is gone', async () => {
    const cut = await truncatedDocx();
    const err = await refusal(() => sniff(cut));
    expect([err.code, err.status]).toEqual(['corrupt_file', 422]);
    expect(err.message).toMatch(/truncated/);
  });

  it('refuses a ZIP whose central directory is damaged as corrupt, not as unsupported', async () => {
    const err = await refusal(() => sniff(zipOf([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]).subarray(0, 60)));
    expect(err.code).toBe('corrupt_file');
    expect(err.message).toMatch(/end-of-central-directory/);
  });

  it('refuses text that a byte-order mark announces but that is not valid in its encoding', async () => {
    const err = await refusal(() => sniff(Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0x28])));
    expect(err.code).toBe('corrupt_file');
  });

  it('refuses binary that happens to be valid UTF-8 (NUL bytes, many control characters)', async () => {
    expect((await refusal(() => sniff(Buffer.from('abc\0def')))).code).toBe('unsupported_file_type');
    expect((await refusal(() => sniff(Buffer.from('\x01\x02\x03\x04 some text')))).code).toBe('unsupported_file_type');
  });
});

describe('sniffHead', () => {
  it('gives the kind from the first bytes, a ZIP counting as a DOCX candidate', async () => {
    expect(sniffHead((await textPdf([['x']])).subarray(0, 64))).toBe('pdf');
    expect(sniffHead((await pngOf(['x'])).subarray(0, 64))).toBe('image');
    expect(sniffHead(zipOf([{ name: 'readme.txt', data: Buffer.from('hi') }]).subarray(0, 40))).toBe('docx');
  });

  it('accepts text whose last character is cut at the end of the head', () => {
    const text = utf8('é'.repeat(40_000));
    expect(sniffHead(text.subarray(0, 64 * 1024 - 1))).toBe('text');
    expect(() => sniff(text.subarray(0, 64 * 1024 - 1))).toThrow(FileError);
  });

  it('looks at no more than 64 KiB', () => {
    const text = Buffer.concat([Buffer.alloc(64 * 1024, 'a'), Buffer.from([0, 0, 0, 0])]);
    expect(sniffHead(text)).toBe('text');
  });

  it('refuses early what is clearly unsupported, and an OLE file without saying which kind it may be', async () => {
    const head = (await gif()).subarray(0, 100);
    expect((await refusal(() => sniffHead(head))).message).toMatch(/a GIF image/);
    expect((await refusal(() => sniffHead(oleFile(['WordDocument']).subarray(0, 512)))).message).toMatch(/OLE compound file \(a legacy Office file, or a password-protected one\)/);
    expect((await refusal(() => sniffHead(Buffer.alloc(0)))).code).toBe('empty_file');
  });
});
