import { describe, expect, it } from 'vitest';
import { deaNumber } from '../../../../src/engine/detectors/phi/dea-number.js';
import { found } from '../../helpers.js';
import { deaWith, fill, scored, withWrongLastDigit } from './identifiers.js';

describe('DEA_NUMBER', () => {
  it.each([
    ['DEA# AB1234563', 'AB1234563', 0.95],
    ['Prescriber DEA number: BJ6125341', 'BJ6125341', 0.95],
    ['"dea": "MS3141594"', 'MS3141594', 0.95],
    ['Schedule II prescription, reg FJ0000012', 'FJ0000012', 0.95],
    ['Dr. Roe, AB1234563, signed the script', 'AB1234563', 0.85],
    ['registrant F90000012', 'F90000012', 0.85],
    ['name,reg\nRoe,AB1234563', 'AB1234563', 0.85],
    ['{"prescriberDea": "AB1234563"}', 'AB1234563', 0.95],
    ['name,dea_number,city\nRoe,AB1234563,Boston', 'AB1234563', 0.95],
  ])('finds the number in %j', (text, value, confidence) => {
    expect(scored(text, 'DEA_NUMBER')).toEqual([{ value, confidence }]);
  });

  it('accepts every registrant-type letter and a 9 in second place', () => {
    for (const first of 'ABCDEFGHJKLMPRSTUX') {
      const value = deaWith(`${first}9`, '271828');
      expect(found(`DEA ${value}`, 'DEA_NUMBER')).toEqual([value]);
    }
  });

  it.each([
    ['a wrong check digit', `DEA ${withWrongLastDigit('AB1234563')}`],
    ['a first letter no registrant type uses', `DEA ${deaWith('IB', '123456')} ${deaWith('OB', '123456')} ${deaWith('ZB', '123456')}`],
    ['a digit second other than 9', `DEA ${deaWith('A1', '123456')}`],
    ['lower case', 'DEA ab1234563'],
    ['eight digits', 'DEA AB12345633'],
    ['part of a longer code', 'DEA XAB1234563 and AB1234563-01 and AB1234563.pdf'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'DEA_NUMBER')).toEqual([]);
  });

  it.each([
    ['an order id', 'Order AB1234563 shipped'],
    ['a SKU', 'SKU: AB1234563'],
    ['a serial number', 'serial AB1234563'],
    ['an example', 'for example AB1234563'],
    ['a member id', 'insurance: UHC, member_id=JQ4445551'],
  ])('keeps a valid value beside %s under the default minimum', (_name, text) => {
    expect(found(text, 'DEA_NUMBER')).toEqual([]);
    expect(deaNumber.find(text, [])[0]?.confidence).toBeLessThan(0.5);
  });

  it('reads a label only within its own sentence', () => {
    expect(deaNumber.find('Paid for the booking. BY3573690 signed the script.', [])[0]?.confidence).toBe(0.85);
    expect(deaNumber.find('Order No. AB1234563', [])[0]?.confidence).toBe(0.4);
  });

  it('lets a DEA cue win over an order label', () => {
    expect(deaNumber.find('DEA number for order AB1234563', [])[0]?.confidence).toBe(0.95);
  });

  it.each([
    ['repeated valid numbers', fill('AB1234563 ')],
    ['letters and digits glued', fill('AB1234563')],
    ['repeated cues', fill('DEA controlled substance ')],
    ['upper-case noise', fill('ABCDEFGH12345678')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(deaNumber.find(text, []))).toBe(true);
  }, 10_000);
});
