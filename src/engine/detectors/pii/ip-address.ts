import { hasCueNear, isAlnumCode, isDigitCode, isWordCode } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { ipv4Kind, parseIpv4, type IpKind } from './ipv4.js';
import { parseIpv6 } from './ipv6.js';
import { lessIfNegative } from './negative-context.js';

const IP_ADDRESS: DetectorType = { type: 'IP_ADDRESS', category: 'PII' };

// IPv4: every maximal dotted run of digits with at least four parts is a candidate, and only a run
// of exactly four parts is an address, so `1.3.6.1.4.1.2021` (an SNMP OID) and `10.1.2.3.4` are
// not cut into addresses. The look-behind starts a match only where a run starts, and each
// repetition starts with a dot, so the loop is unambiguous and the scan linear.
const DOTTED_RUN = /(?<![\d.])\d+(?:\.\d+){3,}/g;
/** What every such run holds, found much faster than the runs themselves. */
const FOUR_PARTS = /\d\.\d+\.\d+\.\d/;

const IP_CUE =
  /\b(?:ip|ipv4|ipv6|ip[\s_-]?addr(?:ess)?|addr|address|host|hostname|server|client|gateway|dns|nameserver|subnet|router|proxy|firewall|src|dst|source|destination|remote|peer|ping|ssh|connect|connected|connection|listen|listening|bind|inet|endpoint|vpn|nat|route|whitelist|allowlist|blocklist|blacklist|origin|x-forwarded-for)\b/i;
const CUE_WINDOW = 30;
/** Words after which a dotted quad is a version or build number, looked for just before the value. */
const VERSION_CUE =
  /\b(?:v|ver|version|versions|release|rel|build|rev|revision|firmware|fw|patch|sdk|kernel|bump|bumped|upgrade|upgraded|downgrade|downgraded|semver|changelog|oid|snmp|mib)\b/i;
const VERSION_WINDOW = 25;
/**
 * Software that numbers its releases in four parts, written right before the quad ("Windows
 * 10.0.19045.3803", "Chrome 120.0.6099.109"): a version even when an IP cue ("client") is near.
 */
const PRODUCT_BEFORE =
  /(?<![A-Za-z])(?:windows|win|macos|os ?x|ios|ipados|android|linux|ubuntu|debian|centos|rhel|node|node\.js|chrome|chromium|firefox|safari|edge|opera|electron|java|jdk|jre|python|dotnet|\.net|build|version|ver|v)[ \t:]*$/i;
/** A CIDR prefix length after the quad ("192.168.0.0/16"). */
const PREFIX_AFTER = /^\/(\d{1,2})(?!\d)/;
/** The root of the SNMP tree (iso.org.dod.internet) written on its own. */
const OID_ROOT = '1.3.6.1';

/** Confidence by what kind of address it is; see docs/detectors/pii.md. */
const PUBLIC = 0.85;
const PRIVATE = 0.7;
/**
 * Loopback names no network (127.0.0.1 is the same on every machine), and documentation ranges
 * (RFC 5737, RFC 3849) are reserved for examples and never routed: both hidden by default.
 */
const LOOPBACK_OR_EXAMPLE = 0.45;
/** Four single-digit parts without an IP cue read like a version or a section number. */
const SINGLE_DIGITS = 0.45;
const CUE_BONUS = 0.05;
const PRIVATE_CUE_BONUS = 0.1;

function baseConfidence(kind: IpKind, cued: boolean): number {
  if (kind === 'loopback' || kind === 'documentation') return LOOPBACK_OR_EXAMPLE;
  if (kind === 'private') return PRIVATE + (cued ? PRIVATE_CUE_BONUS : 0);
  return PUBLIC + (cued ? CUE_BONUS : 0);
}

/**
 * A dotted run glued to a word, a package name (`openssl-1.1.1.1`) or a pre-release tag is no
 * address. (A run after a dot never matches DOTTED_RUN.)
 */
function ipv4StandsAlone(text: string, start: number, end: number): boolean {
  const before = text.charCodeAt(start - 1);
  if (isWordCode(before)) return false;
  if (before === 45 /* - */ && isAlnumCode(text.charCodeAt(start - 2))) return false;
  const after = text.charCodeAt(end);
  if (isWordCode(after)) return false;
  const afterNext = text.charCodeAt(end + 1);
  if (after === 46 /* . */ && isAlnumCode(afterNext)) return false; // 10.0.0.1.nip.io
  if (after === 45 /* - */ && isAlnumCode(afterNext) && !isDigitCode(afterNext)) return false; // 1.2.3.4-beta
  if (after === 43 /* + */ && isAlnumCode(afterNext)) return false; // 1.2.3.4+build5
  return true;
}

