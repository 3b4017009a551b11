import { isAlnumCode } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';

const JWT: DetectorType = { type: 'JWT', category: 'SECRETS' };

// header.payload.signature, each base64url; a JSON object's base64 starts `eyJ` (`{"`). Anchored on
// each `eyJ` and read with character tests; the cursor only moves forward, so it stays linear.
const OBJECT_START = 'eyJ';
/** Headers carrying certificate chains (x5c) run to a few KiB; longer is not a header. */
const MAX_HEADER = 8192;
/** An HMAC-SHA256 signature is 43 characters; shorter ones are truncated or made up. */
const MIN_SIGNATURE = 16;

function isBase64UrlCode(c: number): boolean {
  return isAlnumCode(c) || c === 45 /* - */ || c === 95; /* _ */
}

function runEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && isBase64UrlCode(text.charCodeAt(i))) i++;
  return i;
}

/** True when the segment decodes to a JSON object naming its algorithm, as every JOSE header does. */
function isJoseHeader(segment: string): boolean {
  try {
    const header: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof header === 'object' && header !== null && typeof (header as { alg?: unknown }).alg === 'string';
  } catch {
    return false;
  }
}

export const jwt: Detector = {
  ...JWT,
  keywords: ['eyj'],
  noiseExempt: true,
  find(text) {
    const found: Finding[] = [];
    let at = text.indexOf(OBJECT_START);
    while (at !== -1) {
      const headerEnd = runEnd(text, at);
      let resume = headerEnd;
      const glued = at > 0 && (isBase64UrlCode(text.charCodeAt(at - 1)) || text.charAt(at - 1) === '.');
      if (!glued && text.charAt(headerEnd) === '.' && text.startsWith(OBJECT_START, headerEnd + 1)) {
        const payloadEnd = runEnd(text, headerEnd + 1);
        resume = headerEnd + 1; // the payload may itself begin a token if this one fails
        if (text.charAt(payloadEnd) === '.') {
          const end = runEnd(text, payloadEnd + 1);
          // A fourth segment makes it a JWE or something else; a signature must be there.
          const plain = text.charAt(end) !== '.' || !isBase64UrlCode(text.charCodeAt(end + 1));
          if (plain && end - payloadEnd - 1 >= MIN_SIGNATURE && headerEnd - at <= MAX_HEADER && isJoseHeader(text.slice(at, headerEnd))) {
            found.push(makeFinding(JWT, text, at, end, 0.9));
            resume = end;
          }
        }
      }
      at = text.indexOf(OBJECT_START, resume);
    }
    return found;
  },
};
