import { describe, expect, it } from 'vitest';
import { CLINICAL_ACRONYMS, CLINICAL_TERMS } from '../../../../src/engine/detectors/phi/clinical-terms.js';
import { phi } from '../../../../src/engine/detectors/phi/phi.js';
import { finding, found } from '../../helpers.js';
import { fill } from './identifiers.js';

/** PHI values found with these earlier findings (of detectors another group may not ship yet). */
function withEarlier(text: string, ...earlier: [type: string, value: string, confidence?: number][]): string[] {
  const findings = earlier.map(([type, value, confidence]) => finding(type, 'PII', value, text.indexOf(value), confidence));
  return phi.find(text, findings).map((f) => f.value);
}

describe('PHI', () => {
  it('ships a substantial clinical vocabulary', () => {
    expect(CLINICAL_TERMS.length + CLINICAL_ACRONYMS.length).toBeGreaterThanOrEqual(300);
    for (const term of ['metformin', 'lisinopril', 'atorvastatin', 'insulin', 'sertraline', 'adalimumab', 'colonoscopy', 'chemotherapy', 'dialysis', 'mastectomy']) {
      expect(CLINICAL_TERMS).toContain(term);
    }
    expect(CLINICAL_ACRONYMS).toContain('MRI');
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
    ['an MRN finding', 'MRN 00123456: Hepatitis C', ['Hepatitis C']],
    ['several terms', 'Patient has diabetes and COPD; takes lisinopril.', ['diabetes', 'COPD', 'lisinopril']],
    ['an apostrophe variant', "The patient's Alzheimer’s is advancing", ['Alzheimer’s']],
    ['"she has"', 'She has diabetes.', ['diabetes']],
    ['a family member', 'My mother had breast cancer.', ['breast cancer']],
    ['an age', 'A 45-year-old man with HIV presented to the ER.', ['HIV']],
    ['clinical shorthand', 'Pt is a 67 yo F with h/o HTN and T2DM on metformin.', ['HTN', 'T2DM', 'metformin']],
    ['an honorific without a dot and a name', 'Mr Smith is recovering from a mastectomy.', ['mastectomy']],
    ['a personal email address', 'Reach Jane at jane.roe@gmail.com about her chemotherapy.', ['chemotherapy']],
    ['a phone number', "John's phone 415-555-0132; started sertraline last week", ['sertraline']],
    ['an insurance member id', 'Member ID: W123456789 (Aetna), dialysis MWF', ['dialysis']],
    ['an MBI', '1EG4TE5MK73: colonoscopy next week', ['colonoscopy']],
    ['a past prescription', 'She was prescribed lisinopril and atorvastatin.', ['lisinopril', 'atorvastatin']],
    ['a procedure with a hyphen variant', 'The patient had a C section and an MRI of the spine.', ['C section', 'MRI of the spine']],
    ['a record field', 'Diagnosis: type 2 diabetes mellitus', ['type 2 diabetes mellitus']],
    ['a medication list', 'Current medications: lisinopril 10 mg daily, Eliquis 5 mg', ['lisinopril', 'Eliquis']],
    ['a diagnosis key', '{"primary_diagnosis": "non-small cell lung cancer"}', ['non-small cell lung cancer']],
    ['a plan at the start of a line', 'Vitals normal.\nPlan: start atorvastatin 20 mg at bedtime', ['atorvastatin']],
    ['a care phrase', 'Has been taking Ozempic (1 mg weekly) since May.', ['Ozempic']],
    ['a scheduled procedure', 'Is scheduled for a colonoscopy on Monday.', ['colonoscopy']],
    ['a JSON record', '{"mrn": "00123456", "dx": "type 2 diabetes", "meds": ["metformin"]}', ['type 2 diabetes', 'metformin']],
  ])('reports a term tied to a person by %s', (_name, text, values) => {
    expect(found(text, 'PHI')).toEqual(values);
  });

  it.each([
    ['a general statement', 'Diabetes is a common disease.'],
    ['plural patients', 'Patients with asthma should carry an inhaler.'],
    ['an honorific without a dot', 'Dr Pepper and cancer research'],
    ['an ordinary word that is a lower-case acronym', 'The patient aids the nurse.'],
    ['a term inside a longer word', 'The patient read about prediabetic diets and insulinoma.'],
    ['a general fact about prescribing', 'Metformin is commonly prescribed for type 2 diabetes.'],
    ['a general fact about diagnosis', 'Diabetes is often diagnosed with a blood test.'],
    ['any patient', 'If a patient has diabetes, check their feet every day.'],
    ['a patient service', 'Our patient portal explains chemotherapy options.'],
    ['patient as an adjective', 'Be patient with insulin dosing.'],
    ['advice', 'Ask your doctor about metformin.'],
    ['a pronoun far from the term', 'He has written extensively about cancer research.'],
    ['a doctor', 'Dr. Patel specializes in heart failure.'],
    ['a toll-free helpline', 'Call our diabetes hotline at 800-555-0199.'],
    ['a shared mailbox', 'For questions about chemotherapy email info@clinic.org'],
    ['a provider identifier', 'NPI 1245319599 — oncology group offering chemotherapy'],
    ['a term with another sense', 'The lithium battery market is growing.'],
    ['a "plan" inside a sentence', 'The plan: cut costs; insulin prices fell.'],
    ['a "history" heading inside a line', 'Some history: insulin was discovered in 1921.'],
    ['a leaflet about a medication', 'Type 2 diabetes affects millions. Metformin is usually the first medication prescribed.'],
    ['a heading inside a sentence', 'Read the hospital course notes; asthma is common.'],
  ])('does not report %s', (_name, text) => {
    expect(found(text, 'PHI')).toEqual([]);
  });

  it('does not tie a term to a person cue more than the window away', () => {
    const text = `The patient arrived. ${'Unrelated filler text. '.repeat(10)}Depression is common.`;
    expect(found(text, 'PHI')).toEqual([]);
  });

  it('reads a record section under its heading', () => {
    const text = 'Admitted Monday.\n\nDISCHARGE DIAGNOSES\n1. coronary artery disease\n2. sleep apnea\n';
    expect(found(text, 'PHI')).toEqual(['coronary artery disease', 'sleep apnea']);
  });

  it('lets a record identifier reach the whole page of its record', () => {
    const form = `1a. INSURED'S I.D. NUMBER .... QDK809613773\n${'5. ADDRESS ...... 12 Elm Road, Springfield\n'.repeat(12)}19. ADDITIONAL CLAIM INFO .... f/u of epilepsy\n`;
    expect(found(form, 'PHI')).toEqual(['epilepsy']);
    const far = `MRN 00123456\n${'Unrelated filler text. '.repeat(80)}epilepsy`;
    expect(found(far, 'PHI')).toEqual([]);
  });

  it('takes names and dates of birth found earlier as persons', () => {
    expect(withEarlier('Jane Roe: asthma since 2019', ['PERSON_NAME', 'Jane Roe'])).toEqual(['asthma']);
    expect(withEarlier('1980-02-03; asthma', ['DATE_OF_BIRTH', '1980-02-03'])).toEqual(['asthma']);
  });

  it('does not take a provider name, or a finding under the default minimum, as a person', () => {
    expect(withEarlier('Dr. Jane Roe treats asthma', ['PERSON_NAME', 'Jane Roe'])).toEqual([]);
    expect(withEarlier('Jane Roe, MD, treats asthma', ['PERSON_NAME', 'Jane Roe'])).toEqual([]);
    expect(withEarlier('Jane Roe: asthma', ['PERSON_NAME', 'Jane Roe', 0.4])).toEqual([]);
    expect(withEarlier('AB1234563 asthma', ['DEA_NUMBER', 'AB1234563'])).toEqual([]);
  });

  it.each([
    ['terms and cues', fill('Patient has asthma. ')],
    ['a pronoun and spaces', `he${fill(' ')}`],
    ['honorifics', fill('Mr. Dr. Mrs ')],
    ['term prefixes', fill('hyper anti c- ')],
    ['short cues', fill('she has my mother ')],
    ['ages', fill('45-year-old 3 yo ')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(phi.find(text, []))).toBe(true);
  }, 10_000);

  it('reports only the clinical term as the span', () => {
    const text = 'Mrs. Jones: chemotherapy';
    expect(found(text, 'PHI')).toEqual(['chemotherapy']);
  });
});

