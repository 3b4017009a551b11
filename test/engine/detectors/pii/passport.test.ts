import { describe, expect, it } from 'vitest';
import { mask, scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';

describe('PASSPORT', () => {
  it.each([
    ['Passport No: 123456789', '123456789'],
    ['passport number A12345678', 'A12345678'],
    ['Passport #: 987654321', '987654321'],
    ['UK passport 533380006 issued 2019', '533380006'],
    ['Passport: USA 488839667', '488839667'],
    ['his passport is 310254899.', '310254899'],
    ['{"passport_number": "X12345678"}', 'X12345678'],
    ['passportNo=AB1234567', 'AB1234567'],
    ['travel document no. C01X00T47', 'C01X00T47'],
    ['Canadian passport: GA302922', 'GA302922'],
    ['French passport 09AA12345', '09AA12345'],
    ['Indian passport J8369854', 'J8369854'],
    ['passport nr. E12345678', 'E12345678'],
    ['{"passportNo": "CZCF6HFNC"}', 'CZCF6HFNC'],
    ['will travel on passport H9WMLT1K3.', 'H9WMLT1K3'],
    ['passaporte nº HTVPW5Z94', 'HTVPW5Z94'],
    ['n° de passeport P42365237, délivré à Lyon', 'P42365237'],
    ['mi número de pasaporte: 105925095 — caduca en 2034', '105925095'],
    ['Reisepass-Nr. C01X00T47', 'C01X00T47'],
    ['ID document ...... 54BT80795 (passport)', '54BT80795'],
  ])('finds the number in %j', (text, value) => {
    expect(found(text, 'PASSPORT')).toEqual([value]);
  });

  it('reads a passport column', () => {
    expect(found('name,passport_no\nAnn,533380006\nBo,A12345678', 'PASSPORT')).toEqual(['533380006', 'A12345678']);
  });

  it.each([
    ['a number without context', 'Order 123456789 and ref A12345678'],
    ['a number far from the cue', 'passport expired in 2019, order 123456789'],
    ['a word after the cue', 'passport office downtown'],
    ['a repeated digit', 'passport no: 000000000'],
    ['a short number', 'passport 12345'],
    ['a long number', 'passport 1234567890123'],
    ['a number glued to more', 'passport 123456789.5 and passport 123456789abc'],
    ['a date after the cue', 'passport 2024-01-15'],
    ['a capitalised word after the cue', 'PASSPORT CHECKLIST and passport Holder'],
    ['a bracketed cue after prose', 'we need your photo (passport size) soon'],
    ['a bracketed cue after a word', 'see page (passport section)'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'PASSPORT')).toEqual([]);
  });

  it('drops a sample number', () => {
    expect(found('Sample passport number: 123456789', 'PASSPORT')).toEqual([]);
  });

  it('wins over an SSN-looking bare number, which needs its own cue', () => {
    expect(scan('passport 123456789').map((f) => f.type)).toEqual(['PASSPORT']);
  });

  const MIB = 1 << 20;
  const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);
  it.each([
    ['repeated cues', fill('passport ')],
    ['cues and separators', fill('passport no: -')],
    ['cues and long tokens', fill(`passport ${'A1'.repeat(40)} `)],
    ['cues and digits', fill('passport 1')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(() => scan(text)).not.toThrow();
  }, 10_000);
});

describe('PASSPORT: other languages, table rows, I-9 documents', () => {
  it.each([
    ['旅券番号: TZ4541898', 'TZ4541898'],
    ['여권번호: M93360008', 'M93360008'],
    ['| 여권번호 | M33723436 |', 'M33723436'],
    ['护照号码: E12345678', 'E12345678'],
    ['Passport No. / पासपोर्ट संख्या: M9630370', 'M9630370'],
    ['| Passnummer | 67609612 |', '67609612'],
    ['Passin numero: FH7932220', 'FH7932220'],
    ['Numer paszportu: PE0618761', 'PE0618761'],
    ['Pasaport No: U87088490', 'U87088490'],
    ['Reisepassnummer: HF88NJN5F', 'HF88NJN5F'],
    ['| N.º do passaporte | A663894 |', 'A663894'],
    ['List A: U.S. Passport, document number 420865559, expiration date 2030-08-23', '420865559'],
  ])('finds the number in %j', (text, value) => {
    expect(found(text, 'PASSPORT')).toEqual([value]);
  });

  it.each([
    ['a boarding pass number', 'Boarding pass: 12345678'],
    ['a password', 'Passwort: AB1234567'],
    ['a passport cue before a word', '여권번호: 없음'],
    ['a document number on the next line', 'U.S. Passport\ndocument number 420865559'],
    ['a date after a foreign cue', 'Passin voimassaolo: 2030-08-23'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'PASSPORT')).toEqual([]);
  });

  it('masks every number of a Korean and a Japanese form with no leak', () => {
    const text = '여권번호: M93360008\n旅券番号: TZ4541898\n';
    expect(mask(text, scan(text), 'label', 'test-key')).toBe('여권번호: [PASSPORT]\n旅券番号: [PASSPORT]\n');
  });
});
