import { describe, expect, it } from 'vitest';
import { luhnValid } from '../../../../src/engine/detectors/financial/credit-card.js';
import { scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';

const confidence = (text: string) => scan(text, { minConfidence: 0 }).find((f) => f.type === 'CREDIT_CARD')?.confidence;
const MIB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);

describe('CREDIT_CARD', () => {
  it.each([
    ['Visa 16', '4111111111111111'],
    ['Visa 13', '4222222222222'],
    ['Visa grouped by spaces', '4111 1111 1111 1111'],
    ['Visa grouped by dashes', '4111-1111-1111-1111'],
    ['Mastercard 5-series', '5555555555554444'],
    ['Mastercard 2-series', '2223003122003222'],
    ['Amex 4-6-5', '3782 822463 10005'],
    ['Amex 34', '340000000000009'],
    ['Discover 6011', '6011111111111117'],
    ['Discover 65', '6500000000000002'],
    ['Discover 644', '6445644564456445'],
    ['JCB', '3530111333300000'],
    ['Diners 14', '30569309025904'],
    ['Diners 36', '36227206271667'],
    ['UnionPay', '6200000000000005'],
  ])('finds %s', (_name, value) => {
    expect(found(`card: ${value}, thanks`, 'CREDIT_CARD')).toEqual([value]);
  });

  it('finds a card beside other numbers in the same run', () => {
    expect(found('4111 1111 1111 1111 123', 'CREDIT_CARD')).toEqual(['4111 1111 1111 1111']);
    expect(found('exp 12 4111 1111 1111 1111', 'CREDIT_CARD')).toEqual(['4111 1111 1111 1111']);
    expect(found('4111 1111 1111 1111 12/25', 'CREDIT_CARD')).toEqual(['4111 1111 1111 1111']);
  });

  it.each([
    ['an invalid Luhn digit', '4111111111111112'],
    ['an unknown issuer', '1234567812345670'],
    ['Amex with 16 digits', '3782822463100052'],
    ['Mastercard with 15 digits', '555555555555442'],
    ['Visa with 15 digits', '411111111111116'],
    ['a longer digit run', '94111111111111111 and 41111111111111119'],
    ['a decimal number', '0.4111111111111111'],
    ['glued to letters', 'x4111111111111111 4111111111111111y'],
    ['double separators', '4111  1111  1111  1111'],
    ['groups too short to be printed card groups', '41 11 11 11 11 11 11 11'],
    ['an order number', 'Order 2024011512345678'],
    ['a UUID', '550e8400-e29b-41d4-a716-446655440000'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'CREDIT_CARD')).toEqual([]);
  });

  it('implements Luhn', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });

  it('rates a card by its context', () => {
    expect(confidence('Card number: 4111 1111 1111 1111')).toBe(0.97);
    expect(confidence('cc=4111111111111111')).toBe(0.97);
    expect(confidence('"card_number": "4111111111111111"')).toBe(0.97);
    expect(confidence('4111111111111111')).toBe(0.9);
    expect(confidence('jane@example.com 4111111111111111')).toBe(0.9); // a domain is no negative cue
    expect(confidence('test card 4242 4242 4242 4242')).toBe(0.45);
  });

  it.each([
    ['a documented test card', 'Use the test card 4242 4242 4242 4242 in the sandbox.'],
    ['an example', 'For example, 5555555555554444.'],
    ['an order number split from its cue', 'Order number: 4111 1111 1111 1111'],
    ['an invoice number near its cue', 'Invoice 7 refers to 4111111111111111'],
    ['a tracking number', 'tracking: 4111111111111111'],
    ['an order number glued to its cue', 'Order #4111111111111111'],
  ])('does not report %s', (_name, text) => {
    expect(found(text, 'CREDIT_CARD')).toEqual([]);
  });

  it('reports the card number of magnetic stripe track data', () => {
    expect(found('Track 2: 4111111111111111=25121010000012345678', 'CREDIT_CARD')).toEqual(['4111111111111111']);
  });

  it('reports a card near an order number when a card word is near too', () => {
    expect(found('Order 5521 was paid with card 4111111111111111', 'CREDIT_CARD')).toEqual(['4111111111111111']);
    expect(found('Order #5521: charged 4111 1111 1111 1111', 'CREDIT_CARD')).toEqual(['4111 1111 1111 1111']);
  });

  it.each([
    ['digit runs', fill('1234567890')],
    ['card-like groups', fill('4111 ')],
    ['cue words and numbers', fill('order card 4111111111111111 ')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(scan(text))).toBe(true);
  }, 10_000);
});

describe('CREDIT_CARD Maestro and Mir', () => {
  it('knows the well-known Maestro IINs up to 19 digits', () => {
    expect(found('use 6304223295616808439', 'CREDIT_CARD')).toEqual(['6304223295616808439']);
    expect(found('card_number=5020 0881 0720 3838', 'CREDIT_CARD')).toEqual(['5020 0881 0720 3838']);
  });
});

describe('CREDIT_CARD next to other numbers', () => {
  it('takes an expiry date after the number as a card cue, even near an invoice', () => {
    expect(found('5511344360821261 09/28\n\nThe invoice total was $1,455.48.', 'CREDIT_CARD')).toEqual(['5511344360821261']);
  });

  it('lets an order word label only the number after it', () => {
    expect(found('use 6479 3573 6703 9008 Order ORD-50033 is the one in question.', 'CREDIT_CARD')).toEqual(['6479 3573 6703 9008']);
    expect(found('Order 4111111111111111 shipped', 'CREDIT_CARD')).toEqual([]);
  });
});
