// Server-side request forgery guard for webhook URLs (docs/webhooks.md, "Addresses"): only http(s),
// and only to public addresses. A name is resolved and every address it resolves to must be public,
// at subscription and again at each delivery (the delivery connects to the address it checked, so a
// name re-pointed in between, DNS rebinding, is caught). WEBHOOK_ALLOW_PRIVATE lifts the address rule.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Errors } from '../errors.js';

/** Blocked IPv4 ranges: this network, private, shared (CGNAT), loopback, link-local, IETF, benchmarking, multicast, reserved. */
const V4_BLOCKED: Array<[number, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 3],
].map(([net, bits]) => [v4Number(net as string), bits as number]);

function v4Number(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function v4Blocked(n: number): boolean {
  return V4_BLOCKED.some(([net, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(net / 2 ** (32 - bits)));
}

/** The 8 groups of an IPv6 address (a dotted IPv4 tail counts as two). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + `${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = parse(head);
  const t = parse(tail);
  return tail === undefined ? h : [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
}

function v6Blocked(ip: string): boolean {
  const g = v6Groups(ip);
  const first = g[0]!;
  const embeddedV4 = g[6]! * 65536 + g[7]!;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(7) && g[7]! <= 1) return true; // :: and ::1
  if (zeroUpTo(5) && g[5] === 0xffff) return v4Blocked(embeddedV4); // IPv4-mapped
  if (zeroUpTo(6)) return v4Blocked(embeddedV4); // IPv4-compatible (deprecated)
  if (first === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Blocked(embeddedV4); // NAT64
  if ((first & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return true; // multicast
  if (first === 0x2001 && g[1] === 0x0db8) return true; // documentation
  return false;
}

/** Whether an IP address (v4 or v6) may be delivered to without WEBHOOK_ALLOW_PRIVATE. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !v4Blocked(v4Number(ip));
  if (family === 6) return !v6Blocked(ip);
  return false;
}

export class AddressRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressRefusedError';
  }
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));
}

/** The addresses a host resolves to, every one of them allowed; AddressRefusedError otherwise. */
export async function allowedAddresses(host: string, allowPrivate: boolean): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      addresses = await resolveAll(bare);
    } catch {
      throw new AddressRefusedError(`${bare} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new AddressRefusedError(`${bare} does not resolve`);
  const refused = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
  if (refused) throw new AddressRefusedError(`${bare} resolves to ${refused.address}, a loopback, private or link-local address`);
  return addresses;
}

/**
 * A `lookup` for http(s).request that resolves with the guard: the connection goes to an address
 * that was just checked, never to one resolved again afterwards.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    allowedAddresses(hostname, allowPrivate).then(
      (addresses) => {
        if ((options as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}

/** A webhook URL as stored, checked at subscription: 422 webhook_url_refused with the reason. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw Errors.webhookUrlRefused('url: is not a valid URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw Errors.webhookUrlRefused(`url: the scheme ${url.protocol.replace(':', '')} is not allowed; use https (or http).`);
  if (url.username || url.password) throw Errors.webhookUrlRefused('url: must not carry credentials; authenticate deliveries by their signature.');
  try {
    await allowedAddresses(url.hostname, allowPrivate);
  } catch (err) {
    if (err instanceof AddressRefusedError) throw Errors.webhookUrlRefused(`url: ${err.message}; webhooks are delivered only to public addresses.`);
    throw err;
  }
  return url.toString();
}
