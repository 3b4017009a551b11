// The pure parts of the analytics definitions (docs/analytics.md).
import { describe, expect, it } from 'vitest';
import { periodDays } from '../../src/services/analytics.js';
import { detectionLabel } from '../../src/services/detection-labels.js';
import { preventedCount } from '../../src/engine/index.js';
import type { CheckOutcome } from '../../src/engine/types.js';

describe('periods', () => {
  it('are UTC days ending today, oldest first', () => {
    const now = new Date('2026-03-02T23:30:00-05:00'); // already 3 March in UTC
    expect(periodDays('7d', now)).toEqual(['2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03']);
    expect(periodDays('90d', now)).toHaveLength(90);
    expect(periodDays('30d', now)[0]).toBe('2026-02-02');
  });
});

describe('labels', () => {
  it('name known types, and derive one for others', () => {
    expect(detectionLabel('SSN')).toBe('US Social Security number');
    expect(detectionLabel('EMPLOYEE_ID')).toBe('Employee id');
  });
});

describe('prevented exposures', () => {
  const outcome = (decision: CheckOutcome['decision'], fired: Array<[CheckOutcome['fired_rules'][number]['action'], number]>): CheckOutcome => ({
    decision,
    summary: '',
    detected: [
      { type: 'EMAIL', count: 2, sample: null },
      { type: 'PHONE', count: 1, sample: null },
    ],
    masked_content: null,
    fired_rules: fired.map(([action, count], i) => ({ rule_id: `r${i}`, rule_name: 'r', action, count })),
  });

  it('are every detection of a blocked check', () => {
    expect(preventedCount(outcome('BLOCKED', [['BLOCK', 1], ['MASK', 1]]))).toBe(3);
  });
  it('are the masked detections of a masked check; allowed or uncovered ones are not', () => {
    expect(preventedCount(outcome('ALLOWED_WITH_MASKING', [['MASK', 2], ['ALLOW', 1]]))).toBe(2);
    expect(preventedCount(outcome('ALLOWED', [['ALLOW', 3]]))).toBe(0);
  });
});
