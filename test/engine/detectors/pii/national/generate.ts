// Valid national identifiers made up for the tests: each computes its check digits forward, from
// the published algorithm, independently of the validators under test (which only verify).
import { prng } from '../../../helpers.js';

export type Rand = () => number;
export const seeded = (seed: number): Rand => prng(seed);

const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const digits = (r: Rand, n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('');
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const sumWeighted = (s: string, w: readonly number[]) => w.reduce((acc, x, i) => acc + Number(s[i]) * x, 0);
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[int(r, 0, xs.length - 1)] as T;

/** A date safe in every month: day 1-28. */
function date(r: Rand): { yy: string; mm: string; dd: string; yyyy: string } {
  const year = int(r, 1950, 2015);
  return { yyyy: String(year), yy: pad(year % 100, 2), mm: pad(int(r, 1, 12), 2), dd: pad(int(r, 1, 28), 2) };
}

export function luhnDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0 && (d *= 2) > 9) d -= 9; // the check digit will sit right of body
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Retries `make` until it returns a value (some bodies have no valid check digit). */
function retry(make: () => string | null): string {
  for (;;) {
    const v = make();
    if (v !== null) return v;
  }
}

export const make = {
  fi(r: Rand): string {
    const d = date(r);
    const sign = Number(d.yyyy) >= 2000 ? 'A' : '-';
    const individual = pad(int(r, 2, 899), 3);
    const check = '0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(d.dd + d.mm + d.yy + individual) % 31];
    return `${d.dd}${d.mm}${d.yy}${sign}${individual}${check}`;
  },
  se(r: Rand): string {
    const d = date(r);
    const body = d.yy + d.mm + d.dd + digits(r, 3);
    return `${body.slice(0, 6)}-${body.slice(6)}${luhnDigit(body)}`;
  },
  no(r: Rand): string {
    return retry(() => {
      const d = date(r);
      const body = d.dd + d.mm + d.yy + digits(r, 3);
      const k1 = (11 - (sumWeighted(body, [3, 7, 6, 1, 8, 9, 4, 5, 2]) % 11)) % 11;
      if (k1 === 10) return null;
      const k2 = (11 - (sumWeighted(body + k1, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
      return k2 === 10 ? null : `${body}${k1}${k2}`;
    });
  },
  dk(r: Rand): string {
    const d = date(r);
    return `${d.dd}${d.mm}${d.yy}-${digits(r, 4)}`;
  },
  nl(r: Rand): string {
    return retry(() => {
      const body = String(int(r, 1, 9)) + digits(r, 7);
      const last = sumWeighted(body, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
      return last === 10 ? null : body + last;
    });
  },
  fr(r: Rand): string {
    const d = date(r);
    const number = `${int(r, 1, 2)}${d.yy}${d.mm}${pad(int(r, 1, 95), 2)}${digits(r, 3)}${pad(int(r, 1, 999), 3)}`;
    const key = 97 - Number(BigInt(number) % 97n);
    return `${number}${pad(key, 2)}`;
  },
  be(r: Rand): string {
    const d = date(r);
    const base = `${d.yy}${d.mm}${d.dd}${pad(int(r, 1, 997), 3)}`;
    const key = 97 - (Number(Number(d.yyyy) >= 2000 ? `2${base}` : base) % 97);
    return `${base.slice(0, 2)}.${base.slice(2, 4)}.${base.slice(4, 6)}-${base.slice(6)}.${pad(key, 2)}`;
  },
  deTax(r: Rand): string {
    return retry(() => {
      const pool = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].sort(() => r() - 0.5).slice(0, 9);
      const body = [...pool, pool[int(r, 1, 8)] as number].sort(() => r() - 0.5).join('');
      if (body[0] === '0' || /(\d)\1/.test(body)) return null;
      let product = 10;
      for (const ch of body) {
        let sum = (Number(ch) + product) % 10;
        if (sum === 0) sum = 10;
        product = (sum * 2) % 11;
      }
      return body + ((11 - product) % 10);
    });
  },
  deKvnr(r: Rand): string {
    const letter = String.fromCharCode(65 + int(r, 0, 25));
    const body = digits(r, 8);
    const effective = pad(letter.charCodeAt(0) - 64, 2) + body;
    let sum = 0;
    for (let i = 0; i < 10; i++) {
      const p = Number(effective[i]) * (i % 2 ? 2 : 1);
      sum += Math.floor(p / 10) + (p % 10);
    }
    return `${letter}${body}${sum % 10}`;
  },
  deLanr(r: Rand): string {
    const body = digits(r, 6);
    return `${body}${(10 - (sumWeighted(body, [4, 9, 4, 9, 4, 9]) % 10)) % 10}${digits(r, 2)}`;
  },
  deBsnr(r: Rand): string {
    return pick(r, ['01', '17', '20', '38', '46', '52', '71', '93']) + digits(r, 7);
  },
  esNif(r: Rand): string {
    const n = digits(r, 8);
    return n + 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(n) % 23];
  },
  esNie(r: Rand): string {
    const prefix = int(r, 0, 2);
    const n = digits(r, 7);
    return 'XYZ'[prefix] + n + 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(`${prefix}${n}`) % 23];
  },
  itCf(r: Rand): string {
    const letters = () => String.fromCharCode(65 + int(r, 0, 25));
    const d = date(r);
    const day = Number(d.dd) + (r() < 0.5 ? 40 : 0);
    const body =
      Array.from({ length: 6 }, letters).join('') + d.yy + 'ABCDEHLMPRST'[Number(d.mm) - 1] + pad(day, 2) + letters() + digits(r, 3);
    const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
    let sum = 0;
    for (let i = 0; i < 15; i++) {
      const c = body.charCodeAt(i);
      const v = c <= 57 ? c - 48 : c - 65;
      sum += i % 2 === 0 ? (odd[v] as number) : v;
    }
    return body + String.fromCharCode(65 + (sum % 26));
  },
  itVat(r: Rand): string {
    const body = digits(r, 6) + String(int(r, 1, 9)) + pad(int(r, 1, 100), 3);
    return body + luhnDigit(body);
  },
  itIdCard(r: Rand): string {
    const L = () => String.fromCharCode(65 + int(r, 0, 25));
    return `CA${digits(r, 5)}${L()}${L()}`;
  },
  plPesel(r: Rand): string {
    const d = date(r);
    const mm = Number(d.mm) + (Number(d.yyyy) >= 2000 ? 20 : 0);
    const body = d.yy + pad(mm, 2) + d.dd + digits(r, 4);
    return body + ((10 - (sumWeighted(body, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10);
  },
  plNip(r: Rand): string {
    return retry(() => {
      const body = String(int(r, 1, 9)) + digits(r, 8);
      const check = sumWeighted(body, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
      return check === 10 ? null : body + check;
    });
  },
  tr(r: Rand): string {
    const d = String(int(r, 1, 9)) + digits(r, 8);
    const n = [...d].map(Number);
    const odd = (n[0] ?? 0) + (n[2] ?? 0) + (n[4] ?? 0) + (n[6] ?? 0) + (n[8] ?? 0);
    const even = (n[1] ?? 0) + (n[3] ?? 0) + (n[5] ?? 0) + (n[7] ?? 0);
    const d10 = (((7 * odd - even) % 10) + 10) % 10;
    return `${d}${d10}${(odd + even + d10) % 10}`;
  },
  ukNhs(r: Rand): string {
    return retry(() => {
      const body = digits(r, 9);
      const check = (11 - (sumWeighted(body, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
      return check === 10 ? null : `${body.slice(0, 3)} ${body.slice(3, 6)} ${body.slice(6)}${check}`;
    });
  },
  ukNino(r: Rand): string {
    return `${pick(r, ['AB', 'JG', 'PR', 'WE', 'ZA'])} ${digits(r, 2)} ${digits(r, 2)} ${digits(r, 2)} ${pick(r, ['A', 'B', 'C', 'D'])}`;
  },
  krRrn(r: Rand, foreigner = false): string {
    const d = date(r);
    const g = (Number(d.yyyy) >= 2000 ? 3 : 1) + int(r, 0, 1) + (foreigner ? 4 : 0);
    const body = d.yy + d.mm + d.dd + g + digits(r, 5);
    const check = (11 - (sumWeighted(body, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]) % 11)) % 10;
    return `${body.slice(0, 6)}-${body.slice(6)}${check}`;
  },
  krBrn(r: Rand): string {
    const body = digits(r, 9);
    const sum = sumWeighted(body, [1, 3, 7, 1, 3, 7, 1, 3, 5]) + Math.floor((Number(body[8]) * 5) / 10);
    const n = body + ((10 - (sum % 10)) % 10);
    return `${n.slice(0, 3)}-${n.slice(3, 5)}-${n.slice(5)}`;
  },
  th(r: Rand): string {
    const body = String(int(r, 1, 8)) + digits(r, 11);
    const n = body + ((11 - (sumWeighted(body, [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11)) % 10);
    return `${n[0]}-${n.slice(1, 5)}-${n.slice(5, 10)}-${n.slice(10, 12)}-${n[12]}`;
  },
  cn(r: Rand): string {
    const d = date(r);
    const body = `${pick(r, ['110105', '310104', '440305', '510107'])}${d.yyyy}${d.mm}${d.dd}${digits(r, 3)}`;
    return body + '10X98765432'[sumWeighted(body, [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]) % 11];
  },
  jp(r: Rand): string {
    const body = digits(r, 11);
    let sum = 0;
    for (let n = 1; n <= 11; n++) sum += Number(body[11 - n]) * (n <= 6 ? n + 1 : n - 5);
    const rem = sum % 11;
    const n = body + (rem <= 1 ? 0 : 11 - rem);
    return `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8)}`;
  },
  aadhaar(r: Rand): string {
    const d = [
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
      [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
      [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
      [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
    ];
    const p = [
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
      [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
      [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
    ];
    const inverse = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];
    const body = String(int(r, 2, 9)) + digits(r, 10);
    let c = 0;
    for (let i = 0; i < body.length; i++) c = d[c]![p[(i + 1) % 8]![Number(body[body.length - 1 - i])]!]!;
    const n = body + inverse[c];
    return `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8)}`;
  },
  pan(r: Rand): string {
    const L = () => String.fromCharCode(65 + int(r, 0, 25));
    return `${L()}${L()}${L()}P${L()}${digits(r, 4)}${L()}`;
  },
  gstin(r: Rand): string {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const body = `${pad(int(r, 1, 37), 2)}${make.pan(r).replace(/^(...)P/, '$1C')}${int(r, 1, 9)}Z`;
    let sum = 0;
    for (let i = 0; i < body.length; i++) {
      const v = alphabet.indexOf(body[body.length - 1 - i] as string) * (i % 2 === 0 ? 2 : 1);
      sum += Math.floor(v / 36) + (v % 36);
    }
    return body + alphabet[(36 - (sum % 36)) % 36];
  },
  voter(r: Rand): string {
    const L = () => String.fromCharCode(65 + int(r, 0, 25));
    return `${L()}${L()}${L()}${digits(r, 7)}`;
  },
  vehicle(r: Rand): string {
    return `${pick(r, ['KA', 'MH', 'DL', 'TN'])} ${pad(int(r, 1, 99), 2)} ${pick(r, ['AB', 'C', 'XYZ'])} ${pad(int(r, 1, 9999), 4)}`;
  },
  nric(r: Rand): string {
    const series = pick(r, ['S', 'T', 'F', 'G', 'M']);
    const body = digits(r, 7);
    const offset = series === 'T' || series === 'G' ? 4 : series === 'M' ? 3 : 0;
    const rem = (sumWeighted(body, [2, 7, 6, 5, 4, 3, 2]) + offset) % 11;
    const table = 'ST'.includes(series) ? 'JZIHGFEDCBA' : series === 'M' ? 'XWUTRQPNJLK' : 'XWUTRQPNMLK';
    return series + body + table[rem];
  },
  uen(r: Rand): string {
    const body = digits(r, 8);
    return body + 'XMKECAWLJDB'[sumWeighted(body, [10, 4, 9, 3, 8, 2, 7, 1]) % 11];
  },
  abn(r: Rand): string {
    return retry(() => {
      const tail = digits(r, 9);
      for (let lead = 10; lead <= 99; lead++) {
        const n = `${lead}${tail}`;
        const sum = sumWeighted(n, [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]) - 10;
        if (sum % 89 === 0) return `${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5, 8)} ${n.slice(8)}`;
      }
      return null;
    });
  },
  acn(r: Rand): string {
    const body = digits(r, 8);
    const n = body + ((10 - (sumWeighted(body, [8, 7, 6, 5, 4, 3, 2, 1]) % 10)) % 10);
    return `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
  },
  tfn(r: Rand): string {
    return retry(() => {
      const body = digits(r, 8);
      const rest = sumWeighted(body, [1, 4, 3, 7, 5, 8, 6, 9]) % 11;
      for (let last = 0; last <= 9; last++) if ((rest + last * 10) % 11 === 0) return `${body.slice(0, 3)} ${body.slice(3, 6)} ${body.slice(6)}${last}`;
      return null;
    });
  },
  medicare(r: Rand): string {
    const body = String(int(r, 2, 6)) + digits(r, 7);
    return `${body.slice(0, 4)} ${body.slice(4)}${sumWeighted(body, [1, 3, 7, 9, 1, 3, 7, 9]) % 10} ${int(r, 1, 9)}`;
  },
  itin(r: Rand): string {
    return `9${digits(r, 2)}-${pick(r, ['70', '78', '88', '90', '94', '99', '50', '65'])}-${digits(r, 4)}`;
  },
  sin(r: Rand): string {
    const body = String(pick(r, [1, 2, 3, 4, 5, 6, 7, 9])) + digits(r, 7);
    const n = body + luhnDigit(body);
    return `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`;
  },
  cpf(r: Rand): string {
    const body = digits(r, 9);
    const d1 = ((sumWeighted(body, [10, 9, 8, 7, 6, 5, 4, 3, 2]) * 10) % 11) % 10;
    const d2 = ((sumWeighted(body + d1, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) * 10) % 11) % 10;
    return `${body.slice(0, 3)}.${body.slice(3, 6)}.${body.slice(6)}-${d1}${d2}`;
  },
  cnpj(r: Rand): string {
    const body = digits(r, 8) + '0001';
    const k = (s: number) => (s % 11 < 2 ? 0 : 11 - (s % 11));
    const d1 = k(sumWeighted(body, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
    const d2 = k(sumWeighted(body + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
    return `${body.slice(0, 2)}.${body.slice(2, 5)}.${body.slice(5, 8)}/${body.slice(8)}-${d1}${d2}`;
  },
  curp(r: Rand): string {
    const alphabet = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ';
    const L = () => String.fromCharCode(65 + int(r, 0, 25));
    const consonant = () => pick(r, [...'BCDFGHJKLMNPQRSTVWXZ']);
    const d = date(r);
    const body = `${L()}${pick(r, [...'AEIOU'])}${L()}${L()}${d.yy}${d.mm}${d.dd}${pick(r, ['H', 'M'])}${pick(r, ['DF', 'JC', 'NL', 'VZ'])}${consonant()}${consonant()}${consonant()}${Number(d.yyyy) >= 2000 ? 'A' : '0'}`;
    let sum = 0;
    for (let i = 0; i < 17; i++) sum += alphabet.indexOf(body[i] as string) * (18 - i);
    return body + ((10 - (sum % 10)) % 10);
  },
};
