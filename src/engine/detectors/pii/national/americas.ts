import { digit, luhnValid, validShortDate, weighted } from './checks.js';
import { checked, NONE, SHAPE, type IdSpec } from './id-spec.js';

// National identifiers of the Americas (the US SSN is ssn.ts). Formats and check digits as the
// issuing agencies publish them.

const never = () => false;

/** ITIN: 9XX-YY-ZZZZ with the group YY in the ranges the IRS issues; no check digit. */
function itinGroup(group: number): boolean {
  return (group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group <= 92) || group >= 94;
}

const US_ITIN: IdSpec = {
  type: 'US_ITIN',
  category: 'PII',
  shape: '9\\d\\d-\\d\\d-\\d{4}|9\\d\\d \\d\\d \\d{4}|9\\d{8}',
  digits: [9, 9],
  check: (c) => (itinGroup(Number(c.slice(3, 5))) ? SHAPE : NONE),
  // Written with dashes it is as distinctive as an SSN so written (which ssn.ts reports alone).
  alone: (written) => written.includes('-'),
  cues: ['itin', 'individual taxpayer identification number', 'taxpayer identification number', 'tax id', 'TIN'],
};

const CA_SIN: IdSpec = {
  type: 'CA_SIN',
  category: 'PII',
  // Nine digits, printed 3-3-3, Luhn; none start with 0 or 8.
  shape: '[1-79]\\d\\d[- ]?\\d{3}[- ]?\\d{3}',
  digits: [9, 9],
  check: (c) => checked(luhnValid(c)),
  alone: never,
  cues: [
    'sin', 'sin number', 'sin no', 'social insurance number', 'social insurance no', "numéro d'assurance sociale",
    "numero d'assurance sociale", 'assurance sociale', 'NAS',
  ],
};

/** A Brazilian check digit: the weighted sum × 10 mod 11, where 10 counts as 0. */
function cpfDigit(c: string, weights: readonly number[]): number {
  return ((weighted(c, weights) * 10) % 11) % 10;
}

const BR_CPF: IdSpec = {
  type: 'BR_CPF',
  noiseExempt: true,
  category: 'PII',
  shape: '\\d{3}\\.\\d{3}\\.\\d{3}-\\d\\d|\\d{11}',
  digits: [11, 11],
  check: (c) =>
    checked(
      !/^(\d)\1+$/.test(c) &&
        cpfDigit(c, [10, 9, 8, 7, 6, 5, 4, 3, 2]) === digit(c, 9) &&
        cpfDigit(c, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === digit(c, 10),
    ),
  cues: ['cpf', 'cadastro de pessoas físicas', 'cadastro de pessoas fisicas', 'cpf/mf'],
};

function cnpjDigit(c: string, weights: readonly number[]): number {
  const r = weighted(c, weights) % 11;
  return r < 2 ? 0 : 11 - r;
}

const BR_CNPJ: IdSpec = {
  type: 'BR_CNPJ',
  noiseExempt: true,
  category: 'PII',
  shape: '\\d\\d\\.\\d{3}\\.\\d{3}/\\d{4}-\\d\\d|\\d{14}',
  digits: [14, 14],
  check: (c) =>
    checked(
      !/^(\d)\1+$/.test(c) &&
        cnpjDigit(c, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === digit(c, 12) &&
        cnpjDigit(c, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === digit(c, 13),
    ),
  cues: ['cnpj', 'cadastro nacional da pessoa jurídica', 'cadastro nacional da pessoa juridica'],
};

const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ';
/** Mexican states (and NE, born abroad) as CURP writes them. */
const CURP_STATES = 'AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE';

const MX_CURP: IdSpec = {
  type: 'MX_CURP',
  category: 'PII',
  // Four letters of the name, birth date YYMMDD, sex, state, three consonants, a century
  // character, and a check digit: (10 − Σ value × (18 − position) mod 10) mod 10.
  shape: `[A-Z][AEIOUX][A-Z]{2}\\d{6}[HMX](?:${CURP_STATES})[B-DF-HJ-NP-TV-Z]{3}[\\dA-Z]\\d`,
  digits: [7, 8],
  capitals: [4, 4],
  check(c) {
    if (!validShortDate(Number(c.slice(4, 6)), Number(c.slice(6, 8)), Number(c.slice(8, 10)))) return NONE;
    let sum = 0;
    for (let i = 0; i < 17; i++) sum += CURP_ALPHABET.indexOf(c.charAt(i)) * (18 - i);
    return checked((10 - (sum % 10)) % 10 === digit(c, 17));
  },
  cues: ['curp', 'clave única de registro de población', 'clave unica de registro de poblacion'],
};

export const AMERICAS: readonly IdSpec[] = [US_ITIN, CA_SIN, BR_CPF, BR_CNPJ, MX_CURP];
