import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { isPlaceholderToken, PLACEHOLDER_CONFIDENCE } from './values.js';

const AWS_SECRET_KEY: DetectorType = { type: 'AWS_SECRET_KEY', category: 'SECRETS' };

// Secret access keys are 40 base64 characters with no prefix of their own, so they are reported
// only beside what names them: a cue such as `aws_secret_access_key` before the value on its line
// (or ending the line before), or an access key id close by (the two are issued, pasted and leaked
// as a pair, as in the credentials CSV) when nothing else names the value.
const SHAPE = /(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;
const CUE = /(?:secret_?access_?key|aws_?secret|secret access key|aws secret)/i;
/** Some other key or label names the value (`JWT_SECRET=`, `client secret:`): not AWS's. */
const OTHER_NAME = /secret|token|key|passw|pwd|auth|credential|jwt|api|client|signing|webhook/i;
/** How far before the value a cue may start. */
const CUE_WINDOW = 80;
/** How far an access key id may be from the secret of its pair. */
const PAIR_WINDOW = 200;

const NAMED = 0.85;
const PAIRED = 0.75;

/** Random base64 of 40 characters holds upper case, lower case and digits (all but 0.2% of the time). */
function looksRandom(value: string): boolean {
  return /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);
}

/** The text naming the value: its line up to it, or the line before when the value starts its line. */
function labelBefore(text: string, start: number): string {
  const window = text.slice(Math.max(0, start - CUE_WINDOW), start);
  const lineBreak = window.lastIndexOf('\n');
  const onLine = window.slice(lineBreak + 1);
  if (lineBreak === -1 || onLine.trim() !== '') return onLine;
  const before = window.slice(0, lineBreak);
  return before.slice(before.lastIndexOf('\n') + 1);
}

/**
 * What names the pair rather than another secret: access key ids (whose random letters may spell
 * `KEY` or `API`), the id's own key (`AWS_ACCESS_KEY_ID=`, "access key id"), the bare word
 * "secret" ("and the secret is …") and credentials constructors (Go's
 * `credentials.NewStaticCredentialsProvider("AKIA…", "<secret>", "")`).
 */
const PAIR_WORDS = /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b|(?:aws)?[_ ]?access[_ ]?key[_ ]?id|(?<![\w-])secret(?![\w-])|\w*credentials\w*/gi;

export const awsSecretKey: Detector = {
  ...AWS_SECRET_KEY,
  keywords: ['secret_access_key', 'secretaccesskey', 'secret access key', 'aws_secret', 'awssecret', 'aws secret', 'akia', 'asia'],
  noiseExempt: true,
  find(text, earlier) {
    const found: Finding[] = [];
    const ids = earlier.filter((f) => f.type === 'AWS_ACCESS_KEY' && f.confidence >= PAIRED);
    let nextId = 0; // ids are in text order; candidates too, so one pointer finds the nearest
    for (const m of text.matchAll(SHAPE)) {
      const start = m.index;
      const end = start + m[0].length;
      if (!looksRandom(m[0])) continue;
      const label = labelBefore(text, start);
      const named = CUE.test(label);
      while (nextId < ids.length && (ids[nextId]?.end ?? 0) < start - PAIR_WINDOW) nextId++;
      const id = ids[nextId];
      const paired = id !== undefined && id.start <= end + PAIR_WINDOW && !OTHER_NAME.test(label.replace(PAIR_WORDS, ''));
      if (!named && !paired) continue;
      const confidence = isPlaceholderToken(m[0]) ? PLACEHOLDER_CONFIDENCE : named ? NAMED : PAIRED;
      found.push(makeFinding(AWS_SECRET_KEY, text, start, end, confidence));
    }
    return found;
  },
};
