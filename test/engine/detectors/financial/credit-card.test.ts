import { describe, expect, it } from 'vitest';
import { luhnValid } from '../../../../src/engine/detectors/financial/credit-card.js';
import { check, defaultRules, scan } from '../../../../src/engine/index.js';
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
    ['single digits', '4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1'],
    ['a card inside a longer dotted run', '1.4111.1111.1111.1111'],
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

/** A card number of `length` digits starting with `prefix`, made valid by its Luhn digit. */
function card(prefix: string, length: number, fill = '3'): string {
  const body = (prefix + fill.repeat(length)).slice(0, length - 1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0 && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return body + ((10 - (sum % 10)) % 10);
}

describe('CREDIT_CARD networks beyond the big four', () => {
  it.each([
    ['UATP', '1', 15],
    ['Dankort', '5019', 16],
    ['Mir', '2201', 16],
    ['RuPay 60', '6070', 16],
    ['RuPay 508', '5085', 16],
    ['Troy', '9792', 16],
    ['Elo', '509042', 16],
    ['Hipercard', '606282', 16],
    ['Verve 19', '506105', 19],
    ['InterPayment', '6361', 16],
    ['InstaPayment', '6381', 16],
    ['Visa Electron', '4917', 16],
    ['Maestro 12', '6759', 12],
    ['Maestro 13', '5018', 13],
    ['Maestro 15', '6304', 15],
    ['China T-Union', '31', 19],
  ])('finds %s', (_name, prefix, length) => {
    const value = card(prefix, length);
    expect(found(`card: ${value}, thanks`, 'CREDIT_CARD')).toEqual([value]);
  });

  it.each([
    ['UATP with 16 digits', card('1', 16)],
    ['Dankort with 15 digits', card('5019', 15)],
    ['Troy with a wrong Luhn digit', card('9792', 16).slice(0, -1) + ((Number(card('9792', 16).slice(-1)) + 1) % 10)],
    ['Mir 2205 (not issued)', card('2205', 16)],
    ['InstaPayment with 19 digits', card('6381', 19)],
  ])('rejects %s', (_name, value) => {
    expect(found(`card: ${value}`, 'CREDIT_CARD')).toEqual([]);
  });
});

describe('CREDIT_CARD written any way', () => {
  it.each([
    ['dots', '4111.1111.1111.1111'],
    ['groups of two', '41 11 11 11 11 11 11 11'],
    ['mixed separators', '4111 1111-1111 1111'],
    ['Amex 4-6-5 with dashes', '3782-822463-10005'],
    ['19 digits 4-4-4-4-3', '6304 2232 9561 6808 439'],
    ['UATP 4-5-6', `${card('1', 15).slice(0, 4)} ${card('1', 15).slice(4, 9)} ${card('1', 15).slice(9)}`],
  ])('finds a card grouped with %s', (_name, value) => {
    expect(found(`Paid by card ${value}.`, 'CREDIT_CARD')).toEqual([value]);
  });

  it('finds every card of a sentence', () => {
    expect(found('Cards 4111111111111111, 5555-5555-5555-4444 and 3782 822463 10005 were charged.', 'CREDIT_CARD')).toEqual([
      '4111111111111111',
      '5555-5555-5555-4444',
      '3782 822463 10005',
    ]);
    expect(found('cards: 4111111111111111 5555555555554444', 'CREDIT_CARD')).toEqual(['4111111111111111', '5555555555554444']);
  });

  it.each([
    ['a version', 'upgraded to 4111.1111.1111.1111.2'],
    ['a decimal amount', 'total 4111111111111111.50 units'],
    ['an IP-like dotted run', '10.411.111.111.111.111'],
  ])('does not take %s for a card', (_name, text) => {
    expect(found(text, 'CREDIT_CARD')).toEqual([]);
  });

  it('masks a dotted or paired card whole', () => {
    const rules = defaultRules().map((r, i) => ({ ...r, id: `r${i}` }));
    for (const value of ['4111.1111.1111.1111', '41 11 11 11 11 11 11 11', card('5019', 16)]) {
      const outcome = check(`card ${value} on file`, { rules, destination: 'VENDOR', masking: 'label', hashKey: 'k' });
      expect(outcome.masked_content).toBe('card [CREDIT_CARD] on file');
    }
  });
});
