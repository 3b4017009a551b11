import { digit, luhn36Valid, validDate, verhoeffValid, weighted } from './checks.js';
import { checked, CHECKED, NONE, SHAPE, type IdSpec, type Validity } from './id-spec.js';

// National identifiers of Asia and Oceania. Formats and check digits as the issuing registries
// publish them; `alone` is set where the default (checked, and written with a separator or a
// letter) is wrong.

const never = () => false;

/**
 * Korean RRN and FRN: YYMMDD-GNNNNNC, G giving sex and century (1-4 citizens, 5-8 foreigners).
 * Numbers issued since October 2020 end in random digits, so a failed check still leaves a value
 * a cue can claim; a passed one may stand alone when written with its dash.
 */
function koreanRegistration(c: string): Validity {
  const g = digit(c, 6);
  const century = g === 1 || g === 2 || g === 5 || g === 6 ? 1900 : 2000;
  if (!validDate(century + Number(c.slice(0, 2)), Number(c.slice(2, 4)), Number(c.slice(4, 6)))) return NONE;
  const sum = weighted(c, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]);
  return (11 - (sum % 11)) % 10 === digit(c, 12) ? CHECKED : SHAPE;
}

const KR_RRN: IdSpec = {
  type: 'KR_RRN',
  category: 'PII',
  shape: '\\d{6}[- ]?[1-4]\\d{6}',
  digits: [13, 13],
  check: koreanRegistration,
  cues: ['주민등록번호', '주민번호', 'resident registration number', 'rrn', 'korean id'],
};

const KR_FRN: IdSpec = {
  type: 'KR_FRN',
  category: 'PII',
  shape: '\\d{6}[- ]?[5-8]\\d{6}',
  digits: [13, 13],
  check: koreanRegistration,
  cues: ['외국인등록번호', 'foreigner registration number', 'alien registration number', 'frn', 'FRN'],
};

const KR_BRN: IdSpec = {
  type: 'KR_BRN',
  category: 'PII',
  // NNN-NN-NNNNC: weights 1,3,7,1,3,7,1,3,5, plus the tens of 5 × the ninth digit.
  shape: '\\d{3}-?\\d\\d-?\\d{5}',
  digits: [10, 10],
  check(c) {
    const sum = weighted(c, [1, 3, 7, 1, 3, 7, 1, 3, 5]) + Math.floor((digit(c, 8) * 5) / 10);
    return checked((10 - (sum % 10)) % 10 === digit(c, 9));
  },
  alone: never,
  cues: ['사업자등록번호', '사업자번호', 'business registration number', 'brn', 'BRN'],
};

