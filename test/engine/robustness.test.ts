import { describe, expect, it } from 'vitest';
import { check, defaultRules, MASKING_STYLES, sample, scan, type Rule } from '../../src/engine/index.js';
import { prng } from './helpers.js';

const rules: Rule[] = defaultRules().map((r, i) => ({ ...r, id: `d${i}` }));

// Fragments that push the detectors towards their edges; mixed with single noisy characters.
const FRAGMENTS = [
  '@', '.', '-', '+', ' ', '(', ')', '#', ':', '/', '\n', '..', '@@', '415', '555', '0132', '4111', '1111',
  '123-45-', '6789', 'AKIA', 'IOSFODNN7EXAMPLE', 'MRN', 'ssn ', 'patient ', 'Mr. ', 'diabetes', 'HIV',
  'example.com', 'jane', '+44 ', '2024-01-15', 'phone ', '🙂', 'é',
  'sk-', 'sk-ant-', 'ghp_', 'glpat-', 'xoxb-', 'AIza', 'eyJ', 'eyJhbGciOiJIUzI1NiJ9', '-----BEGIN PRIVATE KEY-----',
  '-----END PRIVATE KEY-----', 'postgres://', 'u:p@h', 'password=', 'secret: ', 'svc_sk_', '0x', 'bc1q', '1A1z',
  'IBAN ', 'DE89', 'routing ', '021000021', 'account ', 'SWIFT ', 'DEUTDEFF', 'NPI ', 'DEA ', 'AB1234563', 'E11.9',
  'ICD-10 ', 'dx ', 'Medicare ', '1EG4-TE5-MK73', 'DOB ', 'passport ', 'driver license ', 'Dear ', 'Regards,\n',
  '123 Main Street', ' Apt 4B', ', Springfield, IL 62704', '192.168.', '::', 'version ', 'v1.2.3', 'order #',
  'ISBN ', '1Z', 'commit ', 'f'.repeat(40), '550e8400-e29b-41d4-a716-446655440000', ',', '"', '\t',
];
const NOISE = 'abcXYZ0123456789+/=@.-_ ';

function randomText(next: () => number): string {
  const parts: string[] = [];
  const length = Math.floor(next() * 60);
  for (let i = 0; i < length; i++) {
    parts.push(next() < 0.5 ? (FRAGMENTS[Math.floor(next() * FRAGMENTS.length)] ?? '') : NOISE.charAt(Math.floor(next() * NOISE.length)));
  }
  return parts.join('');
}

describe('robustness', () => {
  it('scan and check never throw and keep their invariants on random input', () => {
    const next = prng(20240115);
    for (let run = 0; run < 3000; run++) {
      const text = randomText(next);
      const findings = scan(text);
      let previousEnd = 0;
      for (const f of findings) {
        expect(f.start).toBeGreaterThanOrEqual(previousEnd);
        expect(f.end).toBeGreaterThan(f.start);
        expect(f.value).toBe(text.slice(f.start, f.end));
        expect(f.confidence).toBeGreaterThan(0);
        expect(f.confidence).toBeLessThanOrEqual(1);
        if (f.value.length > 4) expect(sample(f)).not.toContain(f.value);
        previousEnd = f.end;
      }
      const masking = MASKING_STYLES[run % MASKING_STYLES.length] ?? 'label';
      const destination = (['AI_TOOL', 'VENDOR', 'CUSTOMER'] as const)[run % 3] ?? 'AI_TOOL';
      const outcome = check(text, { rules, destination, masking, hashKey: 'k' });
      if (outcome.decision === 'BLOCKED') expect(outcome.masked_content).toBeNull();
      for (const f of findings) expect(outcome.summary).not.toContain(f.value);
    }
  });

  const MIB = 1 << 20;
  const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);
  const adversarial: Record<string, string> = {
    'one long digit run': fill('1234567890'),
    'single-spaced digits': fill('1 '),
    'dash-separated digits': fill('1-'),
    'three-digit groups': fill('411 '),
    'card-like groups': fill('4111 '),
    'at signs': fill('@'),
    'letters and at signs': fill('a@'),
    'a long local part': `${fill('a')}@x.com`,
    'dots': fill('.'),
    'email-like': fill('a.b@c.d'),
    'a long domain': `@${fill('a.')}`,
    'plus groups': fill('+44 20 '),
    'repeated separators': fill('- . / : '),
    'parentheses': fill('(415) '),
    'SSN-like': fill('123-45-'),
    'cues without numbers': fill('MRN: patient id '),
    'pronouns and spaces': `he${fill(' ')}`,
    'honorifics': fill('Mr. Dr. '),
    'secret prefixes': fill('sk-ant-api03-ghp_xoxb-glpat-AIza'),
    'key assignments': fill('password=secret=token: '),
    'JWT-like segments': fill('eyJhbGciOiJ.'),
    'PEM markers': fill('-----BEGIN PRIVATE KEY-----\n'),
    'URIs with credentials': fill('postgres://u:p@'),
    'hex runs with 0x': fill('0x0123456789abcdef'),
    'base58 runs': fill('1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf'),
    'IBAN-like groups': fill('DE89 3704 '),
    'street-like words': fill('12 Main Street Apt '),
    'capitalised words': fill('Dear John Smith Regards '),
    'dotted digits': fill('1.2.'),
    'colons and hex': fill('fe80::'),
    'CSV header and cells': `ssn,account number,passport,dob,npi\n${fill('1,2,3,4,5\n')}`,
    'clinical cues': fill('patient diagnosed with diabetes DOB '),
    'base64 noise': Buffer.from(Array.from({ length: (MIB * 3) / 4 }, (_, i) => (i * 7919) % 256)).toString('base64'),
  };

  // The bound is the test timeout: linear detectors take well under a second per MiB, while a
  // backtracking one would take minutes. Speed itself is measured in the benchmarks, not here.
  const BOUND_MS = 15_000;

  it.each(Object.entries(adversarial))('scans 1 MiB of %s within the bound', (_name, text) => {
    const outcome = check(text, { rules, destination: 'CUSTOMER', masking: 'pseudonym', hashKey: 'k' });
    expect(outcome.summary.length).toBeGreaterThan(0);
  }, BOUND_MS);

  it('scans 1 MiB dense with findings within the bound', () => {
    const text = fill('jane@example.com 415-555-0132 4111111111111111 Patient has asthma. ');
    const outcome = check(text, { rules, destination: 'CUSTOMER', masking: 'hash', hashKey: 'k' });
    expect(outcome.decision).toBe('ALLOWED_WITH_MASKING');
  }, BOUND_MS);
});
