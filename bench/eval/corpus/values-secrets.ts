// Value generators for the SECRETS types, in the shapes the providers issue.
import { githubChecksum } from './checksums.js';
import { BASE62, BASE64, BASE64URL, DIGITS, HEX, LOWER, type Rng, UPPER } from './rng.js';

const BASE32 = UPPER + '234567';

export function awsAccessKey(rng: Rng): string {
  return `${rng.chance(0.85) ? 'AKIA' : 'ASIA'}${rng.chars(BASE32, 16)}`;
}

export function awsSecretKey(rng: Rng): string {
  return rng.chars(BASE64, 40);
}

export function githubToken(rng: Rng): string {
  if (rng.chance(0.2)) return `github_pat_11${rng.chars(UPPER + DIGITS, 20)}_${rng.chars(BASE62, 59)}`;
  const random = rng.chars(BASE62, 30);
  return `${rng.pick(['ghp_', 'ghp_', 'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'])}${random}${githubChecksum(random)}`;
}

export function gitlabToken(rng: Rng): string {
  return rng.chance(0.85) ? `glpat-${rng.chars(BASE62 + '-_', 20)}` : `${rng.pick(['gldt-', 'glrt-', 'glcbt-'])}${rng.chars(BASE62 + '-_', 20)}`;
}

export function slackToken(rng: Rng): string {
  return rng.pick([
    () => `xoxb-${rng.digits(rng.int(10, 12))}-${rng.digits(rng.int(12, 13))}-${rng.chars(BASE62, 24)}`,
    () => `xoxp-${rng.digits(11)}-${rng.digits(11)}-${rng.digits(13)}-${rng.chars(HEX, 32)}`,
    () => `xapp-1-A${rng.chars(UPPER + DIGITS, 10)}-${rng.digits(13)}-${rng.chars(HEX, 64)}`,
    () => `xoxa-2-${rng.digits(11)}-${rng.digits(12)}-${rng.chars(HEX, 32)}`,
  ])();
}

export function slackWebhook(rng: Rng): string {
  return `https://hooks.slack.com/services/T${rng.chars(UPPER + DIGITS, 8)}/B${rng.chars(UPPER + DIGITS, rng.int(8, 10))}/${rng.chars(BASE62, 24)}`;
}

export function stripeKey(rng: Rng): string {
  return rng.pick([
    () => `sk_live_${rng.chars(BASE62, 24)}`,
    () => `sk_live_51${rng.chars(BASE62, 97)}`,
    () => `rk_live_51${rng.chars(BASE62, 97)}`,
    () => `rk_live_${rng.chars(BASE62, 24)}`,
  ])();
}

export function googleApiKey(rng: Rng): string {
  return `AIza${rng.chars(BASE64URL, 35)}`;
}

export function openaiKey(rng: Rng): string {
  return rng.pick([
    () => `sk-proj-${rng.chars(BASE64URL, 156)}`,
    () => `sk-${rng.chars(BASE62, 20)}T3BlbkFJ${rng.chars(BASE62, 20)}`,
    () => `sk-proj-${rng.chars(BASE64URL, 74)}T3BlbkFJ${rng.chars(BASE64URL, 74)}`,
    () => `sk-svcacct-${rng.chars(BASE64URL, 74)}T3BlbkFJ${rng.chars(BASE64URL, 74)}`,
  ])();
}

export function anthropicKey(rng: Rng): string {
  return `sk-ant-${rng.chance(0.9) ? 'api03' : 'admin01'}-${rng.chars(BASE64URL, 93)}AA`;
}

export function serviceApiKey(rng: Rng): string {
  return `${rng.pick(['svc_sk_', 'svc_sk_', 'svc_lic_', 'svc_cpk_'])}${rng.chars(BASE62, 43)}`;
}

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const b64url = (s: string | Uint8Array): string => Buffer.from(s).toString('base64url');

/**
 * A PEM private key block whose lines are joined by `sep`: a newline, a literal `\n` (inside JSON
 * or a quoted .env value) or a newline plus indentation (a YAML block scalar).
 */
