// extract(): dispatch by sniffed kind, the limits every kind shares, and how failures come out:
// a FileError for the file, an OcrError (retryable) for OCR, never a raw library error.
import { describe, expect, it } from 'vitest';
import { extract } from '../../../src/files/extract/index.js';
import { OcrError, type OcrPool } from '../../../src/files/ocr-pool.js';
import { sniff } from '../../../src/files/sniff.js';
import { DEFAULT_FILE_LIMITS, FileError, type FileLimits } from '../../../src/files/types.js';
import { zipOf } from '../../helpers/bad-files.js';
import { docx, pngOf } from '../../helpers/file-fixtures.js';

const failingOcr: OcrPool = {
  recognize: () => Promise.reject(new OcrError('OCR took longer than 1 ms.')),
  close: async () => {},
};

const run = (bytes: Buffer, limits: FileLimits = DEFAULT_FILE_LIMITS) => extract(bytes, sniff(bytes), { ocr: failingOcr, limits });

async function failure(bytes: Buffer, limits?: FileLimits): Promise<unknown> {
  try {
    await run(bytes, limits);
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('extract', () => {
  it('dispatches on the sniffed kind', async () => {
    expect(await run(Buffer.from('mail a@b.com'))).toMatchObject({ text: 'mail a@b.com', layout: { kind: 'text' } });
    expect(await run(await docx({ body: ['SSN 123-45-6789'] }))).toMatchObject({ text: 'SSN 123-45-6789', layout: { kind: 'docx' } });
  });

  it('refuses text longer than the limit, and bytes over the size limit', async () => {
    const long = (await failure(Buffer.from('x'.repeat(101)), { ...DEFAULT_FILE_LIMITS, maxTextChars: 100 })) as FileError;
    expect([long.code, long.status, long.message]).toEqual(['text_too_long', 422, 'The file holds 101 characters of text; at most 100 are checked.']);
    const big = (await failure(Buffer.from('x'.repeat(2000)), { ...DEFAULT_FILE_LIMITS, maxBytes: 1000 })) as FileError;
    expect([big.code, big.status]).toEqual(['file_too_large', 413]);
  });

  it('turns a library choking on the file into corrupt_file, keeping the cause', async () => {
    // A valid package whose document.xml is not XML: mammoth fails on it.
    const broken = zipOf([{ name: 'word/document.xml', data: Buffer.from('<w:document><unclosed') }]);
    const err = (await failure(broken)) as FileError;
    expect(err).toBeInstanceOf(FileError);
    expect([err.code, err.message]).toEqual(['corrupt_file', 'The DOCX could not be read; it may be damaged.']);
    expect(err.cause).toBeInstanceOf(Error);
  });

  it('passes an OCR failure on as an OcrError, not as a verdict on the file', async () => {
    const err = await failure(await pngOf(['SSN 123-45-6789']));
    expect(err).toBeInstanceOf(OcrError);
    expect(err).not.toBeInstanceOf(FileError);
  });
});
