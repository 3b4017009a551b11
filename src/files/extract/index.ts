// Extraction: the text the engine scans from a sniffed file, and the layout the masker needs. Every
// failure is a FileError (a 4xx that says what is wrong) except OcrError, which says nothing about
// the file and may be retried.
import { OcrError, type OcrPool } from '../ocr-pool.js';
import { FileError, type Extraction, type FileKind, type FileLimits, type Sniffed } from '../types.js';
import { extractDocx } from './docx.js';
import { extractImage } from './image.js';
import { extractPdf } from './pdf.js';
import { extractText } from './text.js';

export interface ExtractDeps {
  ocr: OcrPool;
  limits: FileLimits;
  /** Called as pages are read (PDF), so a long file can report its progress. */
  onPage?: (done: number, total: number) => void;
}

const NAMES: Record<FileKind, string> = { text: 'text file', pdf: 'PDF', docx: 'DOCX', image: 'image' };
const n = (x: number) => x.toLocaleString('en-US');

function byKind(bytes: Buffer, sniffed: Sniffed, deps: ExtractDeps): Extraction | Promise<Extraction> {
  switch (sniffed.kind) {
    case 'text':
      return extractText(bytes, sniffed);
    case 'pdf':
      return extractPdf(bytes, deps);
    case 'docx':
      return extractDocx(bytes, deps.limits);
    case 'image':
      return extractImage(bytes, sniffed.format, deps);
  }
}

/** The file's text and layout. Throws FileError for a file that can never be checked, OcrError when OCR failed. */
export async function extract(bytes: Buffer, sniffed: Sniffed, deps: ExtractDeps): Promise<Extraction> {
  const { limits } = deps;
  if (bytes.length > limits.maxBytes) throw new FileError('file_too_large', `The file is ${n(bytes.length)} bytes; the limit is ${n(limits.maxBytes)}.`);
  let extraction: Extraction;
  try {
    extraction = await byKind(bytes, sniffed, deps);
  } catch (err) {
    if (err instanceof FileError || err instanceof OcrError) throw err;
    // A library choking on the file: the file cannot be checked, and must not crash the worker.
    throw new FileError('corrupt_file', `The ${NAMES[sniffed.kind]} could not be read; it may be damaged.`, { cause: err });
  }
  if (extraction.text.length > limits.maxTextChars) {
    throw new FileError('text_too_long', `The file holds ${n(extraction.text.length)} characters of text; at most ${n(limits.maxTextChars)} are checked.`);
  }
  return extraction;
}
