// Presidio's entity types and the Preflight types they are scored as. Findings of unmapped
// entities are ignored: they are not wrong, they are about something Preflight does not report
// under that name (see docs/accuracy.md).

export const PRESIDIO_TO_OURS: Readonly<Record<string, string>> = {
  EMAIL_ADDRESS: 'EMAIL',
  PHONE_NUMBER: 'PHONE',
  US_SSN: 'SSN',
  CREDIT_CARD: 'CREDIT_CARD',
  IBAN_CODE: 'IBAN',
  IP_ADDRESS: 'IP_ADDRESS',
  US_PASSPORT: 'PASSPORT',
  US_DRIVER_LICENSE: 'DRIVER_LICENSE',
  US_BANK_NUMBER: 'BANK_ACCOUNT',
  CRYPTO: 'CRYPTO_WALLET',
  // Presidio's MedicalLicenseRecognizer matches DEA registration numbers and checks their check digit.
  MEDICAL_LICENSE: 'DEA_NUMBER',
  PERSON: 'PERSON_NAME',
};

/** Why each other entity Presidio 2.2 can emit is left out of the comparison. */
export const PRESIDIO_UNMAPPED: Readonly<Record<string, string>> = {
  DATE_TIME: 'any date or time; scoring it as DATE_OF_BIRTH would charge it for every date in prose',
  LOCATION: 'a place name from NER, not a postal address (and a blank pipeline has no NER)',
  ORGANIZATION: 'no Preflight type',
  NRP: 'nationality, religious or political group: no Preflight type',
  AGE: 'no Preflight type',
  ID: 'generic NER label, never emitted without a trained model',
  EMAIL: 'NER label, never emitted without a trained model (EMAIL_ADDRESS is the pattern recognizer)',
  URL: 'no Preflight type (Preflight reports secrets inside URLs, not URLs)',
  US_ITIN: 'no Preflight type',
  UK_NHS: 'no Preflight type',
  MAC_ADDRESS: 'no Preflight type',
  UUID: 'no Preflight type (Preflight treats UUIDs as known noise)',
};

export const SHARED_TYPES: ReadonlySet<string> = new Set(Object.values(PRESIDIO_TO_OURS));
