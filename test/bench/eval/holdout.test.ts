import { describe, expect, it } from 'vitest';
import {
  abaValid, base58checkValid, deaValid, eip55Valid, githubChecksum, ibanValid, luhnValid, mbiValid, npiValid, segwitValid, ssnValid,
} from '../../../bench/eval/corpus/checksums.js';
import { LABELLED_TYPES } from '../../../bench/eval/corpus/specs.js';
import { generateHoldout, DEFAULT_HOLDOUT } from '../../../bench/eval/holdout/generate.js';

const docs = generateHoldout();
const labels = docs.flatMap((d) => d.labels.map((l, i) => ({ doc: d, l, value: d.values[i] ?? '', text: d.text.slice(l.start, l.end) })));
const ofType = (type: string) => labels.filter((x) => x.l.type === type).map((x) => x.text);
const IDENTIFIERS = new Set(['PERSON_NAME', 'MEDICAL_RECORD_NUMBER', 'DATE_OF_BIRTH', 'SSN', 'HEALTH_INSURANCE_ID', 'EMAIL']);

describe('held-out corpus: size and coverage', () => {
  it('has at least 600 documents, a quarter or more of them benign', () => {
    expect(docs.length).toBeGreaterThanOrEqual(600);
    expect(docs.filter((d) => d.benign).length / docs.length).toBeGreaterThanOrEqual(0.25);
  });

  it('labels every type of the main corpus at least 10 times', () => {
    for (const type of LABELLED_TYPES) expect(ofType(type).length, type).toBeGreaterThanOrEqual(10);
    const known = new Set(LABELLED_TYPES);
    for (const x of labels) expect(known.has(x.l.type), x.l.type).toBe(true);
  });

  it('is the same for the same seed and different for another', () => {
    const a = generateHoldout({ size: 60 });
    const b = generateHoldout({ size: 60 });
    const c = generateHoldout({ size: 60, seed: DEFAULT_HOLDOUT.seed + 1 });
    expect(b).toEqual(a);
    expect(c.map((d) => d.text)).not.toEqual(a.map((d) => d.text));
  });
});

describe('held-out corpus: labels', () => {
  it('have exact UTF-16 offsets: the labelled text is the generated value', () => {
    for (const x of labels) {
      expect(x.text, `${x.doc.id} ${x.l.type}`).toBe(x.value);
      expect(x.text.length, `${x.doc.id} ${x.l.type}`).toBeGreaterThan(0);
      expect(x.text.trim(), `${x.doc.id} ${x.l.type}`).toBe(x.text);
    }
    // The corpus exercises code units outside the BMP (emoji) before labels.
    expect(docs.some((d) => /[\u{1F300}-\u{1FAFF}]/u.test(d.text) && d.labels.length > 0)).toBe(true);
  });

  it('are sorted and never overlap', () => {
    for (const d of docs) {
      expect(d.values).toHaveLength(d.labels.length);
      d.labels.forEach((l, i) => {
        if (i > 0) expect(l.start, d.id).toBeGreaterThanOrEqual(d.labels[i - 1]!.end);
      });
    }
  });

  it('benign documents carry no label', () => {
    for (const d of docs.filter((x) => x.benign)) expect(d.labels, d.id).toEqual([]);
    for (const d of docs.filter((x) => !x.benign)) expect(d.labels.length, d.id).toBeGreaterThan(0);
  });

  it('PHI is labelled only next to an identifier of the person', () => {
    for (const d of docs) {
      if (d.labels.some((l) => l.type === 'PHI')) expect(d.labels.some((l) => IDENTIFIERS.has(l.type)), d.id).toBe(true);
    }
  });
});

describe('held-out corpus: labelled values are valid', () => {
  const digits = (s: string) => s.replace(/[ -]/g, '');

  it('cards pass Luhn; IBANs pass mod 97; ABA, NPI, DEA and SSN pass their checks', () => {
    for (const v of ofType('CREDIT_CARD')) expect(luhnValid(digits(v)), v).toBe(true);
    for (const v of ofType('IBAN')) expect(ibanValid(v), v).toBe(true);
    for (const v of ofType('ABA_ROUTING')) expect(abaValid(v), v).toBe(true);
    for (const v of ofType('NPI')) expect(npiValid(v), v).toBe(true);
    for (const v of ofType('DEA_NUMBER')) expect(deaValid(v), v).toBe(true);
    for (const v of ofType('SSN')) expect(ssnValid(v), v).toBe(true);
  });

  it('Medicare MBIs follow the CMS positions', () => {
    const mbis = ofType('HEALTH_INSURANCE_ID').filter((v) => /^[1-9][A-Z]/.test(v));
    expect(mbis.length).toBeGreaterThan(5);
    for (const v of mbis) expect(mbiValid(v), v).toBe(true);
  });

  it('wallets and GitHub classic tokens carry valid checksums', () => {
    for (const v of ofType('CRYPTO_WALLET')) {
      if (v.startsWith('0x')) expect(eip55Valid(v), v).toBe(true);
      else if (v.startsWith('bc1')) expect(segwitValid(v), v).toBe(true);
      else expect(base58checkValid(v), v).toBe(true);
    }
    for (const v of ofType('GITHUB_TOKEN').filter((t) => /^gh[pousr]_/.test(t))) expect(v.slice(34), v).toBe(githubChecksum(v.slice(4, 34)));
  });
});

