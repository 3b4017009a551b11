import { describe, expect, it } from 'vitest';
import { allowlistProblems, check, scan, type AllowEntry } from '../../../src/engine/index.js';
import { rule } from '../helpers.js';

const TEXT = 'Write to jane.doe@acme.com or support@acme.com, cc Support@ACME.com and bob@other.org.';
const emails = (allow: AllowEntry[]) =>
  scan(TEXT, { allow })
    .filter((f) => f.type === 'EMAIL')
    .map((f) => f.value);

describe('allowlist', () => {
  it('drops findings whose value equals an exact entry, letter case included', () => {
    expect(emails([])).toEqual(['jane.doe@acme.com', 'support@acme.com', 'Support@ACME.com', 'bob@other.org']);
    expect(emails([{ value: 'support@acme.com' }])).toEqual(['jane.doe@acme.com', 'Support@ACME.com', 'bob@other.org']);
  });

  it('drops findings a pattern matches whole, not in part', () => {
    expect(emails([{ pattern: '(?i)support@acme\\.com' }])).toEqual(['jane.doe@acme.com', 'bob@other.org']);
    expect(emails([{ pattern: '[a-z.]+@acme\\.com' }])).toEqual(['Support@ACME.com', 'bob@other.org']);
    // `acme` occurs in every acme address but matches none of them whole.
    expect(emails([{ pattern: 'acme' }])).toHaveLength(4);
  });

  it('runs many patterns together and applies to custom findings too', () => {
    const allow = [...Array.from({ length: 99 }, (_, i) => ({ pattern: `never${i}@x\\.com` })), { pattern: 'PRJ-0000' }];
    const findings = scan('PRJ-0000 PRJ-1234', { allow, customDetectors: [{ name: 'TICKET', category: 'CUSTOM', pattern: 'PRJ-\\d{4}' }] });
    expect(findings.map((f) => f.value)).toEqual(['PRJ-1234']);
  });

  it('lets what it drops through unmasked and unreported', () => {
    const outcome = check(TEXT, {
      rules: [rule({ dataTypes: ['EMAIL'], action: 'MASK' })],
      destination: 'AI_TOOL',
      masking: 'label',
      hashKey: 'k',
      allow: [{ value: 'support@acme.com' }],
    });
    expect(outcome.masked_content).toBe('Write to [EMAIL] or support@acme.com, cc [EMAIL] and [EMAIL].');
    expect(outcome.detected).toEqual([{ type: 'EMAIL', count: 3, sample: 'j***@acme.com' }]);
  });

  it('reports invalid entries with their index', () => {
    expect(allowlistProblems([{ value: 'ok' }, { pattern: '(?<=x)y' }])).toEqual([
      { index: 1, field: 'pattern', message: expect.stringContaining('invalid allow pattern') },
    ]);
    expect(allowlistProblems([{ pattern: '(a)\\1' }])[0]?.message).toContain('backreferences');
    expect(allowlistProblems([{ value: '' }])[0]?.field).toBe('value');
    expect(allowlistProblems(Array.from({ length: 101 }, (_, i) => ({ pattern: `x${i}` })))[0]?.message).toContain('limit is 100');
    expect(() => scan('x', { allow: [{ pattern: '[' }] })).toThrow(/missing \]/);
  });
});
