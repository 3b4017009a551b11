// Values for the held-out corpus. The checksummed and provider-shaped values come from the main
// corpus's value generators (bench/eval/corpus/values-*.ts); what is here adds people, places and
// formats those generators do not make (accented names, Spanish street names, E.164 phones, HL7
// dates), plus the plain numbers and near-misses that fill documents.
import { NEAR_MISS, uuid } from '../corpus/near-miss.js';
import { BASE62, BASE64, DIGITS, HEX, LOWER, type Rng, UPPER } from '../corpus/rng.js';
import { email as corpusEmail, dateOfBirth, phone as corpusPhone, type Person } from '../corpus/values-pii.js';
import { FIRST_NAMES, LAST_NAMES, MIDDLE_INITIALS, MONTHS, MONTHS_SHORT } from '../corpus/words.js';
import { v, type V } from './doc.js';

export { uuid };

const FIRST_EXTRA = [
  'Inês', 'João', 'Begoña', 'Sébastien', 'Gaëlle', 'Jürgen', 'Małgorzata', 'Thảo', 'Çağla', 'Ximena', 'Agnès', 'Joaquín',
  'Ramón', 'Núria', 'Håkon', 'Dagný', 'Anaïs', 'Jérôme', 'Mónica', 'Andrés', 'Lúcia', 'Göran', 'Zsófia', 'Radosław',
  'Tomás', 'Aoife', 'Eoghan', 'Malak', 'Yusuf', 'Thandiwe', 'Kofi', 'Minh', 'Seo-yeon', 'Ji-ho', 'Arnav', 'Lakshmi',
];
const LAST_EXTRA = [
  'Gonçalves', 'Peña', 'Ibáñez', 'Lefèvre', 'Größer', 'Wójcik', 'Nguyễn', 'Yılmaz', 'Ó Súilleabháin', 'Muñoz', 'Castañeda',
  'Brontë', 'Søndergaard', 'Þórsdóttir', 'Kovačević', 'Dvořák', 'Ramírez', 'Espíndola', 'Álvarez', 'Mäkinen', 'Björklund',
  'Okonkwo', 'Abubakar', 'Tran', 'Pham', 'Iyer', 'Venkataraman', 'MacLeod', 'St. John', 'Van der Berg',
];

const FIRSTS = [...FIRST_NAMES, ...FIRST_EXTRA];
const LASTS = [...LAST_NAMES, ...LAST_EXTRA];

export function who(rng: Rng): Person {
  return { first: rng.pick(FIRSTS), last: rng.pick(LASTS) };
}

/** The name as people write it: mostly "First Last", sometimes a middle initial or two last names. */
export function fullName(rng: Rng, p: Person): string {
  const r = rng.next();
  if (r < 0.12) return `${p.first} ${rng.pick([...MIDDLE_INITIALS])}. ${p.last}`;
  if (r < 0.18) return `${p.first} ${p.last}-${rng.pick(LASTS)}`;
  if (r < 0.22) return `${p.first} ${p.last} ${rng.pick(['García', 'López', 'Fernández', 'Pereira', 'Martins', 'Ruiz'])}`;
  return `${p.first} ${p.last}`;
}

/**
 * A person: the labelled full name, the labelled first name and a matching email. A first name on
 * its own ("Hi Sarah!", "Dear Ramón,", a chat speaker, a sign-off) is personal data and is labelled
 * PERSON_NAME, as the engine's documented behaviour has it (since 2026-11-28; docs/accuracy.md).
 */
export interface Who {
  p: Person;
  name: V;
  first: V;
  email: () => V;
}

export function person(rng: Rng): Who {
  const p = who(rng);
  return { p, name: v('PERSON_NAME', fullName(rng, p)), first: v('PERSON_NAME', p.first), email: () => v('EMAIL', corpusEmail(rng, p)) };
}

