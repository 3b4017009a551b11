// pdf.js inflates every Flate stream it reads, in full and with no limit: a 1 MB PDF can hold a
// content stream of a gigabyte (measured: 12 s and 1.5 GB of memory for getText). So before pdf.js
// sees a PDF its Flate streams are inflated here, measured and dropped, under the caps a DOCX has.
// Image streams are left out: pdf.js decodes only the bytes their dimensions call for, and those
// are bounded by its maxImageSize.
import { constants, createInflate, inflateSync } from 'node:zlib';
import { FileError, type FileLimits } from '../types.js';

const STREAM = Buffer.from('stream');
const ENDSTREAM = Buffer.from('endstream');
/** How far before a stream's data its dictionary is looked for. */
const DICT_WINDOW = 64 * 1024;

const n = (x: number) => x.toLocaleString('en-US');

/** Bytes damaged data inflates to before the damage (pdf.js decodes that much), counting no further than past `cap`. */
function streamedSize(data: Buffer, cap: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', () => resolve(size));
    inflate.end(data);
  });
}

/** Bytes the data inflates to, counting no further than past `cap`. */
async function inflatedSize(data: Buffer, cap: number): Promise<number> {
  try {
    // A truncated stream is not an error (sync flush): it counts what it holds, as in pdf.js.
    return inflateSync(data, { maxOutputLength: Math.max(1, cap), finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return cap + 1;
    return streamedSize(data, cap);
  }
}

/** Where a stream's data starts after the `stream` keyword at `at` (an end of line follows it), or -1 when this is no keyword. */
function dataStart(bytes: Buffer, at: number): number {
  if (at >= 3 && bytes.toString('latin1', at - 3, at) === 'end') return -1;
  const after = at + STREAM.length;
  if (bytes[after] === 0x0d) return bytes[after + 1] === 0x0a ? after + 2 : after + 1;
  return bytes[after] === 0x0a ? after + 1 : -1;
}

/** Throws `file_bomb` when a Flate stream inflates past `maxEntryBytes`, or all of them past `maxInflatedBytes`. */
export async function checkPdfStreams(bytes: Buffer, limits: Pick<FileLimits, 'maxEntryBytes' | 'maxInflatedBytes'>): Promise<void> {
  let total = 0;
  let from = 0;
  for (let at = bytes.indexOf(STREAM, from); at !== -1; at = bytes.indexOf(STREAM, from)) {
    const start = dataStart(bytes, at);
    if (start === -1) {
      from = at + STREAM.length;
      continue;
    }
    const found = bytes.indexOf(ENDSTREAM, start);
    const end = found === -1 ? bytes.length : found;
    const window = bytes.toString('latin1', Math.max(from, at - DICT_WINDOW), at);
    const dict = window.slice(window.lastIndexOf('obj') + 1);
    from = end + ENDSTREAM.length;
    if (!/\/FlateDecode\b/.test(dict) || /\/Subtype\s*\/Image\b/.test(dict)) continue;
    const perStream = limits.maxEntryBytes <= limits.maxInflatedBytes - total;
    const cap = Math.min(limits.maxEntryBytes, limits.maxInflatedBytes - total);
    const size = await inflatedSize(bytes.subarray(start, end), cap);
    if (size > cap) {
      throw new FileError(
        'file_bomb',
        perStream
          ? `The PDF would inflate too far: the stream at byte ${n(at)} inflates past ${n(cap)} bytes, the limit per stream.`
          : `The PDF would inflate too far: its streams inflate past ${n(limits.maxInflatedBytes)} bytes in total, the limit.`,
      );
    }
    total += size;
  }
}
