import { describe, expect, it } from 'vitest';
import { bicShaped } from '../../../../src/engine/detectors/financial/swift-bic.js';
import { check, scan } from '../../../../src/engine/index.js';
import { found, rule } from '../../helpers.js';

const confidence = (text: string) => scan(text, { minConfidence: 0 }).find((f) => f.type === 'SWIFT_BIC')?.confidence;
const MIB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);

describe('SWIFT_BIC', () => {
  it.each([
    ['SWIFT', 'SWIFT: DEUTDEFF', 'DEUTDEFF'],
    ['Swift code with a branch', 'Swift code: DEUTDEFF500', 'DEUTDEFF500'],
    ['BIC after an IBAN', 'IBAN DE89370400440532013000, BIC COBADEFFXXX', 'COBADEFFXXX'],
    ['SWIFT/BIC', 'SWIFT/BIC: BOFAUS3N', 'BOFAUS3N'],
    ['a digit location', 'swift code is NWBKGB2L', 'NWBKGB2L'],
    ['a JSON key', '{"swift_code": "CHASUS33"}', 'CHASUS33'],
    ['a camelCase key', '{"swiftCode":"CHASUS33"}', 'CHASUS33'],
    ['lower-case bic key', 'bic=COBADEFFXXX', 'COBADEFFXXX'],
    ['bank identifier code', 'Bank Identifier Code (BIC): UBSWCHZH80A', 'UBSWCHZH80A'],
    ['Kosovo', 'SWIFT: RBKOXKPR', 'RBKOXKPR'],
  ])('finds the code after %s', (_name, text, value) => {
    expect(found(text, 'SWIFT_BIC')).toEqual([value]);
  });

  it('finds codes in a table column headed by a label', () => {
    expect(found('name,swift,iban\nJane,DEUTDEFF,x\nJohn,"NWBKGB2L",y', 'SWIFT_BIC')).toEqual(['DEUTDEFF', 'NWBKGB2L']);
    expect(found('| Bank | BIC code |\n|---|---|\n| Commerzbank | COBADEFFXXX |', 'SWIFT_BIC')).toEqual(['COBADEFFXXX']);
    expect(found('name,status\nJane,OVERVIEW', 'SWIFT_BIC')).toEqual([]);
  });

  it('rates by context', () => {
    expect(confidence('SWIFT: DEUTDEFF')).toBe(0.8);
    expect(confidence('example SWIFT: DEUTDEFF')).toBe(0.45);
  });

  it.each([
    ['capitals without a label', 'See the OVERVIEW and PASSWORD sections; DEUTDEFF'],
    ['the adjective swift', 'a swift DECISION was made'],
    ['a word that fits the shape', 'SWIFT transfers OVERVIEW'],
    ['a status word', 'SWIFT code: REQUIRED'],
    ['an unknown country', 'SWIFT: DEUTZZFF'],
    ['a wrong length', 'SWIFT: DEUTDEFF50'],
    ['lower case', 'SWIFT: deutdeff'],
    ['digits in the bank code', 'SWIFT: DEU1DEFF'],
    ['a code glued to more letters', 'SWIFT: DEUTDEFFx'],
    ['a code on the next line', 'SWIFT\nDEUTDEFF'],
    ['a code in another sentence than its label', 'SWIFT transfers take days. Sent over the network to DEUTDEFF'],
    ['a shouted word near a label', 'SWIFT BENEFICIARY DETAILS'],
    ['capitals near a label in a shouted line', 'SWIFT TRANSFERS FOR DEUTDEFF'],
    ['a code more than 100 characters from its label', `BIC ${'x'.repeat(101)} DEUTDEFF500`],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'SWIFT_BIC')).toEqual([]);
  });

  it.each([
    ['before its label', 'DEUTDEFF500 is their BIC code', 'DEUTDEFF500'],
    ['after words a label does not own', 'the SWIFT of the receiving bank is COBADEFFXXX, thanks', 'COBADEFFXXX'],
    ['letters only, in a line that is not shouted', 'SWIFT transfers take days, sent over the network: DEUTDEFF', 'DEUTDEFF'],
  ])('finds, less surely, a code in the sentence of a label that does not own it: %s', (_name, text, code) => {
    expect(found(text, 'SWIFT_BIC')).toEqual([code]);
    expect(confidence(text)).toBe(0.65);
  });

  it('checks the shape and the country', () => {
    expect(bicShaped('DEUTDEFF')).toBe(true);
    expect(bicShaped('DEUTDEFF500')).toBe(true);
    expect(bicShaped('DEUTXXFF')).toBe(false);
    expect(bicShaped('DEUTDEF')).toBe(false);
  });

  it.each([
    ['labels and codes', fill('SWIFT DEUTDEFF ')],
    ['repeated labels', fill('SWIFT BIC code ')],
    ['capitals', fill('ABCDEFGHIJKLMNOP')],
    ['labels and long gaps', fill(`BIC${' '.repeat(40)}`)],
    ['table headers', fill('swift\n')],
    ['table rows', `swift,bic\n${fill('DEUTDEFF,COBADEFF\n')}`],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(scan(text))).toBe(true);
  }, 10_000);
});

