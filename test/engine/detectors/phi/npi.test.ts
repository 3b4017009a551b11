import { describe, expect, it } from 'vitest';
import { npi } from '../../../../src/engine/detectors/phi/npi.js';
import { found } from '../../helpers.js';
import { fill, npiWith, randomDigits, scored, withWrongLastDigit } from './identifiers.js';

describe('NPI', () => {
  it.each([
    ['her NPI is 1245319599', '1245319599'],
    ['NPI: 1234567893', '1234567893'],
    ['{"npi": "1234567893", "name": "Jane Roe"}', '1234567893'],
    ['npi=1245319599', '1245319599'],
    ['National Provider Identifier 1999999992', '1999999992'],
    ['Prescriber: Dr. Roe (2000000002)', '2000000002'],
    ['provider id 1612345672', '1612345672'],
    ['Rendering provider 1245319599, claim 55', '1245319599'],
    ['name,npi,city\nRoe,1245319599,Boston', '1245319599'],
    ['{"renderingNpi": "1245319599"}', '1245319599'],
    ['{"npiNumber": 1245319599}', '1245319599'],
  ])('finds the number in %j', (text, value) => {
    expect(found(text, 'NPI')).toEqual([value]);
    expect(scored(text, 'NPI')[0]?.confidence).toBeGreaterThanOrEqual(0.95);
  });

  it.each([
    ['NPI: 1245-319-599', '1245-319-599'],
    ['npi # 1245 319 599', '1245 319 599'],
    ['National Provider Identifier 124-531-9599', '124-531-9599'],
    ['24J 1245319599', '1245319599'],
  ])('finds the number as people type it in %j', (text, value) => {
    expect(found(text, 'NPI')).toEqual([value]);
  });

  it.each([
    ['a grouped number without a label', 'ref 1245-319-599'],
    ['a grouped number with a wrong check digit', 'NPI: 1245-319-598'],
    ['a grouped number after other text', 'NPI of the clinic, call 124-531-9599'],
    ['mixed separators', 'NPI: 1245-319 599'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'NPI')).toEqual([]);
  });

  it.each([
    ['a wrong check digit', `NPI ${withWrongLastDigit('1245319599')}`],
    ['a first digit other than 1 or 2', `NPI ${npiWith('324531959')}`],
    ['eleven digits', 'NPI 12453195990'],
    ['nine digits', 'NPI 124531959'],
    ['part of a decimal', 'NPI 1245319599.5'],
    ['part of a longer token', 'NPI A1245319599'],
  ])('rejects %s', (_name, text) => {
    expect(scored(text, 'NPI')).toEqual([]);
  });

  it.each([
    ['no context', 'reference 1245319599'],
    ['a cue inside another word', 'snpix 1245319599'],
    ['an epoch timestamp', '"ts": 1245319599'],
    ['a phone number', 'call 2000000002 today'],
    ['a phone label right before it, NPI further off', 'NPI 1234567893, phone 1245319599'],
  ])('keeps a valid number with %s under the default minimum', (_name, text) => {
    // The detector alone: the engine's noise pass may drop some of these altogether.
    const last = npi.find(text, []).at(-1);
    expect(last?.value).toBe(text.match(/\d{10}(?!.*\d{10})/)?.[0]);
    expect(last?.confidence).toBeLessThan(0.5);
  });

  it('keeps a number marked as an example under the default minimum', () => {
    expect(scored('Example NPI: 1234567893', 'NPI')).toEqual([{ value: '1234567893', confidence: 0.45 }]);
    expect(found('dummy value 1234567893', 'NPI')).toEqual([]);
    expect(found('NPI 1234567893, write to jane@example.com', 'NPI')).toEqual(['1234567893']);
  });

  it('finds numbers in a table column named for them, however far below the header', () => {
    const rows = Array.from({ length: 12 }, (_, i) => `${i},Jane Roe ${i},May ${i + 1}, 2024`).join('\n');
    const csv = `id,referring_npi,name,updated_at\n${rows}\n99,1245319599,Roe,May 3, 2024`;
    expect(scored(csv, 'NPI')).toEqual([{ value: '1245319599', confidence: 0.95 }]);
  });

  it('takes the last number of each CMS-1500 service line as the rendering provider NPI (24J), however far below the header', () => {
    const lines = ['5/5/25   11   99214        A   129.00   1   1245319599', '05/06/2025 22 G0438 25 AB 85.00 1 1234567893'];
    const claim = `HEALTH INSURANCE CLAIM FORM (CMS-1500)\n${'\n'.repeat(8)}${lines.map((l) => `    ${l}`).join('\n')}\n25. FEDERAL TAX I.D. NUMBER: 48-7835983`;
    expect(scored(claim, 'NPI')).toEqual([
      { value: '1245319599', confidence: 0.95 },
      { value: '1234567893', confidence: 0.95 },
    ]);
    // Not the last on its line, no service date first, or no claim named anywhere: no cue.
    expect(found(`CMS-1500\n5/5/25 11 99214 A 129.00 1 1245319599 more`, 'NPI')).toEqual([]);
    expect(found(`CMS-1500\ninvoice 11 99214 A 129.00 1 1245319599`, 'NPI')).toEqual([]);
    expect(found(`5/5/25   11   99214   A   129.00   1   1245319599`, 'NPI')).toEqual([]);
  });

  it('reports no random 10-digit number without context', () => {
    const text = randomDigits(7, 2000, 10, '12').join(' ');
    expect(found(text, 'NPI')).toEqual([]);
  });

  it('checks the check digit over the 80840 prefix', () => {
    // 1245319599 is valid with the prefix; plain Luhn over the 10 digits would reject it.
    expect(found('NPI 1245319599', 'NPI')).toEqual(['1245319599']);
    expect(found('NPI 1245319591', 'NPI')).toEqual([]);
  });

  it.each([
    ['a long digit run', fill('1245319599')],
    ['valid numbers and cues', fill('NPI 1245319599 ')],
    ['repeated cues', fill('national provider NPI ')],
    ['dash-separated digits', fill('1-')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(npi.find(text, []))).toBe(true);
  }, 10_000);
});
