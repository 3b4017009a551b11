import { describe, expect, it } from 'vitest';
import {
  check,
  CUSTOM_CONFIDENCE,
  customDetectorProblems,
  DEFAULT_MIN_CONFIDENCE,
  scan,
  type CheckOptions,
  type CustomDetectorSpec,
} from '../../../src/engine/index.js';
import { rule } from '../helpers.js';

const CODENAME: CustomDetectorSpec = { name: 'PROJECT_CODENAME', category: 'CUSTOM', keywords: ['Falcon', 'Project Osprey'] };
const TICKET: CustomDetectorSpec = { name: 'TICKET', category: 'SECRETS', pattern: 'PRJ-\\d{4}' };

const options = (extra: Partial<CheckOptions>): CheckOptions => ({
  rules: [],
  destination: 'AI_TOOL',
  masking: 'label',
  hashKey: 'k',
  customDetectors: [CODENAME, TICKET],
  ...extra,
});

describe('custom detectors in a check', () => {
  it('report findings of their own type and category, masked and sampled like built-ins', () => {
    const text = 'Falcon ships with PRJ-1234, mail ops@acme.com';
    const outcome = check(text, options({ rules: [rule({ dataTypes: ['PROJECT_CODENAME', 'PII'], action: 'MASK' })] }));
    expect(outcome.decision).toBe('ALLOWED_WITH_MASKING');
    expect(outcome.masked_content).toBe('[PROJECT_CODENAME] ships with PRJ-1234, mail [EMAIL]');
    expect(outcome.detected).toEqual([
      { type: 'PROJECT_CODENAME', count: 1, sample: '**lcon' },
      { type: 'TICKET', count: 1, sample: 'PRJ-****' },
      { type: 'EMAIL', count: 1, sample: 'o***@acme.com' },
    ]);
    const findings = scan(text, options({}));
    expect(findings.filter((f) => f.category !== 'PII').map((f) => [f.type, f.category, f.confidence])).toEqual([
      ['PROJECT_CODENAME', 'CUSTOM', CUSTOM_CONFIDENCE],
      ['TICKET', 'SECRETS', CUSTOM_CONFIDENCE],
    ]);
  });

  it('are covered by rules naming their category', () => {
    const outcome = check('ticket PRJ-1234', options({ rules: [rule({ dataTypes: ['SECRETS'], action: 'BLOCK' })] }));
    expect(outcome).toMatchObject({ decision: 'BLOCKED', masked_content: null, detected: [{ type: 'TICKET', count: 1, sample: null }] });
  });

  it('masks in the pseudonym style with numbered labels', () => {
    const outcome = check('Falcon, falcon and Project Osprey', options({ rules: [rule({ dataTypes: ['CUSTOM'], action: 'MASK' })], masking: 'pseudonym' }));
    expect(outcome.masked_content).toBe('[PROJECT_CODENAME_1], [PROJECT_CODENAME_1] and [PROJECT_CODENAME_2]');
  });

  it('fail the check when the settings do not compile, rather than skip them', () => {
    expect(() => check('x', options({ customDetectors: [{ name: 'BAD', category: 'CUSTOM', pattern: '(?=x)' }] }))).toThrow(/lookahead/);
  });

  it('compile once per distinct spec, whichever object carries it', () => {
    const first = scan('PRJ-1234', options({}));
    const again = scan('PRJ-1234', options({ customDetectors: JSON.parse(JSON.stringify([CODENAME, TICKET])) }));
    expect(again).toEqual(first);
  });
});

describe('min confidence', () => {
  const text = 'Reach me at jane@acme.com, ticket PRJ-1234';

  it('defaults to the engine default', () => {
    expect(DEFAULT_MIN_CONFIDENCE).toBe(0.5);
    expect(scan(text, options({})).map((f) => f.type)).toEqual(['EMAIL', 'TICKET']);
  });

  it('drops findings below it, custom ones included', () => {
    const email = scan(text).find((f) => f.type === 'EMAIL');
    expect(email).toBeDefined();
    const confidence = email?.confidence ?? 0;
    const above = Math.min(1, Math.max(confidence, CUSTOM_CONFIDENCE) + 0.001);
    expect(scan(text, options({ minConfidence: above }))).toEqual([]);
    const between = (Math.min(confidence, CUSTOM_CONFIDENCE) + Math.max(confidence, CUSTOM_CONFIDENCE)) / 2;
    if (confidence !== CUSTOM_CONFIDENCE) expect(scan(text, options({ minConfidence: between }))).toHaveLength(1);
    expect(scan(text, options({ minConfidence: 0 })).length).toBeGreaterThanOrEqual(2);
  });
});

describe('custom detector checks', () => {
  const problems = (specs: CustomDetectorSpec[]) => customDetectorProblems(specs).map((p) => [p.index, p.field, p.message]);

  it('names the detector and what is wrong', () => {
    expect(problems([{ name: 'EMAIL', category: 'CUSTOM', keywords: ['x'] }])).toEqual([
      [0, 'name', "custom detector 'EMAIL': the name is a built-in type or category; choose another"],
    ]);
    expect(problems([{ name: 'CUSTOM', category: 'CUSTOM', keywords: ['x'] }])[0]?.[2]).toContain('built-in type or category');
    expect(problems([{ name: 'X', category: 'CUSTOM', keywords: ['x'] }])[0]?.[2]).toContain('2-64 characters');
    expect(problems([{ name: '9LIVES', category: 'CUSTOM', keywords: ['x'] }])[0]?.[2]).toContain('a letter, then');
    expect(problems([{ name: 'BAD_CAT', category: 'NOPE' as 'CUSTOM', keywords: ['x'] }])[0]?.[1]).toBe('category');
    expect(problems([{ name: 'BOTH', category: 'CUSTOM', keywords: ['x'], pattern: 'x' }])[0]?.[2]).toContain('exactly one of pattern and keywords');
    expect(problems([{ name: 'NEITHER', category: 'CUSTOM' }])[0]?.[2]).toContain('exactly one of pattern and keywords');
  });

  it('rejects duplicate names and more than 50 detectors', () => {
    expect(problems([
      { name: 'DUP', category: 'CUSTOM', keywords: ['a'] },
      { name: 'DUP', category: 'PII', pattern: 'b' },
    ])).toEqual([[1, 'name', "custom detector 'DUP': the name is already used by custom_detectors[0]"]]);
    const many = Array.from({ length: 51 }, (_, i): CustomDetectorSpec => ({ name: `D_${i}`, category: 'CUSTOM', keywords: ['x'] }));
    expect(problems(many)).toEqual([[null, null, '51 custom detectors; the limit is 50']]);
  });
});
