// Credentials in the shapes their issuers document (prefixes, lengths, alphabets, checksums).
import { BASE62, BASE64, BASE64URL, HEX, LOWER, UPPER, DIGITS, type Rng } from '../corpus/rng.js';
import { githubChecksum } from './checks.js';

const B32UP = UPPER + '234567';
const ALNUM = UPPER + LOWER + DIGITS;

/** AWS access key ids: AKIA (long-term) or ASIA (STS), 16 more base32 characters. */
export const awsKeyId = (r: Rng): string => r.pick(['AKIA', 'AKIA', 'ASIA']) + r.chars(B32UP, 16);
export const awsSecret = (r: Rng): string => r.chars(ALNUM + '/+', 40);

/** Classic GitHub tokens carry a CRC32 checksum; fine-grained PATs are github_pat_ + 22 + _ + 59. */
export function githubToken(r: Rng, prefix = r.pick(['ghp', 'ghp', 'ghp', 'gho', 'ghs', 'ghu'])): string {
  const random = r.chars(BASE62, 30);
  return `${prefix}_${random}${githubChecksum(random)}`;
}
export const githubFineGrained = (r: Rng): string => `github_pat_11${r.chars(UPPER + DIGITS, 20)}_${r.chars(ALNUM, 59)}`;

/** GitLab personal, runner and deploy tokens: prefix and 20 URL-safe characters. */
export const gitlabToken = (r: Rng, prefix = r.pick(['glpat-', 'glpat-', 'glpat-', 'glrt-', 'gldt-'])): string => prefix + r.chars(ALNUM + '_-', 20);

/** Slack bot/user/app tokens. */
export function slackToken(r: Rng): string {
  const team = r.int(1, 9) + r.digits(r.int(9, 11));
  switch (r.int(0, 2)) {
    case 0:
      return `xoxb-${team}-${r.int(1, 9)}${r.digits(12)}-${r.chars(ALNUM, 24)}`;
    case 1:
      return `xoxp-${team}-${r.int(1, 9)}${r.digits(11)}-${r.int(1, 9)}${r.digits(12)}-${r.chars(HEX, 32)}`;
    default:
      return `xapp-1-A0${r.chars(UPPER + DIGITS, 9)}-${r.int(1, 9)}${r.digits(12)}-${r.chars(HEX, 64)}`;
  }
}
export const slackWebhook = (r: Rng): string => `https://hooks.slack.com/services/T0${r.chars(UPPER + DIGITS, 8)}/B0${r.chars(UPPER + DIGITS, 9)}/${r.chars(ALNUM, 24)}`;

/** Stripe secret and restricted live keys, and webhook signing secrets. */
export function stripeKey(r: Rng): string {
  switch (r.int(0, 3)) {
    case 0:
      return 'sk_live_' + r.chars(ALNUM, 24);
    case 1:
      return `sk_live_51${r.chars(ALNUM, 97)}`;
    case 2:
      return `rk_live_51${r.chars(ALNUM, 97)}`;
    default:
      return 'whsec_' + r.chars(ALNUM, 32);
  }
}

export const googleKey = (r: Rng): string => 'AIza' + r.chars(ALNUM + '_-', 35);

/** OpenAI: legacy sk- keys (with the T3BlbkFJ marker), project and service-account keys. */
export function openaiKey(r: Rng): string {
  switch (r.int(0, 2)) {
    case 0:
      return `sk-${r.chars(ALNUM, 20)}T3BlbkFJ${r.chars(ALNUM, 20)}`;
    case 1:
      return `sk-proj-${r.chars(ALNUM + '_-', 74)}T3BlbkFJ${r.chars(ALNUM + '_-', 74)}`;
    default:
      return `sk-svcacct-${r.chars(ALNUM + '_-', 74)}T3BlbkFJ${r.chars(ALNUM + '_-', 74)}`;
  }
}

export const anthropicKey = (r: Rng): string => `sk-ant-${r.pick(['api03', 'api03', 'admin01'])}-${r.chars(BASE64URL, 93)}AA`;

/** Preflight's own keys: svc_sk_ (policy), svc_lic_ (licence), svc_cpk_ (partner) + 43 base62. */
export const serviceKey = (r: Rng): string => r.pick(['svc_sk_', 'svc_sk_', 'svc_lic_', 'svc_cpk_']) + r.chars(BASE62, 43);

const b64url = (s: string): string => Buffer.from(s).toString('base64url');

/** A JWT as identity providers issue them: header, claims, and an HS256/RS256/ES256 signature of the right size. */
export function jwt(r: Rng, sub = `user_${r.chars(LOWER + DIGITS, 10)}`): string {
  const alg = r.pick(['HS256', 'RS256', 'RS256', 'ES256']);
  const iat = 1_700_000_000 + r.int(0, 60_000_000);
  const header = alg === 'HS256' ? { alg, typ: 'JWT' } : { alg, typ: 'JWT', kid: r.chars(BASE64URL, 22) };
  const claims = r.pick([
    { sub, iat, exp: iat + 3600 },
    { iss: `https://auth.${r.pick(['acme', 'northwind', 'globex'])}.io/`, sub, aud: 'api', iat, exp: iat + 900, scope: 'read:orders write:orders' },
    { sub, name: 'session', role: r.pick(['admin', 'member', 'service']), iat },
  ]);
  const sigBytes = alg === 'HS256' ? 32 : alg === 'ES256' ? 64 : 256;
  return `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}.${Buffer.from(r.bytes(sigBytes)).toString('base64url')}`;
}

