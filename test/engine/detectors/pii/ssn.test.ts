import { describe, expect, it } from 'vitest';
import { scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';

describe('SSN', () => {
  it.each([
    ['SSN 123-45-6789', '123-45-6789'],
    ['her number is 123-45-6789.', '123-45-6789'],
    ['SSN: 123 45 6789', '123 45 6789'],
    ['social security number 123456789', '123456789'],
    ['123456789 (SSN)', '123456789'],
    ['ssn#772-43-0001', '772-43-0001'],
    ['"social_security_number": "123456789"', '123456789'],
    ['socialSecurityNo=123 45 6789', '123 45 6789'],
    ['SS# 123456789', '123456789'],
    ['sample SSN 123-45-6789', '123-45-6789'],
    ['Her social is 888299135 if you need it', '888299135'],
    ['Social Security No. 284039671 was entered twice', '284039671'],
    ['SSN: 318.22.0417', '318.22.0417'],
    ["INSERT INTO t (name, ssn) VALUES ('Ann Roe', '318.22.0417');", '318.22.0417'],
  ])('finds the number in %j', (text, value) => {
    expect(found(text, 'SSN')).toEqual([value]);
  });

  it.each([
    ['area 000', '000-12-3456'],
    ['area 666', '666-12-3456'],
    ['area 900-999', '900-12-3456 and 999-12-3456'],
    ['group 00', '123-00-4567'],
    ['serial 0000', '123-45-0000'],
    ['the Woolworth wallet card', '078-05-1120'],
    ['the advertised sample', '219-09-9999'],
    ['spaced digits without context', 'code 123 45 6789'],
    ['bare digits without context', 'order 123456789'],
    ['a longer digit run', '1-123-45-6789 and 123-45-67890 and 9123-45-6789'],
    ['a phone number', '415-555-0132'],
    ['dotted digits without context', 'build 318.22.0417 and 1.318.22.0417'],
    ['a date', '2024-01-15'],
    ['a context word inside another word', 'classn 123456789'],
    ['a cued number next to "fake"', 'fake ssn 123 45 6789'],
    ['a number whose cue labels another value', 'SSN 278-86-0341. My passport number is 872565917'.replace('278-86-0341', 'n/a, 278')],
    ['a bare number after another column under an SSN header', 'routing,ssn,updated\n300154106,n/a,2024'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'SSN')).toEqual([]);
  });

  it('leaves a number to the cue that owns it', () => {
    expect(scan('SSN 278-86-0341. My passport number is 872565917').map((f) => [f.type, f.value])).toEqual([
      ['SSN', '278-86-0341'],
      ['PASSPORT', '872565917'],
    ]);
  });

  it('reads an SSN column, spaced or bare', () => {
    const csv = 'id,social_security_number,birthdate\n76492,096 65 6046,07.05.2006\n26688,571823525,"July 28, 1980"';
    expect(found(csv, 'SSN')).toEqual(['096 65 6046', '571823525']);
  });

  it('scans 1 MiB of SSN-like runs and cue words', () => {
    const text = 'social security 123-45-'.repeat(46_000);
    expect(() => scan(text)).not.toThrow();
  }, 10_000);
});
