import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';

const PRIVATE_KEY: DetectorType = { type: 'PRIVATE_KEY', category: 'SECRETS' };

// PEM armour: `-----BEGIN <label>-----`, a base64 body, `-----END <label>-----`. Markers are found
// with indexOf and paired in one forward pass, so a text full of BEGINs without ENDs stays linear.
const BEGIN = '-----BEGIN ';
const END = '-----END ';
const DASHES = '-----';
const LABEL = /^(?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?$/;
/** Longest label worth reading: `ENCRYPTED PRIVATE KEY` and `PGP PRIVATE KEY BLOCK` are 21. */
const MAX_LABEL = 32;
/** Longest block reported; a 16384-bit RSA key is about 12 KiB, PGP blocks with subkeys more. */
const MAX_BLOCK = 64 * 1024;
/** A real body has at least this many base64 characters; fewer is a placeholder (`...`). */
const MIN_BODY = 64;

const WITH_END = 0.99;
const WITHOUT_END = 0.85;
const NO_BODY = 0.3;

/** The label between a BEGIN or END marker and its closing dashes, or null if it is not one. */
function labelAt(text: string, from: number): { label: string; end: number } | null {
  const close = text.slice(from, from + MAX_LABEL + DASHES.length).indexOf(DASHES);
  if (close === -1) return null;
  return { label: text.slice(from, from + close), end: from + close + DASHES.length };
}

function isBase64Code(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47 || c === 61;
}

function countBase64(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (isBase64Code(text.charCodeAt(i))) n++;
  return n;
}

const HEADER_LINE = /^[A-Za-z-]+: \S/;
/** Runs of base64 in a line whose breaks were flattened to spaces are long; words of prose are not. */
const MIN_FLATTENED_RUN = 16;

/** Length of the line break at i: a real one, or a `\n` or `\r` escape (keys pasted from JSON); 0 if none. */
function breakLength(text: string, i: number): number {
  const c = text.charAt(i);
  if (c === '\n' || c === '\r') return 1;
  return c === '\\' && (text.charAt(i + 1) === 'n' || text.charAt(i + 1) === 'r') ? 2 : 0;
}

/** A line of the body: base64 alone, or long base64 runs separated by spaces. */
function isBodyLine(line: string): boolean {
  const runs = line.split(/[ \t]+/);
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (!isBase64Code(c) && c !== 32 && c !== 9) return false;
  }
  return runs.length === 1 || runs.every((r) => r.length >= MIN_FLATTENED_RUN);
}

/**
 * Where a body without an END line stops: after its last line of base64, taking `Key: value`
 * header lines before the base64 and stopping at a blank line after it.
 */
function bodyEnd(text: string, from: number, limit: number): number {
  let end = from;
  let i = from;
  let started = false;
  while (i < limit) {
    let breaks = 0;
    for (let n = breakLength(text, i); n > 0 && i < limit; n = breakLength(text, i)) {
      const c = text.charAt(i);
      if (c === '\n' || (c === '\\' && text.charAt(i + 1) === 'n')) breaks++; // \r\n counts once
      i += n;
    }
    if (breaks === 0 && i !== from) break;
    if (breaks > 1 && started) break;
    let lineEnd = i;
    while (lineEnd < limit && breakLength(text, lineEnd) === 0) lineEnd++;
    const line = text.slice(i, lineEnd).trim();
    if (line === '') break;
    if (isBodyLine(line)) started = true;
    else if (started || !HEADER_LINE.test(line)) break;
    end = i + text.slice(i, lineEnd).trimEnd().length;
    i = lineEnd;
  }
  return end;
}

export const privateKey: Detector = {
  ...PRIVATE_KEY,
  keywords: ['private key'],
  noiseExempt: true,
  find(text) {
    const found: Finding[] = [];
    const ends: number[] = [];
    for (let i = text.indexOf(END); i !== -1; i = text.indexOf(END, i + END.length)) ends.push(i);
    let nextEnd = 0; // index into ends of the first END not yet behind us
    let from = 0;
    for (let begin = text.indexOf(BEGIN); begin !== -1; begin = text.indexOf(BEGIN, from)) {
      from = begin + BEGIN.length;
      const header = labelAt(text, from);
      if (!header || !LABEL.test(header.label)) continue;
      while (nextEnd < ends.length && (ends[nextEnd] ?? 0) < header.end) nextEnd++;
      const endAt = ends[nextEnd];
      const nextBegin = text.indexOf(BEGIN, header.end);
      const limit = Math.min(text.length, header.end + MAX_BLOCK, nextBegin === -1 ? Infinity : nextBegin);
      const footer = endAt !== undefined && endAt < limit ? labelAt(text, endAt + END.length) : null;
      let blockEnd: number;
      let confidence: number;
      if (footer && LABEL.test(footer.label)) {
        blockEnd = footer.end;
        confidence = countBase64(text, header.end, endAt ?? 0) >= MIN_BODY ? WITH_END : NO_BODY;
      } else {
        blockEnd = bodyEnd(text, header.end, limit);
        confidence = countBase64(text, header.end, blockEnd) >= MIN_BODY ? WITHOUT_END : NO_BODY;
      }
      found.push(makeFinding(PRIVATE_KEY, text, begin, blockEnd, confidence));
      from = Math.max(from, blockEnd);
    }
    return found;
  },
};
