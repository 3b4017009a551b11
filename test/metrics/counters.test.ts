// The counters' arithmetic and labels, on a registry of the test's own (no services needed).
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createCounters, tallyOf } from '../../src/metrics/counters.js';

const at = (iso: string) => new Date(iso);

async function samples(registry: Registry, name: string): Promise<Array<{ labels: object; value: number }>> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  return (metric?.values ?? []).map(({ labels, value }) => ({ labels, value }));
}

describe('counters', () => {
  it('counts checks by decision, destination and source, detections by type, and the drain lag of the oldest', async () => {
    const registry = new Registry();
    const counters = createCounters(registry);
    counters.recorded(
      [
        { decision: 'BLOCKED', destination: 'AI_TOOL', source: 'text', detected: [{ type: 'SSN', count: 2 }], created_at: at('2026-11-28T10:00:09Z') },
        { decision: 'BLOCKED', destination: 'AI_TOOL', source: 'text', detected: [{ type: 'EMPLOYEE_BADGE', count: 1 }], created_at: at('2026-11-28T10:00:07.500Z') },
        { decision: 'ALLOWED', destination: 'VENDOR', source: 'file', detected: [], created_at: at('2026-11-28T10:00:09.900Z') },
      ],
      at('2026-11-28T10:00:10Z'),
    );
    expect(await samples(registry, 'preflight_checks_total')).toEqual(
      expect.arrayContaining([
        { labels: { decision: 'BLOCKED', destination: 'AI_TOOL', source: 'text' }, value: 2 },
        { labels: { decision: 'ALLOWED', destination: 'VENDOR', source: 'file' }, value: 1 },
      ]),
    );
    // A policy's own detector type (any name) is CUSTOM: labels stay few.
    expect(await samples(registry, 'preflight_detections_total')).toEqual(
      expect.arrayContaining([
        { labels: { type: 'SSN' }, value: 2 },
        { labels: { type: 'CUSTOM' }, value: 1 },
      ]),
    );
    expect(await samples(registry, 'preflight_audit_drain_lag_seconds')).toEqual([{ labels: {}, value: 2.5 }]);
  });

  it('counts a batch summed elsewhere (the API’s drain thread) as it counts its records, and an empty one not at all', async () => {
    const registry = new Registry();
    const counters = createCounters(registry);
    const docs: Parameters<typeof tallyOf>[0] = [
      { decision: 'BLOCKED', destination: 'AI_TOOL', source: 'text', detected: [{ type: 'SSN', count: 2 }, { type: 'MY_TYPE', count: 1 }], created_at: at('2026-11-28T10:00:08Z') },
      { decision: 'BLOCKED', destination: 'AI_TOOL', source: 'text', detected: [{ type: 'SSN', count: 1 }, { type: 'OTHER_TYPE', count: 4 }], created_at: at('2026-11-28T10:00:09Z') },
    ];
    const tally = structuredClone(tallyOf(docs));
    expect(tally).toEqual({
      checks: [{ decision: 'BLOCKED', destination: 'AI_TOOL', source: 'text', count: 2 }],
      detections: [
        { type: 'SSN', count: 3 },
        { type: 'CUSTOM', count: 5 },
      ],
      oldest: at('2026-11-28T10:00:08Z').getTime(),
    });
    counters.tallied(tallyOf([]), at('2026-11-28T10:00:10Z'));
    expect(await samples(registry, 'preflight_audit_drain_lag_seconds')).toEqual([{ labels: {}, value: 0 }]);
    counters.tallied(tally, at('2026-11-28T10:00:10Z'));
    expect(await samples(registry, 'preflight_checks_total')).toEqual([{ labels: { decision: 'BLOCKED', destination: 'AI_TOOL', source: 'text' }, value: 2 }]);
    expect(await samples(registry, 'preflight_detections_total')).toEqual(
      expect.arrayContaining([
        { labels: { type: 'SSN' }, value: 3 },
        { labels: { type: 'CUSTOM' }, value: 5 },
      ]),
    );
    expect(await samples(registry, 'preflight_audit_drain_lag_seconds')).toEqual([{ labels: {}, value: 2 }]);
  });

  it('counts file check outcomes with the code of a failure, and webhook deliveries', async () => {
    const registry = new Registry();
    const counters = createCounters(registry);
    counters.fileCheck('completed');
    counters.fileCheck('failed', 'file_corrupt');
    counters.fileCheck('failed', 'file_corrupt');
    counters.webhookDelivery('delivered');
    counters.webhookDelivery('gave_up');
    expect(await samples(registry, 'preflight_file_checks_total')).toEqual(
      expect.arrayContaining([
        { labels: { outcome: 'completed', code: '' }, value: 1 },
        { labels: { outcome: 'failed', code: 'file_corrupt' }, value: 2 },
      ]),
    );
    expect(await samples(registry, 'preflight_webhook_deliveries_total')).toEqual(
      expect.arrayContaining([
        { labels: { outcome: 'delivered' }, value: 1 },
        { labels: { outcome: 'gave_up' }, value: 1 },
      ]),
    );
  });
});
