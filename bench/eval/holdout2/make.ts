// Labelled values, one shortcut per type, from this corpus's own value makers.
import type { Rng } from '../corpus/rng.js';
import { v, type V } from '../holdout/doc.js';
import { dea, mbi, memberId, mrn, npi } from './values-health.js';
import * as k from './values-keys.js';
import { privateIp } from './lookalikes.js';
import { aba, anyCard, bic, cardNumber, iban, usAccount, wallet, type Network } from './values-money.js';
import { birthDate, email, person, publicIpv4, publicIpv6, ssn, usAddress, usDate, usLicense, usPassport, usPhone, type Person } from './values-people.js';

export const mk = {
  name: (p: Person): V => v('PERSON_NAME', p.full),
  nameText: (s: string): V => v('PERSON_NAME', s),
  /** A first name on its own (a greeting, a chat speaker, a "preferred name" field) is personal data, and labelled (docs/accuracy.md). */
  first: (p: Person): V => v('PERSON_NAME', p.first),
  email: (r: Rng, p: Person, work?: string): V => v('EMAIL', email(r, p, undefined, work)),
  emailText: (s: string): V => v('EMAIL', s),
  phone: (r: Rng): V => v('PHONE', usPhone(r)),
  phoneText: (s: string): V => v('PHONE', s),
  address: (r: Rng, twoLines?: boolean): V => v('US_ADDRESS', usAddress(r, twoLines)),
  dob: (r: Rng): V => v('DATE_OF_BIRTH', usDate(r, birthDate(r))),
  dobText: (s: string): V => v('DATE_OF_BIRTH', s),
  ssn: (r: Rng, bare = false): V => v('SSN', ssn(r, bare)),
  passport: (r: Rng): V => v('PASSPORT', usPassport(r)),
  passportText: (s: string): V => v('PASSPORT', s),
  dl: (r: Rng): { state: string; v: V } => {
    const l = usLicense(r);
    return { state: l.state, v: v('DRIVER_LICENSE', l.number) };
  },
  dlText: (s: string): V => v('DRIVER_LICENSE', s),
  ip: (r: Rng, six = r.chance(0.25)): V => v('IP_ADDRESS', six ? publicIpv6(r) : publicIpv4(r)),
  /** An RFC 1918 host address discloses the network's layout: labelled (docs/accuracy.md). CIDR networks ("10.20.0.0/16") are not. */
  privateIp: (r: Rng): V => v('IP_ADDRESS', privateIp(r)),
  card: (r: Rng, network?: Network, style?: 'spaced' | 'dashed' | 'plain'): V => v('CREDIT_CARD', network ? cardNumber(r, network, style) : anyCard(r)),
  iban: (r: Rng, country?: string, grouped?: boolean): V => v('IBAN', iban(r, country, grouped)),
  aba: (r: Rng): V => v('ABA_ROUTING', aba(r)),
  account: (r: Rng): V => v('BANK_ACCOUNT', usAccount(r)),
  accountText: (s: string): V => v('BANK_ACCOUNT', s),
  bic: (r: Rng, country?: string): V => v('SWIFT_BIC', bic(r, country)),
  wallet: (r: Rng, chain?: 'btc' | 'eth'): V => v('CRYPTO_WALLET', wallet(r, chain)),
  awsId: (r: Rng): V => v('AWS_ACCESS_KEY', k.awsKeyId(r)),
  awsSecret: (r: Rng): V => v('AWS_SECRET_KEY', k.awsSecret(r)),
  github: (r: Rng, prefix?: string): V => v('GITHUB_TOKEN', k.githubToken(r, prefix)),
  githubPat: (r: Rng): V => v('GITHUB_TOKEN', r.chance(0.3) ? k.githubFineGrained(r) : k.githubToken(r, 'ghp')),
  gitlab: (r: Rng, prefix?: string): V => v('GITLAB_TOKEN', k.gitlabToken(r, prefix)),
  slack: (r: Rng): V => v('SLACK_TOKEN', k.slackToken(r)),
  hook: (r: Rng): V => v('SLACK_WEBHOOK', k.slackWebhook(r)),
  stripe: (r: Rng): V => v('STRIPE_KEY', k.stripeKey(r)),
  google: (r: Rng): V => v('GOOGLE_API_KEY', k.googleKey(r)),
  openai: (r: Rng): V => v('OPENAI_API_KEY', k.openaiKey(r)),
  anthropic: (r: Rng): V => v('ANTHROPIC_API_KEY', k.anthropicKey(r)),
  svc: (r: Rng): V => v('SERVICE_API_KEY', k.serviceKey(r)),
  jwt: (r: Rng): V => v('JWT', k.jwt(r)),
  pem: (r: Rng, eol?: string): V => v('PRIVATE_KEY', k.privateKey(r, eol)),
  pw: (r: Rng): V => v('PASSWORD', k.password(r)),
  pwText: (s: string): V => v('PASSWORD', s),
  secret: (r: Rng): V => v('GENERIC_SECRET', k.genericSecret(r)),
  conn: (r: Rng, user: string, host: string, store?: k.Store): V => v('CONNECTION_STRING', k.connectionString(r, user, k.uriPassword(r), host, store)),
  npi: (r: Rng): V => v('NPI', npi(r)),
  dea: (r: Rng, lastName: string): V => v('DEA_NUMBER', dea(r, lastName)),
  mbi: (r: Rng, dashed?: boolean): V => v('HEALTH_INSURANCE_ID', mbi(r, dashed)),
  member: (r: Rng): V => v('HEALTH_INSURANCE_ID', memberId(r)),
  mrn: (r: Rng): V => v('MEDICAL_RECORD_NUMBER', mrn(r)),
  icd: (code: string): V => v('ICD10_CODE', code),
  phi: (term: string): V => v('PHI', term),
};

export { person, type Person };
