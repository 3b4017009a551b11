// Value generators for the PII types. `bare` asks for the self-evident form, used when no context
// word stands next to the value (an SSN without context is written with dashes).
import { DIGITS, type Rng, UPPER } from './rng.js';
import { ssnValid } from './checksums.js';
import { CITIES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, MIDDLE_INITIALS, MONTHS, MONTHS_SHORT, STREET_NAMES, STREET_SUFFIXES, UNITS } from './words.js';

export interface Person {
  first: string;
  last: string;
}

export function person(rng: Rng): Person {
  return { first: rng.pick(FIRST_NAMES), last: rng.pick(LAST_NAMES) };
}

export function personName(rng: Rng, p: Person = person(rng)): string {
  const r = rng.next();
  if (r < 0.15) return `${p.first} ${rng.pick([...MIDDLE_INITIALS])}. ${p.last}`;
  if (r < 0.2) return `${p.first} ${p.last}-${rng.pick(LAST_NAMES)}`;
  return `${p.first} ${p.last}`;
}

const ascii = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØ]/g, 'o')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

export function email(rng: Rng, p: Person = person(rng)): string {
  const f = ascii(p.first);
  const l = ascii(p.last);
  const local = rng.pick([
    `${f}.${l}`,
    `${f[0]}${l}`,
    `${f}_${l}${rng.int(1, 99)}`,
    `${f}${rng.int(70, 99)}`,
    `${l}.${f}`,
    `${f}+${rng.pick(['orders', 'news', 'work', 'bank'])}`,
    `${f}.${l}${rng.int(1, 9)}`,
  ]);
  const domain = rng.pick(EMAIL_DOMAINS);
  return rng.chance(0.05) ? `${local}@${domain}`.replace(/^./, (c) => c.toUpperCase()) : `${local}@${domain}`;
}

const AREA_CODES = ['212', '213', '214', '305', '312', '404', '415', '503', '512', '602', '617', '646', '702', '713', '720', '773', '818', '858', '917', '206', '303', '347', '410', '470', '510', '619', '704', '786', '971', '541', '615', '919'];

function exchange(rng: Rng): string {
  for (;;) {
    const e = `${rng.int(2, 9)}${rng.digits(2)}`;
    if (e !== '555' && !e.endsWith('11')) return e;
  }
}

export function phone(rng: Rng, bare: boolean): string {
  if (rng.chance(0.2)) {
    return rng.pick([
      `+44 20 7${rng.digits(3)} ${rng.digits(4)}`,
      `+44 7${rng.int(400, 999)} ${rng.digits(6)}`,
      `+49 30 ${rng.digits(8)}`,
      `+49 151 ${rng.digits(8)}`,
      `+33 1 ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}`,
      `+33 6 ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}`,
      `+91 9${rng.digits(4)} ${rng.digits(5)}`,
      `+61 2 ${rng.digits(4)} ${rng.digits(4)}`,
      `+34 6${rng.digits(2)} ${rng.digits(3)} ${rng.digits(3)}`,
    ]);
  }
  const a = rng.pick(AREA_CODES);
  const e = exchange(rng);
  const s = rng.digits(4);
  const forms = [`(${a}) ${e}-${s}`, `${a}-${e}-${s}`, `${a}.${e}.${s}`, `+1 ${a} ${e} ${s}`, `+1-${a}-${e}-${s}`, `1 (${a}) ${e}-${s}`, `+1 (${a}) ${e}-${s}`];
  if (!bare) forms.push(`${a}${e}${s}`, `${a} ${e} ${s}`);
  return rng.pick(forms);
}

export function ssn(rng: Rng, bare: boolean): string {
  for (;;) {
    const area = String(rng.int(1, 899)).padStart(3, '0');
    const group = String(rng.int(1, 99)).padStart(2, '0');
    const serial = String(rng.int(1, 9999)).padStart(4, '0');
    const value = `${area}-${group}-${serial}`;
    // Famous invalid numbers from wallets and ads stay out of the positives.
    if (!ssnValid(value) || value === '078-05-1120' || value === '219-09-9999') continue;
    if (bare) return value;
    const r = rng.next();
    return r < 0.6 ? value : r < 0.75 ? `${area} ${group} ${serial}` : `${area}${group}${serial}`;
  }
}

