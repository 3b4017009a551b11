import { hasCueNear, isAlnumCode } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { lessIfNegative } from './negative-context.js';

const MAC_ADDRESS: DetectorType = { type: 'MAC_ADDRESS', category: 'PII' };

// A MAC address names one network card, and so the device and often the person carrying it
// (Presidio reports it; GDPR counts device identifiers as personal data). Three written forms:
// six hex pairs joined by `:` or `-` (one separator throughout), and Cisco's three dotted groups of
// four. Each separator in the text is tried once as the first of a fixed-length layout, checked in
// code, so the scan is linear and touches only the separators.

/** How a MAC is written: `groups` runs of `size` hex digits joined by one separator. */
interface Layout {
  separator: string;
  size: number;
  groups: number;
}

const LAYOUTS: readonly Layout[] = [
  { separator: ':', size: 2, groups: 6 },
  { separator: '-', size: 2, groups: 6 },
  { separator: '.', size: 4, groups: 3 },
];
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

/** True when text[start…] is the layout: hex digits with the separator at every group's end. */
function isLayout(text: string, start: number, { separator, size, groups }: Layout): boolean {
  const sep = separator.charCodeAt(0);
  const length = groups * (size + 1) - 1;
  for (let k = 0; k < length; k++) {
    const c = text.charCodeAt(start + k);
    if (k % (size + 1) === size ? c !== sep : !isHexCode(c)) return false;
  }
  return true;
}

function findLayout(text: string, layout: Layout, found: Finding[]): void {
  const length = layout.groups * (layout.size + 1) - 1;
  for (let i = text.indexOf(layout.separator); i !== -1; i = text.indexOf(layout.separator, i + 1)) {
    // Each separator is tried as the first one of an address (`ac:00:1a:…` in `mac:00:1a:…` fails on its edge, `00:1a:…` is next).
    const start = i - layout.size;
    const end = start + length;
    if (start < 0 || end > text.length || !isLayout(text, start, layout) || !standsApart(text, start, end)) continue;
    found.push(makeFinding(MAC_ADDRESS, text, start, end, confidenceOf(text, start, end)));
    i = end - 1;
  }
}

export const macAddress: Detector = {
  ...MAC_ADDRESS,
  find(text) {
    const found: Finding[] = [];
    for (const layout of LAYOUTS) findLayout(text, layout, found);
    return found;
  },
};
