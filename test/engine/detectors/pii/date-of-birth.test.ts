import { describe, expect, it } from 'vitest';
import { mask, scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';

describe('DATE_OF_BIRTH', () => {
  it.each([
    ['DOB: 03/14/1985', '03/14/1985'],
    ['D.O.B. 14.03.1985', '14.03.1985'],
    ['Date of Birth: 1985-03-14', '1985-03-14'],
    ['date of birth (MM/DD/YYYY): 3/4/1985', '3/4/1985'],
    ['Birthdate - March 14, 1985', 'March 14, 1985'],
    ['birthday: 14 March 1985', '14 March 1985'],
    ['DOB 14th of March 1985', '14th of March 1985'],
    ['dob=14-Mar-1985', '14-Mar-1985'],
    ['DOB: 03/14/85', '03/14/85'],
    ['DOB:\n1985-03-14', '1985-03-14'],
    ['She was born on Mar. 14th, 1985 in Ohio.', 'Mar. 14th, 1985'],
    ['born in Chicago on 14 March 1985', '14 March 1985'],
    ['1985-03-14 (DOB)', '1985-03-14'],
    ['{"date_of_birth": "1990-07-04"}', '1990-07-04'],
    ['{"dateOfBirth":"1990-07-04"}', '1990-07-04'],
    ['patient_dob=1990/07/04', '1990/07/04'],
    ['leap day DOB 02/29/1984', '02/29/1984'],
    ['DOB 25/12/1970', '25/12/1970'],
    ['Please correct my birth date to 11/02/1964.', '11/02/1964'],
    ["3. PATIENT'S BIRTH DATE (MM DD YYYY) .. 05 23 1961   SEX F", '05 23 1961'],
    ['BIRTH DATE ............................ 1961-05-23', '1961-05-23'],
    ['d.o.b 1961-05-23', '1961-05-23'],
    ['[11:12] <kim> bday on file for Ola Brandt: 11/27/1951', '11/27/1951'],
    ['b-day on file for Ola, system has Aug 26 1945', 'Aug 26 1945'],
    ['né le 22/06/1993 à Lyon', '22/06/1993'],
    ['Geburtsdatum: 07.06.1992', '07.06.1992'],
    ['geboren am 07.06.1992 in Wien', '07.06.1992'],
    ['fecha de nacimiento: 12/03/1984', '12/03/1984'],
    ['nacida el 12 March 1984', '12 March 1984'],
    ['nací el 08-Aug-1954', '08-Aug-1954'],
    ['dob doesnt match for Ana Ruiz, we have 10/27/1951 on file', '10/27/1951'],
    ['date de naissance : 12.03.1984', '12.03.1984'],
    ['生年月日: 1984-03-12', '1984-03-12'],
    ['Can you confirm your date of birth and the email on the account?\nJohn: Aug 15 2000, j@x.io', 'Aug 15 2000'],
    ['What is your birth date?\n[10:02] Visitor: sure, 5/26/1966 and that is all', '5/26/1966'],
  ])('finds the date in %j', (text, value) => {
    expect(found(text, 'DATE_OF_BIRTH')).toEqual([value]);
  });

  it('reads CSV columns headed by a birth-date name', () => {
    const csv = 'id,name,Date of Birth,city\n1,Ann,1985-03-14,Austin\n2,"Lee, Bo",12/01/1990,Boston\n\nnext,2024-01-15';
    expect(found(csv, 'DATE_OF_BIRTH')).toEqual(['1985-03-14', '12/01/1990']);
  });

  it.each([
    ['a date without a birth cue', 'Meeting on 1985-03-14 and 03/14/1985'],
    ['an invalid day', 'DOB: 02/30/1985 and DOB 1985-04-31'],
    ['a 29 February outside a leap year', 'DOB 02/29/1985 and DOB 1900-02-29'],
    ['a month over 12', 'DOB 13/13/1985'],
    ['a year before 1900', 'DOB: 1850-03-14'],
    ['a date in the future', 'DOB: 2999-01-01 and DOB: 01/01/2999'],
    ['a date far after the cue', 'Date of birth: unknown; appointment 2024-01-15'],
    ['a date in another sentence', 'He was born. On 2020-01-05 he moved.'],
    ['a date after a number', 'born in 1985, hired 2010-05-01'],
    ['a cue inside a word', 'Dobson 1985-03-14 and stubborn 1985-03-14 and unborn 1985-03-14'],
    ['a year only', 'born 1985'],
    ['a date glued to more digits', 'DOB 1985-03-145'],
    ['a birthday party date in prose', 'birthday party on 2024-03-14'],
    ['three numbers with spaces and a short year', 'DOB 05 23 61'],
    ['an answer to another question', 'What is your birth date?\nJohn: I will check.\nVisit on 2021-05-02'],
    ['a question answered in the same line later', 'date of birth? call 2021-05-02'],
    ['a cue word inside another word', 'benné 12/03/1984 and naissanceX 12/03/1984'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'DATE_OF_BIRTH')).toEqual([]);
  });

  it('does not let a cue with its own date claim the date before it', () => {
    expect(found('Date of service: 2024-12-18\nBorn: September 13, 1954', 'DATE_OF_BIRTH')).toEqual(['September 13, 1954']);
    expect(found('Visit 2024-12-18\nDOB: n/a', 'DATE_OF_BIRTH')).toEqual([]);
  });

  it('reads a column whose rows hold unquoted commas', () => {
    expect(found('id,birthdate,updated_at\n20352,02/16/1958,July 11, 2024', 'DATE_OF_BIRTH')).toEqual(['02/16/1958']);
  });

  it('gives a label more confidence than prose, and drops sample values', () => {
    const [label] = scan('DOB: 1985-03-14');
    const [prose] = scan('born on 1985-03-14');
    expect(label?.confidence).toBeGreaterThan(prose?.confidence ?? 1);
    expect(found('sample DOB: 1985-03-14', 'DATE_OF_BIRTH')).toEqual([]);
  });

  it('is not cut into a phone number or an IP address', () => {
    expect(scan('DOB 1985.03.14').map((f) => f.type)).toEqual(['DATE_OF_BIRTH']);
  });

  const MIB = 1 << 20;
  const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);
  it.each([
    ['repeated cues', fill('DOB: ')],
    ['cues and digits', fill('dob 12/')],
    ['born and words', fill('born in ')],
    ['a date header with separators', `dob,x\n${fill('1,')}`],
    ['a wide table', `${'a,'.repeat(1000)}dob\n${fill(`${'1,'.repeat(1000)}1985-03-14\n`)}`],
    ['separators', fill('- . / : ')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(() => scan(text)).not.toThrow();
  }, 10_000);
});

