// Check-digit algorithms of national identifiers. Each takes the compact value (separators removed,
// letters in capitals) and is only called on values whose shape its regex has already checked.

export { luhnValid } from '../../financial/credit-card.js';

/** The digit at `i` as a number (ASCII digits only). */
export function digit(s: string, i: number): number {
  return s.charCodeAt(i) - 48;
}

/** Sum of digit × weight over the first `weights.length` characters from `from`. */
export function weighted(s: string, weights: readonly number[], from = 0): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += digit(s, from + i) * (weights[i] as number);
  return sum;
}

/** The remainder of a long digit string divided by `m`, without floating-point loss. */
export function mod(digits: string, m: number): number {
  let r = 0;
  for (let i = 0; i < digits.length; i++) r = (r * 10 + digit(digits, i)) % m;
  return r;
}

const ALNUM36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Luhn over base 36 (digits, then A-Z as 10-35), as the Indian GSTIN check character is. */
export function luhn36Valid(s: string): boolean {
  let sum = 0;
  for (let i = s.length - 1, double = false; i >= 0; i--, double = !double) {
    let v = ALNUM36.indexOf(s.charAt(i));
    if (double) v *= 2;
    sum += Math.floor(v / 36) + (v % 36);
  }
  return sum % 36 === 0;
}

// Verhoeff (dihedral group D5), used by Aadhaar: catches every single error and adjacent swap.
const D5 = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const PERMUTE = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

export function verhoeffValid(digits: string): boolean {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digit(digits, digits.length - 1 - i);
    c = (D5[c] as number[])[(PERMUTE[i % 8] as number[])[d] as number] as number;
  }
  return c === 0;
}

/** ISO 7064 MOD 11,10 over all but the last digit, compared with the last (German Steuer-ID). */
export function iso7064Mod11_10Valid(digits: string): boolean {
  let product = 10;
  for (let i = 0; i < digits.length - 1; i++) {
    let sum = (digit(digits, i) + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = (11 - product) % 10;
  return check === digit(digits, digits.length - 1);
}

/** Weighted sum mod 11 turned into a check digit as many registries do: 11 - r, where 10 is invalid and 11 is 0. */
export function mod11Check(sum: number): number {
  const c = 11 - (sum % 11);
  return c === 11 ? 0 : c; // 10 means no valid number has these digits
}

/** Day and month form a calendar date in the given full year (leap years included). */
export function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= (days[month - 1] as number);
}

/** A two-digit year, month and day that form a date in some century (29 February: any leap year). */
export function validShortDate(yy: number, month: number, day: number): boolean {
  return validDate(2000 + yy, month, day); // 20yy is a leap year exactly when some 19yy or 20yy is
}
