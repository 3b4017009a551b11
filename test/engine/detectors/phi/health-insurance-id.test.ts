import { describe, expect, it } from 'vitest';
import { healthInsuranceId } from '../../../../src/engine/detectors/phi/health-insurance-id.js';
import { found, prng } from '../../helpers.js';
import { fill, scored } from './identifiers.js';

describe('HEALTH_INSURANCE_ID: Medicare Beneficiary Identifier', () => {
  it.each([
    ['Medicare MBI 1EG4-TE5-MK73', '1EG4-TE5-MK73', 0.9],
    ['mbi=1EG4TE5MK73', '1EG4TE5MK73', 0.9],
    ['{"beneficiary": {"id": "9AA0AA0AA00"}}', '9AA0AA0AA00', 0.9],
    ['Jane Roe 1EG4TE5MK73 2024-01-15', '1EG4TE5MK73', 0.8],
    ['roe|5N71X92RT46|active', '5N71X92RT46', 0.8],
    ['Barbara Roe 2Q41RA1VG33. Order #758576 shipped.', '2Q41RA1VG33', 0.8],
    ['medicare id 1eg4-te5-mk73', '1eg4-te5-mk73', 0.9],
    ['MBI: 1eg4te5mk73', '1eg4te5mk73', 0.9],
  ])('finds the identifier in %j', (text, value, confidence) => {
    expect(scored(text, 'HEALTH_INSURANCE_ID')).toEqual([{ value, confidence }]);
  });

  it.each([
    ['an excluded letter (S L O I B Z)', '1SG4TE5MK73 1EL4TE5MK73 1EG4TO5MK73 1EG4TE5MI73 1EG4TE5BK73 1EG4TE5MZ73'],
    ['a digit where a letter belongs', '13G4TE5MK73 1EG43E5MK73 1EG4TE55K73 1EG4TE5M373'],
    ['a letter where a digit belongs', '1EGATE5MK73 1EG4TE5MK7A'],
    ['a leading zero', '0EG4TE5MK73'],
    ['lower case without a cue', '1eg4te5mk73 and /u/1eg4-te5-mk73'],
    ['one dash of two', '1EG4-TE5MK73 1EG4TE5-MK73'],
    ['too long or glued', '1EG4TE5MK734 X1EG4TE5MK73 1EG4TE5MK73-X a/1EG4TE5MK73 1EG4TE5MK73.txt'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'HEALTH_INSURANCE_ID')).toEqual([]);
  });

  it.each([
    ['a part number', 'Part no. 1EG4-TE5-MK73'],
    ['a SKU', 'SKU 1EG4TE5MK73'],
    ['an order', 'order 1EG4TE5MK73 shipped'],
    ['an example', 'e.g. 1EG4TE5MK73'],
  ])('keeps an MBI shape beside %s under the default minimum', (_name, text) => {
    expect(found(text, 'HEALTH_INSURANCE_ID')).toEqual([]);
  });

  it('rarely takes a random upper-case code for an MBI', () => {
    const next = prng(42);
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    const codes = Array.from({ length: 20_000 }, () =>
      Array.from({ length: 11 }, () => chars.charAt(Math.floor(next() * chars.length))).join(''),
    );
    // About 1 in 10,000 fits the shape by chance.
    expect(found(codes.join(' '), 'HEALTH_INSURANCE_ID').length).toBeLessThanOrEqual(10);
  });
});

