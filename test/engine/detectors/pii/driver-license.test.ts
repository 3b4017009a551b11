import { describe, expect, it } from 'vitest';
import { mask, scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';

describe('DRIVER_LICENSE', () => {
  it.each([
    ["Driver's License: A1234567", 'A1234567'],
    ['driver’s license no. B7654321', 'B7654321'],
    ['Driver License #: 123456789', '123456789'],
    ['DL# D12345678', 'D12345678'],
    ['DL: 12345678', '12345678'],
    ['DLN S123-456-78-901-0', 'S123-456-78-901-0'],
    ['drivers license CA A1234567', 'A1234567'],
    ['driving licence: MORGA753116SM9IJ', 'MORGA753116SM9IJ'],
    ['FL driver license S123456789012', 'S123456789012'],
    ['NH driver license 12ABC34567', '12ABC34567'],
    ['Iowa driver license 123AB4567', '123AB4567'],
    ['{"driver_license_number": "WDLABCD456DG"}', 'WDLABCD456DG'],
    ['driverLicense=Y1234567', 'Y1234567'],
    ['the driver gave license number K12345678 at the stop', 'K12345678'],
    ['driver license 079 108 535 at pickup', '079 108 535'],
    ['{"dl_number": "83 425 780"}', '83 425 780'],
    ['ID document ...... P6875161 (driver license, FL)', 'P6875161'],
    ['ID document ...... 16 441 189 (driver license, TX)', '16 441 189'],
  ])('finds the number in %j', (text, value) => {
    expect(found(text, 'DRIVER_LICENSE')).toEqual([value]);
  });

  it('reads a licence column, also when later cells hold unquoted commas', () => {
    expect(found('name,dl_number\nAnn,A1234567\nBo,99887766', 'DRIVER_LICENSE')).toEqual(['A1234567', '99887766']);
    const csv = 'id,driverLicense,updated_at\n65758,R487963327740,July 21, 2023\n60247,635 067 181,Apr 20';
    expect(found(csv, 'DRIVER_LICENSE')).toEqual(['R487963327740', '635 067 181']);
  });

  it.each([
    ['a number without context', 'Invoice A1234567 and 123456789'],
    ['a licence number with no driver near', 'software license number 12345678'],
    ['"DL" as a word without a separator', 'DL list 12345678'],
    ['a word after the cue', "driver's license expired"],
    ['a repeated digit', 'DL# 00000000'],
    ['a too long number', 'DL# 123456789012345'],
    ['a number glued to more', 'DL# A1234567x'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'DRIVER_LICENSE')).toEqual([]);
  });

  it('drops a sample number and ranks "license number" below a named cue', () => {
    expect(found('dummy DL# A1234567', 'DRIVER_LICENSE')).toEqual([]);
    const [named] = scan("driver's license A1234567");
    const [near] = scan('driver: license number A1234567');
    expect(named?.confidence).toBeGreaterThan(near?.confidence ?? 1);
  });

  const MIB = 1 << 20;
  const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);
  it.each([
    ['repeated cues', fill('DL# ')],
    ['licence words', fill("driver's license ")],
    ['dash groups', fill('DLN 1-')],
    ['license number with driver', fill('driver license number ')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(() => scan(text)).not.toThrow();
  }, 10_000);
});

describe('DRIVER_LICENSE abbreviations', () => {
  it('reads "DL <number>", "OL#" and "Lic. #" on a vehicle form', () => {
    expect(found('Secondary ID ..... DL Y048-838-73-017-3', 'DRIVER_LICENSE')).toEqual(['Y048-838-73-017-3']);
    expect(found('Valentina Lee, OL# S640-674-93-909-6, plate GLJ8984', 'DRIVER_LICENSE')).toEqual(['S640-674-93-909-6']);
    expect(found('  Lic. #: X358851926757\n  Vehicle: 2023 Toyota RAV4', 'DRIVER_LICENSE')).toEqual(['X358851926757']);
    // Any other licence number stays unreported.
    expect(found('Software Lic. #: 443053965 renews in May', 'DRIVER_LICENSE')).toEqual([]);
    expect(found('DL 5 files from the share', 'DRIVER_LICENSE')).toEqual([]);
  });
});

describe('DRIVER_LICENSE: state beside the number, I-9 documents, other countries', () => {
  it.each([
    ["Driver's license # / state: Q9016072 / CA", 'Q9016072'],
    ["Driver's license # / state: 686 706 918 / NY", '686 706 918'],
    ['Insured driver: Kwame Mensah, DOB 02/03/2003, license 17445866 (TX)', '17445866'],
    ['Claimant, DOB 1952-02-21, license F570-581-94-297-6 (FL)', 'F570-581-94-297-6'],
    ['ID: license WDLO4RS4BHJ0 / WA', 'WDLO4RS4BHJ0'],
    ['license number: 1234567 (NY)', '1234567'],
    ['CDL# 12345678', '12345678'],
    ["List B: Driver's license, issuing authority IL DMV, document number V825-1771-2147, expiration 4/13/2029", 'V825-1771-2147'],
    ['Führerscheinnummer: B072RRE2I55', 'B072RRE2I55'],
    ['N° de permis de conduire : 12AB34567', '12AB34567'],
    ['Rijbewijsnummer: 5123456789', '5123456789'],
    ['運転免許証番号: 123456789012', '123456789012'],
  ])('finds the number in %j', (text, value) => {
    expect(found(text, 'DRIVER_LICENSE')).toEqual([value]);
  });

  it.each([
    ['a bare "license" with no state and no driver', 'software license 17445866 renewed'],
    ['a licence number with a bracket that is no state', 'license number: 1234567 (ok)'],
    ['a bare "license" before a non-state bracket', 'MIT license 17445866 (OK to ship)'],
    ['a document number far from any licence cue', 'Passport, issuing authority USA, document number 123456789'],
    ['a foreign cue before a short number', 'Führerschein: 1234'],
    ['a foreign cue before a word', 'permis de conduire valide'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'DRIVER_LICENSE')).toEqual([]);
  });

  it('reads a plain license_no column only in a table about people', () => {
    const people = 'lead\temail\tdob\tlicense_no\tpassport_no\nPat Smith\tps@mail.example.org\t1974-08-12\t22 894 972\tC87058340\n';
    expect(found(people, 'DRIVER_LICENSE')).toEqual(['22 894 972']);
    const software = 'product\tseats\tlicense_no\nJetBrains\t12\tA12345678\n';
    expect(found(software, 'DRIVER_LICENSE')).toEqual([]);
  });

  it('masks the number and keeps the state with no leak', () => {
    const text = "Driver's license # / state: Q9016072 / CA\nlicense 17445866 (TX)";
    const masked = mask(text, scan(text), 'label', 'test-key');
    expect(masked).toBe("Driver's license # / state: [DRIVER_LICENSE] / CA\nlicense [DRIVER_LICENSE] (TX)");
  });
});
