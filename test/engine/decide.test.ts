import { describe, expect, it } from 'vitest';
import { decide, type Finding } from '../../src/engine/index.js';
import { finding, rule } from './helpers.js';

const email = finding('EMAIL', 'PII', 'jane@example.com', 0);
const email2 = finding('EMAIL', 'PII', 'joe@example.com', 20);
const phone = finding('PHONE', 'PII', '415-555-0132', 40);
const ssn = finding('SSN', 'PII', '123-45-6789', 60);
const phi = finding('PHI', 'PHI', 'diabetes', 80);
const key = finding('AWS_ACCESS_KEY', 'SECRETS', 'AKIAIOSFODNN7EXAMPLE', 100);
const RAW_VALUES = [email, email2, phone, ssn, phi, key].map((f) => f.value);

function expectNoRawValues(summary: string): void {
  for (const value of RAW_VALUES) expect(summary).not.toContain(value);
}

describe('decide', () => {
  it('allows when nothing is detected', () => {
    const result = decide([], [rule({ dataTypes: ['PII'], action: 'BLOCK' })], 'AI_TOOL');
    expect(result).toEqual({ decision: 'ALLOWED', findings: [], fired_rules: [], summary: 'Allowed: no sensitive data detected.' });
  });

  it('blocks when a BLOCK rule covers a finding', () => {
    const block = rule({ name: 'Block PHI', dataTypes: ['SSN', 'PHI'], action: 'BLOCK' });
    const result = decide([ssn, phi], [block], 'AI_TOOL');
    expect(result.decision).toBe('BLOCKED');
    expect(result.summary).toBe("Blocked: SSN and PHI are blocked for AI_TOOL by rule 'Block PHI'.");
    expect(result.fired_rules).toEqual([{ rule_id: block.id, rule_name: 'Block PHI', action: 'BLOCK', count: 2 }]);
  });

  it('masks with counts per type in stable order', () => {
    const maskPii = rule({ name: 'Mask PII', dataTypes: ['PII'], action: 'MASK' });
    const result = decide([phone, email, email2], [maskPii], 'VENDOR');
    expect(result.decision).toBe('ALLOWED_WITH_MASKING');
    expect(result.summary).toBe("Allowed with masking: 2 EMAIL, 1 PHONE masked for VENDOR by rule 'Mask PII'.");
    expect(result.findings.map((d) => d.action)).toEqual(['MASK', 'MASK', 'MASK']);
  });

  it('reports uncovered findings without changing the decision', () => {
    const result = decide([email], [rule({ dataTypes: ['PHI'], action: 'BLOCK' })], 'CUSTOMER');
    expect(result.decision).toBe('ALLOWED');
    expect(result.findings).toEqual([{ finding: email, action: null, rule: null }]);
    expect(result.fired_rules).toEqual([]);
    expect(result.summary).toBe('Allowed: EMAIL detected but no rule restricts it for CUSTOMER.');
  });

  it('names uncovered types in plural and ALLOW-covered ones with their rule', () => {
    const allow = rule({ name: 'Allow email', dataTypes: ['email'], action: 'ALLOW' });
    const both = decide([email, phone, ssn], [allow], 'CUSTOMER');
    expect(both.summary).toBe(
      "Allowed: EMAIL is allowed for CUSTOMER by rule 'Allow email'; PHONE and SSN detected but no rule restricts them for CUSTOMER.",
    );
    expect(both.fired_rules).toEqual([{ rule_id: allow.id, rule_name: 'Allow email', action: 'ALLOW', count: 1 }]);
  });

  it('ignores disabled rules', () => {
    const result = decide([ssn], [rule({ dataTypes: ['PII'], action: 'BLOCK', enabled: false })], 'AI_TOOL');
    expect(result.decision).toBe('ALLOWED');
    expect(result.fired_rules).toEqual([]);
  });

  it('ignores rules for other destinations', () => {
    const rules = [rule({ dataTypes: ['PHI'], action: 'BLOCK', destinations: ['AI_TOOL', 'VENDOR'] })];
    expect(decide([phi], rules, 'VENDOR').decision).toBe('BLOCKED');
    expect(decide([phi], rules, 'CUSTOMER').decision).toBe('ALLOWED');
  });

  it('gives each finding the strongest covering action, whatever the rule order', () => {
    const allow = rule({ dataTypes: ['PII'], action: 'ALLOW' });
    const mask = rule({ dataTypes: ['EMAIL'], action: 'MASK' });
    const block = rule({ dataTypes: ['SSN'], action: 'BLOCK' });
    const result = decide([email, ssn, phone], [allow, mask, block], 'AI_TOOL');
    expect(result.findings.map((d) => [d.action, d.rule?.id])).toEqual([
      ['MASK', mask.id],
      ['BLOCK', block.id],
      ['ALLOW', allow.id],
    ]);
    expect(result.decision).toBe('BLOCKED');
    expect(result.fired_rules.map((f) => [f.rule_id, f.count])).toEqual([
      [allow.id, 1],
      [mask.id, 1],
      [block.id, 1],
    ]);
  });

  it('credits the first rule in list order on a tie', () => {
    const first = rule({ name: 'first', dataTypes: ['PII'], action: 'MASK' });
    const second = rule({ name: 'second', dataTypes: ['EMAIL'], action: 'MASK' });
    const result = decide([email], [first, second], 'AI_TOOL');
    expect(result.findings[0]?.rule).toBe(first);
    expect(result.fired_rules.map((f) => f.rule_name)).toEqual(['first']);
  });

  it('matches categories and type names case-insensitively', () => {
    for (const dataTypes of [['pii'], ['Email'], [' EMAIL '], ['phi', 'email']]) {
      expect(decide([email], [rule({ dataTypes, action: 'BLOCK' })], 'AI_TOOL').decision).toBe('BLOCKED');
    }
    expect(decide([email], [rule({ dataTypes: ['FINANCIAL', 'PHONE'], action: 'BLOCK' })], 'AI_TOOL').decision).toBe('ALLOWED');
  });

  it('lists every credited rule of the deciding action, in rule order', () => {
    const secrets = rule({ name: 'Block secrets', dataTypes: ['SECRETS'], action: 'BLOCK' });
    const blockPhi = rule({ name: 'Block PHI', dataTypes: ['PHI'], action: 'BLOCK' });
    const maskPii = rule({ name: 'Mask PII', dataTypes: ['PII'], action: 'MASK' });
    const result = decide([key, email, phi], [secrets, blockPhi, maskPii], 'AI_TOOL');
    expect(result.summary).toBe(
      "Blocked: AWS_ACCESS_KEY and PHI are blocked for AI_TOOL by rules 'Block secrets' and 'Block PHI'.",
    );
  });

  it('never puts raw values into a summary', () => {
    const findings: Finding[] = [email, email2, phone, ssn, phi, key];
    const ruleSets = [
      [],
      [rule({ dataTypes: ['PII'], action: 'MASK' })],
      [rule({ dataTypes: ['SECRETS'], action: 'BLOCK' })],
      [rule({ dataTypes: ['PHI'], action: 'ALLOW' })],
    ];
    for (const rules of ruleSets) expectNoRawValues(decide(findings, rules, 'AI_TOOL').summary);
  });
});
