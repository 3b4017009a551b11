// Value generators for the FINANCIAL types: card numbers per network with real IIN ranges, IBANs
// per country with their BBAN layouts, ABA routing numbers, BICs and crypto addresses.
import { abaCheckDigit, base58check, eip55, ibanCheckDigits, luhnCheckDigit, segwitAddress } from './checksums.js';
import { DIGITS, HEX, type Rng, UPPER } from './rng.js';

interface Network {
  name: string;
  weight: number;
  prefix: (rng: Rng) => string;
  lengths: number[];
}

const NETWORKS: Network[] = [
  { name: 'visa', weight: 35, prefix: () => '4', lengths: [16, 16, 16, 16, 13, 19] },
  { name: 'mastercard', weight: 25, prefix: (r) => (r.chance(0.7) ? String(r.int(51, 55)) : String(r.int(2221, 2720))), lengths: [16] },
  { name: 'amex', weight: 12, prefix: (r) => r.pick(['34', '37']), lengths: [15] },
  { name: 'discover', weight: 8, prefix: (r) => r.pick(['6011', String(r.int(644, 649)), '65']), lengths: [16] },
  { name: 'jcb', weight: 6, prefix: (r) => String(r.int(3528, 3589)), lengths: [16] },
  { name: 'diners', weight: 5, prefix: (r) => r.pick(['36', String(r.int(300, 305)), '38']), lengths: [14] },
  { name: 'unionpay', weight: 5, prefix: () => '62', lengths: [16, 19] },
  { name: 'maestro', weight: 4, prefix: (r) => r.pick(['6759', '6761', '5018', '5020', '6304']), lengths: [16, 19] },
];

function pickNetwork(rng: Rng): Network {
  const total = NETWORKS.reduce((s, n) => s + n.weight, 0);
  let r = rng.next() * total;
  for (const n of NETWORKS) if ((r -= n.weight) < 0) return n;
  return NETWORKS[0] as Network;
}

function groupCard(digits: string, sep: string): string {
  const len = digits.length;
  const sizes = len === 15 ? [4, 6, 5] : len === 14 ? [4, 6, 4] : len === 13 ? [4, 4, 5] : len === 19 ? [4, 4, 4, 4, 3] : [4, 4, 4, 4];
  const parts: string[] = [];
  let at = 0;
  for (const s of sizes) parts.push(digits.slice(at, (at += s)));
  return parts.join(sep);
}

export function creditCard(rng: Rng): string {
  const network = pickNetwork(rng);
  const prefix = network.prefix(rng);
  const length = rng.pick(network.lengths);
  const body = prefix + rng.digits(length - prefix.length - 1);
  const digits = body + luhnCheckDigit(body);
  const r = rng.next();
  return r < 0.5 ? groupCard(digits, ' ') : r < 0.7 ? groupCard(digits, '-') : digits;
}

/** Country, BBAN layout (n digits, a letters, c letters or digits), as in the SWIFT IBAN registry. */
const IBAN_COUNTRIES: readonly (readonly [string, string])[] = [
  ['DE', '18n'], ['GB', '4a14n'], ['FR', '10n11c2n'], ['ES', '20n'], ['IT', '1a10n12c'], ['NL', '4a10n'],
  ['BE', '12n'], ['CH', '5n12c'], ['AT', '16n'], ['PL', '24n'], ['SE', '20n'], ['NO', '11n'], ['DK', '14n'],
  ['FI', '14n'], ['IE', '4a14n'], ['PT', '21n'], ['LU', '3n13c'], ['CZ', '20n'], ['SK', '20n'], ['HU', '24n'],
  ['RO', '4a16c'], ['GR', '7n16c'], ['TR', '5n1n16c'], ['SA', '2n18c'], ['AE', '3n16n'], ['IL', '3n3n13n'],
  ['BR', '8n5n10n1a1c'], ['LT', '16n'], ['LV', '4a13c'], ['EE', '16n'], ['HR', '17n'], ['SI', '15n'],
  ['BG', '4a4n2n8c'], ['MT', '4a5n18c'], ['CY', '3n5n16c'], ['IS', '22n'], ['LI', '5n12c'], ['MC', '10n11c2n'],
  ['KW', '4a22c'], ['QA', '4a21c'], ['PK', '4a16c'], ['MU', '4a2n2n12n3n3a'],
];

