import { digit, iso7064Mod11_10Valid, luhnValid, mod, mod11Check, validDate, validShortDate, weighted } from './checks.js';
import { checked, CHECKED, NONE, SHAPE, type IdSpec } from './id-spec.js';

// European national identifiers. Formats and check digits as the issuing registries publish them;
// `alone` is set where the default (checked, and written with a separator or a letter) is wrong.

const never = () => false;
const ifChecked = (_written: string, validity: number) => validity === CHECKED;

const FI_CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY';
/** The century sign: + for the 1800s, - and U-Y for the 1900s, A-F for the 2000s (the letters since 2023). */
function fiCentury(sign: string): number {
  if (sign === '+') return 1800;
  return sign === '-' || (sign >= 'U' && sign <= 'Y') ? 1900 : 2000;
}

const FI: IdSpec = {
  type: 'FI_PERSONAL_IDENTITY_CODE',
  category: 'PII',
  shape: '\\d{6}[-+A-FU-Y]\\d{3}[0-9A-FHJ-NPR-Y]',
  digits: [9, 10],
  check(_compact, w) {
    const year = fiCentury(w.charAt(6)) + Number(w.slice(4, 6));
    if (!validDate(year, Number(w.slice(2, 4)), Number(w.slice(0, 2)))) return NONE;
    const individual = Number(w.slice(7, 10));
    if (individual < 2 || individual > 899) return NONE;
    return checked(FI_CHECK.charAt(Number(w.slice(0, 6) + w.slice(7, 10)) % 31) === w.charAt(10));
  },
  cues: ['henkilötunnus', 'henkilotunnus', 'hetu', 'personbeteckning', 'personal identity code', 'finnish id'],
};

const SE: IdSpec = {
  type: 'SE_PERSONNUMMER',
  category: 'PII',
  // YYMMDD-NNNC (a + from the 100th birthday), or with the century: YYYYMMDD-NNNC, YYYYMMDDNNNC.
  shape: '(?:19|20)?\\d{6}[-+]?\\d{4}',
  digits: [10, 12],
  check(c) {
    const ten = c.slice(-10);
    const month = Number(ten.slice(2, 4));
    let day = Number(ten.slice(4, 6));
    if (day > 60) day -= 60; // a samordningsnummer adds 60 to the day
    const dated = c.length === 12 ? validDate(Number(c.slice(0, 4)), month, day) : validShortDate(Number(ten.slice(0, 2)), month, day);
    return dated ? checked(luhnValid(ten)) : NONE;
  },
  cues: ['personnummer', 'personnr', 'person nr', 'samordningsnummer', 'personal identity number', 'swedish id'],
};

const NO: IdSpec = {
  type: 'NO_FODSELSNUMMER',
  category: 'PII',
  shape: '\\d{6} ?\\d{5}',
  digits: [11, 11],
  check(c) {
    let day = Number(c.slice(0, 2));
    let month = Number(c.slice(2, 4));
    if (day > 40) day -= 40; // D-number
    if (month > 40) month -= 40; // H-number
    if (!validShortDate(Number(c.slice(4, 6)), month, day)) return NONE;
    const k1 = mod11Check(weighted(c, [3, 7, 6, 1, 8, 9, 4, 5, 2]));
    const k2 = mod11Check(weighted(c, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]));
    return checked(k1 === digit(c, 9) && k2 === digit(c, 10));
  },
  cues: ['fødselsnummer', 'fodselsnummer', 'foedselsnummer', 'personnummer', 'd-nummer', 'national identity number', 'birth number'],
};

const DK: IdSpec = {
  type: 'DK_CPR',
  category: 'PII',
  // DDMMYY-SSSS; the mod-11 check was given up in 2007, so only the date is checked.
  shape: '\\d{6}-?\\d{4}',
  digits: [10, 10],
  check: (c) => (validShortDate(Number(c.slice(4, 6)), Number(c.slice(2, 4)), Number(c.slice(0, 2))) ? SHAPE : NONE),
  cues: ['cpr', 'cpr-nummer', 'cpr nr', 'cpr-nr', 'personnummer', 'danish personal id'],
};