/** "GARCIA^MARIA^L" as HL7 v2 writes a patient name (XPN: family^given^middle). */
export function hl7Name(rng: Rng, p: Person): string {
  const up = (s: string) => s.toUpperCase();
  return `${up(p.last)}^${up(p.first)}${rng.chance(0.4) ? '^' + rng.pick([...MIDDLE_INITIALS]) : ''}`;
}

export const workEmail = (rng: Rng, p: Person, domain: string): V => {
  const a = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[łŁ]/g, 'l').replace(/[øØ]/g, 'o').replace(/[ðÐ]/g, 'd').replace(/[þÞ]/g, 'th').replace(/ı/g, 'i').replace(/[^A-Za-z]/g, '').toLowerCase();
  const f = a(p.first);
  const l = a(p.last);
  return v('EMAIL', rng.pick([`${f}.${l}@${domain}`, `${f[0]}${l}@${domain}`, `${f}@${domain}`, `${l}${f[0]}@${domain}`]));
};

const AREA = ['206', '215', '312', '347', '404', '415', '470', '503', '512', '617', '646', '702', '720', '786', '818', '857', '917', '929', '971', '984'];

/** Phones: the main corpus's formats plus E.164 as telephony systems log it and a few written styles. */
export function phone(rng: Rng, bare = false): V {
  const r = rng.next();
  const a = rng.pick(AREA);
  const e = `${rng.int(2, 9)}${rng.int(0, 9)}${rng.int(2, 9)}`;
  const s = rng.digits(4);
  if (r < 0.2) return v('PHONE', `+1${a}${e}${s}`);
  if (r < 0.3) return v('PHONE', rng.pick([`${a}/${e}-${s}`, `(${a})${e}-${s}`, `+1.${a}.${e}.${s}`]));
  if (r < 0.38) return v('PHONE', rng.pick([`+351 912 ${rng.digits(3)} ${rng.digits(3)}`, `+52 55 ${rng.digits(4)} ${rng.digits(4)}`, `+34 612 ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}`, `+33 (0)6 ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}`, `+49 (0)171 ${rng.digits(7)}`]));
  return v('PHONE', corpusPhone(rng, bare));
}

/** A date of birth in the style of the writer: US, European, German, ISO, or HL7's yyyymmdd. */
export function dob(rng: Rng, style: 'us' | 'eu' | 'de' | 'iso' | 'hl7' | 'any' = 'any'): V {
  const y = rng.int(1939, 2005);
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  const mm = String(m).padStart(2, '0');
  const dd = String(d).padStart(2, '0');
  switch (style) {
    case 'us':
      return v('DATE_OF_BIRTH', rng.pick([`${mm}/${dd}/${y}`, `${m}/${d}/${y}`, `${MONTHS[m - 1]} ${d}, ${y}`, `${MONTHS_SHORT[m - 1]} ${d} ${y}`]));
    case 'eu':
      return v('DATE_OF_BIRTH', rng.pick([`${dd}/${mm}/${y}`, `${d} ${MONTHS[m - 1]} ${y}`, `${dd}-${MONTHS_SHORT[m - 1]}-${y}`]));
    case 'de':
      return v('DATE_OF_BIRTH', `${dd}.${mm}.${y}`);
    case 'iso':
      return v('DATE_OF_BIRTH', `${y}-${mm}-${dd}`);
    case 'hl7':
      return v('DATE_OF_BIRTH', `${y}${mm}${dd}`);
    default:
      return v('DATE_OF_BIRTH', dateOfBirth(rng));
  }
}

