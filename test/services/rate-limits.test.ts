// Window arithmetic of the rate limits against real Redis, at chosen instants (UTC boundaries).
import { randomBytes } from 'node:crypto';
import { createRedis } from '../../src/store/redis-client.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { PolicyPrincipal } from '../../src/services/key-resolver.js';
import { RateLimits } from '../../src/services/rate-limits.js';
import type { LicenseDoc } from '../../src/store/license-repository.js';
import { RateCounters } from '../../src/store/rate-counters.js';
import { serviceUrls } from '../helpers/app.js';

const redis = createRedis(serviceUrls().redisUrl, { connectionName: 'preflight-test' });
afterAll(() => redis.disconnect());
const limits = () => new RateLimits(new RateCounters(redis, `pf:test:rl:${randomBytes(4).toString('hex')}:`), 600);

function principal(license: Partial<LicenseDoc>): PolicyPrincipal {
  return {
    org: { _id: 'org_x' },
    policy: {},
    license: { _id: 'lic_x', license_type: 'enterprise', max_checks_per_month: 1_000, requests_per_minute: 100, requests_per_day: 1_000, ...license },
  } as PolicyPrincipal;
}

describe('RateLimits', () => {
  it('the month window ends at the next calendar month, across a year end', async () => {
    const rl = limits();
    const now = Date.parse('2026-12-31T23:59:30Z');
    const outcome = await rl.check(principal({ max_checks_per_month: 1 }), now);
    expect(outcome).toMatchObject({ allowed: true, limit: 1, remaining: 0, resetAt: Date.parse('2027-01-01T00:00:00Z') });
    const refused = await rl.check(principal({ max_checks_per_month: 1 }), now);
    expect(refused).toMatchObject({ allowed: false, quota: true, retryAfterS: 30 });
    expect((await rl.check(principal({ max_checks_per_month: 1 }), Date.parse('2027-01-01T00:00:00Z'))).allowed).toBe(true);
  });

  it('reports the window with the fewest left; on a tie the one that resets later', async () => {
    const rl = limits();
    const now = Date.parse('2026-05-10T10:00:05Z');
    const tie = await rl.check(principal({ requests_per_minute: 5, requests_per_day: 5, max_checks_per_month: 100 }), now);
    expect(tie).toMatchObject({ limit: 5, remaining: 4, resetAt: Date.parse('2026-05-11T00:00:00Z') });
    const minute = await rl.check(principal({ _id: 'lic_y', requests_per_minute: 2, requests_per_day: 50 }), now);
    expect(minute).toMatchObject({ limit: 2, remaining: 0, resetAt: Date.parse('2026-05-10T10:01:00Z') });
  });

  it('refuses with the full window that frees up last, and Retry-After until then', async () => {
    const rl = limits();
    const now = Date.parse('2026-05-10T23:59:50Z');
    const p = principal({ requests_per_minute: 1, requests_per_day: 1 });
    expect((await rl.check(p, now)).allowed).toBe(true);
    const refused = await rl.check(p, now);
    expect(refused).toMatchObject({ allowed: false, quota: false, retryAfterS: 10, resetAt: Date.parse('2026-05-11T00:00:00Z') });
    // Both windows roll over at midnight; the next minute is also the next day.
    expect((await rl.check(p, now + 10_000)).allowed).toBe(true);
  });

  it('the dashboard ceiling is one window per scope', async () => {
    const rl = new RateLimits(new RateCounters(redis, `pf:test:rl:${randomBytes(4).toString('hex')}:`), 2);
    const now = Date.parse('2026-05-10T10:00:00Z');
    expect((await rl.dashboard('org:a', now)).allowed).toBe(true);
    expect((await rl.dashboard('org:a', now)).allowed).toBe(true);
    expect(await rl.dashboard('org:a', now)).toMatchObject({ allowed: false, retryAfterS: 60, detail: expect.stringContaining('2 requests per minute') });
    expect((await rl.dashboard('org:b', now)).allowed).toBe(true);
  });
});
