// Parsing and classifying dotted-quad IPv4 addresses.

/** How much an address says about a network: see docs/detectors/pii.md for the confidence of each. */
export type IpKind = 'public' | 'private' | 'loopback' | 'documentation' | 'none';

/** The four octets of `a.b.c.d`, or null: each 0-255, no leading zeros beyond a lone "0". */
export function parseIpv4(value: string): number[] | null {
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const p of parts) {
    if (p.length === 0 || p.length > 3 || !/^\d+$/.test(p) || (p.length > 1 && p.startsWith('0'))) return null;
    const v = Number(p);
    if (v > 255) return null;
    octets.push(v);
  }
  return octets;
}

/** True for 255.x.x.x masks with contiguous one bits (255.255.255.0, 255.255.240.0). */
function isNetmask(o: readonly number[]): boolean {
  if (o[0] !== 255) return false;
  const inverted = 0xffffffff - o.reduce((n, part) => n * 256 + part, 0);
  return (inverted & (inverted + 1)) === 0;
}

/**
 * `none` for values that name no host (0.0.0.0, netmasks, the broadcast address); `private` for
 * RFC 1918, carrier-grade NAT and link-local ranges; `loopback` for 127/8; `documentation` for the
 * RFC 5737 ranges reserved for examples (192.0.2/24, 198.51.100/24, 203.0.113/24).
 */
export function ipv4Kind(o: readonly number[]): IpKind {
  const [a = 0, b = 0] = o;
  if (o.every((part) => part === 0) || isNetmask(o)) return 'none';
  if (a === 127) return 'loopback';
  const c = o[2] ?? 0;
  if ((a === 192 && b === 0 && c === 2) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) {
    return 'documentation';
  }
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if ((a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254)) return 'private';
  return 'public';
}