describe('PHI from the description beside an ICD-10 code', () => {
  const patient = 'Patient: Jane Roe  DOB 01/02/1960\n';
  it.each([
    ['the rest of the code\'s line', `${patient}Diagnosis ......... K21.9 gastro-esophageal reflux disease\nSig: 2 puffs PRN\n`, ['gastro-esophageal reflux disease']],
    ['the words before "(code)"', `${patient}Diagnosis: low back pain (M54.50); seen today\n`, ['low back pain']],
    [
      'parentheses after each code of a claim line',
      `${patient}21. DIAGNOSIS OR NATURE OF ILLNESS OR INJURY   ICD Ind. 0\n    A. F10.20  (alcohol dependence)     B. F41.1  (generalized anxiety disorder)\n`,
      ['alcohol dependence', 'generalized anxiety disorder'],
    ],
  ])('takes %s as a diagnosis', (_name, text, expected) => {
    expect(found(text, 'PHI')).toEqual(expected);
  });

  it('takes no words with digits, nor a code\'s neighbour in another cell, as a description', () => {
    expect(found(`${patient}Diagnosis: K21.9 (2 visits)`, 'PHI')).toEqual([]);
    expect(found(`${patient}Diagnosis: K21.9, 12 Main St`, 'PHI')).toEqual([]);
  });
});

