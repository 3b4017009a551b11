import { describe, expect, it } from 'vitest';
import { check, defaultRules, MASKING_STYLES, sample, scan, type Rule } from '../../src/engine/index.js';
import { prng } from './helpers.js';

const rules: Rule[] = defaultRules().map((r, i) => ({ ...r, id: `d${i}` }));

// Fragments that push the detectors towards their edges; mixed with single noisy characters.
const FRAGMENTS = [
  '@', '.', '-', '+', ' ', '(', ')', '#', ':', '/', '\n', '..', '@@', '415', '555', '0132', '4111', '1111',
  '123-45-', '6789', 'AKIA', 'IOSFODNN7EXAMPLE', 'MRN', 'ssn ', 'patient ', 'Mr. ', 'diabetes', 'HIV',
  'example.com', 'jane', '+44 ', '2024-01-15', 'phone ', '🙂', 'é',
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
    'base64 noise': Buffer.from(Array.from({ length: (MIB * 3) / 4 }, (_, i) => (i * 7919) % 256)).toString('base64'),
  };

  it.each(Object.entries(adversarial))('scans 1 MiB of %s quickly', (_name, text) => {
    const started = performance.now();
    check(text, { rules, destination: 'CUSTOMER', masking: 'pseudonym', hashKey: 'k' });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('scans 1 MiB dense with findings quickly', () => {
    const text = fill('jane@example.com 415-555-0132 4111111111111111 Patient has asthma. ');
    const started = performance.now();
    const outcome = check(text, { rules, destination: 'CUSTOMER', masking: 'hash', hashKey: 'k' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(outcome.decision).toBe('ALLOWED_WITH_MASKING');
  });
});