/** PEM private keys, each with the DER prefix its encoding starts with, then random base64 in 64-character lines. */
export function privateKey(r: Rng, eol = '\n'): string {
  const kind = r.pick(['rsa', 'pkcs8', 'ec', 'openssh'] as const);
  const spec = {
    rsa: { label: 'RSA PRIVATE KEY', head: 'MIIEpAIBAAKCAQEA', len: 1590, width: 64 },
    pkcs8: { label: 'PRIVATE KEY', head: 'MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ', len: 1622, width: 64 },
    ec: { label: 'EC PRIVATE KEY', head: 'MHcCAQEEI', len: 160, width: 64 },
    openssh: { label: 'OPENSSH PRIVATE KEY', head: 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW', len: 398, width: 70 },
  }[kind];
  // Lengths are whole base64 quanta: EC bodies need no padding, the others end in "==".
  const body = spec.head + r.chars(BASE64, spec.len - spec.head.length) + (kind === 'ec' ? '' : '==');
  const lines = body.match(new RegExp(`.{1,${spec.width}}`, 'g')) as string[];
  return [`-----BEGIN ${spec.label}-----`, ...lines, `-----END ${spec.label}-----`].join(eol);
}

/** Passwords people choose, and ones generators make. */
export function password(r: Rng): string {
  switch (r.int(0, 4)) {
    case 0:
      return r.pick(['Summer', 'Winter', 'Autumn', 'Spring', 'Welcome', 'Dragon', 'Monkey', 'Sunshine', 'Bayern', 'Gatito']) + r.int(10, 2025) + r.pick(['!', '#', '$', '?', '']);
    case 1:
      return r.chars(ALNUM + '!#$%&*+-=?@^_', r.int(14, 24));
    case 2:
      return `${r.pick(['correct', 'purple', 'tiger', 'ocean', 'maple', 'rocket'])}-${r.pick(['horse', 'battery', 'staple', 'lamp', 'river'])}-${r.pick(['blue', 'seven', 'north', 'candle'])}-${r.int(1, 99)}`;
    case 3:
      return r.pick(['P@ssw0rd', 'Passw0rd', 'Qwerty', 'Admin', 'Letmein', 'Changeme']) + r.chars(DIGITS + '!@#', r.int(2, 5));
    default:
      return r.chars(ALNUM, r.int(10, 16));
  }
}

/** Secrets with no provider shape: hex or base64 signing keys, Django/Rails secrets, SendGrid, npm, Shopify, Twilio. */
export function genericSecret(r: Rng): string {
  switch (r.int(0, 6)) {
    case 0:
      return r.chars(HEX, r.pick([32, 40, 64]));
    case 1:
      return r.chars(BASE64, 43) + '=';
    case 2:
      return `SG.${r.chars(ALNUM + '_-', 22)}.${r.chars(ALNUM + '_-', 43)}`;
    case 3:
      return 'npm_' + r.chars(ALNUM, 36);
    case 4:
      return 'shpat_' + r.chars(HEX, 32);
    case 5:
      return `django-insecure-${r.chars(LOWER + DIGITS + '!@#$%^&*(-_=+)', 50)}`;
    default:
      return r.chars(HEX, 32);
  }
}

/** Connection strings that carry a password, for the stores people really connect to. */
const STORES = ['postgres', 'postgres', 'mysql', 'mongo', 'redis', 'amqp', 'mssql'] as const;
export type Store = (typeof STORES)[number];

export function connectionString(r: Rng, user: string, pass: string, host: string, store: Store = r.pick(STORES)): string {
  const db = r.pick(['orders', 'app_production', 'analytics', 'billing', 'crm', 'warehouse']);
  switch (store) {
    case 'postgres':
      return r.chance(0.5) ? `postgresql://${user}:${pass}@${host}:5432/${db}?sslmode=require` : `postgres://${user}:${pass}@${host}/${db}`;
    case 'mysql':
      return `mysql://${user}:${pass}@${host}:3306/${db}`;
    case 'mongo':
      return `mongodb+srv://${user}:${pass}@${r.pick(['cluster0', 'prod-shard', 'atlas-eu'])}.${r.chars(LOWER + DIGITS, 5)}.mongodb.net/${db}?retryWrites=true&w=majority`;
    case 'redis':
      return `redis://default:${pass}@${host}:6379/0`;
    case 'amqp':
      return `amqps://${user}:${pass}@${host}:5671/${r.pick(['%2F', 'prod', 'events'])}`;
    default:
      return `Server=tcp:${host},1433;Initial Catalog=${db};User ID=${user};Password=${pass};Encrypt=True;`;
  }
}

/** A password fit for a URI (no characters that need percent-encoding). */
export const uriPassword = (r: Rng): string => r.chars(ALNUM, r.int(12, 24));
