import { describe, expect, it } from 'vitest';
import {
  abaValid, base58check, base58checkValid, crc32, deaValid, eip55, eip55Valid, githubChecksum, ibanCheckDigits, ibanValid, isbn13CheckDigit,
  luhnValid, mbiValid, npiValid, segwitAddress, segwitValid, ssnValid,
} from '../../../bench/eval/corpus/checksums.js';

const hex = (s: string) => Uint8Array.from((s.match(/../g) ?? []).map((x) => parseInt(x, 16)));

describe('validators agree with published examples', () => {
  it('Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('IBAN mod 97 (ISO 13616 examples)', () => {
    expect(ibanValid('DE89370400440532013000')).toBe(true);
    expect(ibanValid('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(ibanValid('FR1420041010050500013M02606')).toBe(true);
    expect(ibanValid('DE88370400440532013000')).toBe(false);
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
  });

  it('ABA routing checksum and prefix', () => {
    expect(abaValid('011000015')).toBe(true);
    expect(abaValid('021000021')).toBe(true);
    expect(abaValid('021000022')).toBe(false);
    expect(abaValid('991000012')).toBe(false);
  });

  it('NPI (Luhn with the 80840 prefix), DEA check digit, MBI shape', () => {
    expect(npiValid('1234567893')).toBe(true);
    expect(npiValid('1234567890')).toBe(false);
    expect(deaValid('AB1234563')).toBe(true);
    expect(deaValid('AB1234564')).toBe(false);
    expect(deaValid('IB1234563')).toBe(false);
    expect(mbiValid('1EG4-TE5-MK73')).toBe(true);
    expect(mbiValid('1EG4TE5MK73')).toBe(true);
    expect(mbiValid('0EG4-TE5-MK73')).toBe(false);
    expect(mbiValid('1SG4-TE5-MK73')).toBe(false);
  });

  it('SSA rules', () => {
    expect(ssnValid('123-45-6789')).toBe(true);
    expect(ssnValid('123456789')).toBe(true);
    for (const bad of ['000-12-3456', '666-12-3456', '912-34-5678', '123-00-4567', '123-45-0000']) expect(ssnValid(bad)).toBe(false);
  });

  it('base58check (the genesis address)', () => {
    expect(base58checkValid('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(base58checkValid('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(base58check(0, hex('62e907b15cbf27d5425399ebf6f0fb50ebb88f18'))).toBe('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
  });

  it('bech32 (BIP-173) and bech32m (BIP-350) vectors', () => {
    expect(segwitAddress('bc', 0, hex('751e76e8199196d454941c45d1b3a323f1433bd6'))).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(segwitAddress('bc', 1, hex('79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'))).toBe(
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    );
    expect(segwitValid('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(segwitValid('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
  });

  it('EIP-55 (vectors from the EIP)', () => {
    for (const a of ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'fB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', 'dbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB']) {
      expect(eip55(a.toLowerCase())).toBe(a);
      expect(eip55Valid('0x' + a)).toBe(true);
    }
    expect(eip55Valid('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('CRC32, the GitHub token checksum and ISBN-13', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(githubChecksum('abc')).toHaveLength(6);
    expect(isbn13CheckDigit('978013468599')).toBe('1');
  });
});