const NL: IdSpec = {
  type: 'NL_BSN',
  category: 'PII',
  shape: '\\d{9}|\\d{4}\\.\\d\\d\\.\\d{3}|\\d{3} \\d{3} \\d{3}',
  digits: [9, 9],
  // The "11-proef": 9·d1 + 8·d2 + … + 2·d8 − d9 is a multiple of 11.
  check: (c) => checked(c !== '000000000' && (weighted(c, [9, 8, 7, 6, 5, 4, 3, 2]) - digit(c, 8)) % 11 === 0),
  alone: never,
  cues: ['bsn', 'burgerservicenummer', 'sofinummer', 'sofi-nummer', 'citizen service number'],
};

const FR: IdSpec = {
  type: 'FR_NIR',
  category: 'PII',
  // Sex, year, month (20, 30-42 and 50-99 for unknown or provisional), département (2A/2B for
  // Corsica), commune, order number, and the key 97 − (number mod 97): 1 84 12 76 451 089 46.
  shape: '[1-478] ?\\d\\d ?(?:0[1-9]|1[0-2]|[2-9]\\d) ?(?:\\d\\d|2[AB]) ?\\d{3} ?\\d{3} ?\\d\\d',
  digits: [13, 15],
  check(c) {
    const department = c.slice(5, 7);
    const corsica = department === '2A' ? '19' : department === '2B' ? '18' : department;
    const number = c.slice(0, 5) + corsica + c.slice(7, 13);
    return checked(97 - mod(number, 97) === Number(c.slice(13, 15)));
  },
  alone: ifChecked, // a two-digit key: fifteen bare digits pass it by chance once in 97
  cues: [
    'nir', 'numéro de sécurité sociale', 'numero de securite sociale', 'sécurité sociale', 'securite sociale',
    'insee', 'carte vitale', 'social security number',
  ],
};

const BE: IdSpec = {
  type: 'BE_NATIONAL_NUMBER',
  noiseExempt: true,
  category: 'PII',
  // YY.MM.DD-SSS.CC; the check is 97 − (first nine digits mod 97), with a 2 before them for
  // births from 2000. Month and day may be 0 (unknown); a bis number adds 20 or 40 to the month.
  shape: '\\d\\d\\.?\\d\\d\\.?\\d\\d[-. ]?\\d{3}\\.?\\d\\d',
  digits: [11, 11],
  check(c) {
    const month = Number(c.slice(2, 4)) % 20;
    if (month > 12 || Number(c.slice(4, 6)) > 31) return NONE;
    const base = c.slice(0, 9);
    const key = Number(c.slice(9, 11));
    return checked(97 - mod(base, 97) === key || 97 - mod(`2${base}`, 97) === key);
  },
  cues: [
    'rijksregisternummer', 'rijksregister', 'registre national', 'numéro national', 'numero national', 'national number',
    'national register number', 'insz', 'niss',
  ],
};

/** Steuer-ID: among the first ten digits exactly one occurs twice or three times (never three in a row). */
function steuerIdDigits(c: string): boolean {
  const counts = new Uint8Array(10);
  for (let i = 0; i < 10; i++) counts[digit(c, i)] = (counts[digit(c, i)] as number) + 1;
  const repeated = [...counts].filter((n) => n > 1);
  if (repeated.length !== 1 || (repeated[0] as number) > 3) return false;
  return !/(\d)\1\1/.test(c.slice(0, 10));
}

const DE_TAX: IdSpec = {
  type: 'DE_TAX_ID',
  category: 'PII',
  shape: '[1-9]\\d{10}|[1-9]\\d \\d{3} \\d{3} \\d{3}',
  digits: [11, 11],
  check: (c) => checked(steuerIdDigits(c) && iso7064Mod11_10Valid(c)),
  cues: [
    'steuer-id', 'steuerid', 'steuer-identifikationsnummer', 'steueridentifikationsnummer', 'identifikationsnummer',
    'steuerliche identifikationsnummer', 'idnr', 'tax id', 'tax identification number', 'TIN',
  ],
};

