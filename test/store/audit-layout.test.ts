// Where a record sits (store/audit-layout.ts): its slots and ticks, as the listing reads them.
import { describe, expect, it } from 'vitest';
import { layoutOf } from '../../src/store/audit-layout.js';

const doc = (at: string) => ({
  org_id: 'org_a',
  created_at: new Date(at),
  summary: 'Masked EMAIL for VENDOR.',
  policy_name: 'Default',
  policy_id: 'pol_a',
  destination: 'VENDOR',
  decision: 'ALLOWED_WITH_MASKING',
  source: 'text',
});

describe('layoutOf', () => {
  it("puts a record in its organization's slot, and in all organizations' slot, second and tenth", () => {
    const layout = layoutOf(doc('2026-11-25T13:47:07.345Z'));
    expect(layout.ob).toBe('org_a|2026-11-25T13:40');
    expect(layout.gb).toEqual(['*|2026-11-25T13:40', '*|2026-11-25T13:47:07', '*|2026-11-25T13:47:07.3']);
  });
});
