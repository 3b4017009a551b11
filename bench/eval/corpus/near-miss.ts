// Values that look like sensitive ones and are not: the content of benign documents. Those that
// imitate a checksummed type are made to fail its checksum (and the tests check that they do).
import { base58check, ibanCheckDigits, isbn13CheckDigit, luhnCheckDigit, luhnValid, deaCheckDigit, npiCheckDigit } from './checksums.js';
import { clock, recentDate } from './filler.js';
import { BASE64, DIGITS, HEX, type Rng, UPPER } from './rng.js';
import { ibanParts, printIban } from './values-financial.js';
import { CITIES, COMPANIES, WEEKDAYS } from './words.js';

const wrongDigit = (rng: Rng, right: string): string => String((Number(right) + rng.int(1, 9)) % 10);

export function luhnInvalidCard(rng: Rng): string {
  const body = rng.pick(['4', '5' + rng.int(1, 5), '37', '6011']);
  const full = body + rng.digits((body.startsWith('37') ? 15 : 16) - body.length - 1);
  const digits = full + wrongDigit(rng, luhnCheckDigit(full));
  return rng.chance(0.5) ? (digits.match(/.{1,4}/g) ?? []).join(' ') : digits;
}

/** Nine digits the SSA never issues: area 000, 666 or 9xx (outside the ITIN groups), group 00 or serial 0000. */
export function invalidSsn(rng: Rng): string {
  const area = String(rng.int(1, 899)).padStart(3, '0');
  const group = String(rng.int(1, 99)).padStart(2, '0');
  const serial = String(rng.int(1, 9999)).padStart(4, '0');
  return rng.pick([
    `000-${group}-${serial}`,
    `666-${group}-${serial}`,
    `9${rng.digits(2)}-${String(rng.int(1, 49)).padStart(2, '0')}-${serial}`,
    `${area}-00-${serial}`,
    `${area}-${group}-0000`,
  ]);
}

export function invalidIban(rng: Rng): string {
  const { country, bban } = ibanParts(rng);
  const right = ibanCheckDigits(country, bban);
  const wrong = String((Number(right) + rng.int(1, 90)) % 97 || 1).padStart(2, '0');
  return printIban(country + (wrong === right ? '00' : wrong) + bban, rng.chance(0.6));
}

export function invalidDea(rng: Rng): string {
  const six = rng.digits(6);
  return `${rng.pick(['A', 'B', 'F', 'M'])}${rng.chars(UPPER, 1)}${six}${wrongDigit(rng, deaCheckDigit(six))}`;
}

export function invalidNpi(rng: Rng): string {
  const nine = `1${rng.digits(8)}`;
  return nine + wrongDigit(rng, npiCheckDigit(nine));
}

/** A base58check address with one character changed, so its checksum fails. */
export function invalidBtc(rng: Rng): string {
  const good = base58check(0, rng.bytes(20));
  const i = rng.int(5, good.length - 2);
  const swap = good[i] === 'x' ? 'y' : 'x';
  return good.slice(0, i) + swap + good.slice(i + 1);
}

export const uuid = (rng: Rng): string => `${rng.chars(HEX, 8)}-${rng.chars(HEX, 4)}-4${rng.chars(HEX, 3)}-${rng.pick(['8', '9', 'a', 'b'])}${rng.chars(HEX, 3)}-${rng.chars(HEX, 12)}`;

function ean13(rng: Rng): string {
  for (;;) {
    const first12 = rng.pick(['40', '50', '00', '87', '76']) + rng.digits(10);
    const code = first12 + isbn13CheckDigit(first12);
    // An EAN that happens to pass Luhn with a card prefix would be a card number by shape: skip it.
    if (!luhnValid(code)) return code;
  }
}

function isbn(rng: Rng): string {
  const first12 = `978${rng.pick(['0', '1'])}${rng.digits(8)}`;
  const d = first12 + isbn13CheckDigit(first12);
  return `${d.slice(0, 3)}-${d[3]}-${d.slice(4, 7)}-${d.slice(7, 12)}-${d[12]}`;
}

function pem(rng: Rng, label: 'CERTIFICATE' | 'PUBLIC KEY'): string {
  const body = Buffer.from(Uint8Array.from([0x30, 0x82, 0x03, 0x5a, ...rng.bytes(label === 'CERTIFICATE' ? 600 : 290)])).toString('base64');
  return [`-----BEGIN ${label}-----`, ...(body.match(/.{1,64}/g) ?? []), `-----END ${label}-----`].join('\n');
}