const DE_KVNR: IdSpec = {
  type: 'DE_KVNR',
  category: 'PII',
  // A letter and nine digits; the letter counts as its two-digit place in the alphabet, then
  // factors 1, 2, 1, 2… with the digit sum of each product, mod 10 (§ 290 SGB V).
  shape: '[A-Z]\\d{9}',
  digits: [9, 9],
  capitals: [1, 1],
  check(c) {
    const effective = String(c.charCodeAt(0) - 64).padStart(2, '0') + c.slice(1, 9);
    let sum = 0;
    for (let i = 0; i < 10; i++) {
      const p = digit(effective, i) * (i % 2 === 0 ? 1 : 2);
      sum += p > 9 ? p - 9 : p;
    }
    return checked(sum % 10 === digit(c, 9));
  },
  alone: never,
  cues: [
    'krankenversichertennummer', 'krankenversicherungsnummer', 'versichertennummer', 'kvnr', 'krankenkasse',
    'krankenversicherung', 'gesundheitskarte', 'egk', 'health insurance number', 'insurance number',
  ],
};

const DE_LANR: IdSpec = {
  type: 'DE_LANR',
  category: 'PII',
  // Six digits, a check digit (weights 4, 9 alternating), two digits of the specialty group.
  shape: '\\d{9}',
  digits: [9, 9],
  check: (c) => checked(c !== '000000000' && (10 - (weighted(c, [4, 9, 4, 9, 4, 9]) % 10)) % 10 === digit(c, 6)),
  cues: ['lanr', 'arztnummer', 'lebenslange arztnummer', 'arzt-nr', 'physician number', 'doctor number'],
};

/** The regions of the Kassenärztliche Vereinigungen: the first two digits of a BSNR. */
const KV_REGIONS = new Set(['01', '02', '03', '17', '20', '38', '46', '51', '52', '61', '71', '72', '73', '78', '79', '83', '88', '93', '98']);

const DE_BSNR: IdSpec = {
  type: 'DE_BSNR',
  category: 'PII',
  shape: '\\d{9}',
  digits: [9, 9],
  check: (c) => (KV_REGIONS.has(c.slice(0, 2)) ? SHAPE : NONE),
  cues: ['bsnr', 'betriebsstättennummer', 'betriebsstaettennummer', 'practice number', 'practice site number'],
};

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** Written with a space before the letter, the digits may be any number followed by a one-letter word. */
const notSpaced = (written: string, validity: number) => validity === CHECKED && !written.includes(' ');

const ES_NIF: IdSpec = {
  type: 'ES_NIF',
  category: 'PII',
  noiseExempt: true, // 12.345.678-Z is no version with a pre-release part
  // DNI: eight digits and a letter (the number mod 23); K, L and M NIFs: a letter, seven digits, a letter.
  shape: '\\d{8}[- ]?[A-Z]|\\d\\d\\.\\d{3}\\.\\d{3}[- ]?[A-Z]|[KLM]\\d{7}[A-Z]',
  digits: [7, 8],
  capitals: [0, 1],
  check(c) {
    const number = /^[KLM]/.test(c) ? c.slice(1, 8) : c.slice(0, 8);
    return checked(DNI_LETTERS.charAt(Number(number) % 23) === c.charAt(c.length - 1));
  },
  alone: notSpaced,
  cues: [
    'dni', 'nif', 'documento nacional de identidad', 'número de identificación fiscal',
    'numero de identificacion fiscal', 'spanish id',
  ],
};

const ES_NIE: IdSpec = {
  type: 'ES_NIE',
  category: 'PII',
  // X, Y or Z (read as 0, 1, 2), seven digits, the DNI letter of that number.
  shape: '[XYZ][- ]?\\d{7}[- ]?[A-Z]',
  digits: [7, 7],
  capitals: [1, 1],
  check: (c) => checked(DNI_LETTERS.charAt(Number('XYZ'.indexOf(c.charAt(0)) + c.slice(1, 8)) % 23) === c.charAt(8)),
  alone: notSpaced,
  cues: [
    'NIE', 'número de identidad de extranjero', 'numero de identidad de extranjero', 'tarjeta de residencia',
    'foreigner identity number',
  ],
};

