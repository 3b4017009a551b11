import { describe, expect, it } from 'vitest';
import {
  abaValid, base58checkValid, deaValid, eip55Valid, githubChecksum, ibanValid, luhnValid, mbiValid, npiValid, segwitValid, ssnValid,
} from '../../../bench/eval/corpus/checksums.js';
import { NEAR_MISS } from '../../../bench/eval/corpus/near-miss.js';
import { Rng } from '../../../bench/eval/corpus/rng.js';
import { abaRouting, creditCard, cryptoWallet, iban, swiftBic } from '../../../bench/eval/corpus/values-financial.js';
import { deaNumber, mbi, npi } from '../../../bench/eval/corpus/values-phi.js';
import { ipv4, ssn } from '../../../bench/eval/corpus/values-pii.js';
import { githubToken, jwt, privateKey, serviceApiKey } from '../../../bench/eval/corpus/values-secrets.js';

const N = 300;
const many = <T>(make: (rng: Rng) => T): T[] => {
  const rng = new Rng(7);
  return Array.from({ length: N }, () => make(rng));
};
const digits = (s: string) => s.replace(/[ -]/g, '');

const IBAN_LENGTHS: Record<string, number> = { DE: 22, GB: 22, FR: 27, ES: 24, IT: 27, NL: 18, BE: 16, CH: 21, NO: 15, PL: 28, BR: 29, MT: 31, KW: 30 };

describe('generated values are valid', () => {
  it('cards pass Luhn, with a real IIN and a length the network issues', () => {
    for (const c of many(creditCard)) {
      const d = digits(c);
      expect(luhnValid(d), c).toBe(true);
      const ok =
        (/^4/.test(d) && [13, 16, 19].includes(d.length)) ||
        (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(d) && d.length === 16) ||
        (/^3[47]/.test(d) && d.length === 15) ||
        (/^(6011|64[4-9]|65)/.test(d) && d.length === 16) ||
        (/^35(2[89]|[3-8]\d)/.test(d) && d.length === 16) ||
        (/^3(6|0[0-5]|8)/.test(d) && d.length === 14) ||
        (/^62/.test(d) && [16, 19].includes(d.length)) ||
        (/^(6759|6761|5018|5020|6304)/.test(d) && [16, 19].includes(d.length));
      expect(ok, c).toBe(true);
    }
  });

  it('IBANs pass mod 97 and have their country’s length', () => {
    for (const v of many(iban)) {
      expect(ibanValid(v), v).toBe(true);
      const want = IBAN_LENGTHS[v.slice(0, 2)];
      if (want) expect(digits(v)).toHaveLength(want);
    }
  });

  it('ABA, NPI, DEA, MBI and SSN values pass their checks', () => {
    for (const v of many(abaRouting)) expect(abaValid(v), v).toBe(true);
    for (const v of many(npi)) expect(npiValid(v), v).toBe(true);
    for (const v of many((r) => deaNumber(r))) expect(deaValid(v), v).toBe(true);
    for (const v of many((r) => mbi(r))) expect(mbiValid(v), v).toBe(true);
    for (const v of many((r) => ssn(r, false))) expect(ssnValid(v), v).toBe(true);
    for (const v of many((r) => ssn(r, true))) expect(v).toMatch(/^\d{3}-\d{2}-\d{4}$/);
  });

  it('crypto addresses carry valid checksums', () => {
    for (const v of many((r) => cryptoWallet(r))) {
      if (v.startsWith('0x')) expect(eip55Valid(v), v).toBe(true);
      else if (v.startsWith('bc1')) expect(segwitValid(v), v).toBe(true);
      else expect(base58checkValid(v), v).toBe(true);
    }
  });

  it('provider tokens, JWTs and PEM blocks have their real shapes', () => {
    for (const t of many(githubToken)) {
      if (t.startsWith('github_pat_')) expect(t).toMatch(/^github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}$/);
      else expect(githubChecksum(t.slice(4, 34))).toBe(t.slice(34));
    }
    for (const k of many(serviceApiKey)) expect(k).toMatch(/^svc_(sk|lic|cpk)_[0-9A-Za-z]{43}$/);
    for (const j of many(jwt)) {
      const [h, p, s] = j.split('.');
      expect(JSON.parse(Buffer.from(h ?? '', 'base64url').toString())).toHaveProperty('alg');
      expect(JSON.parse(Buffer.from(p ?? '', 'base64url').toString())).toHaveProperty('exp');
      expect(s).toMatch(/^[A-Za-z0-9_-]+$/);
    }
    const pem = privateKey(new Rng(3));
    expect(pem).toMatch(/^-----BEGIN ([A-Z]+ )?PRIVATE KEY-----\n[A-Za-z0-9+/=\n]+\n-----END ([A-Z]+ )?PRIVATE KEY-----$/);
    expect(privateKey(new Rng(3), '\\n')).not.toContain('\n');
  });

  it('IPs are public and BICs are 8 or 11 characters', () => {
    for (const ip of many(ipv4)) expect(ip).not.toMatch(/^(10|127|0)\.|^192\.168\.|^172\.(1[6-9]|2\d|3[01])\./);
    for (const b of many(swiftBic)) expect(b).toMatch(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
  });
});

describe('near-misses fail the checks they imitate', () => {
  const near = (token: string) => many((r) => (NEAR_MISS[token] as (r: Rng) => string)(r));

  it('cards, SSNs, IBANs, DEA and NPI numbers, wallets', () => {
    for (const v of near('badcard')) expect(luhnValid(digits(v)), v).toBe(false);
    for (const v of near('badssn')) expect(ssnValid(v), v).toBe(false);
    for (const v of near('badiban')) expect(ibanValid(v), v).toBe(false);
    for (const v of near('baddea')) expect(deaValid(v), v).toBe(false);
    for (const v of near('badnpi')) expect(npiValid(v), v).toBe(false);
    for (const v of near('badbtc')) expect(base58checkValid(v), v).toBe(false);
  });

  it('EANs never pass Luhn', () => {
    for (const v of near('ean')) expect(luhnValid(v), v).toBe(false);
  });
});
