// Which days' sampled checks a report reads (src/compliance/samples.ts).
import { describe, expect, it } from 'vitest';
import { SAMPLES_PER_CONTROL, sampleDays, spreadOrder } from '../../src/compliance/samples.js';

describe('spreadOrder', () => {
  it('starts with today and the first day, then splits the gaps; every day once', () => {
    const order = spreadOrder('2026-11-01', 30);
    expect(order.slice(0, 3)).toEqual(['2026-11-30', '2026-11-14', '2026-11-22']);
    expect(new Set(order).size).toBe(30);
    expect(order.every((d) => d >= '2026-11-01' && d <= '2026-11-30')).toBe(true);
    expect(spreadOrder('2026-11-30', 1)).toEqual(['2026-11-30']);
  });
});

describe('sampleDays', () => {
  const order = spreadOrder('2026-11-01', 30);
  it('reads few days when rules fire every day, the same ones for every control', () => {
    const every = () => order;
    const controls = [Array.from({ length: 20 }, (_, i) => `a${i}`), Array.from({ length: 5 }, (_, i) => `b${i}`)];
    expect(sampleDays(controls, every, order)).toEqual([order[0], order[1]]);
  });
  it('walks further for a control whose rules fire rarely, and reads nothing for one without evidence', () => {
    const fired: Record<string, string[]> = { rare: ['2026-11-03', '2026-11-17'] };
    expect(sampleDays([['rare'], ['silent']], (r) => fired[r], order).sort()).toEqual(['2026-11-03', '2026-11-17']);
  });
  it('stops once the days promise enough samples', () => {
    const rules = Array.from({ length: SAMPLES_PER_CONTROL }, (_, i) => `r${i}`);
    expect(sampleDays([rules], () => order, order)).toEqual([order[0]]);
  });
});