describe('HEALTH_INSURANCE_ID: labelled member and policy ids', () => {
  it.each([
    ['Insurance ID: XYZ123456789', 'XYZ123456789', 0.8],
    ['BCBS Member ID: XYZ123456789', 'XYZ123456789', 0.8],
    ['Medicaid ID 12345678', '12345678', 0.8],
    ['Medicaid member ID: AB12345C', 'AB12345C', 0.8],
    ['Subscriber ID: 987654321', '987654321', 0.8],
    ['"subscriber_id": "U8675309-01"', 'U8675309-01', 0.8],
    ['Medicare number: 123456789A', '123456789A', 0.8],
    ['health plan member number is H00012345', 'H00012345', 0.8],
    ['Member ID: W123456789 (Aetna)', 'W123456789', 0.7],
    ['Cigna policy number 00412345', '00412345', 0.7],
    ['Group #: 0012345 on the health plan card', '0012345', 0.7],
    ['insurance: UHC, member_id=JQ4445551', 'JQ4445551', 0.7],
    ['{"memberId": "ZGP123456789"}', 'ZGP123456789', 0.6],
    ['Please update the subscriber ID to H09149499.', 'H09149499', 0.8],
    ['id,member_id,updated_at\n93315,W739911687,December 11, 2023', 'W739911687', 0.8],
    ['id,mbi\n1,1EG4TE5MK73', '1EG4TE5MK73', 0.9],
    ["1a. INSURED'S I.D. NUMBER ............ QDK809613773", 'QDK809613773', 0.8],
    ['Coverage: Ins ID# 70597606200', '70597606200', 0.8],
    ['fyi ins is AXB528415520, auth pending', 'AXB528415520', 0.8],
    ['> Insurance: ZGP442188898 (member ID)', 'ZGP442188898', 0.8],
    ['What is the subscriber ID on your insurance card?\nMarco: its ZGP474512276', 'ZGP474512276', 0.8],
    ['Can you give me your member ID from the front of your card?\nJohn: 94687440500', '94687440500', 0.6],
    ["INSERT INTO claims (mrn, payer_member_id) VALUES ('7832577', 'VXV431918442');", 'VXV431918442', 0.8],
  ])('finds the identifier in %j', (text, value, confidence) => {
    expect(scored(text, 'HEALTH_INSURANCE_ID')).toEqual([{ value, confidence }]);
  });

  it.each([
    ['a short member id without a health word', 'Gym member id 12345678'],
    ['a group id without a health word', '"group_id": "12345678"'],
    ['a policy number without a health word', 'Auto policy number 12345678'],
    ['a value without enough digits', 'Insurance ID: ABCDEF12'],
    ['a value too short', 'Subscriber ID: 12345'],
    ['a value too long', 'Subscriber ID: 1234567890123456'],
    ['a date', 'Medicaid: 2023-11-05'],
    ['no value', 'Medicaid expansion in 2023 covered more members'],
    ['an email address', 'insurance id jane12345@example.com'],
    ['a label inside a word', 'nonmember id 12345678 health'],
    ['an insurance plan name', 'Insurance: Blue Cross PPO 2024'],
    ['ins as another word', 'ins 12345678 and inside 12345678'],
    ['an answer to another line', 'What is your member ID?\nJohn: let me check.\nOrder 94687440500'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'HEALTH_INSURANCE_ID')).toEqual([]);
  });

  it('lowers a labelled value marked as fake', () => {
    expect(found('Insurance ID: XYZ123456789 (fake)', 'HEALTH_INSURANCE_ID')).toEqual([]);
  });

  it.each([
    ['MBI-shaped runs', fill('1EG4TE5MK73')],
    ['dashed MBI shapes', fill('1EG4-TE5-')],
    ['labels without values', fill('member id: insurance id ')],
    ['labels and long values', fill('Medicaid ID A1B2C3D4E5F6G7H8')],
    ['separators after a label', `subscriber id${fill(' -')}`],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(healthInsuranceId.find(text, []))).toBe(true);
  }, 10_000);
});

describe('HEALTH_INSURANCE_ID: a plan or PBM named between the label and its id', () => {
  it.each([
    ['Insurance: Express Scripts ID 918602774  Copay $10.00', '918602774'],
    ['Insurance: Caremark ID DFH180210926  Copay $10.00', 'DFH180210926'],
    ['Insurance: Blue Cross Blue Shield Member ID # XYZ123456789', 'XYZ123456789'],
  ])('finds the id in %j', (text, value) => {
    expect(found(text, 'HEALTH_INSURANCE_ID')).toEqual([value]);
  });

  it.each([
    ['a plan name alone', 'Insurance: Blue Cross PPO'],
    ['lower-case words before an id label', 'insurance: pending approval id 123456789'],
    ['too many words before the id label', 'Insurance: One Two Three Four Five ID 918602774'],
    ['an id too short for a member id', 'Insurance: Caremark ID 1234'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'HEALTH_INSURANCE_ID')).toEqual([]);
  });
});

describe('HEALTH_INSURANCE_ID: an id label on the line under the member', () => {
  it.each([
    ['Member: Jane Roe\nID #: W326877656\nDate of birth: 1986-02-13', 'W326877656'],
    ['Subscriber name: J. Roe\nID No. 08008251500', '08008251500'],
    ['Insured: John Q. Public\nID: XQH412785590', 'XQH412785590'],
  ])('finds the id in %j', (text, value) => {
    expect(found(text, 'HEALTH_INSURANCE_ID')).toEqual([value]);
  });

  it.each([
    ['an id not on the next line', 'Member: Jane Roe\nPlan: Gold\nID #: W326877656'],
    ['a short id with no health words', 'Member: Jane Roe\nID: 1234567'],
    ['a patient, whose id is a record number', 'Patient: Jane Roe\nID #: W326877656'],
    ['an id word glued to more letters', 'Member: Jane Roe\nIdaho 83702 0832'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'HEALTH_INSURANCE_ID')).toEqual([]);
  });
});