describe('held-out corpus: benign near-misses stay invalid', () => {
  const benign = docs.filter((d) => d.benign);

  it('no email address, and every SSN- or IBAN-shaped token fails its check', () => {
    for (const d of benign) {
      expect(d.text, d.id).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z]{2,}/);
      for (const m of d.text.matchAll(/\b\d{3}-\d{2}-\d{4}\b/g)) expect(ssnValid(m[0]), `${d.id} ${m[0]}`).toBe(false);
      for (const m of d.text.matchAll(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g)) expect(ibanValid(m[0]), `${d.id} ${m[0]}`).toBe(false);
    }
  });

  // Since 2026-11-28 a private host address is a labelled value (docs/accuracy.md): benign documents
  // write documentation and loopback addresses, and private ranges only as CIDR networks.
  it('documentation and loopback addresses appear; private ones only as CIDR networks; public ones not at all', () => {
    const ips = benign.flatMap((d) => [...d.text.matchAll(/\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b(\/\d{1,2})?/g)].map((m) => ({ ip: m[0].replace(/\/.*/, ''), cidr: m[5] !== undefined })));
    expect(ips.some(({ ip }) => /^(192\.0\.2|198\.51\.100|203\.0\.113)\./.test(ip))).toBe(true);
    expect(ips.some(({ ip }) => ip.startsWith('127.'))).toBe(true);
    expect(ips.some(({ ip, cidr }) => cidr && /^(10|172|192)\./.test(ip))).toBe(true);
    const isVersionLike = (ip: string) => /^\d\.\d\.\d\.\d$/.test(ip) || /^10\.0\.\d{5}\./.test(ip) || /\.0\.0\.0$/.test(ip);
    for (const { ip, cidr } of ips) {
      const [a = 0, b = 0] = ip.split('.').map(Number);
      const isPrivate = a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
      const unlabelled = a === 127 || /^(192\.0\.2|198\.51\.100|203\.0\.113)\./.test(ip) || (isPrivate && cidr);
      expect(unlabelled || isVersionLike(ip), ip).toBe(true);
    }
  });
});

describe('held-out corpus: label conventions of 2026-11-28 (docs/accuracy.md)', () => {
  const positive = docs.filter((d) => !d.benign);
  const labelledAt = (d: (typeof docs)[number], start: number, end: number, type: string) => d.labels.some((l) => l.start === start && l.end === end && l.type === type);

  it("a support chat's speakers and the agent's greeting name are labelled PERSON_NAME", () => {
    const chats = positive.filter((d) => d.kind === 'supportChat');
    expect(chats.length).toBeGreaterThan(5);
    let speakers = 0;
    for (const d of chats) {
      for (const m of d.text.matchAll(/^([^\n:]+): /gm)) {
        if (m[1] === 'Visitor' || m[1]!.includes(' ') || m[1]!.includes('·')) continue;
        expect(labelledAt(d, m.index, m.index + m[1]!.length, 'PERSON_NAME'), `${d.id} ${m[1]}`).toBe(true);
        speakers++;
      }
      const hi = /: Hi ([^!]+)! Happy to help/.exec(d.text);
      expect(hi, d.id).not.toBeNull();
      const start = hi!.index + ': Hi '.length;
      expect(labelledAt(d, start, start + hi![1]!.length, 'PERSON_NAME'), `${d.id} ${hi![1]}`).toBe(true);
    }
    expect(speakers).toBeGreaterThan(50);
  });

  it('a first name in a salutation ("Dear Ramón,") or at the head of a wire request is labelled PERSON_NAME', () => {
    let seen = 0;
    for (const d of positive.filter((x) => x.kind === 'bankLetter' || x.kind === 'wireRequest')) {
      const m = d.kind === 'bankLetter' ? /^Dear ([^ ,\n]+),$/m.exec(d.text) : /\n\n([^ ,\n]+), (?:pls send|can you release|need this out)/.exec(d.text);
      if (!m || m[1] === 'Customer') continue;
      const start = m.index + m[0].indexOf(m[1]!);
      expect(labelledAt(d, start, start + m[1]!.length, 'PERSON_NAME'), `${d.id} ${m[1]}`).toBe(true);
      seen++;
    }
    expect(seen).toBeGreaterThan(10);
  });

  it('a private host address in a positive document is labelled IP_ADDRESS', () => {
    let seen = 0;
    for (const d of positive) {
      for (const m of d.text.matchAll(/(?<![\d.])(10\.\d{1,3}|172\.(?:1[6-9]|2\d|3[01])|192\.168)\.\d{1,3}\.\d{1,3}(?![\d./])/g)) {
        if (/^10\.0\.\d{5}\./.test(m[0])) continue; // a Windows build number
        expect(labelledAt(d, m.index, m.index + m[0].length, 'IP_ADDRESS'), `${d.id} ${m[0]}`).toBe(true);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});
