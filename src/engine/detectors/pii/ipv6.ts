import { ipv4Kind, parseIpv4, type IpKind } from './ipv4.js';

// IPv6 text forms (RFC 4291 §2.2): eight groups of 1-4 hex digits, at most one "::" standing for
// one or more zero groups, and optionally a dotted IPv4 tail standing for the last two groups.
// Parsed in code rather than with one large regex.

const GROUP = /^[0-9A-Fa-f]{1,4}$/;

function groupsOf(side: string): string[] | null {
  if (side === '') return [];
  const groups = side.split(':');
  return groups.every((g) => g.length > 0) ? groups : null;
}

/**
 * The address's kind, or null when `value` is not an IPv6 address or too likely to be something
 * else. Compressed forms with fewer than three explicit groups are only taken when they are
 * unmistakable (`fe80::1`, `2001::5` with a four-digit first group, `::1`, `::ffff:10.0.0.1`): short
 * forms such as `1::2` are array slices and C++ scopes far more often than addresses.
 */
export function parseIpv6(value: string): { kind: IpKind } | null {
  if (!/\d/.test(value)) return null; // "dead::beef", "abc::def": identifiers, not addresses
  const halves = value.split('::');
  if (halves.length > 2) return null;
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (head === null || tail === null) return null;

  const all = [...head, ...tail];
  const last = all[all.length - 1] ?? '';
  let v4: number[] | null = null;
  if (last.includes('.')) {
    v4 = parseIpv4(last);
    if (v4 === null) return null;
    all.pop();
  }
  if (!all.every((g) => GROUP.test(g))) return null;
  const width = all.length + (v4 ? 2 : 0);
  if (halves.length === 1 ? width !== 8 : width > 7) return null;

  const numbers = all.map((g) => parseInt(g, 16));
  if (v4) {
    // Only the IPv4-mapped form ::ffff:a.b.c.d (and its full-width spelling) is common.
    const mapped = numbers[numbers.length - 1] === 0xffff && numbers.slice(0, -1).every((n) => n === 0);
    return mapped ? { kind: ipv4Kind(v4) } : width === 8 ? { kind: 'public' } : null;
  }
  if (numbers.every((n) => n === 0)) return null; // "::" names no host
  const loopback = numbers.slice(0, -1).every((n) => n === 0) && numbers[numbers.length - 1] === 1;
  if (loopback && (head.length === 0 || width === 8)) return { kind: 'loopback' };
  if (halves.length === 2 && width < 3 && (head[0]?.length ?? 0) !== 4) return null;
  const first = head.length > 0 ? (numbers[0] ?? 0) : 0;
  // 2001:db8::/32 is reserved for examples (RFC 3849).
  if (first === 0x2001 && (numbers[1] ?? 0) === 0xdb8 && head.length > 1) return { kind: 'documentation' };
  // Link-local fe80::/10, unique-local fc00::/7 and multicast ff00::/8 stay inside a network.
  if ((first & 0xffc0) === 0xfe80 || (first & 0xfe00) === 0xfc00 || (first & 0xff00) === 0xff00) return { kind: 'private' };
  return { kind: 'public' };
}
