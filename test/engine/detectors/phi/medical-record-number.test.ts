import { describe, expect, it } from 'vitest';
import { medicalRecordNumber } from '../../../../src/engine/detectors/phi/medical-record-number.js';
import { found } from '../../helpers.js';
import { fill } from './identifiers.js';

describe('MEDICAL_RECORD_NUMBER', () => {
  it.each([
    ['MRN: 00123456', '00123456'],
    ['MRN-00123456', '00123456'],
    ['mrn 1234567890', '1234567890'],
    ['Patient ID: MRN-00123456', 'MRN-00123456'],
    ['patient id A1234567', 'A1234567'],
    ['Medical record number: 7654321', '7654321'],
    ['medical record # 7654321', '7654321'],
    ['Chart #: 445566', '445566'],
    ['MRN is 12345678', '12345678'],
    ['{"mrn": "00123456"}', '00123456'],
    ['patient_mrn=00123456', '00123456'],
    ['patient_id: 12345678', '12345678'],
    ['MR#: 1234567', '1234567'],
    ['Med. Rec. No. 7654321', '7654321'],
    ['Hospital number 123-456-789', '123-456-789'],
    ['Pt ID 2345678', '2345678'],
    ['MRN00123456', '00123456'],
    ['EHR ID: 10029384', '10029384'],
    ['Patient ID (MRN): 00934348', '00934348'],
    ['{"patientMrn": "K4502419"}', 'K4502419'],
    ['referral for Ana Ruiz (chart 40690270, DOB 12/08/1982)', '40690270'],
    ['MRN#: 00123456', '00123456'],
    ['MEDICAL RECORD NO. .............. 7654321', '7654321'],
    ['Can you read me the MRN on the wristband?\n[09:12] rn.kelly: its 00934348', '00934348'],
  ])('finds the identifier in %j', (text, value) => {
    expect(found(text, 'MEDICAL_RECORD_NUMBER')).toEqual([value]);
  });

  it.each([
    ['no cue', 'ticket 00123456'],
    ['too few digits', 'MRN: 12345'],
    ['too many digits', 'MRN: 12345678901'],
    ['a cue too far away', 'MRN is unknown; the order was 00123456'],
    ['a cue inside a word', 'patients idle 00123456'],
    ['a date after the cue', 'MRN: 2024-01-15'],
    ['a decimal', 'MRN: 1234567.89'],
    ['too few digits in groups', 'MRN 123-45'],
    ['a chart id in software', 'chart id 1234567'],
    ['a value marked as an example', 'MRN 12345678 (example)'],
    ['a chart in a report', 'chart 3 shows 2024 revenue of 1234567'],
    ['an answer that is no identifier', 'What is the MRN?\nKim: I will check 12345678 later'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'MEDICAL_RECORD_NUMBER')).toEqual([]);
  });

  it('finds record numbers in a table column named for them', () => {
    const csv = 'id,medical_record_number,birthdate,updated_at\n4182,66-612-250,15 April 1951,March 1, 2022\n24992,M5576434,03/27/1970,11/12/2024\n7,n/a,2001-01-01,x';
    expect(found(csv, 'MEDICAL_RECORD_NUMBER')).toEqual(['66-612-250', 'M5576434']);
  });

  it.each([
    ['repeated cues', fill('MRN: patient id ')],
    ['cues and long digit runs', fill('patient id 1234567890123')],
    ['cues stuck to dashes', fill('MRN-')],
    ['dash-joined digit groups', `MRN ${fill('12-')}`],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(medicalRecordNumber.find(text, []))).toBe(true);
  }, 10_000);
});
