// OLE compound files (CFB): the legacy Office formats, and password-protected Office documents (an
// encrypted DOCX is a CFB holding EncryptionInfo and EncryptedPackage streams). Only the names in
// its directory are read: each 128-byte directory entry starts at a multiple of 128 in the file,
// because sectors (512 or 4,096 bytes) do.
import { FileError } from './types.js';

export const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const ENTRY = 128;
/** Directory entry types: storage, stream, root. */
const TYPES = new Set([1, 2, 5]);

/** The names of the storages and streams whose directory entries lie in `bytes`. */
function oleNames(bytes: Buffer): Set<string> {
  const names = new Set<string>();
  for (let at = 512; at + ENTRY <= bytes.length; at += ENTRY) {
    // The name is UTF-16LE in the first 64 bytes; its length in bytes counts the closing NUL.
    const length = bytes.readUInt16LE(at + 64);
    if (length < 4 || length > 64 || length % 2 !== 0 || !TYPES.has(bytes[at + 66]!)) continue;
    if (bytes.readUInt16LE(at + length - 2) !== 0) continue;
    names.add(bytes.toString('utf16le', at, at + length - 2));
  }
  return names;
}

/**
 * What an OLE file is, for a 415's detail; throws `encrypted_file` for a password-protected Office
 * document. `head`: only the start of the file, where the directory may not be yet.
 */
export function describeOle(bytes: Buffer, head: boolean): string {
  const names = oleNames(bytes);
  if (names.has('EncryptionInfo') || names.has('EncryptedPackage')) {
    throw new FileError('encrypted_file', 'The file is a password-protected Office document; remove the password and upload it again.');
  }
  if (names.has('WordDocument')) return 'a legacy Word .doc (OLE) file';
  if (names.has('Workbook') || names.has('Book')) return 'a legacy Excel .xls (OLE) file';
  if (names.has('PowerPoint Document')) return 'a legacy PowerPoint .ppt (OLE) file';
  return head ? 'an OLE compound file (a legacy Office file, or a password-protected one)' : 'an OLE compound file';
}
