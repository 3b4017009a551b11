// Labelled values, one shortcut per type, from the main corpus's value generators (which make
// each value valid: Luhn, mod-97, ABA, NPI, DEA, SSA, MBI, base58check/bech32/EIP-55, CRC32...).
import type { Rng } from '../corpus/rng.js';
import { abaRouting, bankAccount, creditCard, cryptoWallet, iban, swiftBic, type Chain } from '../corpus/values-financial.js';
import { clinicalTerm, deaNumber, icd10, mbi, medicalRecordNumber, memberId, npi } from '../corpus/values-phi.js';
import { driverLicense, ipAddress, passport, ssn } from '../corpus/values-pii.js';
import {
  anthropicKey, awsAccessKey, awsSecretKey, connectionString, genericSecret, githubToken, gitlabToken, googleApiKey, jwt, openaiKey,
  password, privateKey, serviceApiKey, slackToken, slackWebhook, stripeKey, type Store,
} from '../corpus/values-secrets.js';
import { v, type V } from './doc.js';

export const mk = {
  card: (r: Rng): V => v('CREDIT_CARD', creditCard(r)),
  iban: (r: Rng): V => v('IBAN', iban(r)),
  aba: (r: Rng): V => v('ABA_ROUTING', abaRouting(r)),
  acct: (r: Rng): V => v('BANK_ACCOUNT', bankAccount(r)),
  bic: (r: Rng): V => v('SWIFT_BIC', swiftBic(r)),
  wallet: (r: Rng, chain?: Chain): V => v('CRYPTO_WALLET', cryptoWallet(r, chain)),
  ssn: (r: Rng, bare = false): V => v('SSN', ssn(r, bare)),
  passport: (r: Rng): V => v('PASSPORT', passport(r)),
  dl: (r: Rng): V => v('DRIVER_LICENSE', driverLicense(r)),
  ip: (r: Rng): V => v('IP_ADDRESS', ipAddress(r)),
  mrn: (r: Rng): V => v('MEDICAL_RECORD_NUMBER', medicalRecordNumber(r)),
  member: (r: Rng): V => v('HEALTH_INSURANCE_ID', memberId(r)),
  mbi: (r: Rng, dashed?: boolean): V => v('HEALTH_INSURANCE_ID', mbi(r, dashed)),
  npi: (r: Rng): V => v('NPI', npi(r)),
  dea: (r: Rng, lastInitial?: string): V => v('DEA_NUMBER', deaNumber(r, lastInitial)),
  icd: (r: Rng): V => v('ICD10_CODE', icd10(r)),
  dx: (r: Rng): V => v('PHI', clinicalTerm(r, 'diagnosis')),
  med: (r: Rng): V => v('PHI', clinicalTerm(r, 'medication')),
  proc: (r: Rng): V => v('PHI', clinicalTerm(r, 'procedure')),
  awsId: (r: Rng): V => v('AWS_ACCESS_KEY', awsAccessKey(r)),
  awsSecret: (r: Rng): V => v('AWS_SECRET_KEY', awsSecretKey(r)),
  github: (r: Rng): V => v('GITHUB_TOKEN', githubToken(r)),
  gitlab: (r: Rng): V => v('GITLAB_TOKEN', gitlabToken(r)),
  slack: (r: Rng): V => v('SLACK_TOKEN', slackToken(r)),
  hook: (r: Rng): V => v('SLACK_WEBHOOK', slackWebhook(r)),
  stripe: (r: Rng): V => v('STRIPE_KEY', stripeKey(r)),
  google: (r: Rng): V => v('GOOGLE_API_KEY', googleApiKey(r)),
  openai: (r: Rng): V => v('OPENAI_API_KEY', openaiKey(r)),
  anthropic: (r: Rng): V => v('ANTHROPIC_API_KEY', anthropicKey(r)),
  svc: (r: Rng): V => v('SERVICE_API_KEY', serviceApiKey(r)),
  pem: (r: Rng, sep = '\n'): V => v('PRIVATE_KEY', privateKey(r, sep)),
  jwt: (r: Rng): V => v('JWT', jwt(r)),
  conn: (r: Rng, store?: Store): V => v('CONNECTION_STRING', connectionString(r, store)),
  pw: (r: Rng): V => v('PASSWORD', password(r)),
  secret: (r: Rng): V => v('GENERIC_SECRET', genericSecret(r)),
};
