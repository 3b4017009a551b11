import type { TypeSpec } from './spec.js';
import { clinicalTerm, deaNumber, icd10, mbi, medicalRecordNumber, memberId, npi } from './values-phi.js';

export const PHI_SPECS: TypeSpec[] = [
  {
    type: 'PHI',
    value: (c) => clinicalTerm(c.rng, c.rng.pick(['diagnosis', 'medication', 'procedure'] as const)),
    prose: [
      '{PERSON_NAME} was diagnosed with {DX} in {month}.', '{PERSON_NAME} has been taking {MED} ({dose}) since {month}.',
      '{PERSON_NAME} is scheduled for a {PROC} on {weekday}.', 'My husband {PERSON_NAME} was just diagnosed with {DX} and I need the claim forms.',
      'Can you confirm {PERSON_NAME} is covered for {PROC}?', '{PERSON_NAME} asked for a refill of {MED}.',
      'Patient {PERSON_NAME} reports a long history of {DX}.', 'The lab confirmed {DX} for {PERSON_NAME}.',
    ],
    fields: ['Diagnosis: {DX}', 'Assessment: {DX}', 'Current medications: {MED} {dose}', 'Rx: {MED} {dose}', 'Procedure: {PROC}', 'History: {DX}', 'Plan: start {MED} {dose}', 'Scheduled: {PROC} on {date}'],
    keys: ['diagnosis:DX', 'primary_diagnosis:DX', 'medication:MED', 'procedure:PROC'],
    kinds: ['clinical', 'email', 'chat', 'ticket', 'json'],
  },
  {
    type: 'MEDICAL_RECORD_NUMBER',
    value: (c) => medicalRecordNumber(c.rng),
    prose: [
      'Please pull the chart for MRN {V}.', '{PERSON_NAME} (medical record number {V}) was discharged today.', "The patient's MRN is {V}.",
      'Lab results were filed under medical record #{V} by mistake.', 'Merge the duplicate chart: MRN {V} is the correct one.',
    ],
    fields: ['MRN: {V}', 'Medical Record #: {V}', 'MR#: {V}', 'Chart No.: {V}', 'Patient ID (MRN): {V}', 'Medical record number: {V}'],
    keys: ['mrn', 'medical_record_number', 'patientMrn'],
    log: ['chart opened mrn={V} by={handle}', 'HL7 ADT^A08 received for MRN {V}'],
    kinds: ['clinical', 'email', 'json', 'csv', 'log'],
  },
  {
    type: 'HEALTH_INSURANCE_ID',
    value: (c, bare) => (bare || c.rng.chance(0.35) ? mbi(c.rng) : memberId(c.rng)),
    prose: [
      'My insurance member ID is {V}.', 'The claim was filed under health plan member number {V}.', "{PERSON_NAME}'s Medicare number is {MBI}.",
      'Please update the subscriber ID to {V}.', 'Medicare Beneficiary Identifier {MBI} was rejected by the portal.', 'Insurance ID {V} shows as inactive.',
    ],
    bare: ['{MBI}', '{PERSON_NAME} {MBI}'],
    fields: ['Member ID: {V}', 'Subscriber ID: {V}', 'Insurance ID: {V}', 'Medicare Beneficiary Identifier: {MBI}', 'MBI: {MBI}', 'Medicare #: {MBI}', 'Health plan ID: {V}'],
    keys: ['member_id', 'insurance_id', 'medicare_mbi:MBI', 'subscriberId'],
    kinds: ['clinical', 'email', 'json', 'csv', 'ticket'],
  },
  {
    type: 'NPI',
    value: (c) => npi(c.rng),
    prose: [
      'Referring provider NPI {V}.', 'Her NPI is {V}.', 'Please bill under the National Provider Identifier {V}.',
      '{title} {PERSON_NAME}, NPI {V}, signed the order.', 'The claim was denied because NPI {V} is not enrolled.',
    ],
    fields: ['NPI: {V}', 'Provider NPI: {V}', 'Rendering NPI: {V}', 'NPI #: {V}', 'Referring NPI: {V}'],
    keys: ['npi', 'provider_npi', 'renderingNpi'],
    kinds: ['clinical', 'email', 'json', 'csv'],
  },
  {
    type: 'DEA_NUMBER',
    value: (c) => deaNumber(c.rng),
    prose: [
      'Prescriber DEA number: {V}.', 'The prescription was signed under DEA {V}.', '{title} {PERSON_NAME} (DEA# {V}) authorised the refill.',
      'The pharmacy could not verify DEA registration {V}.',
    ],
    bare: ['{V}', 'signed {title} {PERSON_NAME}, {V}'],
    fields: ['DEA: {V}', 'DEA #: {V}', 'DEA Registration: {V}', 'Prescriber DEA: {V}'],
    keys: ['dea', 'dea_number', 'prescriberDea'],
    kinds: ['clinical', 'email', 'csv', 'json'],
  },
  {
    type: 'ICD10_CODE',
    value: (c) => icd10(c.rng),
    prose: [
      'Diagnosis code {V} was added to the claim.', 'Coded as ICD-10 {V} at discharge.', 'Please update the claim with dx {V}.',
      'Primary diagnosis: ICD-10-CM {V}.', 'The payer rejected ICD-10 code {V} for this procedure.',
    ],
    fields: ['ICD-10: {V}', 'Dx code: {V}', 'Diagnosis code: {V}', 'ICD10: {V}', 'ICD-10-CM: {V}'],
    keys: ['icd10', 'diagnosis_code', 'icd10Code', 'dx_code'],
    kinds: ['clinical', 'json', 'csv', 'email'],
  },
];
