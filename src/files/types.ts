// Shapes shared by file extraction (extract/) and format-keeping masking (mask/). Nothing here
// does I/O; the worker wires extraction → engine → masking (src/workers/file-scan.worker.ts).

/** Every media type a checked file (and so its masked copy) can be given: by sniff.ts and text-mime.ts. */
export const FILE_MEDIA_TYPES = [
  'text/plain',
  'text/csv',
  'text/markdown',
  'text/html',
  'application/json',
  'application/xml',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/tiff',
] as const;

const FILE_KINDS = ['text', 'pdf', 'docx', 'image'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export type TextEncoding = 'utf8' | 'utf8-bom' | 'utf16le-bom' | 'utf16be-bom';
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'tiff';

/** What the bytes are, decided from the bytes alone (never from a file name or a client's header). */
export type Sniffed =
  | { kind: 'text'; mime: string; encoding: TextEncoding }
  | { kind: 'pdf'; mime: 'application/pdf' }
  | { kind: 'docx'; mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }
  | { kind: 'image'; mime: string; format: ImageFormat };

/** A replacement the engine planned: characters [start, end) of a text become `replacement`. */
export interface MaskSpan {
  start: number;
  end: number;
  replacement: string;
}

/** Plans the replacements for a text (engine scan + decide + mask plan, done by the caller, possibly on another thread). */
export type MaskPlanner = (text: string) => MaskSpan[] | Promise<MaskSpan[]>;

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** An OCR word: its characters [start, end) in the extracted text, and its box in pixels of the OCR'd image. */
export interface OcrWord {
  start: number;
  end: number;
  box: Box;
}

/** An image as OCR read it: the (normalised) image OCR saw, and its words placed in the extracted text. */
export interface OcrImage {
  /** The image OCR read (PNG), after EXIF rotation and upscaling: boxes are in its pixels. */
  png: Buffer;
  width: number;
  height: number;
  /**
   * Pixels of `png` per unit of the source: per pixel of the EXIF-rotated original image, or per
   * PDF point of a rendered page. A box divided by it is in the source's units.
   */
  scale: number;
  words: OcrWord[];
}

export interface PdfPage {
  /** The page's characters [start, end) in the extracted text. */
  start: number;
  end: number;
  /** Page size in PDF points. */
  width: number;
  height: number;
  /** Set when the page had no text layer and was rendered and OCR'd. */
  ocr: OcrImage | null;
}

/** Per-format facts the masker needs, so nothing is extracted twice. */
export type Layout =
  | { kind: 'text'; encoding: TextEncoding; mime: string }
  | { kind: 'pdf'; pages: PdfPage[] }
  | { kind: 'docx' }
  | { kind: 'image'; format: ImageFormat; ocr: OcrImage };

export interface Extraction {
  /** The text the engine scans. Offsets in `layout` refer to it. */
  text: string;
  layout: Layout;
  /** Pages (PDF), or 1; and how many of them went through OCR. */
  pages: number;
  ocrPages: number;
}

export interface MaskedFile {
  bytes: Buffer;
  mime: string;
  /** File extension without the dot, for the download's file name. */
  ext: string;
}

/**
 * Bounds on what a file may cost. Every one of them turns a hostile or broken file into a 4xx
 * instead of memory or CPU the service does not have.
 */
export interface FileLimits {
  /** Upload size (413 beyond). */
  maxBytes: number;
  /** DOCX (zip): total inflated bytes, bytes per entry, inflated/compressed ratio per entry, entries. */
  maxInflatedBytes: number;
  maxEntryBytes: number;
  maxRatio: number;
  maxEntries: number;
  /** Images: decoded pixels (width × height) and either side in pixels. */
  maxPixels: number;
  maxDimension: number;
  /** PDF: pages read at all, and pages without a text layer that are OCR'd. */
  maxPages: number;
  maxOcrPages: number;
  /** Extracted characters (the engine's text limit for files). */
  maxTextChars: number;
}

export const DEFAULT_FILE_LIMITS: FileLimits = {
  maxBytes: 25 * 1024 * 1024,
  maxInflatedBytes: 200 * 1024 * 1024,
  maxEntryBytes: 100 * 1024 * 1024,
  maxRatio: 200,
  maxEntries: 5_000,
  maxPixels: 50_000_000,
  maxDimension: 20_000,
  maxPages: 1_000,
  maxOcrPages: 50,
  maxTextChars: 32 * 1024 * 1024,
};

/** Codes of files that can never be checked; each is a 4xx with a detail that says what is wrong. */
export type FileErrorCode =
  | 'empty_file'
  | 'file_too_large'
  | 'unsupported_file_type'
  | 'corrupt_file'
  | 'encrypted_file'
  | 'file_bomb'
  | 'image_too_large'
  | 'too_many_pages'
  | 'text_too_long';

const STATUS: Record<FileErrorCode, 413 | 415 | 422> = {
  empty_file: 422,
  file_too_large: 413,
  unsupported_file_type: 415,
  corrupt_file: 422,
  encrypted_file: 422,
  file_bomb: 422,
  image_too_large: 422,
  too_many_pages: 422,
  text_too_long: 422,
};

/** A file that can never be checked, whatever the retries: the worker fails the job for good. */
export class FileError extends Error {
  readonly status: 413 | 415 | 422;
  constructor(
    readonly code: FileErrorCode,
    detail: string,
    /** The library error behind it, kept for debugging (never part of the detail). */
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.status = STATUS[code];
  }
}