// Codice fiscale: digits may be replaced by letters (omocodia) when two people share a code.
const OMOCODIA = 'LMNPQRSTUV';
const CF_MONTHS = 'ABCDEHLMPRST';
/** Value of a letter or digit at an odd (1st, 3rd…) place; digits count as the letters A-J. */
const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

function cfNumber(c: string, at: number): number {
  const ch = c.charAt(at);
  return ch >= '0' && ch <= '9' ? Number(ch) : OMOCODIA.indexOf(ch);
}

function cfValue(ch: string, odd: boolean): number {
  const code = ch.charCodeAt(0);
  const index = code <= 57 ? code - 48 : code - 65;
  return odd ? (CF_ODD[index] as number) : index;
}

const IT_CF: IdSpec = {
  type: 'IT_FISCAL_CODE',
  category: 'PII',
  shape: '[A-Z]{6}[\\dLMNP-V]{2}[ABCDEHLMPRST][\\dLMNP-V]{2}[A-Z][\\dLMNP-V]{3}[A-Z]',
  digits: [1, 7], // some of its seven may be written as letters (omocodia)
  capitals: [6, 6],
  check(c) {
    let day = cfNumber(c, 9) * 10 + cfNumber(c, 10);
    if (day > 40) day -= 40; // women's codes add 40 to the day
    if (!validShortDate(cfNumber(c, 6) * 10 + cfNumber(c, 7), CF_MONTHS.indexOf(c.charAt(8)) + 1, day)) return NONE;
    let sum = 0;
    for (let i = 0; i < 15; i++) sum += cfValue(c.charAt(i), i % 2 === 0);
    return checked(String.fromCharCode(65 + (sum % 26)) === c.charAt(15));
  },
  cues: ['codice fiscale', 'cod. fiscale', 'cod fisc', 'fiscal code', 'tax code', 'CF', 'C.F.'],
};

/** Provincial office codes of a partita IVA (digits 8-10). */
function vatOffice(n: number): boolean {
  return (n >= 1 && n <= 100) || n === 120 || n === 121 || n === 888 || n === 999;
}

const IT_VAT: IdSpec = {
  type: 'IT_VAT_CODE',
  category: 'PII',
  shape: '(?:IT ?)?\\d{11}',
  digits: [11, 11],
  capitals: [0, 2],
  check(c) {
    const n = c.startsWith('IT') ? c.slice(2) : c;
    if (/^0{7}/.test(n) || !vatOffice(Number(n.slice(7, 10)))) return NONE;
    return checked(luhnValid(n));
  },
  cues: ['partita iva', 'p.iva', 'p. iva', 'piva', 'partita i.v.a.', 'VAT', 'vat number', 'vat no', 'IVA'],
};

const IT_ID_CARD: IdSpec = {
  type: 'IT_IDENTITY_CARD',
  category: 'PII',
  // Electronic card (CIE): two letters, five digits, two letters; paper card: two letters, seven digits.
  shape: '[A-Z]{2}\\d{5}[A-Z]{2}|[A-Z]{2} ?\\d{7}',
  digits: [5, 7],
  capitals: [2, 2],
  check: () => SHAPE,
  cues: ["carta d'identità", "carta d'identita", 'carta di identità', 'carta di identita', 'identity card', 'id card', 'CIE', 'documento di identità'],
};

/** PESEL months carry the century: +80 for the 1800s, +0, +20, +40, +60 from 1900. */
const PESEL_CENTURY = [1900, 2000, 2100, 2200, 1800];