/** US cities, some with accents or Spanish names, with their state and the first three ZIP digits. */
const PLACES: readonly (readonly [string, string, string])[] = [
  ['San José', 'CA', '951'], ['Cañon City', 'CO', '812'], ['Española', 'NM', '875'], ['La Cañada Flintridge', 'CA', '910'],
  ['New Orleans', 'LA', '701'], ['Coral Gables', 'FL', '331'], ['Hialeah', 'FL', '330'], ['El Paso', 'TX', '799'],
  ['Santa Fe', 'NM', '875'], ['Laredo', 'TX', '780'], ['Chicago', 'IL', '606'], ['Queens', 'NY', '113'],
  ['Jersey City', 'NJ', '073'], ['Cambridge', 'MA', '021'], ['Ann Arbor', 'MI', '481'], ['Durham', 'NC', '277'],
  ['Tucson', 'AZ', '857'], ['Spokane', 'WA', '992'], ['Des Moines', 'IA', '503'], ['Savannah', 'GA', '314'],
  ['Fresno', 'CA', '937'], ['Bakersfield', 'CA', '933'], ['Lowell', 'MA', '018'], ['Paterson', 'NJ', '075'],
];
const STREETS = [
  'Calle Ocho', 'Avenida César Chávez', 'Paseo de Peralta', 'Camino del Río', 'Rue Royale', 'Calle Cañón', 'Via Lido',
  'Elm', 'Birch', 'Juniper', 'Kingsley', 'Old Mill', 'Chapel Hill', 'Bayshore', 'Greenwood', 'Quarry', 'Orchard',
  'Jackson', 'Kennedy', 'Prairie View', 'Ashford', 'Whitney', 'Wildflower', 'Fulton', 'Delancey',
];
const SUFFIXES = ['St', 'St.', 'Street', 'Ave', 'Ave.', 'Avenue', 'Rd', 'Road', 'Blvd', 'Dr', 'Drive', 'Ln', 'Ct', 'Way', 'Pkwy', 'Hwy', 'Trl', 'Cir'];
const STATE_NAMES: Record<string, string> = { CA: 'California', TX: 'Texas', NM: 'New Mexico', FL: 'Florida', NY: 'New York', MA: 'Massachusetts' };

/** A US postal address; `sep` joins the street line and the city line (", ", a newline, or a newline plus indentation). */
export function address(rng: Rng, sep = ', '): V {
  const [city, state, zip3] = rng.pick(PLACES);
  const name = rng.pick(STREETS);
  const spanish = /^(Calle|Avenida|Paseo|Camino|Rue|Via) /.test(name);
  const dir = !spanish && rng.chance(0.15) ? rng.pick(['N ', 'S. ', 'East ', 'W ']) : '';
  let street = `${rng.int(2, 12999)} ${dir}${name}${spanish ? '' : ' ' + rng.pick(SUFFIXES)}`;
  if (rng.chance(0.08)) street = `PO Box ${rng.int(10, 9999)}`;
  const unit = rng.chance(0.25) ? rng.pick([` Apt ${rng.int(1, 40)}${rng.pick(['', 'A', 'C'])}`, ` #${rng.int(2, 900)}`, `, Unit ${rng.int(1, 30)}`, `, Ste ${rng.int(100, 999)}`, ` Apt. ${rng.int(1, 9)}F`]) : '';
  const zip = `${zip3}${rng.digits(2)}${rng.chance(0.2) ? '-' + rng.digits(4) : ''}`;
  const st = STATE_NAMES[state] && rng.chance(0.15) ? STATE_NAMES[state] : state;
  const comma = rng.chance(0.8) ? ',' : '';
  return v('US_ADDRESS', `${street}${unit}${sep}${city}${comma} ${st} ${zip}`);
}

/** Addresses outside the US: never labelled US_ADDRESS. */
export function foreignAddress(rng: Rng): string {
  return rng.pick([
    `Calle de Alcalá ${rng.int(1, 200)}, 3º izq., 280${rng.digits(2)} Madrid`,
    `${rng.int(1, 90)} rue de la Roquette, 750${rng.int(10, 20)} Paris`,
    `Rua Augusta ${rng.int(1, 300)}, 1100-0${rng.digits(2)} Lisboa`,
    `Schönhauser Allee ${rng.int(1, 180)}, 10${rng.digits(3)} Berlin`,
    `Av. Paulista ${rng.int(100, 2000)}, São Paulo - SP, 01310-${rng.digits(3)}`,
    `ul. Marszałkowska ${rng.int(1, 150)}/${rng.int(1, 40)}, 00-${rng.digits(3)} Warszawa`,
    `Calle ${rng.int(1, 99)} #${rng.int(1, 99)}-${rng.int(1, 99)}, Bogotá`,
  ]);
}

