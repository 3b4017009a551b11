// People: names, e-mail addresses, US phone numbers and addresses, dates of birth, SSNs, passports,
// driving licences and the public IP addresses their devices use.
import { DIGITS, UPPER, type Rng } from '../corpus/rng.js';
import { ssnOk } from './checks.js';

const GIVEN = [
  'Emily', 'Marcus', 'Aaliyah', 'Connor', 'Priya', 'Diego', 'Hannah', 'Jamal', 'Mei', 'Tyler', 'Fatima', 'Grace', 'Luis', 'Olivia',
  'Kwame', 'Rebecca', 'Anh', 'Brandon', 'Yesenia', 'Deborah', 'Harold', 'Chloe', 'Raj', 'Megan', 'Tomás', 'Keisha', 'Nathan', 'Ingrid',
  'Samuel', 'Leah', 'Dmitri', 'Carmen', 'Patrick', 'Zoe', 'Ahmed', 'Bethany', 'Victor', 'Naomi', 'Trevor', 'Rosa',
];
const FAMILY = [
  'Whitaker', 'Okafor', 'Nguyen', 'Delgado', 'Fitzgerald', 'Chen', 'Abernathy', 'Ramírez', 'Kowalczyk', 'Patel', 'Lindqvist', 'Brooks',
  'Haddad', "O'Connell", 'Sato', 'Vasquez', 'Goldberg', 'Mensah', 'Pham', 'Castellanos', 'Reinholt', 'McAllister', 'Iyer', 'Blackwood',
  'Thibodeaux', 'Yamamoto', 'Schwartz', 'Adeyemi', 'Holloway', 'Suárez', 'Kim', 'Novak', 'Henderson', 'Mahmoud', 'Larsen', 'Dubois',
];

export interface Person {
  first: string;
  last: string;
  /** As the person would write it: "Emily Whitaker", sometimes with a middle initial or a second family name. */
  full: string;
}

export function person(r: Rng, given = GIVEN, family = FAMILY): Person {
  const first = r.pick(given);
  const last = r.chance(0.08) ? `${r.pick(family)}-${r.pick(family)}` : r.pick(family);
  const mid = r.chance(0.2) ? ` ${r.pick(UPPER.split(''))}.` : '';
  return { first, last, full: `${first}${mid} ${last}` };
}

const ascii = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

const FREEMAIL = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'proton.me', 'aol.com', 'fastmail.com'];

/** A person's address: free mail, work mail (sometimes on a subdomain), plus-addressing. */
export function email(r: Rng, p: Person, domains: readonly string[] = FREEMAIL, work?: string): string {
  const f = ascii(p.first);
  const l = ascii(p.last);
  const local = r.pick([`${f}.${l}`, `${f[0]}${l}`, `${f}${l}${r.int(1, 99)}`, `${f}_${l}`, `${l}.${f}`, `${f}${r.int(70, 99)}`]);
  const plus = r.chance(0.12) ? `+${r.pick(['shopping', 'bills', 'news', 'jobs', 'github'])}` : '';
  const domain = work ? (r.chance(0.25) ? `${r.pick(['corp', 'mail', 'eu', 'us'])}.${work}` : work) : r.pick(domains);
  return `${local}${plus}@${domain}`;
}

/** North American numbers: area code and exchange never start with 0 or 1, and no 555 (reserved for fiction). */
export function usPhone(r: Rng): string {
  // N11 codes are service codes (411, 911), not area codes or exchanges.
  const three = () => `${r.int(2, 9)}${r.int(0, 9)}${r.int(2, 9)}`;
  const area = three();
  let ex = three();
  if (ex === '555') ex = '556';
  const line = r.digits(4);
  return r.pick([`(${area}) ${ex}-${line}`, `${area}-${ex}-${line}`, `${area}.${ex}.${line}`, `+1 ${area} ${ex} ${line}`, `+1-${area}-${ex}-${line}`, `${area}${ex}${line}`, `1 (${area}) ${ex}-${line}`]);
}

const STREETS = ['Maple Avenue', 'Oak Street', 'Cedar Lane', 'N Lincoln Ave', 'Elm St', 'Willow Creek Dr', 'W 34th St', 'Sunset Blvd', 'Magnolia Way', 'Pine Ridge Rd', 'SE Division St', 'Colfax Ave', 'Peachtree St NE', 'Beacon St'];
const CITIES = [
  ['Portland', 'OR', '972'], ['Austin', 'TX', '787'], ['Columbus', 'OH', '432'], ['Raleigh', 'NC', '276'], ['Denver', 'CO', '802'],
  ['Tucson', 'AZ', '857'], ['Madison', 'WI', '537'], ['Boise', 'ID', '837'], ['Richmond', 'VA', '232'], ['Sacramento', 'CA', '958'],
  ['Atlanta', 'GA', '303'], ['Boston', 'MA', '021'], ['Omaha', 'NE', '681'], ['Brooklyn', 'NY', '112'], ['Tampa', 'FL', '336'],
] as const;

