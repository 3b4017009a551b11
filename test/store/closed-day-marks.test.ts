// The marks that tell API processes a scope's closed days changed (store/closed-day-marks.ts).
import { randomBytes } from 'node:crypto';
import { createRedis } from '../../src/store/redis-client.js';
import { afterAll, describe, expect, it } from 'vitest';
import { beforeToday, closedDayMarks } from '../../src/store/closed-day-marks.js';
import { auditKeys } from '../../src/store/redis-keys.js';
import { serviceUrls } from '../helpers/app.js';

const redis = createRedis(serviceUrls().redisUrl, { connectionName: 'preflight-test' });
const prefix = `pf:test:marks:${randomBytes(4).toString('hex')}:`;
const marks = closedDayMarks(redis, prefix);
afterAll(() => redis.disconnect());

describe('closed-day marks', () => {
  it('gives a scope without a mark one, keeps it until a change, and never comes back to a lost one', async () => {
    const first = await marks.current('org_a');
    expect(first).not.toBe('');
    expect(await marks.current('org_a')).toBe(first);
    await marks.moved(['org_a', 'org_a']);
    const second = await marks.current('org_a');
    expect(second).not.toBe(first);
    // Lost (Redis emptied, or the key deleted): the next reader gets a new mark, not the one it held, nor none.
    await redis.del(`${auditKeys(redis, prefix)}audit:closed-days:org_a`);
    const third = await marks.current('org_a');
    expect([first, second, '']).not.toContain(third);
    expect(await marks.current('org_b')).not.toBe(third);
  });

  it('calls a day closed only before today (UTC)', () => {
    const now = Date.parse('2026-11-27T00:00:01Z');
    expect(beforeToday('2026-11-26', now)).toBe(true);
    expect(beforeToday('2026-11-27', now)).toBe(false);
    expect(beforeToday('2026-11-28', now)).toBe(false);
  });
});
