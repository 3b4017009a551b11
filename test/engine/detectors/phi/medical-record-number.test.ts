import { describe, expect, it } from 'vitest';
import { found } from '../../helpers.js';

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
  ])('finds the identifier in %j', (text, value) => {
    expect(found(text, 'MEDICAL_RECORD_NUMBER')).toEqual([value]);
  });

  it.each([
    ['no cue', 'ticket 00123456'],
    ['too few digits', 'MRN: 12345'],
    ['too many digits', 'MRN: 12345678901'],
    ['a cue too far away', 'MRN is unknown; the order was 00123456'],
    ['a cue inside a word', 'patients idle 00123456'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'MEDICAL_RECORD_NUMBER')).toEqual([]);
  });
});
