import { isAlnumCode } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';

// Anchored on each '@' and grown outwards with character tests rather than one regex: a
// backtracking regex over "local@domain" goes quadratic on long runs of word characters.

const LOCAL_EXTRA = new Set(['.', '_', '%', '+', '-']);
const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;
// Internationalised addresses (RFC 6531, RFC 5890): letters of any script in the local part and
// the domain (josé@correo.es, user@bücher.de), and labels in their ASCII form (xn--bcher-kva,
// the TLD xn--p1ai).
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;
const TLD = /^(?:\p{L}[\p{L}\p{M}]{1,62}|xn--[A-Za-z0-9-]{1,59})$/u;
const NON_ASCII_WORD = /[\p{L}\p{M}\p{N}]/u;
/** Image names such as `icon@2x.png` look like addresses; these endings are not real TLDs. */
const FILE_ENDINGS = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp']);
const EMAIL: DetectorType = { type: 'EMAIL', category: 'PII' };

/** A letter, mark or digit of a script other than ASCII (one UTF-16 unit: the BMP's scripts). */
function isNonAsciiWord(text: string, i: number): boolean {
  return text.charCodeAt(i) >= 128 && NON_ASCII_WORD.test(text.charAt(i));
}

function isLocalChar(text: string, i: number): boolean {
  return isAlnumCode(text.charCodeAt(i)) || LOCAL_EXTRA.has(text.charAt(i)) || isNonAsciiWord(text, i);
}

function isDomainChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return isAlnumCode(c) || c === 45 /* - */ || c === 46 /* . */ || isNonAsciiWord(text, i);
}

function validDomain(domain: string): boolean {
  if (domain.length > MAX_DOMAIN) return false;
  const labels = domain.split('.');
  const tld = labels[labels.length - 1] ?? '';
  return (
    labels.length >= 2 &&
    TLD.test(tld) &&
    !FILE_ENDINGS.has(tld.toLowerCase()) &&
    labels.every((label) => LABEL.test(label))
  );
}

/**
 * True when the local part starting at `start` is a URL's user-info (`https://<token>@host`,
 * `https://user:<token>@host`): a credential, left to the SECRETS detectors, not an address.
 */
function isUrlUserInfo(text: string, start: number): boolean {
  let i = start;
  if (text.charAt(i - 1) === ':') {
    i--;
    while (i > 0 && i > start - 256 && isLocalChar(text, i - 1)) i--;
  }
  return text.startsWith('//', i - 2);
}

export const email: Detector = {
  ...EMAIL,
  find(text) {
    const found: Finding[] = [];
    for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
      let start = at;
      // Grow left over local-part characters, stopping at ".." (an ellipsis ends the address).
      while (start > 0 && isLocalChar(text, start - 1) && !text.startsWith('..', start - 2)) start--;
      while (start < at && text.charAt(start) === '.') start++; // nor does a leading full stop begin it
      let end = at + 1;
      while (end < text.length && isDomainChar(text, end)) end++;
      while (end > at + 1 && (text.charAt(end - 1) === '.' || text.charAt(end - 1) === '-')) end--;

      const local = text.slice(start, at);
      if (local.length === 0 || local.length > MAX_LOCAL) continue;
      if (local.endsWith('.') || isUrlUserInfo(text, start)) continue;
      if (text.charAt(start - 1) === '@' || text.charAt(end) === '@') continue; // a@b@c is not an address
      if (!validDomain(text.slice(at + 1, end))) continue;
      found.push(makeFinding(EMAIL, text, start, end, 0.95));
    }
    return found;
  },
};
