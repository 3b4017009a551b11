import { describe, expect, it } from 'vitest';
import { CATEGORIES, DESTINATIONS, DETECTOR_TYPES, defaultRules, isKnownDataType, scan } from '../../src/engine/index.js';

describe('catalogue', () => {
  it('lists every type with its category', () => {
    expect(DETECTOR_TYPES).toEqual([
      { type: 'EMAIL', category: 'PII' },
      { type: 'PHONE', category: 'PII' },
      { type: 'SSN', category: 'PII' },
      { type: 'CREDIT_CARD', category: 'FINANCIAL' },
      { type: 'AWS_ACCESS_KEY', category: 'SECRETS' },
      { type: 'MEDICAL_RECORD_NUMBER', category: 'PHI' },
      { type: 'PHI', category: 'PHI' },
    ]);
  });

  it('knows the categories and types in any case, and nothing else', () => {
    for (const name of [...CATEGORIES, 'pii', 'Secrets', 'email', 'Credit_Card', ' SSN ', 'aws_access_key']) {
      expect(isKnownDataType(name)).toBe(true);
    }
    for (const name of ['', 'EMAILS', 'PASSWORD', 'credit card', 'toString', '__proto__']) {
      expect(isKnownDataType(name)).toBe(false);
    }
  });

  it('emits only types it lists', () => {
    const text = 'a@b.co 415-555-0132 123-45-6789 4111111111111111 AKIAIOSFODNN7EXAMPLE MRN 1234567 patient asthma';
    const types = new Set(DETECTOR_TYPES.map((d) => d.type));
    const emitted = scan(text);
    expect(emitted.map((f) => f.type).sort()).toEqual([...types].sort());
    for (const f of emitted) expect(DETECTOR_TYPES).toContainEqual({ type: f.type, category: f.category });
  });
});

describe('defaultRules', () => {
  const actionFor = (category: string, destination: string) =>
    defaultRules().find((r) => r.dataTypes.includes(category) && r.destinations.includes(destination as never))?.action;

  it('follows DESIGN §21', () => {
    for (const d of DESTINATIONS) {
      expect(actionFor('SECRETS', d)).toBe('BLOCK');
      expect(actionFor('PII', d)).toBe('MASK');
      expect(actionFor('FINANCIAL', d)).toBe('MASK');
    }
    expect(actionFor('PHI', 'AI_TOOL')).toBe('BLOCK');
    expect(actionFor('PHI', 'VENDOR')).toBe('BLOCK');
    expect(actionFor('PHI', 'CUSTOMER')).toBe('MASK');
    for (const r of defaultRules()) {
      expect(r.enabled).toBe(true);
      expect(r.name).toMatch(/^(Block|Mask) /);
      expect('id' in r).toBe(false);
    }
  });

  it('returns fresh objects on every call', () => {
    const first = defaultRules();
    first[0]?.destinations.pop();
    expect(defaultRules()[0]?.destinations).toEqual([...DESTINATIONS]);
  });
});