/** True when the word right before the quad names software that versions in four parts. */
function productBefore(text: string, start: number): boolean {
  return PRODUCT_BEFORE.test(text.slice(Math.max(0, start - 12), start));
}

/**
 * True for a network written in CIDR form ("10.0.0.0/8", "192.168.0.0/16"): every bit past the
 * prefix is zero, so it names a range, not a host. "10.0.0.5/24" (a host and its subnet) is not.
 */
function isNetwork(text: string, end: number, o: readonly number[]): boolean {
  const m = PREFIX_AFTER.exec(text.slice(end, end + 4));
  const bits = m ? Number(m[1]) : -1;
  if (bits < 0 || bits >= 32) return false;
  const address = o.reduce((n, part) => n * 256 + part, 0);
  return address % 2 ** (32 - bits) === 0;
}

function versionBefore(text: string, start: number): boolean {
  return VERSION_CUE.test(text.slice(Math.max(0, start - VERSION_WINDOW), start));
}

function findIpv4(text: string, found: Finding[]): void {
  for (const m of text.matchAll(DOTTED_RUN)) {
    const value = m[0];
    const start = m.index;
    const end = start + value.length;
    const o = parseIpv4(value);
    if (o === null || value === OID_ROOT || !ipv4StandsAlone(text, start, end)) continue;
    const kind = ipv4Kind(o);
    if (kind === 'none' || productBefore(text, start)) continue;
    // A private range is the same in every organisation's routes; a public one still names a network.
    if (kind === 'private' && isNetwork(text, end, o)) continue;
    const cued = hasCueNear(text, start, end, IP_CUE, CUE_WINDOW);
    if (!cued && versionBefore(text, start)) continue;
    const confidence = !cued && o.every((part) => part < 10) ? SINGLE_DIGITS : baseConfidence(kind, cued);
    found.push(makeFinding(IP_ADDRESS, text, start, end, lessIfNegative(text, start, end, confidence)));
  }
}

/** Hex digits, colons and dots (for an embedded IPv4 tail): the characters of an IPv6 address. */
function isIpv6Code(c: number): boolean {
  return isDigitCode(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102) || c === 58 || c === 46;
}

function hasTwoColons(text: string, start: number, end: number): boolean {
  let colons = 0;
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === 58 /* : */ && ++colons === 2) return true;
  return false;
}

// IPv6: the maximal run of address characters around each colon, parsed in code. Runs are visited
// once, so the scan is linear however many colons a log holds.
function findIpv6(text: string, found: Finding[]): void {
  for (let colon = text.indexOf(':'); colon !== -1; ) {
    let start = colon;
    while (start > 0 && isIpv6Code(text.charCodeAt(start - 1))) start--;
    let end = colon + 1;
    while (end < text.length && isIpv6Code(text.charCodeAt(end))) end++;
    colon = text.indexOf(':', end);
    // Trim sentence dots and a lone colon ("at fe80::1:"), but keep a leading or trailing "::".
    while (start < end && text.charAt(start) === '.') start++;
    while (end > start && text.charAt(end - 1) === '.') end--;
    if (text.charAt(start) === ':' && text.charAt(start + 1) !== ':') start++;
    if (text.charAt(end - 1) === ':' && text.charAt(end - 2) !== ':') end--;
    if (end - start < 3 || isWordCode(text.charCodeAt(start - 1)) || isWordCode(text.charCodeAt(end))) continue;
    if (!hasTwoColons(text, start, end)) continue; // "10:30", "ffff:1.2.3.4": never eight groups nor a "::"
    const parsed = parseIpv6(text.slice(start, end));
    if (parsed === null || parsed.kind === 'none') continue;
    const cued = hasCueNear(text, start, end, IP_CUE, CUE_WINDOW);
    const confidence = baseConfidence(parsed.kind, cued);
    found.push(makeFinding(IP_ADDRESS, text, start, end, lessIfNegative(text, start, end, confidence)));
  }
}

export const ipAddress: Detector = {
  ...IP_ADDRESS,
  find(text) {
    const found: Finding[] = [];
    if (FOUR_PARTS.test(text)) findIpv4(text, found);
    if (text.includes(':')) findIpv6(text, found);
    return found;
  },
};
