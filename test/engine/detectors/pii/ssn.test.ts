import { describe, expect, it } from 'vitest';
import { found } from '../../helpers.js';

describe('SSN', () => {
  it.each([
    ['SSN 123-45-6789', '123-45-6789'],
    ['her number is 123-45-6789.', '123-45-6789'],
    ['SSN: 123 45 6789', '123 45 6789'],
    ['social security number 123456789', '123456789'],
    ['123456789 (SSN)', '123456789'],
    ['ssn#772-43-0001', '772-43-0001'],
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
    ['a date', '2024-01-15'],
    ['a context word inside another word', 'classn 123456789'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'SSN')).toEqual([]);
  });
});