const MONTH3 = MONTHS_SHORT;
/** A recent date that is not a birth date, in one of several styles. */
export function someDate(rng: Rng): string {
  const y = rng.int(2023, 2025);
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  const mm = String(m).padStart(2, '0');
  const dd = String(d).padStart(2, '0');
  return rng.pick([`${y}-${mm}-${dd}`, `${m}/${d}/${y}`, `${MONTH3[m - 1]} ${d}`, `${d} ${MONTHS[m - 1]} ${y}`, `${MONTHS[m - 1]} ${d}, ${y}`]);
}

export function isoTs(rng: Rng): string {
  const y = rng.int(2024, 2025);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${y}-${p(rng.int(1, 12))}-${p(rng.int(1, 28))}T${p(rng.int(0, 23))}:${p(rng.int(0, 59))}:${p(rng.int(0, 59))}.${rng.digits(3)}Z`;
}

export function hhmm(rng: Rng): string {
  return `${rng.int(0, 23)}:${String(rng.int(0, 59)).padStart(2, '0')}`;
}

export function money(rng: Rng): string {
  return rng.pick([`$${rng.int(5, 9999)}.${rng.digits(2)}`, `USD ${rng.int(100, 250000).toLocaleString('en-US')}.00`, `€${rng.int(10, 5000)},${rng.digits(2)}`, `${rng.int(20, 900)}.00 EUR`]);
}

export const sha = (rng: Rng, n = 40): string => rng.chars(HEX, n);
export const jiraKey = (rng: Rng): string => `${rng.pick(['PAY', 'OPS', 'SEC', 'CORE', 'HELP', 'BILL', 'INFRA', 'CX'])}-${rng.int(101, 9999)}`;
export const nm = (key: string, rng: Rng): string => {
  const f = NEAR_MISS[key];
  if (!f) throw new Error(`no near-miss ${key}`);
  return f(rng);
};

/**
 * Documentation addresses (RFC 5737, RFC 3849) and loopback: never labelled (docs/accuracy.md). A
 * private (RFC 1918) host address is a labelled IP_ADDRESS since 2026-11-28, so benign
 * documents draw only from these.
 */
export function unlabelledIp(rng: Rng): string {
  return rng.pick([
    `192.0.2.${rng.int(1, 254)}`,
    `198.51.100.${rng.int(1, 254)}`,
    `203.0.113.${rng.int(1, 254)}`,
    '127.0.0.1',
    '127.0.0.53',
    `2001:db8::${rng.int(1, 0xffff).toString(16)}`,
  ]);
}

export const COMPANY_DOMAINS = ['tallgrass.io', 'kestrelbank.com', 'mesaverde-health.org', 'quillandpine.co', 'lumenfreight.com', 'arbolcapital.mx', 'fernway.dev', 'oakhollowclinic.org', 'bluejay-insure.com', 'hansen-logistik.de'];
export const COMPANIES = ['Tallgrass Analytics', 'Kestrel Bank', 'Mesa Verde Health', 'Quill & Pine', 'Lumen Freight', 'Árbol Capital', 'Fernway', 'Oak Hollow Clinic', 'Bluejay Insurance', 'Hansen Logistik GmbH'];

export const hex = (rng: Rng, n: number): string => rng.chars(HEX, n);
export const b62 = (rng: Rng, n: number): string => rng.chars(BASE62, n);
export const b64 = (rng: Rng, n: number): string => rng.chars(BASE64, n);
export const lower = (rng: Rng, n: number): string => rng.chars(LOWER, n);
export const upper = (rng: Rng, n: number): string => rng.chars(UPPER, n);
export const digits = (rng: Rng, n: number): string => rng.chars(DIGITS, n);
