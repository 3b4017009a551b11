import { hasCueNear, isAlnumCode } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { lessIfNegative } from './negative-context.js';

const MAC_ADDRESS: DetectorType = { type: 'MAC_ADDRESS', category: 'PII' };

// A MAC address names one network card, and so the device and often the person carrying it
// (Presidio reports it; GDPR counts device identifiers as personal data). Three written forms:
// six hex pairs joined by `:` or `-` (one separator throughout), and Cisco's three dotted groups of
// four. Each regex matches a fixed length and the edges are checked in code, so the scan is linear.

/** Six pairs; the separator is captured and repeated. */
const PAIRS = /[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}/g;
const DOTTED = /[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}/g;
const SEPARATORS = ':.-';

const MAC_CUE =
  /\b(?:mac|mac[\s_-]?addr(?:ess)?|macaddress|hwaddr|hw[\s_-]?address|hardware[\s_-]?address|physical[\s_-]?address|ether|ethernet|link\/ether|lladdr|bssid|ssid|wlan|wifi|wi-fi|nic|oui|arp|dhcp|device|client[\s_-]?mac|station)\b/i;
const CUE_WINDOW = 30;
const LABEL_WINDOW = 16;

const PLAIN = 0.85;
const CUED = 0.95;
/** Digits only (`10-20-30-40-50-60`, `2024.0101.1234`): as often a number or a date as a MAC; needs a cue. */
const DIGITS_ONLY = 0.45;
/** All zeros or all ones (the broadcast address): placeholders and filler, unless the text calls them a MAC. */
const PLACEHOLDER = 0.3;
/** IEEE's block for documentation (RFC 7042: 00-00-5E-00-53-xx), as IP_ADDRESS treats RFC 5737. */
const DOCUMENTATION = 0.45;

function confidenceOf(text: string, start: number, end: number): number {
  const hex = text.slice(start, end).replace(/[:.-]/g, '').toLowerCase();
  const cued = hasCueNear(text, start, end, MAC_CUE, CUE_WINDOW);
  // Only a label right before one (`MAC address: 00:00:…`) makes a placeholder a device's.
  if (hex === '000000000000' || hex === 'ffffffffffff') return MAC_CUE.test(text.slice(Math.max(0, start - LABEL_WINDOW), start)) ? PLAIN : PLACEHOLDER;
  if (hex.startsWith('00005e0053')) return DOCUMENTATION;
  if (!cued && !/[a-f]/.test(hex)) return DIGITS_ONLY;
  return lessIfNegative(text, start, end, cued ? CUED : PLAIN);
}

function isHexCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/**
 * True when no letter or digit touches text[start, end), and no separator joins it to another hex
 * group (`…:11:22:33:44:55:66` is a longer run, an IPv6 address or a key fingerprint, not a MAC).
 * A word before a colon is a label, not a group: `mac:00:1a:…`, `hwaddr=…`.
 */
function standsApart(text: string, start: number, end: number): boolean {
  if (isAlnumCode(text.charCodeAt(start - 1)) || isAlnumCode(text.charCodeAt(end))) return false;
  if (SEPARATORS.includes(text.charAt(end)) && isHexCode(text.charCodeAt(end + 1))) return false;
  if (!SEPARATORS.includes(text.charAt(start - 1))) return true;
  let j = start - 2;
  while (j >= 0 && start - 2 - j < 5 && isHexCode(text.charCodeAt(j))) j--;
  const group = start - 2 - j;
  return group === 0 || group > 4 || isAlnumCode(text.charCodeAt(j));
}

function findShape(text: string, shape: RegExp, found: Finding[]): void {
  shape.lastIndex = 0;
  for (let m = shape.exec(text); m !== null; m = shape.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (standsApart(text, start, end)) found.push(makeFinding(MAC_ADDRESS, text, start, end, confidenceOf(text, start, end)));
    // Matches have a fixed length: after a rejected one (`ac:00:1a:…` inside `mac:00:1a:…`) look again one further on.
    else shape.lastIndex = start + 1;
  }
}

export const macAddress: Detector = {
  ...MAC_ADDRESS,
  find(text) {
    const found: Finding[] = [];
    if (text.includes(':') || text.includes('-')) findShape(text, PAIRS, found);
    if (text.includes('.')) findShape(text, DOTTED, found);
    return found;
  },
};