export function privateKey(rng: Rng, sep = '\n'): string {
  const kind = rng.pick(['RSA PRIVATE KEY', 'PRIVATE KEY', 'EC PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'RSA PRIVATE KEY', 'PRIVATE KEY']);
  let body: string;
  let width = 64;
  if (kind === 'EC PRIVATE KEY') body = b64(Uint8Array.from([0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20, ...rng.bytes(114)]));
  else if (kind === 'OPENSSH PRIVATE KEY') {
    body = b64(Uint8Array.from([...Buffer.from('openssh-key-v1\0'), ...rng.bytes(rng.pick([384, 1000]))]));
    width = 70;
  } else {
    const size = rng.pick([600, 1190, 1190]);
    const head = kind === 'PRIVATE KEY' ? [0x30, 0x82, size >> 8, size & 255, 0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09] : [0x30, 0x82, size >> 8, size & 255, 0x02, 0x01, 0x00, 0x02, 0x82, 0x01, 0x01, 0x00];
    body = b64(Uint8Array.from([...head, ...rng.bytes(size - head.length + 4)]));
  }
  const lines = body.match(new RegExp(`.{1,${width}}`, 'g')) ?? [];
  return [`-----BEGIN ${kind}-----`, ...lines, `-----END ${kind}-----`].join(sep);
}

export function jwt(rng: Rng): string {
  const alg = rng.pick(['HS256', 'RS256', 'ES256', 'HS512']);
  const header = rng.chance(0.5) ? { alg, typ: 'JWT' } : { alg, typ: 'JWT', kid: rng.chars(BASE64URL, 16) };
  const iat = 1_700_000_000 + rng.int(0, 40_000_000);
  const payload: Record<string, string | number | boolean> = { sub: rng.chance(0.5) ? `user_${rng.chars(BASE62, 10)}` : String(rng.int(1000, 999999)), iat, exp: iat + rng.pick([900, 3600, 86400]) };
  if (rng.chance(0.6)) payload.iss = rng.pick(['https://auth.acme.dev/', 'https://login.northwind.io', 'accounts.brightline.dev']);
  if (rng.chance(0.5)) payload.scope = rng.pick(['read:orders', 'openid profile', 'admin', 'payments:write']);
  if (rng.chance(0.3)) payload.aud = rng.pick(['api', 'checkout', 'mobile-app']);
  const sigBytes = alg === 'RS256' ? 256 : alg === 'ES256' ? 64 : alg === 'HS512' ? 64 : 32;
  return `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}.${b64url(rng.bytes(sigBytes))}`;
}

const DB_USERS = ['app', 'svc_orders', 'admin', 'postgres', 'root', 'reporting', 'billing_rw', 'etl'];
const DB_NAMES = ['orders', 'app', 'billing', 'analytics', 'users', 'ledger', 'crm'];
const DB_HOSTS = ['db-prod-1.internal', 'orders-db.cz8k2lq0xj.us-east-1.rds.amazonaws.com', 'pg.billing.svc.cluster.local', 'mysql-primary.corp.acme.io', 'analytics-db.northwind.io', 'db.brightline.dev'];

export function dbPassword(rng: Rng): string {
  return rng.pick([
    () => rng.chars(BASE62, rng.int(14, 24)),
    () => `${rng.chars(BASE62, 6)}${rng.pick(['-', '_', '.', '~', '!'])}${rng.chars(BASE62, 8)}`,
    () => `${rng.pick(['Winter', 'Blue', 'Falcon', 'Orbit', 'Maple'])}${rng.int(10, 99)}${rng.pick(['!', '*', '~'])}${rng.chars(BASE62, 4)}`,
  ])();
}

export type Store = 'postgres' | 'mysql' | 'mongodb' | 'redis' | 'amqp' | 'sqlserver';

export function connectionString(rng: Rng, store: Store = rng.pick(['postgres', 'postgres', 'mysql', 'mongodb', 'redis', 'amqp', 'sqlserver'])): string {
  const user = rng.pick(DB_USERS);
  const pw = dbPassword(rng);
  const db = rng.pick(DB_NAMES);
  switch (store) {
    case 'postgres':
      return `${rng.pick(['postgres', 'postgresql'])}://${user}:${pw}@${rng.pick(DB_HOSTS)}:5432/${db}${rng.chance(0.3) ? '?sslmode=require' : ''}`;
    case 'mysql':
      return `mysql://${user}:${pw}@${rng.pick(DB_HOSTS)}:3306/${db}`;
    case 'mongodb':
      return rng.chance(0.6)
        ? `mongodb+srv://${user}:${pw}@cluster0.${rng.chars(LOWER + DIGITS, 5)}.mongodb.net/${db}?retryWrites=true&w=majority`
        : `mongodb://${user}:${pw}@mongo-0.internal:27017,mongo-1.internal:27017/${db}?replicaSet=rs0&authSource=admin`;
    case 'redis':
      return rng.chance(0.5) ? `redis://:${pw}@cache.internal:6379/0` : `rediss://default:${pw}@${rng.chars(LOWER, 8)}.upstash.io:6379`;
    case 'amqp':
      return `amqp${rng.chance(0.5) ? 's' : ''}://${user}:${pw}@rabbit.internal:5672/${rng.pick(['%2F', 'orders', 'events'])}`;
    case 'sqlserver':
      return `Server=tcp:${rng.chars(LOWER, 8)}.database.windows.net,1433;Initial Catalog=${db};User ID=${user};Password=${pw};Encrypt=True;`;
  }
}

export function password(rng: Rng): string {
  return rng.pick([
    () => `${rng.pick(['Summer', 'Winter', 'Autumn', 'Spring', 'Welcome', 'Dragon', 'Sunshine', 'Princess', 'Football', 'Monkey'])}${rng.int(1990, 2025)}${rng.pick(['!', '#', '$', '?', '@', ''])}`,
    () => `${rng.pick(['Blue', 'Red', 'Green', 'Silver', 'Happy', 'Lucky'])}-${rng.pick(['Falcon', 'Tiger', 'River', 'Pickle', 'Rocket'])}-${rng.int(10, 99)}`,
    () => rng.chars(BASE62 + '!#$%&*?@', rng.int(12, 20)),
    () => `${rng.chars(LOWER, 5)}${rng.int(100, 999)}${rng.chars(UPPER, 2)}${rng.pick(['!', '%', '&'])}`,
    () => `Tr0ub4dor&${rng.int(1, 9)}${rng.chars(LOWER, 2)}`,
  ])();
}

export function genericSecret(rng: Rng): string {
  return rng.pick([
    () => rng.chars(HEX, rng.pick([32, 40, 64])),
    () => rng.chars(BASE62, rng.pick([24, 32, 40, 48])),
    () => b64(rng.bytes(rng.pick([24, 32, 48]))),
    () => `${rng.pick(['shpss_', 'key-', 'sec_'])}${rng.chars(BASE62, 32)}`,
  ])();
}
