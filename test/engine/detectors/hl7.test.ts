import { describe, expect, it } from 'vitest';
import { mask, scan } from '../../../src/engine/index.js';
import { hl7Components } from '../../../src/engine/detectors/hl7.js';
import { found } from '../helpers.js';

const MESSAGE = [
  'MSH|^~\\&|LABSYS|NORTHCLINIC|EHR|NORTHCLINIC|202403110915||ADT^A08|MSG00071|P|2.5.1',
  'EVN|A08|202403110915',
  'PID|1|X-77120|5520193^^^NC^MR~W318450221^^^CMS^MB||OYELARAN^TOBI^K||19790214|F|||||(312)555-0187||||||318-22-0417',
  'NK1|1|OYELARAN^FEMI|SPO||3125550142',
  'PV1|1|I|3E^312^A|||||1245319599^VOSKUIJLEN^MARIEKE^^^^MD',
  'DG1|1|I10|E11.65^Type 2 diabetes mellitus with hyperglycemia^I10||20240311|A',
  `IN1|1|BCBS01${'|'.repeat(34)}XKQ550021843`, // IN1-36, the policy number
].join('\r');

describe('HL7 v2 fields', () => {
  it('reads fields and components as HL7 counts them', () => {
    const pid5 = hl7Components(MESSAGE).find((c) => c.segment === 'PID' && c.field === 5 && c.component === 2);
    expect(pid5 && MESSAGE.slice(pid5.start, pid5.end)).toBe('TOBI');
    const msh9 = hl7Components(MESSAGE).find((c) => c.segment === 'MSH' && c.field === 9 && c.component === 1);
    expect(msh9 && MESSAGE.slice(msh9.start, msh9.end)).toBe('ADT');
  });

  it.each([
    ['PERSON_NAME', ['OYELARAN^TOBI^K', 'OYELARAN^FEMI', 'VOSKUIJLEN^MARIEKE']],
    ['DATE_OF_BIRTH', ['19790214']],
    ['MEDICAL_RECORD_NUMBER', ['X-77120', '5520193']],
    ['HEALTH_INSURANCE_ID', ['W318450221', 'XKQ550021843']],
    ['NPI', ['1245319599']],
    ['PHONE', ['(312)555-0187', '3125550142']],
    ['SSN', ['318-22-0417']],
    ['ICD10_CODE', ['E11.65']],
  ])('finds %s by its field', (type, values) => {
    expect(found(MESSAGE, type)).toEqual(values);
  });

  it('does not read coding systems or event types as diagnosis codes', () => {
    const values = found(MESSAGE, 'ICD10_CODE');
    expect(values).not.toContain('I10');
    expect(values).not.toContain('A08');
  });

  it('reads nothing from pipes that are not segments', () => {
    expect(found('| PID | 19790214 | OYELARAN^TOBI |', 'DATE_OF_BIRTH')).toEqual([]);
    expect(found('a|b|c\nPIDX|1||19790214', 'DATE_OF_BIRTH')).toEqual([]);
    expect(found('PID|1||5520193^^^NC^MR||OYELARAN^TOBI||20991231', 'DATE_OF_BIRTH')).toEqual([]);
  });

  it('masks every value it reads', () => {
    const masked = mask(MESSAGE, scan(MESSAGE), 'label', 'test-key');
    for (const v of ['OYELARAN', 'TOBI', '19790214', '5520193', 'W318450221', '1245319599', 'XKQ550021843']) {
      expect(masked).not.toContain(v);
    }
  });
});