const TH: IdSpec = {
  type: 'TH_TNIN',
  category: 'PII',
  // Thirteen digits, printed 1-2345-67890-12-3; the last is (11 − weights 13…2 mod 11) mod 10.
  shape: '[1-8](?:-\\d{4}-\\d{5}-\\d\\d-\\d| \\d{4} \\d{5} \\d\\d \\d|\\d{12})',
  digits: [13, 13],
  check: (c) => checked((11 - (weighted(c, [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11)) % 10 === digit(c, 12)),
  cues: ['เลขประจำตัวประชาชน', 'บัตรประชาชน', 'thai id', 'thai national id', 'national id', 'citizen id', 'id card', 'tnin'],
};

const CN_CHECK = '10X98765432';

const CN: IdSpec = {
  type: 'CN_RESIDENT_ID',
  category: 'PII',
  // Region (6), birth date YYYYMMDD, sequence (3), ISO 7064 MOD 11-2 check (0-9 or X).
  shape: '[1-9]\\d{5}(?:18|19|20)\\d{9}[\\dX]',
  digits: [17, 18],
  check(c) {
    if (!validDate(Number(c.slice(6, 10)), Number(c.slice(10, 12)), Number(c.slice(12, 14)))) return NONE;
    const sum = weighted(c, [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]);
    return checked(CN_CHECK.charAt(sum % 11) === c.charAt(17));
  },
  alone: (_w, validity) => validity === CHECKED, // a birth date inside and an 11-way check
  cues: ['身份证', '身份证号', '居民身份证', 'resident identity card', 'resident id', 'chinese id', 'id card', 'national id'],
};

const JP: IdSpec = {
  type: 'JP_MY_NUMBER',
  category: 'PII',
  // Twelve digits; from the right, digit n (1-11) before the check weighs n+1 up to 6, then n−5.
  shape: '\\d{4}[- ]?\\d{4}[- ]?\\d{4}',
  digits: [12, 12],
  check(c) {
    let sum = 0;
    for (let n = 1; n <= 11; n++) sum += digit(c, 11 - n) * (n <= 6 ? n + 1 : n - 5);
    const r = sum % 11;
    return checked((r <= 1 ? 0 : 11 - r) === digit(c, 11));
  },
  alone: never,
  cues: ['マイナンバー', '個人番号', 'my number', 'mynumber', 'individual number'],
};

const IN_AADHAAR: IdSpec = {
  type: 'IN_AADHAAR',
  category: 'PII',
  // Twelve digits, never starting 0 or 1, printed 4-4-4; Verhoeff check.
  shape: '[2-9]\\d{3}(?: \\d{4} \\d{4}|-\\d{4}-\\d{4}|\\d{8})',
  digits: [12, 12],
  check: (c) => checked(verhoeffValid(c)),
  alone: never, // printed 4-4-4 like parcel tracking numbers, which pass Verhoeff one time in ten
  cues: ['aadhaar', 'aadhar', 'adhaar', 'आधार', 'uidai', 'UID', 'unique identification'],
};

/** The fourth letter of a PAN: the holder's kind (person, company, trust…). */
const PAN_HOLDER = '[ABCFGHLJPTK]';

const IN_PAN: IdSpec = {
  type: 'IN_PAN',
  category: 'PII',
  shape: `[A-Z]{3}${PAN_HOLDER}[A-Z]\\d{4}[A-Z]`,
  digits: [4, 4],
  capitals: [5, 5],
  check: () => SHAPE,
  cues: ['pan', 'pan card', 'pan no', 'pan number', 'permanent account number', 'income tax'],
};

const IN_GSTIN: IdSpec = {
  type: 'IN_GSTIN',
  category: 'PII',
  // State code, the holder's PAN, registration count, Z, and a Luhn mod 36 check character.
  shape: `\\d\\d[A-Z]{3}${PAN_HOLDER}[A-Z]\\d{4}[A-Z][1-9A-Z]Z[\\dA-Z]`,
  digits: [6, 8],
  check(c) {
    const state = Number(c.slice(0, 2));
    if (state < 1 || (state > 38 && state !== 97 && state !== 99)) return NONE;
    return checked(luhn36Valid(c));
  },
  cues: ['gstin', 'gst', 'gst number', 'gst no'],
};

const IN_VOTER: IdSpec = {
  type: 'IN_VOTER',
  category: 'PII',
  shape: '[A-Z]{3}\\d{7}',
  digits: [7, 7],
  capitals: [3, 3],
  check: () => SHAPE,
  cues: ['voter id', 'voter', 'voters id', 'epic', 'electoral', 'election commission', 'election card'],
};

/** Indian state and union-territory codes of vehicle registrations. */
const IN_STATES =
  'AN|AP|AR|AS|BR|CG|CH|DD|DL|DN|GA|GJ|HP|HR|JH|JK|KA|KL|LA|LD|MH|ML|MN|MP|MZ|NL|OD|OR|PB|PY|RJ|SK|TN|TR|TS|UK|UP|WB';

const IN_VEHICLE: IdSpec = {
  type: 'IN_VEHICLE_REGISTRATION',
  category: 'PII',
  // State, district (1-2 digits), series (0-3 letters), number (4 digits): KA 01 AB 1234, or BH series.
  shape: `(?:${IN_STATES})[ -]?\\d{1,2}[ -]?[A-Z]{0,3}[ -]?\\d{4}|\\d\\d[ -]?BH[ -]?\\d{4}[ -]?[A-Z]{1,2}`,
  digits: [5, 6],
  capitals: [0, 2],
  check: () => SHAPE,
  cues: [
    'vehicle', 'vehicle number', 'vehicle registration', 'registration number', 'registration no', 'reg no', 'number plate',
    'license plate', 'licence plate', 'rc number',
  ],
};

/** NRIC and FIN: a series letter, seven digits, a check letter from weights 2,7,6,5,4,3,2 and the series' offset. */
function sgCheck(c: string): Validity {
  const series = c.charAt(0);
  const sum = weighted(c, [2, 7, 6, 5, 4, 3, 2], 1) + (series === 'T' || series === 'G' ? 4 : series === 'M' ? 3 : 0);
  const table = series === 'S' || series === 'T' ? 'JZIHGFEDCBA' : series === 'M' ? 'XWUTRQPNJLK' : 'XWUTRQPNMLK';
  return checked(table.charAt(sum % 11) === c.charAt(8));
}

const SG_NRIC: IdSpec = {
  type: 'SG_NRIC_FIN',
  category: 'PII',
  shape: '[STFGM]\\d{7}[A-Z]',
  digits: [7, 7],
  capitals: [1, 1],
  check: sgCheck,
  cues: ['nric', 'FIN', 'identity card', 'ic number', 'ic no', 'singapore id'],
};

/** Entity types of the T/S/R-series UEN (ACRA). */
const UEN_ENTITY = new Set(
  'LP LL FC PF RF MQ MM NB CC CS MB FM GS DP CP NR CM CD MD HS VH CH MH CL XL CX HC RP TU TC FB FN PA PB SS MC SM GA GB'.split(' '),
);
const UEN_C_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWX0123456789';

function uenCheck(c: string): Validity {
  if (c.length === 9) return checked('XMKECAWLJDB'.charAt(weighted(c, [10, 4, 9, 3, 8, 2, 7, 1]) % 11) === c.charAt(8));
  if (/^\d/.test(c)) {
    return checked('ZKCMDNERGWH'.charAt(weighted(c, [10, 8, 6, 4, 9, 7, 5, 3, 1]) % 11) === c.charAt(9));
  }
  if (!UEN_ENTITY.has(c.slice(3, 5))) return NONE;
  const weights = [4, 3, 5, 3, 10, 2, 2, 5, 7];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += UEN_C_ALPHABET.indexOf(c.charAt(i)) * (weights[i] as number);
  return checked(UEN_C_ALPHABET.charAt((((sum - 5) % 11) + 11) % 11) === c.charAt(9));
}

const SG_UEN: IdSpec = {
  type: 'SG_UEN',
  category: 'PII',
  // Businesses: 8 digits and a letter; local companies: the year, 5 digits, a letter; others:
  // T/S/R, the year's last two digits, the entity type, 4 digits, a letter.
  shape: '\\d{8,9}[A-Z]|[TSR]\\d\\d[A-Z]{2}\\d{4}[A-Z]',
  digits: [6, 9],
  capitals: [0, 1],
  check: uenCheck,
  alone: (written, validity) => validity === CHECKED && /^[TSR]/.test(written),
  cues: ['uen', 'unique entity number', 'acra', 'business registration'],
};

const AU_ABN: IdSpec = {
  type: 'AU_ABN',
  category: 'PII',
  // Eleven digits, printed 2-3-3-3: subtract 1 from the first, weights 10,1,3,5…19, mod 89.
  shape: '[1-9]\\d \\d{3} \\d{3} \\d{3}|[1-9]\\d{10}',
  digits: [11, 11],
  check(c) {
    const sum = weighted(c, [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]) - 10; // the first digit less 1, weighted 10
    return checked(sum > 0 && sum % 89 === 0);
  },
  cues: ['abn', 'australian business number'],
};

const AU_ACN: IdSpec = {
  type: 'AU_ACN',
  category: 'PII',
  shape: '\\d{3} ?\\d{3} ?\\d{3}',
  digits: [9, 9],
  check: (c) => checked((10 - (weighted(c, [8, 7, 6, 5, 4, 3, 2, 1]) % 10)) % 10 === digit(c, 8)),
  alone: never,
  cues: ['acn', 'australian company number'],
};

const AU_TFN: IdSpec = {
  type: 'AU_TFN',
  category: 'PII',
  // Nine digits (older ones eight) whose weighted sum is a multiple of 11.
  shape: '\\d{3} ?\\d{3} ?\\d{2,3}',
  digits: [8, 9],
  check(c) {
    const weights = c.length === 9 ? [1, 4, 3, 7, 5, 8, 6, 9, 10] : [10, 7, 8, 4, 6, 3, 5, 1];
    return checked(weighted(c, weights) % 11 === 0);
  },
  alone: never,
  cues: ['tfn', 'tax file number', 'tax file no'],
};

const AU_MEDICARE: IdSpec = {
  type: 'AU_MEDICARE',
  category: 'PII',
  // Ten digits (2-6 first), printed 4-5-1, an optional individual reference; the ninth is weights 1,3,7,9 mod 10.
  shape: '[2-6]\\d{3} ?\\d{5} ?\\d(?:[ /-]?[1-9])?',
  digits: [10, 11],
  check: (c) => checked(weighted(c, [1, 3, 7, 9, 1, 3, 7, 9]) % 10 === digit(c, 8)),
  alone: never,
  cues: ['medicare', 'medicare number', 'medicare card', 'medicare no'],
};

export const ASIA_PACIFIC: readonly IdSpec[] = [
  KR_RRN, KR_FRN, KR_BRN, TH, CN, JP, IN_AADHAAR, IN_PAN, IN_GSTIN, IN_VOTER, IN_VEHICLE, SG_NRIC, SG_UEN, AU_ABN, AU_ACN,
  AU_TFN, AU_MEDICARE,
];
