// Health identifiers and terms: NPI, DEA, Medicare MBI, commercial member ids, MRNs, ICD-10-CM codes,
// and the diagnoses, drugs and procedures that appear in a patient's record.
import { DIGITS, UPPER, type Rng } from '../corpus/rng.js';
import { deaDigit, MBI_LETTERS, npiDigit } from './checks.js';

/** Type 1 (individual) or 2 (organisation) NPI with its Luhn check digit. */
export function npi(r: Rng): string {
  const nine = String(r.int(1, 2)) + r.digits(8);
  return nine + npiDigit(nine);
}

/** DEA registration: registrant type letter, the prescriber's last-name initial, six digits and the check digit. */
export function dea(r: Rng, lastName: string): string {
  const initial = (lastName.normalize('NFD').replace(/[^A-Za-z]/g, '')[0] ?? 'X').toUpperCase();
  const six = r.digits(6);
  return r.pick(['A', 'B', 'F', 'M']) + initial + six + deaDigit(six);
}

/** Medicare Beneficiary Identifier, with the dashes CMS prints on the card or without. */
export function mbi(r: Rng, dashed = r.chance(0.4)): string {
  const a = () => r.chars(MBI_LETTERS, 1);
  const an = () => r.chars(MBI_LETTERS + DIGITS, 1);
  const n = () => r.digits(1);
  const s = `${r.int(1, 9)}${a()}${an()}${n()}${a()}${an()}${n()}${a()}${a()}${n()}${n()}`;
  return dashed ? `${s.slice(0, 4)}-${s.slice(4, 7)}-${s.slice(7)}` : s;
}

/** Commercial member ids: a BCBS-style alpha prefix, Aetna's W, UHC's nine digits, Cigna's U. */
export function memberId(r: Rng): string {
  switch (r.int(0, 3)) {
    case 0:
      return r.chars(UPPER, 3) + r.digits(9);
    case 1:
      return 'W' + r.digits(9);
    case 2:
      return String(r.int(1, 9)) + r.digits(8);
    default:
      return 'U' + r.digits(8) + r.pick(['01', '02', '03']);
  }
}

/** Medical record numbers as hospital systems print them. */
export function mrn(r: Rng): string {
  switch (r.int(0, 3)) {
    case 0:
      return r.digits(8);
    case 1:
      return `${r.pick(UPPER.split(''))}${r.digits(7)}`;
    case 2:
      return `${r.digits(3)}-${r.digits(2)}-${r.digits(2)}`;
    default:
      return `MR${r.digits(9)}`;
  }
}

/** Real ICD-10-CM codes with the condition each one codes. */
export const DIAGNOSES: readonly (readonly [string, string])[] = [
  ['E11.9', 'type 2 diabetes mellitus'], ['I10', 'essential hypertension'], ['J45.909', 'asthma'], ['F32.9', 'major depressive disorder'],
  ['M54.50', 'low back pain'], ['N18.3', 'chronic kidney disease'], ['E78.5', 'hyperlipidemia'], ['K21.9', 'gastro-esophageal reflux disease'],
  ['F41.1', 'generalized anxiety disorder'], ['J44.9', 'COPD'], ['I48.91', 'atrial fibrillation'], ['E03.9', 'hypothyroidism'],
  ['G43.909', 'migraine'], ['C50.911', 'breast cancer'], ['B20', 'HIV disease'], ['O24.419', 'gestational diabetes'],
  ['S52.521A', 'fracture of the left radius'], ['F10.20', 'alcohol dependence'], ['G40.909', 'epilepsy'], ['M06.9', 'rheumatoid arthritis'],
  ['K50.90', "Crohn's disease"], ['F31.9', 'bipolar disorder'], ['I25.10', 'coronary artery disease'], ['E66.01', 'morbid obesity'],
];

export const MEDICATIONS = [
  'metformin', 'lisinopril', 'atorvastatin', 'sertraline', 'levothyroxine', 'albuterol', 'apixaban', 'insulin glargine', 'omeprazole',
  'amlodipine', 'escitalopram', 'gabapentin', 'prednisone', 'adalimumab', 'lamotrigine', 'methotrexate', 'semaglutide', 'tamoxifen',
  'buprenorphine', 'lithium', 'warfarin', 'hydrocodone', 'sumatriptan', 'quetiapine',
];

export const PROCEDURES = [
  'colonoscopy', 'cardiac catheterization', 'MRI of the lumbar spine', 'appendectomy', 'knee arthroscopy', 'mammogram', 'upper endoscopy',
  'echocardiogram', 'cataract surgery', 'lumpectomy', 'hemodialysis', 'total hip replacement', 'CT of the chest', 'cesarean section',
];

export const icd = (r: Rng): readonly [string, string] => r.pick(DIAGNOSES);
