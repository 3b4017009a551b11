// Hostile and broken files for file-check tests, made with real tools where one exists: zlib's
// deflate for ZIP and PDF bombs (in containers written here, so their headers can lie), sharp for
// image bombs and GIFs. What no tool here writes is written by hand: a PDF with an /Encrypt
// dictionary, an OLE compound file, a PNG header claiming absurd dimensions.
import sharp from 'sharp';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { docx, textSvg } from './file-fixtures.js';

export interface ZipSpec {
  name: string;
  data: Buffer;
  /** Stored instead of deflated. */
  store?: boolean;
  /** What the headers claim the entry inflates to, when it is to lie. */
  declaredSize?: number;
  /** General-purpose flags (bit 0: encrypted). */
  flags?: number;
}

/** A little-endian record of `size` bytes with these [offset, width, value] fields, the rest zero. */
function record(size: number, fields: Array<[number, 2 | 4, number]>): Buffer {
  const out = Buffer.alloc(size);
  for (const [at, width, value] of fields) {
    if (width === 2) out.writeUInt16LE(value, at);
    else out.writeUInt32LE(value, at);
  }
  return out;
}

/** A ZIP with these entries, deflated by zlib, and headers that say whatever the specs tell them to. */
export function zipOf(entries: ZipSpec[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const body = e.store ? e.data : deflateRawSync(e.data);
    const flags = e.flags ?? 0;
    const method = e.store ? 0 : 8;
    const crc = crc32(e.data);
    const size = e.declaredSize ?? e.data.length;
    const local = record(30, [[0, 4, 0x04034b50], [4, 2, 20], [6, 2, flags], [8, 2, method], [14, 4, crc], [18, 4, body.length], [22, 4, size], [26, 2, name.length]]);
    const entry = record(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], [8, 2, flags], [10, 2, method], [16, 4, crc], [20, 4, body.length], [24, 4, size], [28, 2, name.length], [42, 4, offset]]);
    parts.push(local, name, body);
    central.push(entry, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = record(22, [[0, 4, 0x06054b50], [8, 2, entries.length], [10, 2, entries.length], [12, 4, directory.length], [16, 4, offset]]);
  return Buffer.concat([...parts, directory, end]);
}

/** A DOCX-shaped ZIP whose document.xml is `bytes` zero bytes: deflate makes it about a thousand times smaller. */
export const zipBomb = (bytes: number) => zipOf([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }, { name: 'word/document.xml', data: Buffer.alloc(bytes) }]);

/** A real DOCX cut in half: its central directory (at the end) is gone. */
export const truncatedDocx = async () => {
  const whole = await docx({ body: ['Truncated 123-45-6789'] });
  return whole.subarray(0, Math.floor(whole.length / 2));
};

/** A minimal PDF: numbered objects, a cross-reference table, and a trailer with `trailer` added. */
function pdfOf(objects: Array<string | Buffer>, trailer = ''): Buffer {
  const parts: Buffer[] = [];
  let length = 0;
  const add = (part: string | Buffer) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const offsets: number[] = [];
  add('%PDF-1.4\n');
  objects.forEach((body, i) => {
    offsets.push(length);
    add(`${i + 1} 0 obj\n`);
    add(body);
    add('\nendobj\n');
  });
  const xref = length;
  add(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  add(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/**
 * A PDF of one page per content stream, each stream a line of `text` (Helvetica) followed by
 * `bytes` spaces, Flate-compressed: spaces compress about a thousand times. `damaged`: the zlib
 * checksum at the end is wrong (zlib refuses the stream; pdf.js does not check it).
 */
export function pdfBomb(bytes: number, { streams = 1, text = '', damaged = false } = {}): Buffer {
  const content = Buffer.concat([Buffer.from(text ? `BT /F1 12 Tf 56 720 Td (${text}) Tj ET\n` : ''), Buffer.alloc(bytes, 0x20)]);
  const data = deflateSync(content);
  if (damaged) data.writeUInt8(data.readUInt8(data.length - 1) ^ 0xff, data.length - 1);
  const kids = Array.from({ length: streams }, (_, i) => `${3 + 2 * i} 0 R`).join(' ');
  const font = '/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>';
  const objects: Array<string | Buffer> = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${streams} >>`];
  for (let i = 0; i < streams; i++) {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${font} /Contents ${4 + 2 * i} 0 R >>`);
    objects.push(Buffer.concat([Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`), data, Buffer.from('\nendstream')]));
  }
  return pdfOf(objects);
}

const hexString = (bytes: number, fill: number) => `<${Buffer.alloc(bytes, fill).toString('hex')}>`;

/**
 * A PDF encrypted with the standard security handler (RC4, revision 2) under a user password: its
 * /U entry does not match the empty password, so a reader must ask for one.
 */
export const encryptedPdf = () =>
  pdfOf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      `<< /Filter /Standard /V 1 /R 2 /O ${hexString(32, 0x11)} /U ${hexString(32, 0x22)} /P -4 >>`,
    ],
    `/Encrypt 4 0 R /ID [${hexString(16, 1)} ${hexString(16, 1)}]`,
  );

/** A PDF header followed by no PDF at all. */
export const corruptPdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('this is not a PDF body; no objects, no xref, no trailer\n'.repeat(20))]);

/** A PDF of `pages` blank pages (no text layer: each would need OCR). */
export const blankPdf = (pages: number) => {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const pageObjects = Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>');
  return pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`, ...pageObjects]);
};

/** A real single-colour PNG, `width`×`height`: a few kilobytes per megapixel, and all of it to decode. */
export const pngBomb = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#ffffff' }, limitInputPixels: false }).png({ compressionLevel: 9 }).toBuffer();

/** A small real PNG whose IHDR (CRC fixed) claims `width`×`height`. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp(textSvg(['tiny'])).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  // IHDR's CRC covers its type and data: bytes 12..29, stored at 29.
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export const gif = () => sharp(textSvg(['a GIF'])).gif().toBuffer();

/**
 * An OLE compound file (CFB, version 3, 512-byte sectors) whose directory holds a root and these
 * empty streams: a FAT sector, a directory sector, nothing else.
 */
export function oleFile(streams: string[]): Buffer {
  const SECTOR = 512;
  const FREE = 0xffffffff;
  const END = 0xfffffffe;
  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeUInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(4096, 56);
  header.writeUInt32LE(END, 60);
  header.writeUInt32LE(END, 68);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 76 + 4 * i);
  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0 is the FAT
  fat.writeUInt32LE(END, 4); // sector 1, the directory, ends its chain
  const directory = Buffer.alloc(SECTOR);
  const names = ['Root Entry', ...streams];
  if (names.length > 4) throw new Error('one directory sector holds four entries');
  names.forEach((name, i) => {
    const at = i * 128;
    directory.write(name, at, 'utf16le');
    directory.writeUInt16LE((name.length + 1) * 2, at + 64);
    directory[at + 66] = i === 0 ? 5 : 2;
    directory[at + 67] = 1; // black
    directory.writeUInt32LE(FREE, at + 68); // left sibling
    directory.writeUInt32LE(i > 0 && i < names.length - 1 ? i + 1 : FREE, at + 72); // right sibling
    directory.writeUInt32LE(i === 0 && names.length > 1 ? 1 : FREE, at + 76); // child
    directory.writeUInt32LE(END, at + 116);
  });
  return Buffer.concat([header, fat, directory]);
}