describe('DATE_OF_BIRTH: other languages, month names, CJK dates, JSON answers', () => {
  it.each([
    ['Födelsedatum: 1995-08-03', '1995-08-03'],
    ['| Syntymäaika | 9.12.1990 |', '9.12.1990'],
    ['Fødselsdato: 03.04.1971', '03.04.1971'],
    ['생년월일: 1979년 8월 25일', '1979년 8월 25일'],
    ['| 생년월일 | 1944년 12월 21일 |', '1944년 12월 21일'],
    ['生年月日: 1986年6月21日', '1986年6月21日'],
    ['Дата рождения: 14.03.1985', '14.03.1985'],
    ['जन्म तिथि: 20-12-1971', '20-12-1971'],
    ['Geburtsdatum: 14. März 1985', '14. März 1985'],
    ['Fecha de nacimiento: 15 de marzo de 1985', '15 de marzo de 1985'],
    ['Data de nascimento: 3 de fevereiro de 1938', '3 de fevereiro de 1938'],
    ['née le 1er janvier 1990 à Lyon', '1er janvier 1990'],
    ['Data di nascita: 21 settembre 1977', '21 settembre 1977'],
    ['Geboortedatum: 5 mei 1960', '5 mei 1960'],
    ['DOB: 14-Mar-85', '14-Mar-85'],
    ['DOB 14MAR1985', '14MAR1985'],
    ['DOB: 14/Mar/1985', '14/Mar/1985'],
    ['DOB: Mar-14-1985', 'Mar-14-1985'],
    ['DOB: 19850314', '19850314'],
    [
      '{ "body": "Could you confirm your date of birth so I can verify the account?" },\n  { "author": "end-user", "body": "Sure, it\'s 8/20/1980." }',
      '8/20/1980',
    ],
  ])('finds the date in %j', (text, value) => {
    expect(found(text, 'DATE_OF_BIRTH')).toEqual([value]);
  });

  it.each([
    ['a foreign month date without a birth cue', 'Fecha de emisión: 15 de marzo de 2020'],
    ['a CJK date without a birth cue', '申込日: 2024年6月21日'],
    ['an impossible CJK date', '생년월일: 1979년 13월 25일'],
    ['an eight-digit run that is no date', 'DOB: 20251399'],
    ['an eight-digit id after a birth cue', 'DOB: 12345678'],
    ['a compact date without a cue', 'ref 19850314'],
    ['a future date after a foreign cue', 'Födelsedatum: 2999-01-01'],
    ['a JSON answer to a question about something else', '{ "body": "What is your order number?" },\n{ "body": "Sure, it\'s 8/20/1980." }'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'DATE_OF_BIRTH')).toEqual([]);
  });

  it('masks CJK and month-name dates with no leak', () => {
    const text = '생년월일: 1979년 8월 25일\nGeburtsdatum: 14. März 1985\n';
    expect(mask(text, scan(text), 'label', 'test-key')).toBe('생년월일: [DATE_OF_BIRTH]\nGeburtsdatum: [DATE_OF_BIRTH]\n');
  });
});
