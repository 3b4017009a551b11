// Financial values as banks, card networks and wallets issue them, each passing its own check.
import type { Rng } from '../corpus/rng.js';
import { abaDigit, base58check, eip55, ibanCheck, luhnDigit, segwitAddress } from './checks.js';

const UP = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const AN = UP + '0123456789';

/** Card networks: IIN prefixes (ISO/IEC 7812 registrations as the networks publish them), length, print grouping. */
const NETWORKS = {
  visa: { iins: ['4'], len: 16, groups: [4, 4, 4, 4] },
  mastercard: { iins: ['51', '52', '53', '54', '55', '2221', '2307', '2500', '2720'], len: 16, groups: [4, 4, 4, 4] },
  amex: { iins: ['34', '37'], len: 15, groups: [4, 6, 5] },
  discover: { iins: ['6011', '644', '645', '649', '65'], len: 16, groups: [4, 4, 4, 4] },
  jcb: { iins: ['3528', '3540', '3566', '3589'], len: 16, groups: [4, 4, 4, 4] },
  diners: { iins: ['36', '38'], len: 14, groups: [4, 6, 4] },
  unionpay: { iins: ['62'], len: 16, groups: [4, 4, 4, 4] },
  rupay: { iins: ['6070', '6522', '8172', '508'], len: 16, groups: [4, 4, 4, 4] },
  mir: { iins: ['2200', '2202', '2204'], len: 16, groups: [4, 4, 4, 4] },
  maestro: { iins: ['6759', '5018', '6304'], len: 19, groups: [4, 4, 4, 4, 3] },
} as const;
export type Network = keyof typeof NETWORKS;

/** The digits of a card and how it is printed on a receipt or typed into a chat. */
export function cardNumber(r: Rng, network: Network, style: 'spaced' | 'dashed' | 'plain' = 'spaced'): string {
  const n = NETWORKS[network];
  const iin = r.pick(n.iins);
  const body = iin + r.digits(n.len - 1 - iin.length);
  const pan = body + luhnDigit(body);
  if (style === 'plain') return pan;
  const out: string[] = [];
  let at = 0;
  for (const g of n.groups) {
    out.push(pan.slice(at, at + g));
    at += g;
  }
  return out.join(style === 'spaced' ? ' ' : '-');
}

export const anyCard = (r: Rng): string =>
  cardNumber(r, r.pick<Network>(['visa', 'visa', 'visa', 'mastercard', 'mastercard', 'amex', 'discover', 'jcb', 'diners', 'unionpay']), r.pick(['spaced', 'spaced', 'plain', 'dashed'] as const));

/** BBAN layouts per country (ISO 13616 registry): `n` digits, `a` upper-case letters, `c` alphanumerics. */
const BBAN: Record<string, string> = {
  DE: '18n', FR: '10n11c2n', ES: '20n', IT: '1a10n12c', NL: '4a10n', PT: '21n', PL: '24n', SE: '20n', FI: '14n', TR: '5n1n16c',
  GB: '4a14n', BE: '12n', AT: '16n', CH: '5n12c', IE: '4a14n', LU: '3n13c', DK: '14n', NO: '11n', GR: '7n16c', CZ: '20n',
  HU: '24n', RO: '4a16c', SA: '2n18c', AE: '3n16n', BR: '23n1a1c', HR: '17n', SI: '15n', SK: '20n', LT: '16n', EE: '16n',
};
export const IBAN_COUNTRIES = Object.keys(BBAN);

function bban(r: Rng, layout: string): string {
  let out = '';
  for (const [, n, t] of layout.matchAll(/(\d+)([nac])/g)) {
    const k = Number(n);
    out += t === 'n' ? r.digits(k) : t === 'a' ? r.chars(UP, k) : r.chars(AN, k);
  }
  return out;
}

/** An IBAN: printed in groups of four (paper) or compact (electronic forms), as the country's banks do. */
export function iban(r: Rng, country = r.pick(IBAN_COUNTRIES), grouped = r.chance(0.6)): string {
  const b = bban(r, BBAN[country] as string);
  const compact = country + ibanCheck(country, b) + b;
  return grouped ? (compact.match(/.{1,4}/g) as string[]).join(' ') : compact;
}

/** Federal Reserve routing symbols: 01-12 (banks), 21-32 (thrifts), 61-72 (electronic), 80 (travellers cheques). */
export function aba(r: Rng): string {
  const head = String(r.pick([r.int(1, 12), r.int(21, 32), r.int(61, 72)])).padStart(2, '0');
  const eight = head + r.digits(6);
  return eight + abaDigit(eight);
}

/** A US deposit account number: 8 to 12 digits, occasionally with the bank's dash. */
export const usAccount = (r: Rng): string => (r.chance(0.15) ? `${r.digits(4)}-${r.digits(6)}` : String(r.int(1, 9)) + r.digits(r.int(7, 11)));

/** Real SWIFT/BIC institution codes with their countries; some with a branch code. */
const BICS = [
  'DEUTDEFF', 'COBADEFF', 'BNPAFRPP', 'SOGEFRPP', 'BSCHESMM', 'CAIXESBB', 'UNCRITMM', 'BCITITMM', 'INGBNL2A', 'ABNANL2A', 'RABONL2U',
  'CGDIPTPL', 'BPKOPLPW', 'PKOPPLPW', 'NDEASESS', 'ESSESESS', 'HANDSESS', 'OKOYFIHH', 'NDEAFIHH', 'TGBATRIS', 'ISBKTRIS', 'BARCGB22',
  'HBUKGB4B', 'CHASUS33', 'BOFAUS3N', 'CITIUS33', 'WFBIUS6S', 'MHCBJPJT', 'BOTKJPJT', 'SHBKKRSE', 'KOEXKRSE', 'SBININBB', 'HDFCINBB',
  'UBSWCHZH', 'GIBAATWW', 'KREDBEBB', 'AIBKIE2D', 'DABADKKK',
];
/** A bank's BIC, from the given country when the list has one (characters 5-6 are the country). */
export const bic = (r: Rng, country?: string): string => {
  const local = BICS.filter((x) => x.slice(4, 6) === country);
  const b = r.pick(local.length ? local : BICS);
  return r.chance(0.3) ? b + r.pick(['XXX', '500', '100', '2AB', 'MAD', 'MIL']) : b;
};

/** Bitcoin (P2PKH, P2SH, P2WPKH, P2WSH, taproot) or Ethereum with its EIP-55 case. */
export function wallet(r: Rng, chain: 'btc' | 'eth' = r.chance(0.55) ? 'btc' : 'eth'): string {
  if (chain === 'eth') return eip55(Buffer.from(r.bytes(20)).toString('hex'));
  switch (r.int(0, 4)) {
    case 0:
      return base58check(Uint8Array.from([0x00, ...r.bytes(20)]));
    case 1:
      return base58check(Uint8Array.from([0x05, ...r.bytes(20)]));
    case 2:
      return segwitAddress('bc', 0, r.bytes(20));
    case 3:
      return segwitAddress('bc', 0, r.bytes(32));
    default:
      return segwitAddress('bc', 1, r.bytes(32));
  }
}
