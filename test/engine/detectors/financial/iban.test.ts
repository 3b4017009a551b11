import { describe, expect, it } from 'vitest';
import { ibanChecksumValid } from '../../../../src/engine/detectors/financial/iban.js';
import { check, defaultRules, scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';

const confidence = (text: string) => scan(text, { minConfidence: 0 }).find((f) => f.type === 'IBAN')?.confidence;
const MIB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);

describe('IBAN', () => {
  it.each([
    ['Germany', 'DE89370400440532013000'],
    ['United Kingdom', 'GB82WEST12345698765432'],
    ['France, with a letter in the BBAN', 'FR1420041010050500013M02606'],
    ['Netherlands', 'NL91ABNA0417164300'],
    ['Belgium (16)', 'BE68539007547034'],
    ['Norway (15, the shortest)', 'NO9386011117947'],
    ['Switzerland', 'CH9300762011623852957'],
    ['Italy', 'IT60X0542811101000000123456'],
    ['Saint Lucia (32)', 'LC55HEMM000100010012001200023015'],
    ['Brazil', 'BR1800360305000010009795493C1'],
  ])('finds %s, compact and in groups of four', (_name, value) => {
    const grouped = value.replace(/(.{4})(?=.)/g, '$1 ');
    expect(found(`IBAN: ${value}.`, 'IBAN')).toEqual([value]);
    expect(found(`Please wire it to IBAN ${grouped}, thanks`, 'IBAN')).toEqual([grouped]);
  });

  it('finds IBANs written with dashes, in lower case, and every one of a sentence', () => {
    expect(found('IBAN DE89-3704-0044-0532-0130-00.', 'IBAN')).toEqual(['DE89-3704-0044-0532-0130-00']);
    expect(found('iban: gb82 west 1234 5698 7654 32', 'IBAN')).toEqual(['gb82 west 1234 5698 7654 32']);
    expect(found('send to de89370400440532013000 today', 'IBAN')).toEqual(['de89370400440532013000']);
    expect(found('From DE89 3704 0044 0532 0130 00 to NL91-ABNA-0417-1643-00 and FR1420041010050500013M02606.', 'IBAN')).toEqual([
      'DE89 3704 0044 0532 0130 00',
      'NL91-ABNA-0417-1643-00',
      'FR1420041010050500013M02606',
    ]);
  });

  it('masks a dashed IBAN whole', () => {
    const rules = defaultRules().map((r, i) => ({ ...r, id: `r${i}` }));
    const outcome = check('IBAN DE89-3704-0044-0532-0130-00 please', { rules, destination: 'VENDOR', masking: 'label', hashKey: 'k' });
    expect(outcome.masked_content).toBe('IBAN [IBAN] please');
  });

  it('finds IBANs in JSON, CSV and .env lines', () => {
    expect(found('{"iban":"DE89370400440532013000"}', 'IBAN')).toEqual(['DE89370400440532013000']);
    expect(found('name,iban\nJane,GB82WEST12345698765432\n', 'IBAN')).toEqual(['GB82WEST12345698765432']);
    expect(found('PAYOUT_IBAN=NL91ABNA0417164300', 'IBAN')).toEqual(['NL91ABNA0417164300']);
  });

  it('rates by context', () => {
    expect(confidence('IBAN DE89 3704 0044 0532 0130 00')).toBe(0.97);
    expect(confidence('beneficiaryIban: DE89370400440532013000')).toBe(0.97); // camelCase keys hold cue words
    expect(confidence('ref DE89370400440532013000 x')).toBe(undefined); // an id after "ref" is known noise
    expect(confidence('to DE89370400440532013000')).toBe(0.9);
    expect(confidence('sample IBAN: DE89370400440532013000')).toBe(0.45);
  });

  it.each([
    ['a wrong check digit', 'DE88370400440532013000'],
    ['a missing character', 'DE8937040044053201300'],
    ['an extra character', 'DE893704004405320130001'],
    ['an extra group', 'DE89 3704 0044 0532 0130 0012'],
    ['a country without IBANs', 'US64SVBKUS6S3300958879'],
    ['check digits 00', 'DE00370400440532013000'],
    ['glued to a word', 'XDE89370400440532013000'],
    ['irregular groups', 'DE89 37040044 0532013000'],
    ['mixed separators', 'DE89 3704-0044 0532 0130 00'],
    ['one more group after the IBAN', 'DE89-3704-0044-0532-0130-00-12'],
    ['lower case with a wrong check digit', 'de88370400440532013000'],
    ['product codes', 'Part AB12 3456 7890 1234 and SKU XY99-1234-5678'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'IBAN')).toEqual([]);
  });

  it('implements ISO 7064 mod 97-10', () => {
    expect(ibanChecksumValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanChecksumValid('GB82WEST12345698765433')).toBe(false);
  });

  it.each([
    ['country prefixes', fill('DE89 ')],
    ['a compact prefix run', fill('DE8937040044')],
    ['upper-case noise', fill('AB12CD34EF56GH78')],
    ['cue words', fill('IBAN iban bank ')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(scan(text))).toBe(true);
  }, 10_000);
});