/** A US postal address on one line, or on two as a label prints it. */
export function usAddress(r: Rng, twoLines = r.chance(0.3)): string {
  const [city, state, zip3] = r.pick(CITIES);
  const unit = r.chance(0.3) ? `, ${r.pick(['Apt', 'Unit', 'Suite', '#'])} ${r.int(1, 40)}${r.pick(['', 'B', 'C'])}` : '';
  const zip = zip3 + r.digits(2) + (r.chance(0.2) ? '-' + r.digits(4) : '');
  const street = `${r.int(12, 9800)} ${r.pick(STREETS)}${unit}`;
  return `${street}${twoLines ? '\n' : ', '}${city}, ${state} ${zip}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface Ymd {
  y: number;
  m: number;
  d: number;
}
export const birthDate = (r: Rng): Ymd => ({ y: r.int(1938, 2006), m: r.int(1, 12), d: r.int(1, 28) });
const p2 = (n: number): string => String(n).padStart(2, '0');

/** A date as written in the US, or in ISO form. */
export function usDate(r: Rng, x: Ymd): string {
  return r.pick([`${p2(x.m)}/${p2(x.d)}/${x.y}`, `${x.m}/${x.d}/${x.y}`, `${x.y}-${p2(x.m)}-${p2(x.d)}`, `${MONTHS[x.m - 1]} ${x.d}, ${x.y}`, `${MONTHS[x.m - 1]?.slice(0, 3)} ${x.d} ${x.y}`]);
}
/** Day first, with the separator a country uses ("14.03.1985", "14/03/1985", "14-03-1985"). */
export const dayFirst = (x: Ymd, sep: string): string => `${p2(x.d)}${sep}${p2(x.m)}${sep}${x.y}`;
export const isoDate = (x: Ymd): string => `${x.y}-${p2(x.m)}-${p2(x.d)}`;

/** An SSN under the SSA rules, with dashes unless `bare`. */
export function ssn(r: Rng, bare = false): string {
  for (;;) {
    const d = `${r.int(1, 899)}`.padStart(3, '0') + r.digits(6);
    if (!ssnOk(d) || d === '078051120' || d === '219099999') continue;
    return bare ? d : `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
  }
}

/** US passport book numbers (9 digits, or a letter and 8 digits for Next Generation books). */
export const usPassport = (r: Rng): string => (r.chance(0.5) ? String(r.int(1, 9)) + r.digits(8) : r.pick(['A', 'C', 'E', 'Z']) + r.digits(8));

/** State driver-licence numbers in each state's format. */
export function usLicense(r: Rng): { state: string; number: string } {
  switch (r.int(0, 5)) {
    case 0:
      return { state: 'CA', number: r.pick(UPPER.split('')) + r.digits(7) };
    case 1:
      return { state: 'NY', number: `${r.digits(3)} ${r.digits(3)} ${r.digits(3)}` };
    case 2:
      return { state: 'FL', number: `${r.pick(UPPER.split(''))}${r.digits(3)}-${r.digits(3)}-${r.digits(2)}-${r.digits(3)}-${r.digits(1)}` };
    case 3:
      return { state: 'TX', number: String(r.int(1, 4)) + r.digits(7) };
    case 4:
      return { state: 'IL', number: `${r.pick(UPPER.split(''))}${r.digits(3)}-${r.digits(4)}-${r.digits(4)}` };
    default:
      return { state: 'WA', number: `WDL${r.chars(UPPER + DIGITS, 9)}` };
  }
}

/** A public IPv4 address (no private, loopback, CGNAT, link-local, documentation, benchmark or multicast range). */
export function publicIpv4(r: Rng): string {
  for (;;) {
    const a = r.int(1, 223);
    const b = r.int(0, 255);
    if ([0, 10, 127].includes(a) || (a === 100 && b >= 64 && b < 128) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168)) continue;
    if ((a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19 || b === 51)) || (a === 203 && b === 0)) continue;
    return `${a}.${b}.${r.int(0, 255)}.${r.int(1, 254)}`;
  }
}

/** A global-unicast IPv6 address from ranges ISPs and clouds hand out, written compressed as tools print it. */
export function publicIpv6(r: Rng): string {
  const prefix = r.pick(['2a02:810d', '2600:1700', '2a01:cb00', '2607:fb90', '2001:4860', '2406:da18', '2a00:23c6', '2804:14c']);
  const h = () => r.int(1, 0xffff).toString(16);
  return r.chance(0.5) ? `${prefix}:${h()}:${h()}::${h()}` : `${prefix}:${h()}:${h()}:${h()}:${h()}:${h()}:${h()}`;
}

