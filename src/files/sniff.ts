// What a file is, decided from its bytes alone (never from its name or a client's header). `sniff`
// decides on the whole file, in the worker; `sniffHead` lets the API refuse early from the first
// bytes. Binary signatures come first; then text (a byte-order mark, or valid UTF-8 that reads as
// text); then, for the 415's detail, the names of formats that are recognised but not supported.
import { bomEncoding, decodeText, readsAsText } from './encoding.js';
import { describeOle, OLE_MAGIC } from './ole.js';
import { textMime } from './text-mime.js';
import { FileError, type Sniffed } from './types.js';
import { listZip } from './zip.js';

/** The most of a file's start `sniffHead` looks at. */
export const HEAD_BYTES = 64 * 1024;

const SUPPORTED = 'Supported: text (UTF-8, or UTF-16 with a byte-order mark), PDF, DOCX, PNG, JPEG, WebP and TIFF.';
const unsupported = (what: string) => new FileError('unsupported_file_type', `The file is ${what}, which cannot be checked. ${SUPPORTED}`);

type Signature = string | number[] | Buffer;

function startsWith(bytes: Buffer, signature: Signature, at = 0): boolean {
  const sig = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.isBuffer(signature) ? signature : Buffer.from(signature);
  return bytes.length >= at + sig.length && bytes.subarray(at, at + sig.length).equals(sig);
}

const IMAGES: Array<[(bytes: Buffer) => boolean, Extract<Sniffed, { kind: 'image' }>]> = [
  [(b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), { kind: 'image', mime: 'image/png', format: 'png' }],
  [(b) => startsWith(b, [0xff, 0xd8, 0xff]), { kind: 'image', mime: 'image/jpeg', format: 'jpeg' }],
  [(b) => startsWith(b, 'RIFF') && startsWith(b, 'WEBP', 8), { kind: 'image', mime: 'image/webp', format: 'webp' }],
  // Little- and big-endian TIFF, and BigTIFF.
  [(b) => ['II*\0', 'MM\0*', 'II+\0', 'MM\0+'].some((sig) => startsWith(b, sig)), { kind: 'image', mime: 'image/tiff', format: 'tiff' }],
];

/**
 * Formats recognised only to name them in the refusal. Tried after text, since some signatures are
 * printable ("BM", "ID3") and a text file may well start with them; the first match wins.
 */
const OTHERS: Array<[Signature, string, number?]> = [
  ['GIF87a', 'a GIF image'],
  ['GIF89a', 'a GIF image'],
  ['BM', 'a BMP image'],
  [[0, 0, 1, 0], 'an ICO icon'],
  ['ftypheic', 'a HEIC image', 4],
  ['ftypmif1', 'a HEIF image', 4],
  ['ftypavif', 'an AVIF image', 4],
  ['ftyp', 'an MP4 or QuickTime media file', 4],
  ['RIFF', 'a RIFF media file (WAV or AVI)'],
  ['OggS', 'an Ogg media file'],
  ['fLaC', 'a FLAC audio file'],
  ['ID3', 'an MP3 audio file'],
  [[0x1f, 0x8b], 'a gzip archive'],
  ['BZh', 'a bzip2 archive'],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], 'an xz archive'],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 'a 7-Zip archive'],
  ['Rar!\x1a\x07', 'a RAR archive'],
  [[0x28, 0xb5, 0x2f, 0xfd], 'a Zstandard archive'],
  ['ustar', 'a tar archive', 257],
  ['\x7fELF', 'an ELF executable'],
  ['MZ', 'a Windows executable'],
  ['\0asm', 'a WebAssembly module'],
  ['SQLite format 3\0', 'an SQLite database'],
  [[0, 0, 0xfe, 0xff], 'UTF-32 text'],
];

/** A ZIP is a DOCX when its central directory names word/document.xml; else say what it is. */
function zipKind(bytes: Buffer, head: boolean): Sniffed {
  const docx: Sniffed = { kind: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  if (startsWith(bytes, 'PK\x05\x06')) throw unsupported('an empty ZIP archive');
  // The head of a ZIP cannot show its central directory (it is at the end): the worker confirms.
  if (head) return docx;
  const names = new Set(listZip(bytes).map((e) => e.name));
  if (names.has('word/document.xml')) return docx;
  if (names.has('xl/workbook.xml')) throw unsupported('an Excel .xlsx workbook');
  if (names.has('ppt/presentation.xml')) throw unsupported('a PowerPoint .pptx presentation');
  if (names.has('mimetype') && names.has('content.xml')) throw unsupported('an OpenDocument file');
  if (names.has('META-INF/MANIFEST.MF')) throw unsupported('a Java archive (JAR)');
  throw unsupported('a ZIP archive that is not a DOCX');
}

/** Text: a byte-order mark, or valid UTF-8; either way no NUL and few control characters. */
function textKind(bytes: Buffer, head: boolean): Sniffed | null {
  const bom = bomEncoding(bytes);
  if (bom === 'utf16le-bom' && bytes[2] === 0 && bytes[3] === 0) throw unsupported('UTF-32 text');
  const encoding = bom ?? 'utf8';
  let text: string;
  try {
    text = decodeText(bytes, encoding, head);
  } catch {
    if (bom) throw new FileError('corrupt_file', 'The file starts with a Unicode byte-order mark but is not valid text in that encoding.');
    return null;
  }
  if (!readsAsText(text)) return null;
  return { kind: 'text', encoding, mime: head ? 'text/plain' : textMime(text) };
}

function classify(bytes: Buffer, head: boolean): Sniffed {
  if (bytes.length === 0) throw new FileError('empty_file', 'The file is empty.');
  if (startsWith(bytes, '%PDF-')) return { kind: 'pdf', mime: 'application/pdf' };
  if (startsWith(bytes, 'PK\x03\x04') || startsWith(bytes, 'PK\x05\x06')) return zipKind(bytes, head);
  const image = IMAGES.find(([matches]) => matches(bytes));
  if (image) return image[1];
  if (startsWith(bytes, OLE_MAGIC)) throw unsupported(describeOle(bytes, head));
  // RTF is printable, but its text is wrapped in control words and escapes: not scannable as text.
  if (startsWith(bytes, '{\\rtf')) throw unsupported('an RTF document');
  const text = textKind(bytes, head);
  if (text) return text;
  const other = OTHERS.find(([sig, , at]) => startsWith(bytes, sig, at));
  if (other) throw unsupported(other[1]);
  if (!bytes.includes(0) && readsAsText(bytes.toString('latin1'))) throw unsupported('text in a legacy 8-bit encoding, not UTF-8 (save it as UTF-8)');
  throw unsupported('binary data of an unknown type');
}

/**
 * What the whole file is. Throws FileError: `empty_file`; `unsupported_file_type` (the detail names
 * what it looks like when that is known); `encrypted_file` for a password-protected Office file;
 * `corrupt_file` for a ZIP whose central directory is damaged or a BOM followed by invalid text.
 */
export function sniff(bytes: Buffer): Sniffed {
  return classify(bytes, false);
}

/**
 * The kind of file the first bytes (up to HEAD_BYTES) show, to refuse early. A ZIP counts as a DOCX
 * candidate, and text may be cut mid-character; the worker's `sniff` of the whole file decides.
 */
export function sniffHead(head: Buffer): Sniffed['kind'] {
  return classify(head.subarray(0, HEAD_BYTES), true).kind;
}
