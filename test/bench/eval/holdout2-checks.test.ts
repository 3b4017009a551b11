// The second held-out corpus's own checks, against published test vectors.
import { describe, expect, it } from 'vitest';
import {
  abaDigit, abaOk, base58check, base58checkOk, deaDigit, deaOk, ean13Digit, eip55, eip55Ok, githubChecksum, githubOk, ibanCheck, ibanOk,
  luhnDigit, luhnOk, mbiOk, npiDigit, npiOk, segwitAddress, segwitOk, ssnOk,
} from '../../../bench/eval/holdout2/checks.js';
import { sepaCreditorId } from '../../../bench/eval/holdout2/lookalikes.js';
import { Rng } from '../../../bench/eval/corpus/rng.js';

const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));

describe('holdout2 checks: published vectors', () => {
  it('Luhn (ISO/IEC 7812-1 worked example 79927398713)', () => {
    expect(luhnOk('79927398713')).toBe(true);
    expect(luhnOk('79927398710')).toBe(false);
    expect(luhnDigit('7992739871')).toBe('3');
    expect(luhnOk('4539 1488 0343 6467')).toBe(true);
  });

  it('IBAN mod 97 (ISO 13616 / SWIFT registry examples)', () => {
    for (const x of ['GB82 WEST 1234 5698 7654 32', 'DE89 3704 0044 0532 0130 00', 'FR14 2004 1010 0505 0001 3M02 606', 'NL91ABNA0417164300', 'BE68539007547034'])
      expect(ibanOk(x), x).toBe(true);
    expect(ibanOk('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(ibanCheck('GB', 'WEST12345698765432')).toBe('82');
    expect(ibanCheck('DE', '370400440532013000')).toBe('89');
  });

  it('ABA routing numbers (Federal Reserve Bank of Boston 011000015, JPMorgan Chase 021000021)', () => {
    expect(abaOk('011000015')).toBe(true);
    expect(abaOk('021000021')).toBe(true);
    expect(abaOk('011000016')).toBe(false);
    expect(abaDigit('02100002')).toBe('1');
  });

  it('NPI (CMS example 1234567893)', () => {
    expect(npiOk('1234567893')).toBe(true);
    expect(npiOk('1234567890')).toBe(false);
    expect(npiDigit('123456789')).toBe('3');
  });

  it('DEA check digit (1+3+5 + 2×(2+4+6) = 33: AB1234563)', () => {
    expect(deaDigit('123456')).toBe('3');
    expect(deaOk('AB1234563')).toBe(true);
    expect(deaOk('AB1234564')).toBe(false);
  });

  it('SSA rules', () => {
    expect(ssnOk('123-45-6789')).toBe(true);
    for (const x of ['000-12-3456', '666-12-3456', '900-12-3456', '123-00-4567', '123-45-0000', '12-345-678']) expect(ssnOk(x), x).toBe(false);
  });

  it('Medicare MBI (CMS example 1EG4-TE5-MK73)', () => {
    expect(mbiOk('1EG4-TE5-MK73')).toBe(true);
    expect(mbiOk('1EG4TE5MK73')).toBe(true);
    expect(mbiOk('0EG4-TE5-MK73')).toBe(false);
    expect(mbiOk('1SG4-TE5-MK73')).toBe(false);
    expect(mbiOk('1EG4-TE5-MK7')).toBe(false);
  });

  it('EIP-55 (vectors from the EIP)', () => {
    for (const x of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']) {
      expect(eip55(x.slice(2).toLowerCase()), x).toBe(x);
      expect(eip55Ok(x), x).toBe(true);
    }
    expect(eip55Ok('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('Base58Check (the Bitcoin wiki P2PKH and P2SH examples)', () => {
    expect(base58checkOk('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true);
    expect(base58checkOk('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(base58checkOk('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toBe(false);
    // hash160 of the BIP-173 test key, version 0: the address its P2PKH form has.
    expect(base58check(Uint8Array.from([0, ...hex('751e76e8199196d454941c45d1b3a323f1433bd6')]))).toBe('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH');
  });

  it('bech32 and bech32m (BIP-173 and BIP-350 vectors)', () => {
    expect(segwitAddress('bc', 0, hex('751e76e8199196d454941c45d1b3a323f1433bd6'))).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(segwitAddress('bc', 1, hex('751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6'))).toBe(
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    );
    expect(segwitOk('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(segwitOk('bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3')).toBe(true);
    // BIP-350: a version-0 program with the bech32m constant is invalid.
    expect(segwitOk('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
  });

  it("GitHub's token checksum (real, revoked tokens published in base62-token.js's fixtures)", () => {
    expect(githubOk('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')).toBe(true);
    expect(githubOk('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')).toBe(true);
    expect(githubChecksum('zQWBuTSOoRi4A9spHcVY5ncnsDkxkJ')).toBe('0mLq17');
    expect(githubOk('ghp_zQWBuTSOoRi4A9spHcVY5ncnsDkxkJ0mLq18')).toBe(false);
  });

  it('ISBN-13 / EAN-13 (978-0-306-40615-7)', () => {
    expect(ean13Digit('978030640615')).toBe('7');
  });

  it('SEPA creditor ids carry ISO 7064 check digits over the national part (DE98ZZZ09999999999, the Bundesbank example)', () => {
    expect(ibanCheck('DE', '09999999999')).toBe('98');
    const id = sepaCreditorId(new Rng(1));
    expect(id).toMatch(/^DE\d{2}ZZZ\d{11}$/);
    // Read as an IBAN it fails: a near-miss, not an account.
    expect(ibanOk(id)).toBe(false);
  });
});
