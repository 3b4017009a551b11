import { ScanText } from '../../scan-text.js';
import { isWordCode } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { wordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { isPlaceholderPassword } from './assignments.js';
import { isPlaceholderValue, PLACEHOLDER_CONFIDENCE } from './values.js';

const CONNECTION_STRING: DetectorType = { type: 'CONNECTION_STRING', category: 'SECRETS' };

// Three forms, each reported whole and only when it holds a real password:
// URIs `scheme://user:password@host/...`, JDBC URLs with `password=`, and `key=value;` strings
// (ADO.NET, Azure storage and Service Bus) with `Password=`, `AccountKey=` or `SharedAccessKey=`.

// A scheme or server key with a password beside it is as distinctive as a provider prefix; 0.95 also
// lets the whole URI win its overlap with the `password@host` an address detector sees inside it.
const CONFIDENCE = 0.95;
/** The password repeats the user name (`postgres:postgres@`): a local default, likely but weaker. */
const DEFAULT_PAIR = 0.6;
const MAX_LENGTH = 2048;

// Database, queue and file-transfer schemes; drivers may add `+driver` (SQLAlchemy) or `+srv`.
const URI_SCHEME =
  /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb|redis|rediss|amqps?|mssql|sqlserver|oracle|cockroachdb|clickhouse|couchdb|neo4j|nats|kafka|ldaps?|s?ftp|smtps?|imaps?|https?)(?:\+[a-z0-9]+)?:\/\//gi;
const JDBC = /\bjdbc:[a-z0-9]+:/gi;
const KEYED_SECRET = /\b(?:password|pwd|accountkey|sharedaccesskey)[ \t]*=/gi;
const JDBC_WORD = wordSet(['jdbc:']);
const SECRET_KEY_WORDS = wordSet(['password', 'pwd', 'accountkey', 'sharedaccesskey']);

/** Ends a URI: whitespace, quotes, brackets and the like. */
function isUriStop(c: string): boolean {
  return c === '' || ' \t\r\n"\'`<>{}|\\^'.includes(c);
}

function uriEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && i - from < MAX_LENGTH && !isUriStop(text.charAt(i))) i++;
  while (i > from && '.,;:)]'.includes(text.charAt(i - 1))) i--; // sentence punctuation after the URI
  return i;
}

/** Confidence for a user and password, or null when the password is missing or a stand-in. */
function judgeCredentials(user: string, password: string): number | null {
  if (password.length === 0 || isPlaceholderPassword(password)) return null;
  if (isPlaceholderValue(password)) return PLACEHOLDER_CONFIDENCE;
  return password === user ? DEFAULT_PAIR : CONFIDENCE;
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** End of the authority (`user:password@host:port`): the first `/`, `?` or `#`, or the URI's end. */
function authorityEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && i - from < MAX_LENGTH && !isUriStop(text.charAt(i)) && !'/?#'.includes(text.charAt(i))) i++;
  return i;
}

/** True when a provider's token found before lies in text[from, to): it is reported as itself. */
function holdsProviderToken(earlier: readonly Finding[], from: number, to: number): boolean {
  return earlier.some((f) => f.category === 'SECRETS' && f.start >= from && f.end <= to);
}

function findUris(text: string, earlier: readonly Finding[], found: Finding[]): void {
  URI_SCHEME.lastIndex = 0;
  for (let m = URI_SCHEME.exec(text); m !== null; m = URI_SCHEME.exec(text)) {
    const authorityStart = m.index + m[0].length;
    const authority = text.slice(authorityStart, authorityEnd(text, authorityStart));
    URI_SCHEME.lastIndex = authorityStart + authority.length;
    const at = authority.lastIndexOf('@');
    const colon = authority.indexOf(':');
    if (at === -1 || colon === -1 || colon > at || at === authority.length - 1) continue;
    // `https://oauth2:glpat-…@gitlab.com`: the GitLab token is the secret, reported as one.
    if (holdsProviderToken(earlier, authorityStart + colon, authorityStart + at)) continue;
    const confidence = judgeCredentials(decoded(authority.slice(0, colon)), decoded(authority.slice(colon + 1, at)));
    if (confidence === null) continue;
    const end = uriEnd(text, authorityStart);
    found.push(makeFinding(CONNECTION_STRING, text, m.index, end, confidence));
    URI_SCHEME.lastIndex = end;
  }
}

