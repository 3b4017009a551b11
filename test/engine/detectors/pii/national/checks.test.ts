import { describe, expect, it } from 'vitest';
import { iso7064Mod11_10Valid, luhn36Valid, validDate, validShortDate, verhoeffValid } from '../../../../../src/engine/detectors/pii/national/checks.js';

describe('national check algorithms', () => {
  it('Verhoeff catches a changed digit and a swap of neighbours', () => {
    expect(verhoeffValid('2363')).toBe(true); // 236 with its check digit 3, the algorithm's textbook case
    expect(verhoeffValid('2364')).toBe(false);
    expect(verhoeffValid('3263')).toBe(false);
  });

  it('ISO 7064 MOD 11,10 and Luhn mod 36 reject a changed last character', () => {
    // Check digits computed by hand from the definitions.
    expect(iso7064Mod11_10Valid('00000000001')).toBe(true); // ten zeros leave the product at 10: check 1
    expect(iso7064Mod11_10Valid('00000000002')).toBe(false);
    expect(luhn36Valid('A')).toBe(false);
    expect(luhn36Valid('0')).toBe(true);
  });

  it('knows calendar dates, leap years included', () => {
    expect(validDate(2024, 2, 29)).toBe(true);
    expect(validDate(2023, 2, 29)).toBe(false);
    expect(validDate(2023, 4, 31)).toBe(false);
    expect(validDate(2023, 13, 1)).toBe(false);
    expect(validShortDate(0, 2, 29)).toBe(true);
    expect(validShortDate(1, 2, 29)).toBe(false);
  });
});