describe('SWIFT_BIC under a lower-case key', () => {
  it('takes "swift" as a label when it names a key, and stays an adjective in prose', () => {
    expect(found('{"iban": "x", "swift": "DEUTDEFF"}', 'SWIFT_BIC')).toEqual(['DEUTDEFF']);
    expect(found('swift=COBADEFFXXX', 'SWIFT_BIC')).toEqual(['COBADEFFXXX']);
    expect(found('a swift DEUTDEFF reply', 'SWIFT_BIC')).toEqual([]);
  });
});

describe('SWIFT_BIC in wire instructions', () => {
  it.each([
    ['an intermediary bank, past a bracketed currency and a dot leader', 'Intermediary (USD) .. CHASUS33, ABA 021000021', 'CHASUS33'],
    ['an intermediary bank', 'Intermediary bank: IRVTUS3NXXX', 'IRVTUS3NXXX'],
    ['a correspondent bank', 'Correspondent bank - BOFAUS3N', 'BOFAUS3N'],
    ['an IBAN and its BIC after a slash', 'NL91ABNA0417164300 / ABNANL2A \u2014 beneficiary J. Roe', 'ABNANL2A'],
    ['an IBAN and its BIC after a comma', 'pay to DE89370400440532013000, COBADEFFXXX today', 'COBADEFFXXX'],
    ['an IBAN and its BIC in brackets', 'GB29NWBK60161331926819 (NWBKGB2L)', 'NWBKGB2L'],
  ])('finds %s', (_name, text, code) => {
    expect(found(text, 'SWIFT_BIC')).toEqual([code]);
  });

  it.each([
    ['an intermediary that is a bank name', 'Intermediary bank: Citibank N.A., New York'],
    ['a currency after an IBAN', 'NL91ABNA0417164300 EUR 1,200.00'],
    ['a shouted word after an IBAN', 'DE89370400440532013000 / BENEFICIARY'],
    ['a code of an unknown country after an IBAN', 'DE89370400440532013000 / DEUTZZFF'],
    ['a BIC-shaped code after an invalid IBAN', 'DE00370400440532013000 / COBADEFF'],
    ['an intermediary in general prose', 'The intermediary ACCEPTED the terms.'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'SWIFT_BIC')).toEqual([]);
  });

  it('masks both the IBAN and the BIC beside it', () => {
    const rules = [rule({ dataTypes: ['IBAN', 'SWIFT_BIC'], action: 'MASK' })];
    const outcome = check('send to NL91ABNA0417164300 / ABNANL2A today', { rules, destination: 'AI_TOOL', masking: 'label', hashKey: 'k' });
    expect(outcome.masked_content).toBe('send to [IBAN] / [SWIFT_BIC] today');
  });
});
