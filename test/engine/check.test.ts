import { describe, expect, it } from 'vitest';
import { check, checkWithSpans, defaultRules, evidenceRules, type CheckOptions, type Destination, type Rule } from '../../src/engine/index.js';

const rules: Rule[] = defaultRules().map((r, i) => ({ ...r, id: `default-${i}` }));
const options = (destination: Destination, extra: Partial<CheckOptions> = {}): CheckOptions => ({
  rules,
  destination,
  masking: 'label',
  hashKey: 'test-key',
  ...extra,
});

describe('check', () => {
  it('allows clean text unchanged', () => {
    const text = 'Quarterly numbers look good; ship it on Friday.';
    expect(check(text, options('AI_TOOL'))).toEqual({
      decision: 'ALLOWED',
      summary: 'Allowed: no sensitive data detected.',
      detected: [],
      masked_content: text,
      fired_rules: [],
    });
  });

  it('masks PII and financial data with samples, types in order of first appearance', () => {
    const text = 'Card 4111 1111 1111 1111 for jane@example.com, and joe@example.com, phone 415-555-0132.';
    const outcome = check(text, options('VENDOR'));
    expect(outcome.decision).toBe('ALLOWED_WITH_MASKING');
    expect(outcome.masked_content).toBe('Card [CREDIT_CARD] for [EMAIL], and [EMAIL], phone [PHONE].');
    expect(outcome.detected).toEqual([
      { type: 'CREDIT_CARD', count: 1, sample: '**** **** **** 1111' },
      { type: 'EMAIL', count: 2, sample: 'j***@example.com' },
      { type: 'PHONE', count: 1, sample: '***-***-0132' },
    ]);
    expect(outcome.fired_rules.map((f) => [f.rule_name, f.action, f.count])).toEqual([
      ['Mask PII everywhere', 'MASK', 3],
      ['Mask financial data everywhere', 'MASK', 1],
    ]);
    expect(outcome.summary).toBe(
      "Allowed with masking: 2 EMAIL, 1 PHONE, 1 CREDIT_CARD masked for VENDOR by rules 'Mask PII everywhere' and 'Mask financial data everywhere'.",
    );
  });

  it('blocks PHI for AI tools with null masked content and null samples', () => {
    const text = 'Patient Jane Roe (jane@example.com) was diagnosed with diabetes.';
    const outcome = check(text, options('AI_TOOL'));
    expect(outcome.decision).toBe('BLOCKED');
    expect(outcome.masked_content).toBeNull();
    expect(outcome.detected).toEqual([
      { type: 'PERSON_NAME', count: 1, sample: null },
      { type: 'EMAIL', count: 1, sample: null },
      { type: 'PHI', count: 1, sample: null },
    ]);
    expect(outcome.summary).toBe("Blocked: PHI is blocked for AI_TOOL by rule 'Block PHI to AI tools and vendors'.");
  });

  it('masks the same PHI for customers', () => {
    const text = 'Patient Jane Roe was diagnosed with diabetes.';
    const outcome = check(text, options('CUSTOMER', { masking: 'pseudonym' }));
    expect(outcome.decision).toBe('ALLOWED_WITH_MASKING');
    expect(outcome.masked_content).toBe('Patient [PERSON_NAME_1] was diagnosed with [PHI_1].');
  });

  it('blocks secrets everywhere', () => {
    for (const destination of ['AI_TOOL', 'VENDOR', 'CUSTOMER'] as const) {
      const outcome = check('aws_access_key_id=AKIAZ3MSJV4WWNKWW5FG', options(destination));
      expect(outcome.decision).toBe('BLOCKED');
      expect(outcome.summary).toBe(`Blocked: AWS_ACCESS_KEY is blocked for ${destination} by rule 'Block secrets everywhere'.`);
    }
  });

  it('leaves ALLOW-covered and uncovered findings unmasked', () => {
    const policy: Rule[] = [
      { id: 'a', name: 'Allow phones', enabled: true, dataTypes: ['PHONE'], destinations: ['VENDOR'], action: 'ALLOW' },
      { id: 'm', name: 'Mask cards', enabled: true, dataTypes: ['credit_card'], destinations: ['VENDOR'], action: 'MASK' },
    ];
    const text = 'jane@example.com 415-555-0132 4111111111111111';
    const outcome = check(text, { ...options('VENDOR'), rules: policy });
    expect(outcome.masked_content).toBe('jane@example.com 415-555-0132 [CREDIT_CARD]');
    expect(outcome.fired_rules.map((f) => [f.rule_id, f.action])).toEqual([
      ['a', 'ALLOW'],
      ['m', 'MASK'],
    ]);
  });

  it('never puts raw values into the summary or samples', () => {
    const values = ['jane@example.com', '415-555-0132', '123-45-6789', '4111111111111111', 'AKIAZ3MSJV4WWNKWW5FG', '00123456'];
    const text = `${values.join(' and ')} MRN 00123456`;
    for (const destination of ['AI_TOOL', 'VENDOR', 'CUSTOMER'] as const) {
      for (const ruleSet of [rules, rules.filter((r) => r.action !== 'BLOCK'), []]) {
        const outcome = check(text, { ...options(destination), rules: ruleSet });
        for (const value of values) {
          expect(outcome.summary).not.toContain(value);
          for (const d of outcome.detected) expect(d.sample ?? '').not.toContain(value);
        }
      }
    }
  });
});

describe('checkWithSpans', () => {
  it('is the same check, with where each finding is and what the policy did with it', () => {
    const text = 'Ship with ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tV9wX1yZ3bC5 — ask jane@example.com 😀 or 415-555-0132.';
    const { spans, ...outcome } = checkWithSpans(text, options('VENDOR', { masking: 'hash' }));
    expect(outcome).toEqual(check(text, options('VENDOR', { masking: 'hash' })));
    expect(outcome.decision).toBe('BLOCKED');
    // UTF-16 offsets, as JavaScript strings count: the emoji before the phone counts two.
    expect(spans.map((s) => [s.type, text.slice(s.start, s.end), s.action])).toEqual([
      ['GITHUB_TOKEN', 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tV9wX1yZ3bC5', 'BLOCK'],
      ['EMAIL', 'jane@example.com', 'MASK'],
      ['PHONE', '415-555-0132', 'MASK'],
    ]);
  });
});

describe('evidenceRules', () => {
  it('keeps the BLOCK and MASK rules that fired, with their action, and drops ALLOW rules', () => {
    const fired = [
      { rule_id: 'r1', rule_name: 'a', action: 'ALLOW' as const, count: 2 },
      { rule_id: 'r2', rule_name: 'b', action: 'MASK' as const, count: 3 },
      { rule_id: 'r3', rule_name: 'c', action: 'BLOCK' as const, count: 1 },
    ];
    expect(evidenceRules({ fired_rules: fired })).toEqual([
      { rule_id: 'r2', action: 'MASK' },
      { rule_id: 'r3', action: 'BLOCK' },
    ]);
  });
});
