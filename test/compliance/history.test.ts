// Coverage over time from the change log (issue 17): covered days, ranges, first coverage and tag
// dates, for tags, rule switches, legacy tags, license revocations and state older than the log.
import { describe, expect, it } from 'vitest';
import { ConfigHistory, type LoggedChange, type PolicyState } from '../../src/compliance/history.js';

const DAY = 86_400_000;
const NOW = new Date('2026-11-28T15:00:00Z');
/** A 30-day window: day 1 is 2026-10-30, day 30 today. */
const FROM = '2026-10-30';
const dayAt = (day: number, hour = 12) => new Date(Date.parse(`${FROM}T00:00:00Z`) + (day - 1) * DAY + hour * 3_600_000);
const LONG_AGO = new Date('2026-09-01T00:00:00Z');

const rules = (enabled: boolean) => [{ id: 'r1', name: 'Mask PII', enabled, dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'MASK' }];
const policy = (over: Partial<PolicyState> = {}): PolicyState => ({ name: 'Default', version: '1.0', is_active: true, license_id: 'lic1', tags: [], rules: rules(true), ...over });
const tag = { team_id: 'team1', framework: 'SOC2', control_id: 'CC6.1', rule_id: 'r1' };
let n = 0;
const change = (at: Date, action: string, target_id: string, before: object | null, after: object | null): LoggedChange => ({
  _id: `chg_${String(++n).padStart(4, '0')}`,
  at,
  action,
  target_id,
  before: before as Record<string, unknown> | null,
  after: after as Record<string, unknown> | null,
});

describe('ConfigHistory', () => {
  it('counts about 10 covered days for a control tagged on day 20 of 30, and dates the tag', () => {
    const history = new ConfigHistory({
      policies: [{ _id: 'p1', created_at: LONG_AGO, ...policy() }],
      tags: [{ _id: 'tag1', created_at: dayAt(20), ...tag }],
      changes: [change(dayAt(20), 'control_tag.add', 'tag1', null, tag)],
    });
    const soc = history.control('SOC2', 'CC6.1', FROM, NOW);
    expect(soc.covered_days).toBe(10);
    expect(soc.first_covered_at).toBe(dayAt(20).toISOString());
    expect(soc.coverage_history).toEqual([
      { from_date: '2026-10-30', to_date: '2026-11-17', status: 'uncovered', rules: [] },
      // Day 20 is tagged at noon: covered only from then, so the day counts as uncovered.
      { from_date: '2026-11-18', to_date: '2026-11-18', status: 'uncovered', rules: [{ rule_id: 'r1', enabled: true, policy_active: true }] },
      { from_date: '2026-11-19', to_date: '2026-11-28', status: 'covered', rules: [{ rule_id: 'r1', enabled: true, policy_active: true }] },
    ]);
    expect(history.taggedAt({ kind: 'team', owner_id: 'team1', rule_id: 'r1' }, 'SOC2', 'CC6.1', new Map([['team1\u0000r1', 'tag1']]))).toBe(dayAt(20).toISOString());
  });

  it('shows a rule disabled mid-window, and enabled again, in the history', () => {
    const on = policy();
    const off = policy({ version: '1.1', rules: rules(false) });
    const again = policy({ version: '1.2' });
    const history = new ConfigHistory({
      policies: [{ _id: 'p1', created_at: LONG_AGO, ...again }],
      tags: [{ _id: 'tag1', created_at: LONG_AGO, ...tag }],
      changes: [change(dayAt(10), 'policy.update', 'p1', on, off), change(dayAt(15), 'policy.update', 'p1', off, again)],
    });
    const soc = history.control('SOC2', 'CC6.1', FROM, NOW);
    // Days 1–9 and 16–30 all day; days 10 (disabled at noon) to 15 (enabled at noon) are not.
    expect(soc.covered_days).toBe(9 + 15);
    expect(soc.coverage_history.map((r) => [r.from_date, r.to_date, r.status, r.rules[0]?.enabled])).toEqual([
      ['2026-10-30', '2026-11-07', 'covered', true],
      ['2026-11-08', '2026-11-12', 'uncovered', false],
      ['2026-11-13', '2026-11-13', 'uncovered', true],
      ['2026-11-14', '2026-11-28', 'covered', true],
    ]);
    // Covered since the tag was made, before the window.
    expect(soc.first_covered_at).toBe(LONG_AGO.toISOString());
  });

  it('holds state older than the log since its recorded creation', () => {
    const history = new ConfigHistory({
      policies: [{ _id: 'p1', created_at: dayAt(5, 6), ...policy() }],
      tags: [{ _id: 'tag1', created_at: dayAt(3), ...tag }],
      changes: [],
    });
    const soc = history.control('SOC2', 'CC6.1', FROM, NOW);
    // Tagged on day 3, but its rule exists only from day 5, 06:00: covered from day 6 on.
    expect(soc.covered_days).toBe(25);
    expect(soc.first_covered_at).toBe(dayAt(5, 6).toISOString());
  });

  it('follows legacy policy tags through the policy’s entries, and dates them', () => {
    const plain = policy();
    const tagged = policy({ version: '1.1', tags: ['SOC2:CC6.7'] });
    const history = new ConfigHistory({
      policies: [{ _id: 'p1', created_at: LONG_AGO, ...tagged }],
      tags: [],
      changes: [change(dayAt(25, 8), 'policy.update', 'p1', plain, tagged)],
    });
    expect(history.control('SOC2', 'CC6.7', FROM, NOW).covered_days).toBe(5);
    expect(history.taggedAt({ kind: 'policy', owner_id: 'p1', rule_id: 'r1' }, 'SOC2', 'CC6.7', new Map())).toBe(dayAt(25, 8).toISOString());
  });

  it('ends coverage when the policy’s license is revoked, and when the team that tagged it is deleted', () => {
    const revoked = new ConfigHistory({
      policies: [{ _id: 'p1', created_at: LONG_AGO, ...policy({ is_active: false }) }],
      tags: [{ _id: 'tag1', created_at: LONG_AGO, ...tag }],
      changes: [change(LONG_AGO, 'policy.create', 'p1', null, policy()), change(dayAt(28), 'license.revoke', 'lic1', { status: 'active' }, { status: 'revoked' })],
    });
    expect(revoked.control('SOC2', 'CC6.1', FROM, NOW).covered_days).toBe(27);

    const teamGone = new ConfigHistory({
      policies: [{ _id: 'p1', created_at: LONG_AGO, ...policy() }],
      tags: [],
      changes: [change(dayAt(2), 'control_tag.add', 'tag1', null, tag), change(dayAt(12), 'team.delete', 'team1', { name: 'Ops', tags: [{ tag_id: 'tag1', ...tag }] }, null)],
    });
    const soc = teamGone.control('SOC2', 'CC6.1', FROM, NOW);
    expect(soc.covered_days).toBe(9);
    expect(soc.first_covered_at).toBe(dayAt(2).toISOString());
    expect(soc.coverage_history.at(-1)).toMatchObject({ status: 'uncovered', rules: [], to_date: '2026-11-28' });
  });

  it('is uncovered with no first coverage for a control nothing ever tagged', () => {
    const history = new ConfigHistory({ policies: [{ _id: 'p1', created_at: LONG_AGO, ...policy() }], tags: [], changes: [] });
    expect(history.control('SOC2', 'C1.1', FROM, NOW)).toEqual({
      covered_days: 0,
      first_covered_at: null,
      coverage_history: [{ from_date: FROM, to_date: '2026-11-28', status: 'uncovered', rules: [] }],
    });
  });
});