const PARAM = /[;&?]\s*(?:password|pwd)\s*=\s*([^;&\s"'`]*)/i;
const USER_PARAM = /[;&?:]\s*(?:user(?:name)?|uid|user id)\s*=\s*([^;&\s"'`]*)/i;
const USERINFO = /\/\/([^/@:]*):([^/@]*)@/;

function findJdbc(text: string, found: Finding[]): void {
  JDBC.lastIndex = 0;
  for (let m = JDBC.exec(text); m !== null; m = JDBC.exec(text)) {
    const end = uriEnd(text, m.index + m[0].length);
    JDBC.lastIndex = Math.max(JDBC.lastIndex, end); // a `jdbc:` inside this URL is part of it
    const url = text.slice(m.index, end);
    // Either a `password=` parameter or `//user:password@host` as in a URI.
    let confidence: number | null = null;
    const param = PARAM.exec(url);
    if (param) {
      confidence = judgeCredentials(USER_PARAM.exec(url)?.[1] ?? '', param[1] ?? '');
    } else {
      const auth = USERINFO.exec(url);
      if (auth) confidence = judgeCredentials(auth[1] ?? '', auth[2] ?? '');
    }
    if (confidence !== null) found.push(makeFinding(CONNECTION_STRING, text, m.index, end, confidence));
  }
}

/** Keys that name where a `key=value;` string connects, so a lone `password=x;` is left to PASSWORD. */
const SERVER_KEYS = new Set([
  'server', 'data source', 'datasource', 'host', 'hostname', 'address', 'addr', 'network address',
  'accountname', 'endpoint', 'blobendpoint', 'defaultendpointsprotocol', 'dsn',
]);
const USER_KEYS = new Set(['user id', 'userid', 'uid', 'user', 'username', 'user name']);
const SECRET_KEYS = new Set(['password', 'pwd', 'accountkey', 'sharedaccesskey']);
/** Keys a string may open with; before them is the assignment or prose holding it. */
const OPENING_KEYS = new Set([
  ...SERVER_KEYS, ...USER_KEYS, ...SECRET_KEYS,
  'database', 'initial catalog', 'driver', 'provider', 'port', 'sharedaccesskeyname', 'integrated security',
]);

interface Pair {
  key: string;
  value: string;
  keyStart: number;
  valueStart: number;
  end: number;
}

function pairAt(key: string, keyStart: number, text: string, eq: number, to: number): Pair {
  let valueStart = eq + 1;
  while (valueStart < to && isBlankChar(text.charAt(valueStart))) valueStart++;
  return { key, keyStart, valueStart, value: text.slice(valueStart, to).trim(), end: to };
}

function isBlankChar(c: string): boolean {
  return c === ' ' || c === '\t';
}

/** Ends a `key=value;` string: a line break or a quote. */
function isKeyedStop(c: string): boolean {
  return c === '\n' || c === '\r' || c === '"' || c === "'" || c === '`';
}

/** Start of the word ending at `end` (after spaces before `end`), not before `from`. */
function wordStart(text: string, from: number, end: number): { start: number; wordEnd: number } {
  let wordEnd = end;
  while (wordEnd > from && text.charAt(wordEnd - 1) === ' ') wordEnd--;
  let start = wordEnd;
  while (start > from && isWordCode(text.charCodeAt(start - 1))) start--;
  return { start, wordEnd };
}

/** The key before the `=` at `eq`: the last word, or the last two when they form a known key (`User Id`). */
function keyBefore(text: string, from: number, eq: number): { key: string; start: number } {
  const last = wordStart(text, from, eq);
  const key = text.slice(last.start, last.wordEnd).toLowerCase();
  const previous = wordStart(text, from, last.start);
  const two = `${text.slice(previous.start, previous.wordEnd).toLowerCase()} ${key}`;
  if (previous.wordEnd < last.start && previous.start < previous.wordEnd && OPENING_KEYS.has(two)) {
    return { key: two, start: previous.start };
  }
  return { key, start: last.start };
}

/** The first `=` in text[from, to), or -1; never looks past `to`. */
function equalsIn(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 61) return i;
  return -1;
}

/** The pair in text[from, to), or null. The first pair must open with a known key, maybe after an `X=` prefix. */
function pairIn(text: string, from: number, to: number, first: boolean): Pair | null {
  let eq = equalsIn(text, from, to);
  if (eq === -1) return null;
  if (first) {
    let found = keyBefore(text, from, eq);
    if (!OPENING_KEYS.has(found.key)) {
      eq = equalsIn(text, eq + 1, to);
      if (eq === -1) return null;
      found = keyBefore(text, from, eq);
      if (!OPENING_KEYS.has(found.key)) return null;
    }
    return pairAt(found.key, found.start, text, eq, to);
  }
  const key = text.slice(from, eq).trim().toLowerCase();
  if (!/^[a-z][a-z0-9 _.-]{0,40}$/.test(key)) return null;
  return pairAt(key, from + text.slice(from, eq).search(/\S/), text, eq, to);
}

/** The consecutive `key=value` pairs in text[start, end), split on `;`. */
function keyedPairs(text: string, start: number, end: number): Pair[] {
  const pairs: Pair[] = [];
  let from = start;
  while (from < end) {
    let to = from;
    while (to < end && text.charAt(to) !== ';') to++;
    const pair = pairIn(text, from, to, pairs.length === 0);
    if (pair) pairs.push(pair);
    else if (pairs.length > 0) break;
    from = to + 1;
  }
  return pairs;
}

function findKeyed(text: string, found: Finding[]): void {
  // URIs and JDBC URLs found before hold their own `password=`; they are not read again.
  const taken = found.map((f) => [f.start, f.end] as const).sort((a, b) => a[0] - b[0]);
  let nextTaken = 0;
  let covered = 0;
  for (const m of text.matchAll(KEYED_SECRET)) {
    while (nextTaken < taken.length && (taken[nextTaken]?.[1] ?? 0) <= m.index) nextTaken++;
    if (m.index < covered || (taken[nextTaken]?.[0] ?? Infinity) <= m.index) continue;
    // The line or quoted string around the match.
    let start = m.index;
    while (start > 0 && m.index - start < MAX_LENGTH && !isKeyedStop(text.charAt(start - 1))) start--;
    let end = m.index;
    while (end < text.length && end - m.index < MAX_LENGTH && !isKeyedStop(text.charAt(end))) end++;
    covered = end;
    const pairs = keyedPairs(text, start, end);
    const secret = pairs.find((p) => SECRET_KEYS.has(p.key));
    if (!secret || pairs.length < 2 || !pairs.some((p) => SERVER_KEYS.has(p.key))) continue;
    const password = secret.value.split(/\s/)[0] ?? '';
    const confidence = judgeCredentials(pairs.find((p) => USER_KEYS.has(p.key))?.value ?? '', password);
    const firstPair = pairs[0];
    const lastPair = pairs[pairs.length - 1];
    if (confidence === null || !firstPair || !lastPair) continue;
    // A closing `;` belongs to the string; without one, the last value ends at a space (prose follows).
    let stop = lastPair.end;
    if (text.charAt(stop) === ';') stop++;
    else stop = lastPair.valueStart + (lastPair.value.split(/\s/)[0]?.length ?? 0);
    found.push(makeFinding(CONNECTION_STRING, text, firstPair.keyStart, stop, confidence));
  }
}

// StackExchange.Redis (Azure Cache for Redis) writes `host:port,password=…,ssl=True,abortConnect=False`:
// options after the host, split on commas.
const LISTED_PASSWORD = /,[ \t]*password[ \t]*=/gi;
const HOST_PORT = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*:\d{2,5}$/;

function isListStop(c: string): boolean {
  return c === '' || ' \t\r\n"\'`;<>'.includes(c);
}

function findListed(text: string, found: Finding[]): void {
  let covered = 0;
  for (const m of text.matchAll(LISTED_PASSWORD)) {
    if (m.index < covered) continue;
    let start = m.index;
    while (start > 0 && m.index - start < MAX_LENGTH && !isListStop(text.charAt(start - 1))) start--;
    let end = m.index + m[0].length;
    while (end < text.length && end - m.index < MAX_LENGTH && !isListStop(text.charAt(end))) end++;
    covered = end;
    // The host is the first item; an assignment's `NAME=` before it is not part of the string.
    const firstComma = text.indexOf(',', start);
    const host = text.slice(start, firstComma);
    const hostStart = start + host.lastIndexOf('=') + 1;
    if (!HOST_PORT.test(text.slice(hostStart, firstComma))) continue;
    const valueStart = m.index + m[0].length;
    let valueEnd = valueStart;
    while (valueEnd < end && text.charAt(valueEnd) !== ',') valueEnd++;
    const confidence = judgeCredentials('', text.slice(valueStart, valueEnd));
    if (confidence !== null) found.push(makeFinding(CONNECTION_STRING, text, hostStart, end, confidence));
  }
}

export const connectionString: Detector = {
  ...CONNECTION_STRING,
  keywords: ['://', 'jdbc:', 'password', 'pwd', 'accountkey', 'sharedaccesskey'],
  noiseExempt: true,
  find(text, earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    // Each form is read only when the text holds what it starts with.
    if (text.includes('://')) findUris(text, earlier, found);
    if (shared.hasAny(JDBC_WORD)) findJdbc(text, found);
    if (shared.hasAny(SECRET_KEY_WORDS)) {
      findKeyed(text, found);
      if (text.includes(',')) findListed(text, found);
    }
    return found;
  },
};