/** A routable public address: no private, loopback, link-local, shared, multicast or documentation range. */
export function ipv4(rng: Rng): string {
  for (;;) {
    const a = rng.int(1, 223);
    const b = rng.int(0, 255);
    if (a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) continue;
    if ((a === 100 && b >= 64 && b <= 127) || (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19 || b === 51)) || (a === 203 && b === 0)) continue;
    return `${a}.${b}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
  }
}

export function ipv6(rng: Rng): string {
  const group = () => rng.int(0, 0xffff).toString(16);
  const head = rng.pick(['2a02', '2001:4860', '2600:1f18', '2a01:4f8', '2406:da18', '2a00:1450', '2603:1030']);
  const groups = head.split(':').length;
  if (rng.chance(0.5)) return `${head}:${Array.from({ length: 8 - groups }, group).join(':')}`;
  return `${head}:${Array.from({ length: rng.int(1, 3) }, group).join(':')}::${group()}`;
}

export function ipAddress(rng: Rng): string {
  return rng.chance(0.8) ? ipv4(rng) : ipv6(rng);
}

export function dateOfBirth(rng: Rng): string {
  const y = rng.int(1938, 2006);
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  const mm = String(m).padStart(2, '0');
  const dd = String(d).padStart(2, '0');
  return rng.pick([
    `${mm}/${dd}/${y}`,
    `${m}/${d}/${y}`,
    `${y}-${mm}-${dd}`,
    `${MONTHS[m - 1]} ${d}, ${y}`,
    `${d} ${MONTHS[m - 1]} ${y}`,
    `${dd}.${mm}.${y}`,
    `${MONTHS_SHORT[m - 1]} ${d}, ${y}`,
    `${dd}-${MONTHS_SHORT[m - 1]}-${y}`,
  ]);
}

export function passport(rng: Rng): string {
  return rng.pick([
    () => rng.digits(9).replace(/^0/, String(rng.int(1, 9))),
    () => `${rng.pick([...'ACEFGHJKLMNPRSTUVWXYZ'])}${rng.digits(8)}`,
    () => `${rng.pick([...'CFGHJK'])}${rng.chars('CFGHJKLMNPRTVWXYZ' + DIGITS, 8)}`,
    () => `${rng.chars(UPPER, 2)}${rng.digits(6)}`,
    () => `${rng.digits(2)}${rng.chars(UPPER, 2)}${rng.digits(5)}`,
  ])();
}

export function driverLicense(rng: Rng): string {
  const L = () => rng.pick([...UPPER]);
  return rng.pick([
    () => `${L()}${rng.digits(7)}`,
    () => rng.digits(9),
    () => `${rng.digits(3)} ${rng.digits(3)} ${rng.digits(3)}`,
    () => `${L()}${rng.digits(3)}-${rng.digits(3)}-${rng.digits(2)}-${rng.digits(3)}-${rng.digits(1)}`,
    () => rng.digits(8),
    () => `${L()}${rng.digits(3)}-${rng.digits(4)}-${rng.digits(4)}`,
    () => `${L()}${rng.digits(14)}`,
    () => `${rng.digits(2)} ${rng.digits(3)} ${rng.digits(3)}`,
    () => `${L()}${rng.digits(12)}`,
  ])();
}

export function usAddress(rng: Rng, multiline = false): string {
  const [city, state, zip3] = rng.pick(CITIES);
  const street = `${rng.int(1, 9899)} ${rng.chance(0.2) ? rng.pick(['N', 'S', 'E', 'W']) + ' ' : ''}${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
  const unit = rng.chance(0.3) ? `${rng.chance(0.5) ? ', ' : ' '}${rng.pick(UNITS)}` : '';
  const zip = `${zip3}${rng.digits(2)}${rng.chance(0.15) ? '-' + rng.digits(4) : ''}`;
  return `${street}${unit}${multiline ? '\n' : ', '}${city}, ${state} ${zip}`;
}

