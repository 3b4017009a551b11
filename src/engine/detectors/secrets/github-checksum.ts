// GitHub's classic-format tokens (ghp_, gho_, ...) end in a checksum: the CRC-32 of the 30 random
// characters before it, in base62, padded to 6 digits (github.blog, "Behind GitHub's new
// authentication token formats", 2021).

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(ascii: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < ascii.length; i++) crc = (CRC_TABLE[(crc ^ ascii.charCodeAt(i)) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function base62(n: number): string {
  let out = '';
  for (let rest = n; rest > 0; rest = Math.floor(rest / 62)) out = BASE62.charAt(rest % 62) + out;
  return out.padStart(6, '0');
}

/** True when a 36-character token body (after `ghp_`) carries a valid checksum. */
export function githubChecksumValid(body: string): boolean {
  return body.length === 36 && base62(crc32(body.slice(0, 30))) === body.slice(30);
}
