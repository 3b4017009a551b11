import { describe, expect, it } from 'vitest';
import { icd10Code } from '../../../../src/engine/detectors/phi/icd10-code.js';
import { found } from '../../helpers.js';
import { fill, scored } from './identifiers.js';

describe('ICD10_CODE', () => {
  it.each([
    ['ICD-10: S72.001A', ['S72.001A']],
    ['icd10_code,E11.9', ['E11.9']],
    ['Dx: E11.9, I10, J45.909', ['E11.9', 'I10', 'J45.909']],
    ['Assessment: I10 essential hypertension', ['I10']],
    ['Hypertension (I10) and type 2 diabetes (E11.9)', ['I10', 'E11.9']],
    ['Diagnosis codes E119 and I10', ['E119', 'I10']],
    ['ICD-10-CM E1165 billed', ['E1165']],
    ['Problem list: F32.A, T40.2X1A, Z79.4', ['F32.A', 'T40.2X1A', 'Z79.4']],
    ['Chronic gout M1A.0710 and Merkel cell C4A.9 per ICD-10', ['M1A.0710', 'C4A.9']],
    ['diagnosed with COVID-19 (U07.1)', ['U07.1']],
    ['claim line: code J45.909', ['J45.909']],
    ['{"dx": ["E11.9", "N18.3"]}', ['E11.9', 'N18.3']],
    ['{"icd10Code": "E11.9"}', ['E11.9']],
    ['id,icd10Code,aba\n26900,N18.3,321113980\n45345,E119,086600055', ['N18.3', 'E119']],
  ])('finds the codes in %j', (text, values) => {
    expect(found(text, 'ICD10_CODE')).toEqual(values);
  });

  it('rates an ICD label above other clinical context, and a bare "code" lowest', () => {
    expect(scored('ICD-10 E11.9', 'ICD10_CODE')[0]?.confidence).toBe(0.8);
    expect(scored('diagnosis E11.9', 'ICD10_CODE')[0]?.confidence).toBe(0.75);
    expect(scored('code E11.9', 'ICD10_CODE')[0]?.confidence).toBe(0.65);
  });

  it('passes the context of a list along it', () => {
    const text = `Diagnoses:${' '.repeat(50)}E11.9, I10, N18.3, E78.5, K21.9, G47.33, M54.5, F41.1, J30.9`;
    expect(found(text, 'ICD10_CODE')).toHaveLength(9);
  });

  it.each([
    ['a highway', 'We took the I10 to Phoenix.'],
    ['a paper size and a vitamin', 'Print on A4 paper; her vitamin B12 is low after the diagnosis.'],
    ['an appliance error code', 'Error code E11 on the washer.'],
    ['a model number', 'The F16 and M16 specs; G20 summit'],
    ['codes without any context', 'E11.9 I10 J45.909'],
    ['an undotted code with only clinical context', 'diagnosis E119'],
    ['vertebrae', 'T11-T12 compression fracture in a patient with diabetes; T12 height loss'],
    ['HbA1c and other lab names', 'diagnosis: A1C 7.2, H2O, T2D, HLA-B27 positive'],
    ['a U code outside ICD-10-CM', 'diagnosis U12'],
    ['a letter third outside the known categories', 'diagnosis E1A.1'],
    ['a spreadsheet range', 'billing =SUM(A10:B20)'],
    ['a version string', 'diagnosis module E11.9.2'],
    ['a code glued to more characters', 'diagnosis XE11.9 E11.9X9X9 E11.9/3'],
    ['lower case', 'diagnosis e11.9'],
    ['an HL7 event type', 'billing worker: HL7 ADT^A08 received'],
    ['an example code', 'ICD-10 codes look like E11.9, for example.'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'ICD10_CODE')).toEqual([]);
  });

  it.each([
    ['code-like tokens and cues', fill('ICD-10 E11.9 ')],
    ['letter-digit runs', fill('A1B2C3D4')],
    ['dotted runs', fill('E11.9.')],
    ['list separators', fill('E11, ')],
    ['repeated clinical cues', fill('diagnosis dx ')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(icd10Code.find(text, []))).toBe(true);
  }, 10_000);
});
