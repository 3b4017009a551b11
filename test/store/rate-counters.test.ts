// Guarded counts against real Redis: counted only while the guard's key holds its value.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedis } from '../../src/store/redis-client.js';
import { RateCounters } from '../../src/store/rate-counters.js';
import { serviceUrls } from '../helpers/app.js';

const redis = createRedis(serviceUrls().redisUrl, { connectionName: 'preflight-test' });
afterAll(() => redis.disconnect());

const now = Date.parse('2026-05-10T10:00:05Z');
const windows = [
  { key: 'min', limit: 2, resetAt: now + 55_000 },
  { key: 'day', limit: 5, resetAt: now + 3_600_000 },
];

describe('RateCounters with a guard', () => {
  it('counts while the guard holds; once it moved, counts nothing and answers null', async () => {
    const prefix = `pf:test:rc:${randomBytes(4).toString('hex')}:`;
    const counters = new RateCounters(redis, prefix);
    const guardKey = `${prefix}epoch`;
    // An absent key holds ''.
    expect(await counters.consume(windows, now, 'g', { key: guardKey, value: '' })).toEqual({ allowed: true, used: [1, 1] });
    expect(await counters.consume(windows, now, 'g', { key: guardKey, value: 'e1' })).toBeNull();
    await redis.set(guardKey, 'e1');
    expect(await counters.consume(windows, now, 'g', { key: guardKey, value: '' })).toBeNull();
    expect(await counters.consume(windows, now, 'g', { key: guardKey, value: 'e1' })).toEqual({ allowed: true, used: [2, 2] });
    // Refused as an unguarded count is: all or nothing, and nothing counted.
    expect(await counters.consume(windows, now, 'g', { key: guardKey, value: 'e1' })).toEqual({ allowed: false, used: [2, 2] });
    expect(await counters.consume(windows, now, 'g')).toEqual({ allowed: false, used: [2, 2] });
  });
});