function bban(rng: Rng, layout: string): string {
  let out = '';
  for (const [, n, kind] of layout.matchAll(/(\d+)([nac])/g)) {
    const count = Number(n);
    // Mixed fields are mostly digits in real account numbers.
    for (let i = 0; i < count; i++) out += kind === 'n' ? rng.chars(DIGITS, 1) : kind === 'a' ? rng.chars(UPPER, 1) : rng.chance(0.85) ? rng.chars(DIGITS, 1) : rng.chars(UPPER, 1);
  }
  return out;
}

export function ibanParts(rng: Rng): { country: string; bban: string } {
  const [country, layout] = rng.chance(0.3) ? (rng.pick(IBAN_COUNTRIES.slice(0, 6)) as readonly [string, string]) : rng.pick(IBAN_COUNTRIES);
  return { country, bban: bban(rng, layout) };
}

export function printIban(compact: string, grouped: boolean): string {
  return grouped ? (compact.match(/.{1,4}/g) ?? []).join(' ') : compact;
}

export function iban(rng: Rng): string {
  const { country, bban: b } = ibanParts(rng);
  return printIban(country + ibanCheckDigits(country, b) + b, rng.chance(0.55));
}

const ABA_PREFIXES = [...Array.from({ length: 13 }, (_, i) => i), ...Array.from({ length: 12 }, (_, i) => 21 + i), ...Array.from({ length: 12 }, (_, i) => 61 + i)];

export function abaRouting(rng: Rng): string {
  const first8 = String(rng.pick(ABA_PREFIXES)).padStart(2, '0') + rng.digits(6);
  return first8 + abaCheckDigit(first8);
}

export function bankAccount(rng: Rng): string {
  const len = rng.pick([8, 9, 10, 10, 11, 12, 12, 14, 16, 17]);
  return rng.int(1, 9) + rng.digits(len - 1);
}

const BIC_BANKS = ['DEUT', 'CHAS', 'BOFA', 'HSBC', 'BNPA', 'COBA', 'INGB', 'RABO', 'UBSW', 'CITI', 'BARC', 'LOYD', 'NWBK', 'SOGE', 'CRLY', 'UNCR', 'BCIT', 'SCBL', 'DBSS', 'ANZB', 'WFBI', 'MIDL', 'NDEA', 'HAND', 'DABA', 'KRED', 'BKCH', 'ICBK', 'MHCB', 'BOTK', 'SVBK', 'PNCC', 'TDOM', 'ROYC'];
const BIC_COUNTRIES = ['DE', 'US', 'GB', 'FR', 'IT', 'NL', 'CH', 'ES', 'SG', 'JP', 'CN', 'AU', 'CA', 'SE', 'DK', 'BE', 'HK', 'IE'];

export function swiftBic(rng: Rng): string {
  const location = rng.pick(['FF', '33', '2L', 'PP', 'MM', '2X', '22', '3N', '6S', 'SG', 'KK', 'TT']);
  const branch = rng.chance(0.4) ? rng.pick(['XXX', '500', 'BKN', '100', 'ATL', 'NYC']) : '';
  return `${rng.pick(BIC_BANKS)}${rng.pick(BIC_COUNTRIES)}${location}${branch}`;
}

export type Chain = 'btc' | 'eth';

export function cryptoWallet(rng: Rng, chain: Chain = rng.chance(0.6) ? 'btc' : 'eth'): string {
  if (chain === 'eth') return '0x' + eip55(rng.chars(HEX, 40));
  const r = rng.next();
  if (r < 0.3) return base58check(0x00, rng.bytes(20));
  if (r < 0.5) return base58check(0x05, rng.bytes(20));
  if (r < 0.75) return segwitAddress('bc', 0, rng.bytes(20));
  if (r < 0.85) return segwitAddress('bc', 0, rng.bytes(32));
  return segwitAddress('bc', 1, rng.bytes(32));
}
