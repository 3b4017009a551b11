import { describe, expect, it } from 'vitest';
import { abaValid } from '../../../../src/engine/detectors/financial/aba-routing.js';
import { scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';

const confidence = (text: string) => scan(text, { minConfidence: 0 }).find((f) => f.type === 'ABA_ROUTING')?.confidence;
const MIB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);

describe('ABA_ROUTING', () => {
  it.each([
    ['a routing label', 'Routing: 021000021'],
    ['a routing number label', 'Routing number 026009593 at Bank of America'],
    ['ABA with a hash', 'ABA# 111000025'],
    ['RTN', 'RTN: 122105155'],
    ['a transit number', 'transit number 011000015'],
    ['a thrift prefix', 'routing no. 322271627'],
    ['an electronic prefix', 'routing: 611234508'],
    ['a traveler cheque prefix', 'routing: 801234509'],
    ['a JSON key', '{"routing_number": "071000013"}'],
    ['a camelCase key', '{"routingNumber":"071000013"}'],
    ['an .env line', 'BANK_ROUTING=021000021'],
    ['filler words', 'The ABA routing number of our bank is 021000021.'],
    ['a wire label', 'Wire: 021000021'],
    ['ACH', 'ACH 021000021'],
  ])('finds a number after %s', (_name, text) => {
    expect(found(text, 'ABA_ROUTING')).toHaveLength(1);
  });

  it('finds numbers in a table column headed by a routing label', () => {
    const csv = 'name,routing_number,amount\nJane,021000021,12.50\nJohn,"026009593",8\n\nlater,111000025,1';
    expect(found(csv, 'ABA_ROUTING')).toEqual(['021000021', '026009593']); // a blank line ends the table
    expect(found('| Name | ABA |\n|---|---|\n| Jane | 021000021 |', 'ABA_ROUTING')).toEqual(['021000021']);
    expect(found('name\trouting\nJane\t021000021', 'ABA_ROUTING')).toEqual(['021000021']);
    expect(found('routing table,hops\nr1,021000021', 'ABA_ROUTING')).toEqual([]); // "routing table" is no header
  });

  it('tells routing and account numbers apart by their labels', () => {
    const text = 'Routing: 021000021, Account: 021000021';
    expect(scan(text).map((f) => [f.type, f.start])).toEqual([
      ['ABA_ROUTING', 9],
      ['BANK_ACCOUNT', 29],
    ]);
    expect(found('bank account routing number 021000021', 'ABA_ROUTING')).toEqual(['021000021']);
  });

  it('rates by label', () => {
    expect(confidence('routing 021000021')).toBe(0.95);
    expect(confidence('wire 021000021')).toBe(0.85);
    expect(confidence('sample routing number 021000021')).toBe(0.45);
  });

  it.each([
    ['a bare valid number', 'Call 021000021 today'],
    ['a valid number after an unrelated word', 'Routing table entry 021000021 updated'],
    ['a bad checksum', 'Routing: 021000022'],
    ['an unassigned prefix', 'Routing: 131234509'],
    ['too many digits', 'Routing: 0210000210'],
    ['too few digits', 'Routing: 02100002'],
    ['a decimal', 'routing 021000021.5'],
    ['a number in the next sentence', 'See routing. Then 021000021 is a count.'],
    ['a dashed number', 'Routing: 021-000-021'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'ABA_ROUTING')).toEqual([]);
  });

  it.each([
    ['before its label', '021000021 is the routing number for Chase', '021000021'],
    ['after words a label does not own', 'Routing number (ABA) for wires from our Chase account at branch 12: 021000021', '021000021'],
    ['beside an RTN', 'RTN of the payee bank, as printed on the cheque: 122105155', '122105155'],
  ])('finds, less surely, a valid number in the sentence of a routing keyword that does not own it: %s', (_name, text, number) => {
    expect(found(text, 'ABA_ROUTING')).toEqual([number]);
    expect(confidence(text)).toBe(0.7);
  });

  it.each([
    ['"routing" of a network', 'Routing table entry 021000021 updated, routing key 011000015'],
    ['another sentence', 'Routing number on file. Then 021000021 is a count.'],
    ['a number an account label owns', 'Routing number 021000021, account 011000015'],
  ])('does not take a number near a routing keyword when it is %s', (_name, text) => {
    expect(found(text, 'ABA_ROUTING')).toEqual(text.includes('account') ? ['021000021'] : []);
  });

  it('implements the 3-7-1 checksum and prefix ranges', () => {
    expect(abaValid('021000021')).toBe(true);
    expect(abaValid('021000022')).toBe(false);
    expect(abaValid('501234508')).toBe(false);
    expect(abaValid('02100002')).toBe(false);
  });

  it.each([
    ['digit runs', fill('1234567890')],
    ['labels and numbers', fill('routing 021000021 ')],
    ['repeated labels', fill('routing aba rtn wire ach ')],
    ['labels and long gaps', fill(`routing${' '.repeat(40)}`)],
    ['table headers', fill('routing,account\n')],
    ['a wide header', fill('routing,')],
    ['table rows', `routing,x\n${fill('021000021,1\n')}`],
    ['header lines without delimiters', fill('routing\n')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(scan(text))).toBe(true);
  }, 10_000);
});

describe('ABA_ROUTING after a changed label', () => {
  it('follows "changed to" and "is now"', () => {
    expect(found('Our bank routing number changed to 021000021 after the merger.', 'ABA_ROUTING')).toEqual(['021000021']);
    expect(found('The routing number is now 021000021.', 'ABA_ROUTING')).toEqual(['021000021']);
  });
});

describe('ABA_ROUTING after a bracketed hint', () => {
  it('skips a short aside between label and number, and not one holding a number', () => {
    expect(found('Routing Transit No. (9 digits): 021000021', 'ABA_ROUTING')).toEqual(['021000021']);
    expect(found('Routing number (ABA): 021000021', 'ABA_ROUTING')).toEqual(['021000021']);
    expect(found('routing (ref 123) 021000021', 'ABA_ROUTING')).not.toContain('123');
  });
});
