// A guarded ZIP reader: it parses the central directory itself and inflates every entry with a hard
// output cap, so a package whose headers lie, or that inflates past the limits, is refused before any
// other library (mammoth, JSZip in the masker) reads it. Every entry is checked against its declared
// size and CRC: what JSZip later inflates is exactly what passed here.
import { crc32, inflateRawSync } from 'node:zlib';
import { FileError, type FileLimits } from './types.js';

export type ZipLimits = Pick<FileLimits, 'maxEntries' | 'maxEntryBytes' | 'maxInflatedBytes' | 'maxRatio'>;

/** An entry as the central directory describes it. */
export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Offset of the entry's local header. */
  offset: number;
}

const EOCD_SIG = 0x06054b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const EOCD_BYTES = 22;
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATED = 8;
/** Entries smaller than this may have any ratio: small XML parts routinely compress 100× and more. */
const RATIO_FLOOR = 1024 * 1024;

const corrupt = (detail: string) => new FileError('corrupt_file', `The ZIP container is corrupt: ${detail}.`);
const bomb = (detail: string) => new FileError('file_bomb', `The ZIP container would inflate too far: ${detail}.`);
const n = (x: number) => x.toLocaleString('en-US');

/** The end-of-central-directory record: the last one in the file, as JSZip finds it too. */
function findEocd(bytes: Buffer): number {
  if (bytes.length < EOCD_BYTES) throw corrupt('it is too short to hold a central directory');
  const lowest = Math.max(0, bytes.length - EOCD_BYTES - MAX_COMMENT);
  for (let at = bytes.length - EOCD_BYTES; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === EOCD_SIG) return at;
  }
  throw corrupt('it has no end-of-central-directory record (the file is truncated, or not a ZIP)');
}

/** The entries named in the central directory, in its order. Sizes are as declared, not yet checked. */
export function listZip(bytes: Buffer, maxEntries = Infinity): ZipEntry[] {
  const eocd = findEocd(bytes);
  if (eocd + EOCD_BYTES + bytes.readUInt16LE(eocd + 20) > bytes.length) throw corrupt('its end-of-central-directory record is cut off');
  if (bytes.readUInt16LE(eocd + 4) !== 0 || bytes.readUInt16LE(eocd + 6) !== 0) throw corrupt('it is a multi-volume (split) archive');
  const count = bytes.readUInt16LE(eocd + 10);
  const cdSize = bytes.readUInt32LE(eocd + 12);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  // Saturated fields mean ZIP64 (over 65,535 entries or 4 GiB), far past every limit on a DOCX.
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw corrupt('it uses ZIP64 records, which a document within the limits never needs');
  if (count > maxEntries) throw bomb(`it has ${n(count)} entries; the limit is ${n(maxEntries)}`);
  if (cdOffset + cdSize > eocd) throw corrupt('its central directory lies outside the file');

  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > cdOffset + cdSize || bytes.readUInt32LE(at) !== CENTRAL_SIG) throw corrupt(`central directory record ${i + 1} is damaged`);
    const flags = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 28);
    const end = at + 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (end > cdOffset + cdSize) throw corrupt(`central directory record ${i + 1} runs past the directory`);
    // Bit 11: the name is UTF-8; otherwise code page 437, whose ASCII range is all a DOCX uses.
    const name = bytes.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      name,
      flags,
      method: bytes.readUInt16LE(at + 10),
      crc: bytes.readUInt32LE(at + 16),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      offset: bytes.readUInt32LE(at + 42),
    };
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff || entry.offset === 0xffffffff) throw corrupt(`entry ${name} uses ZIP64 sizes`);
    // Two readers could pick different entries of the same name: refuse rather than guess.
    if (names.has(name)) throw corrupt(`it holds entry ${name} twice`);
    names.add(name);
    entries.push(entry);
    at = end;
  }
  return entries;
}

/** Refuses, before inflating anything, what the declared sizes already show to be too much. */
function checkDeclared(entries: readonly ZipEntry[], limits: ZipLimits): void {
  let total = 0;
  for (const e of entries) {
    if (e.flags & 1) throw new FileError('encrypted_file', `The file is password-protected: ZIP entry ${e.name} is encrypted.`);
    if (e.method !== STORED && e.method !== DEFLATED) throw corrupt(`entry ${e.name} uses compression method ${e.method}, which documents do not use`);
    if (e.size > limits.maxEntryBytes) throw bomb(`entry ${e.name} inflates to ${n(e.size)} bytes; the limit per entry is ${n(limits.maxEntryBytes)}`);
    const ratio = e.size / Math.max(1, e.compressedSize);
    if (e.size > RATIO_FLOOR && ratio > limits.maxRatio) {
      throw bomb(`entry ${e.name} inflates ${Math.round(ratio)}× (${n(e.compressedSize)} → ${n(e.size)} bytes); the limit is ${limits.maxRatio}× for entries over ${n(RATIO_FLOOR)} bytes`);
    }
    total += e.size;
    if (total > limits.maxInflatedBytes) throw bomb(`its entries inflate to more than ${n(limits.maxInflatedBytes)} bytes in total, the limit`);
  }
}

/** The entry's compressed bytes, found through its local header. */
function rawData(bytes: Buffer, e: ZipEntry): Buffer {
  if (e.offset + 30 > bytes.length || bytes.readUInt32LE(e.offset) !== LOCAL_SIG) throw corrupt(`the local header of entry ${e.name} is missing`);
  const start = e.offset + 30 + bytes.readUInt16LE(e.offset + 26) + bytes.readUInt16LE(e.offset + 28);
  if (start + e.compressedSize > bytes.length) throw corrupt(`entry ${e.name} is cut off (the file is truncated)`);
  return bytes.subarray(start, start + e.compressedSize);
}

/** The entry's bytes, inflated no further than its declared size and checked against its CRC. */
function inflate(bytes: Buffer, e: ZipEntry): Buffer {
  const raw = rawData(bytes, e);
  let out: Buffer;
  if (e.method === STORED) {
    out = raw;
  } else {
    try {
      // The cap is the declared size, already within the limits: a lying header stops here.
      out = inflateRawSync(raw, { maxOutputLength: Math.max(1, e.size) });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw bomb(`entry ${e.name} inflates past the ${n(e.size)} bytes its header declares`);
      throw corrupt(`entry ${e.name} is not valid deflate data`);
    }
  }
  if (out.length !== e.size) throw corrupt(`entry ${e.name} holds ${n(out.length)} bytes, not the ${n(e.size)} its header declares`);
  if (crc32(out) !== e.crc) throw corrupt(`entry ${e.name} fails its CRC check`);
  return out;
}

/**
 * Every file entry of a ZIP that passed every cap, inflated, by name (directory entries left out).
 * Throws FileError: `file_bomb` past a cap, `encrypted_file` for an encrypted entry, `corrupt_file`
 * for anything damaged or inconsistent.
 */
export function readZip(bytes: Buffer, limits: ZipLimits): Map<string, Buffer> {
  const entries = listZip(bytes, limits.maxEntries);
  checkDeclared(entries, limits);
  const files = new Map<string, Buffer>();
  for (const e of entries) {
    const data = inflate(bytes, e);
    if (!e.name.endsWith('/')) files.set(e.name, data);
  }
  return files;
}
