// Value generators for the PHI types.
import { DEA_REGISTRANT_LETTERS, MBI_LETTERS, MBI_POSITIONS, deaCheckDigit, npiCheckDigit } from './checksums.js';
import { DIGITS, type Rng, UPPER } from './rng.js';
import { DIAGNOSES, ICD10_CODES, MEDICATIONS, PROCEDURES } from './words.js';

export type ClinicalKind = 'diagnosis' | 'medication' | 'procedure';

export function clinicalTerm(rng: Rng, kind: ClinicalKind): string {
  return rng.pick(kind === 'diagnosis' ? DIAGNOSES : kind === 'medication' ? MEDICATIONS : PROCEDURES);
}

export function medicalRecordNumber(rng: Rng): string {
  return rng.pick([
    () => rng.digits(8),
    () => `00${rng.digits(6)}`,
    () => rng.digits(7).replace(/^0/, '4'),
    () => `${rng.pick([...'AEKMR'])}${rng.digits(7)}`,
    () => `${rng.digits(2)}-${rng.digits(3)}-${rng.digits(3)}`,
    () => `${rng.digits(3)}-${rng.digits(2)}-${rng.digits(2)}`,
    () => rng.digits(10),
  ])();
}

export function mbi(rng: Rng, dashed = rng.chance(0.5)): string {
  const letters = MBI_LETTERS;
  const chars = MBI_POSITIONS.map((kind) => {
    if (kind === 'C') return String(rng.int(1, 9));
    if (kind === 'N') return rng.chars(DIGITS, 1);
    if (kind === 'A') return rng.chars(letters, 1);
    return rng.chars(letters + DIGITS, 1);
  }).join('');
  return dashed ? `${chars.slice(0, 4)}-${chars.slice(4, 7)}-${chars.slice(7)}` : chars;
}

/** A commercial plan's member id (the shapes large US insurers print on cards). */
export function memberId(rng: Rng): string {
  return rng.pick([
    () => `W${rng.digits(9)}`,
    () => `${rng.chars(UPPER, 3)}${rng.digits(9)}`,
    () => `${rng.chars(UPPER, 3)}${rng.digits(8)}01`,
    () => `U${rng.digits(8)}01`,
    () => `${rng.digits(9)}00`,
    () => `ZGP${rng.digits(9)}`,
    () => `H${rng.digits(8)}`,
  ])();
}

export function npi(rng: Rng): string {
  const first9 = `${rng.int(1, 2)}${rng.digits(8)}`;
  return first9 + npiCheckDigit(first9);
}

/** Registrant letter, then the initial of the prescriber's last name, six digits and the check digit. */
export function deaNumber(rng: Rng, lastInitial = rng.chars(UPPER, 1)): string {
  const six = rng.digits(6);
  return `${rng.pick([...DEA_REGISTRANT_LETTERS.slice(0, 6), 'F', 'M'])}${lastInitial}${six}${deaCheckDigit(six)}`;
}

export function icd10(rng: Rng): string {
  return rng.pick(ICD10_CODES);
}