const PL_PESEL: IdSpec = {
  type: 'PL_PESEL',
  category: 'PII',
  shape: '\\d{11}',
  digits: [11, 11],
  check(c) {
    const mm = Number(c.slice(2, 4));
    const year = (PESEL_CENTURY[Math.floor(mm / 20)] ?? 0) + Number(c.slice(0, 2));
    if (!validDate(year, mm % 20, Number(c.slice(4, 6)))) return NONE;
    return checked((10 - (weighted(c, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10 === digit(c, 10));
  },
  cues: ['pesel', 'numer pesel'],
};

const PL_NIP: IdSpec = {
  type: 'PL_NIP',
  category: 'PII',
  shape: '(?:PL ?)?(?:\\d{10}|\\d{3}-\\d{3}-\\d\\d-\\d\\d|\\d{3}-\\d\\d-\\d\\d-\\d{3})',
  digits: [10, 10],
  capitals: [0, 2],
  check(c) {
    const n = c.startsWith('PL') ? c.slice(2) : c;
    const r = weighted(n, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
    return checked(r !== 10 && r === digit(n, 9));
  },
  alone: (written, validity) => validity === CHECKED && written.startsWith('PL'),
  cues: ['nip', 'numer identyfikacji podatkowej', 'identyfikacji podatkowej', 'tax id', 'VAT'],
};

const TR: IdSpec = {
  type: 'TR_TCKN',
  category: 'PII',
  // Eleven digits, not starting with 0: d10 = (7·(d1+d3+d5+d7+d9) − (d2+d4+d6+d8)) mod 10, d11 = sum of d1-d10 mod 10.
  shape: '[1-9]\\d{10}',
  digits: [11, 11],
  check(c) {
    const odd = digit(c, 0) + digit(c, 2) + digit(c, 4) + digit(c, 6) + digit(c, 8);
    const even = digit(c, 1) + digit(c, 3) + digit(c, 5) + digit(c, 7);
    const d10 = (((odd * 7 - even) % 10) + 10) % 10;
    return checked(d10 === digit(c, 9) && (odd + even + d10) % 10 === digit(c, 10));
  },
  cues: [
    'tc kimlik', 't.c. kimlik', 'kimlik no', 'kimlik numarası', 'kimlik numarasi', 'tckn', 'tc no',
    'vatandaşlık numarası', 'turkish identity number', 'turkish id',
  ],
};

const UK_NHS: IdSpec = {
  type: 'UK_NHS',
  category: 'PII',
  // Ten digits, printed 3-3-4; the last is 11 − (weights 10…2 mod 11), never 10.
  shape: '\\d{3}[- ]?\\d{3}[- ]?\\d{4}',
  digits: [10, 10],
  check(c) {
    const k = mod11Check(weighted(c, [10, 9, 8, 7, 6, 5, 4, 3, 2]));
    return checked(k !== 10 && k === digit(c, 9));
  },
  alone: never, // printed like a phone number, and one random number in eleven passes
  cues: ['nhs', 'nhs number', 'nhs no', 'national health service'],
};

/** Prefixes HMRC never issues, besides those the first and second letter rules exclude. */
const NINO_NOT_ISSUED = new Set(['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ']);

const UK_NINO: IdSpec = {
  type: 'UK_NINO',
  category: 'PII',
  // Two letters (not D, F, I, Q, U, V; the second not O), six digits, A-D: QQ 12 34 56 C.
  shape: '[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\\d\\d ?\\d\\d ?\\d\\d ?[A-D]',
  digits: [6, 6],
  capitals: [2, 2],
  check: (c) => (NINO_NOT_ISSUED.has(c.slice(0, 2)) ? NONE : SHAPE),
  cues: ['national insurance', 'nino', 'ni number', 'ni no', 'NI', 'insurance number'],
};

export const EUROPE: readonly IdSpec[] = [
  FI, SE, NO, DK, NL, FR, BE, DE_TAX, DE_KVNR, DE_LANR, DE_BSNR, ES_NIF, ES_NIE, IT_CF, IT_VAT, IT_ID_CARD, PL_PESEL,
  PL_NIP, TR, UK_NHS, UK_NINO,
];
