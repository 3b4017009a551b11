import { ScanText } from '../../scan-text.js';
import { hasCueNear } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { keyWordSet, wordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { findAssignments, findNameValuePairs, findTableCells, isPlaceholderPassword, keyWords, readValue, type Assignment } from './assignments.js';
import { ENV_DEFAULT_WORDS, findEnvDefaults } from './env-defaults.js';
import { isPlaceholderToken, isPlaceholderValue, PLACEHOLDER_CONFIDENCE, shannonEntropy } from './values.js';

const GENERIC_SECRET: DetectorType = { type: 'GENERIC_SECRET', category: 'SECRETS' };

// A value is a secret here only when both its name and its look say so: the key names a secret
// (`client_secret`, `API_KEY`, `Authorization`) and the value is random (Shannon entropy high for
// its length and alphabet, not made of words). Only the value is reported. Exempt from the
// known-noise exclusions (a 64-hex `api_secret` is a digest's shape), so its own exclusions follow.

const STEM = /secret|token|key|auth|credential/gi;
const CONFIDENCE = 0.75;
/** A UUID is a common shape for keys (Heroku, many SaaS) but also for plain ids: less sure. */
const UUID_CONFIDENCE = 0.7;
const MIN_LENGTH = 16;
const MAX_LENGTH = 256;

/** Endings of run-together key names that hold a secret (`clientsecret`, `xapikey`, `awssessiontoken`). */
const SECRET_ENDINGS = [
  'secret', 'token', 'apikey', 'accesskey', 'privatekey', 'secretkey', 'signingkey', 'encryptionkey',
  'masterkey', 'authkey', 'sessionkey', 'licensekey', 'appkey', 'clientkey', 'hmackey', 'sharedkey',
  'subscriptionkey', 'accountkey', 'credential', 'credentials', 'auth', 'authorization',
];
/** Key words naming something that only looks like a token: paging cursors, CSRF nonces, counts. */
const NOT_SECRET_WORDS = new Set([
  'page', 'next', 'continuation', 'cursor', 'sync', 'csrf', 'xsrf', 'idempotency', 'cancellation',
  'public', 'publishable', 'max', 'min', 'num', 'count', 'total', 'type', 'no', 'has', 'is', 'use', 'require',
]);
/** A bare `key` or `token` borrows the word before it in labels such as "API key: ..." */
const BARE_KEYS = new Set(['key', 'token', 'secret']);

/**
 * Services whose keys have no prefix of their own (gitleaks finds them by the service's name
 * beside the key): a `<service>_…_key` names a secret, as `ALGOLIA_ADMIN_KEY`, `TWITTER_CONSUMER_KEY`.
 */
const SERVICES = [
  'adafruit', 'adobe', 'airtable', 'algolia', 'alibaba', 'asana', 'atlassian', 'beamer', 'bitbucket', 'bittrex',
  'codecov', 'cohere', 'coinbase', 'confluent', 'contentful', 'datadog', 'deepseek', 'discord', 'droneci', 'dropbox',
  'etsy', 'facebook', 'fastly', 'finicity', 'finnhub', 'firebase', 'flickr', 'freshbooks', 'gitter', 'gocardless',
  'heroku', 'hubspot', 'intercom', 'jfrog', 'jira', 'kraken', 'kucoin', 'launchdarkly', 'linkedin', 'looker',
  'mailchimp', 'mailgun', 'mapbox', 'mattermost', 'messagebird', 'mistral', 'netlify', 'newrelic', 'okta', 'pinecone',
  'plaid', 'pusher', 'rapidapi', 'segment', 'sendbird', 'sentry', 'snyk', 'sonar', 'squarespace', 'sumologic',
  'supabase', 'telegram', 'travis', 'twitch', 'twitter', 'yandex', 'zendesk',
];
const SERVICE_WORDS = new Set(SERVICES);

/** A key naming a secret ends in one of these, or names a service and a key: without them among the text's letters and digits, none does. */
const SECRET_KEY_ENDINGS = keyWordSet(SECRET_ENDINGS);
const SERVICE_KEYS = keyWordSet(SERVICES);
const KEY = keyWordSet(['key']);

function namesSecret(words: readonly string[]): boolean {
  if (words.some((w) => NOT_SECRET_WORDS.has(w))) return false;
  const joined = words.join('');
  if (SECRET_ENDINGS.some((e) => joined.endsWith(e))) return true;
  return words.length >= 2 && words[words.length - 1] === 'key' && words.some((w) => SERVICE_WORDS.has(w));
}

/** Key words with the preceding label word pulled in for `API key:` and `Access token =`. */
function wordsWithLabel(text: string, a: Assignment): string[] {
  if (a.words.length !== 1 || !BARE_KEYS.has(a.words[0] ?? '') || text.charAt(a.keyStart - 1) !== ' ') return a.words;
  let i = a.keyStart - 1;
  while (i > 0 && /[A-Za-z]/.test(text.charAt(i - 1))) i--;
  return [...keyWords(text.slice(i, a.keyStart - 1)), ...a.words];
}

// Entropy a random string of this length and alphabet reaches all but about 0.1% of the time
// (measured on random samples), a little lowered; between the listed lengths it is interpolated.
const HEX_FLOOR: readonly [number, number][] = [[16, 2.3], [20, 2.5], [24, 2.65], [32, 2.9], [40, 3.05], [64, 3.3]];
const BASE64_FLOOR: readonly [number, number][] = [[16, 3.05], [20, 3.35], [24, 3.55], [32, 3.9], [40, 4.15], [64, 4.6]];

function entropyFloor(length: number, table: readonly [number, number][]): number {
  let previous = table[0] ?? [0, 0];
  for (const point of table) {
    if (length <= point[0]) {
      const span = point[0] - previous[0];
      return span === 0 ? point[1] : previous[1] + ((point[1] - previous[1]) * (length - previous[0])) / span;
    }
    previous = point;
  }
  return previous[1];
}

const HEX = /^[0-9a-f]+$|^[0-9A-F]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Characters a key or token is written in; anything else (spaces, commas) makes it text. */
const TOKEN_CHARS = /^[A-Za-z0-9+/=_\-.~:!@#$%^*&()]+$/;
/** URLs, data URIs, SRI integrity strings (`sha512-...`) and file paths: not secrets by themselves. */
const NOT_A_TOKEN = /^(?:https?:|data:|sha\d+-|md5-)|:\/\/|^(?:~|\.{1,2})?\/[\w.-]+\/[\w./-]*$/i;
/** A Maven or Gradle coordinate, `[group:]artifact:version` (`io.jsonwebtoken:jjwt-api:0.12.3`). */
const COORDINATE = /^(?:[A-Za-z][\w.-]*:)?[A-Za-z][\w.-]*:v?\d+(?:\.\d+)+[\w.-]*$/;
/** Letters-only words joined by separators: `my-secret-value`, `org.example.app`. */
const JOINED_WORDS = /^[A-Za-z]+(?:[-_.][A-Za-z]+)+$/;
/** Commit ids and digests named as such nearby are not secrets, whatever key holds them. */
const DIGEST_CUE = /\b(?:commit|sha|sha1|sha256|digest|hash|checksum|revision|rev|etag|integrity)\b/i;
const SCHEME = /^(?:Bearer|Basic|Token|Digest)\s+/i;
const SCHEME_WORD = /^(?:Bearer|Basic|Token|Digest)$/i;
const WORD_TOKEN = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g;
const VOWEL = /[aeiouy]/i;

/**
 * True when the value reads as words (`mySecretKey2024`, `Persistence-2024`): word-like letter runs
 * (4+ letters with a vowel) make most of it, or one of them half of it. Random keys rarely do.
 */
function readsAsWords(value: string): boolean {
  let covered = 0;
  let longest = 0;
  for (const m of value.matchAll(WORD_TOKEN)) {
    if (m[0].length < 4 || !VOWEL.test(m[0])) continue;
    covered += m[0].length;
    longest = Math.max(longest, m[0].length);
  }
  return covered >= value.length * 0.7 || longest * 2 >= value.length;
}

/**
 * Characters counting up (`12345`, `abcdef`) making a quarter of the value: typed by hand, never
 * drawn at random (five in a row turn up by chance about once in a million 32-character keys).
 */
function isCountingUp(value: string): boolean {
  let run = 1;
  let longest = 1;
  for (let i = 1; i < value.length; i++) {
    run = value.charCodeAt(i) === value.charCodeAt(i - 1) + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  return longest >= 5 && longest * 4 >= value.length;
}

/** The confidence for a value named as a secret (`base` when it looks random), or null. */
function judge(text: string, keyStart: number, value: string, end: number, base: number): number | null {
  if (value.length < MIN_LENGTH || value.length > MAX_LENGTH) return null;
  if (!TOKEN_CHARS.test(value) || NOT_A_TOKEN.test(value) || JOINED_WORDS.test(value) || COORDINATE.test(value)) return null;
  if (!/[A-Za-z]/.test(value) || isPlaceholderPassword(value)) return null;
  if (isPlaceholderToken(value)) return PLACEHOLDER_CONFIDENCE;
  if (UUID.test(value)) return Math.min(base, UUID_CONFIDENCE);
  const hex = HEX.test(value);
  if (hex && hasCueNear(text, keyStart, end, DIGEST_CUE, 40)) return null;
  if (shannonEntropy(value) < entropyFloor(value.length, hex ? HEX_FLOOR : BASE64_FLOOR)) return null;
  if (isCountingUp(value) || (!hex && readsAsWords(value))) return null;
  return base;
}

function findAssigned(text: string, found: Finding[], shared: ScanText): void {
  const envDefaults = shared.hasAny(ENV_DEFAULT_WORDS) ? shared.once(findEnvDefaults) : [];
  const pairs = text.includes('alue') ? findNameValuePairs(text, STEM) : []; // `- name: API_TOKEN` / `value: …`
  for (const a of [...findAssignments(text, STEM), ...findTableCells(text, STEM, namesSecret), ...envDefaults, ...pairs]) {
    if (!namesSecret(wordsWithLabel(text, a))) continue;
    let start = a.valueStart;
    let end = a.valueEnd;
    // `Authorization: Bearer <token>`: the credential is what follows the scheme.
    if (a.quoted) {
      start += SCHEME.exec(text.slice(start, end))?.[0].length ?? 0;
    } else if (SCHEME_WORD.test(text.slice(start, end))) {
      start = end;
      while (text.charAt(start) === ' ') start++;
      end = start;
      while (end < text.length && end - start <= MAX_LENGTH && !/[\s"'`,;<>]/.test(text.charAt(end))) end++;
    }
    const value = text.slice(start, end);
    const confidence = basicCredential(value) ?? judge(text, a.keyStart, value, end, CONFIDENCE);
    if (confidence !== null) found.push(makeFinding(GENERIC_SECRET, text, start, end, confidence));
  }
}

/** `user:password` in base64, as Docker's config.json `"auth"` and HTTP Basic carry it: sure, whatever the words. */
const BASIC_CREDENTIAL = 0.9;
const BASE64 = /^[A-Za-z0-9+/]{8,}={0,2}$/;
const USER_PASSWORD = /^[\x21-\x39\x3b-\x7e]{1,100}:[\x20-\x7e]{4,200}$/;

/** The confidence for a base64 `user:password` (lower for a stand-in password), or null when the value is none. */
function basicCredential(value: string): number | null {
  if (value.length % 4 !== 0 || !BASE64.test(value)) return null;
  let decoded: string;
  try {
    decoded = atob(value);
  } catch {
    return null;
  }
  if (!USER_PASSWORD.test(decoded)) return null;
  const password = decoded.slice(decoded.indexOf(':') + 1);
  return isPlaceholderPassword(password) || isPlaceholderValue(password) ? PLACEHOLDER_CONFIDENCE : BASIC_CREDENTIAL;
}

/**
 * A label in prose naming a secret, a few more words, then a colon or "is": "API secret for the
 * partner portal: <value>", "The webhook signing secret is <value>". The words between may not end
 * a sentence.
 */
const LABEL =
  /\b(?:api[ _-]?(?:key|secret|token)|secret(?:[ _-]?key)?|access[ _-]?(?:key|token)|auth[ _-]?token|client[ _-]?secret|credentials?|token)\b[^\n:=.!?"'`]{0,40}?(?:[:=]|\bis\b:?)/gi;
/** Every label holds one of these, lower-cased. */
const LABEL_WORDS = wordSet(['api', 'secret', 'access', 'auth', 'client', 'credential', 'token']);
/** Labels are less sure than keys: the value may be about the secret rather than be it. */
const LABELLED = 0.7;

function findLabelled(text: string, found: Finding[]): void {
  const taken = new Set(found.map((f) => f.start));
  LABEL.lastIndex = 0;
  for (let m = LABEL.exec(text); m !== null; m = LABEL.exec(text)) {
    const value = readValue(text, m.index + m[0].length);
    LABEL.lastIndex = Math.max(LABEL.lastIndex, value.scanned);
    if (taken.has(value.valueStart) || value.valueEnd <= value.valueStart) continue;
    // The word before the label counts too: "CSRF token:", "next page token:".
    let before = m.index - 1;
    while (before > 0 && /[A-Za-z]/.test(text.charAt(before - 1))) before--;
    const words = keyWords(text.slice(Math.max(0, before), m.index + m[0].length).replace(/\bis\b:?$|[:=]$/, ''));
    if (words.some((w) => NOT_SECRET_WORDS.has(w))) continue;
    const confidence = judge(text, m.index, text.slice(value.valueStart, value.valueEnd), value.valueEnd, LABELLED);
    if (confidence !== null) found.push(makeFinding(GENERIC_SECRET, text, value.valueStart, value.valueEnd, confidence));
  }
}

/** A URL's user-info: `scheme://` then up to `@`, before any `/`, `?`, `#` or space. */
const USER_INFO = /:\/\/([^\s/?#@"'`<>]{1,256})@[A-Za-z0-9]/g;
/** A token alone in a URL's user-info (`https://<token>@github.com`, a git remote): a credential by position. */
const USER_INFO_TOKEN = 0.85;

/**
 * Tokens written as a URL's user name, as git remotes and CI logs carry them. A `user:password`
 * pair is CONNECTION_STRING's; a provider's token is reported by its own type (higher confidence).
 */
function findUserInfo(text: string, found: Finding[]): void {
  for (const m of text.matchAll(USER_INFO)) {
    const value = m[1] ?? '';
    if (value.includes(':')) continue;
    const start = m.index + 3;
    const confidence = judge(text, start, value, start + value.length, USER_INFO_TOKEN);
    if (confidence !== null) found.push(makeFinding(GENERIC_SECRET, text, start, start + value.length, confidence));
  }
}

export const genericSecret: Detector = {
  ...GENERIC_SECRET,
  keywords: ['secret', 'token', 'key', 'auth', 'credential', '://'],
  noiseExempt: true,
  find(text, _earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    if (text.includes('://')) findUserInfo(text, found);
    if (shared.hasAny(SECRET_KEY_ENDINGS) || (shared.hasAny(SERVICE_KEYS) && shared.hasAny(KEY))) findAssigned(text, found, shared);
    if (shared.hasAny(LABEL_WORDS)) findLabelled(text, found);
    return found;
  },
};
