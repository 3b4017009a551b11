import { describe, expect, it } from 'vitest';
import { CLINICAL_ACRONYMS, CLINICAL_TERMS } from '../../../../src/engine/detectors/phi/clinical-terms.js';
import { found } from '../../helpers.js';

describe('PHI', () => {
  it('ships a substantial clinical vocabulary', () => {
    expect(CLINICAL_TERMS.length + CLINICAL_ACRONYMS.length).toBeGreaterThanOrEqual(60);
  });

  it.each([
    ['the patient', 'The patient has hypertension.', ['hypertension']],
    ['a diagnosis', 'She was diagnosed with bipolar disorder last year.', ['bipolar disorder']],
    ['a prescription', 'Prescribed 500mg metformin twice daily.', ['metformin']],
    ['an honorific', 'Mr. Smith is recovering from chemotherapy.', ['chemotherapy']],
    ['a named patient', 'Patient John Smith, admitted Monday; history of asthma', ['asthma']],
    ['a pronoun and a clinical verb', 'he is taking insulin', ['insulin']],
    ['a date of birth', 'DOB 1980-02-03. Known HIV.', ['HIV']],
    ['an SSN finding', '123-45-6789 — dialysis three times a week', ['dialysis']],
    ['an email finding', 'jane@example.com asked about her schizophrenia', ['schizophrenia']],
    ['an MRN finding', 'MRN 00123456: Hepatitis C', ['Hepatitis']],
    ['several terms', 'Patient has diabetes and COPD; takes lisinopril.', ['diabetes', 'COPD', 'lisinopril']],
    ['an apostrophe variant', "The patient's Alzheimer’s is advancing", ['Alzheimer’s']],
  ])('reports a term tied to a person by %s', (_name, text, values) => {
    expect(found(text, 'PHI')).toEqual(values);
  });

  it.each([
    ['a general statement', 'Diabetes is a common disease.'],
    ['plural patients', 'Patients with asthma should carry an inhaler.'],
    ['an honorific without a dot', 'Dr Pepper and cancer research'],
    ['an ordinary word that is a lower-case acronym', 'The patient aids the nurse.'],
    ['a term inside a longer word', 'The patient read about prediabetic diets and insulinoma.'],
  ])('does not report %s', (_name, text) => {
    expect(found(text, 'PHI')).toEqual([]);
  });

  it('does not tie a term to a person cue more than the window away', () => {
    const text = `The patient arrived. ${'Unrelated filler text. '.repeat(10)}Depression is common.`;
    expect(found(text, 'PHI')).toEqual([]);
  });

  it('reports only the clinical term as the span', () => {
    const text = 'Mrs. Jones: chemotherapy';
    expect(found(text, 'PHI')).toEqual(['chemotherapy']);
  });
});