/** The `{token}`s of benign templates. */
export const NEAR_MISS: Record<string, (rng: Rng) => string> = {
  uuid,
  sha: (r) => r.chars(HEX, 40),
  sha7: (r) => r.chars(HEX, 7),
  sha256: (r) => r.chars(HEX, 64),
  integrity: (r) => `sha512-${Buffer.from(r.bytes(64)).toString('base64')}`,
  digest: (r) => `sha256:${r.chars(HEX, 64)}`,
  semver: (r) => `${r.int(0, 12)}.${r.int(0, 30)}.${r.int(0, 40)}`,
  vsemver: (r) => `v${r.int(1, 5)}.${r.int(0, 30)}.${r.int(0, 20)}`,
  ver4: (r) => r.pick([`${r.int(1, 9)}.${r.int(0, 9)}.${r.int(0, 9)}.${r.int(0, 9)}`, `10.0.${r.int(17763, 26100)}.${r.int(1000, 5000)}`, `${r.int(1, 6)}.0.0.0`]),
  epoch: (r) => String(r.int(1_600_000_000, 1_760_000_000)),
  epochms: (r) => String(r.int(1_600_000_000, 1_760_000_000)) + r.digits(3),
  isbn,
  ean: ean13,
  ups: (r) => `1Z${r.chars(UPPER + DIGITS, 6)}${r.pick(['03', '01', '02'])}${r.digits(8)}`,
  fedex: (r) => `${r.pick(['7', '5'])}${r.digits(3)} ${r.digits(4)} ${r.digits(4)}`,
  usps: (r) => `${r.pick(['9400', '9205', '9261'])} ${r.digits(4)} ${r.digits(4)} ${r.digits(4)} ${r.digits(4)} ${r.digits(2)}`,
  amzorder: (r) => `${r.int(100, 114)}-${r.digits(7)}-${r.digits(7)}`,
  orderid: (r) => r.pick([`ORD-${r.int(10000, 99999)}`, `#${r.int(100000, 999999)}`, `SO${r.digits(8)}`]),
  invoice: (r) => `INV-${r.int(2022, 2025)}-${String(r.int(1, 9999)).padStart(4, '0')}`,
  sku: (r) => r.pick([`${r.chars(UPPER, 2)}-${r.int(100, 9999)}${r.chars(UPPER, 2)}`, `SKU-${r.digits(5)}-${r.pick(['BLK', 'WHT', 'RED', 'XL'])}`, `${r.chars(UPPER, 3)}${r.digits(4)}`]),
  price: (r) => `$${r.int(1, 2999)}.${r.pick(['00', '49', '95', '99'])}`,
  zip: (r) => `${r.pick(CITIES)[2]}${r.digits(2)}`,
  date: recentDate,
  time: clock,
  weekday: (r) => r.pick(WEEKDAYS),
  city: (r) => r.pick(CITIES)[0],
  citystate: (r) => {
    const [city, state] = r.pick(CITIES);
    return `${city}, ${state}`;
  },
  company: (r) => r.pick([...COMPANIES, 'Morgan Stanley', 'Johnson & Johnson', 'Wells Fargo', 'Ernst & Young', 'Goldman Sachs', 'Marshall & Ilsley', 'Dow Jones']),
  n: (r) => String(r.int(2, 500)),
  bign: (r) => r.int(1000, 9_999_999).toLocaleString('en-US'),
  pct: (r) => `${r.int(0, 99)}.${r.int(0, 9)}%`,
  ms: (r) => String(r.int(2, 4000)),
  badcard: luhnInvalidCard,
  badssn: invalidSsn,
  badiban: invalidIban,
  baddea: invalidDea,
  badnpi: invalidNpi,
  badbtc: invalidBtc,
  awsacct: (r) => `${r.int(1, 9)}${r.digits(11)}`,
  memaddr: (r) => `0x7ff${r.chars(HEX, 9)}`,
  txhash: (r) => `0x${r.chars(HEX, 64)}`,
  cid: (r) => `Qm${r.chars('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 44)}`,
  b64blob: (r) => r.chars(BASE64, r.int(60, 120)),
  jobid: (r) => `${r.int(6, 8)}${r.digits(9)}`,
  ext: (r) => String(r.int(1000, 9999)),
  room: (r) => `${r.int(1, 9)}${r.digits(2)}`,
  cert: (r) => pem(r, 'CERTIFICATE'),
  pubkey: (r) => pem(r, 'PUBLIC KEY'),
  pkg: (r) => r.pick(['lodash', 'react', 'express', 'zod', 'typescript', 'left-pad', 'axios', 'chalk', 'debug', 'ms']),
  port: (r) => String(r.pick([3000, 5432, 6379, 8080, 27017, 9092])),
};

export function nearMiss(token: string, rng: Rng): string {
  const f = NEAR_MISS[token];
  if (!f) throw new Error(`unknown near-miss token {${token}}`);
  return f(rng);
}
