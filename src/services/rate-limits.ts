// Plan rate limits and quotas for checks, and the dashboard ceiling for everything else (DESIGN §13).
// Windows are fixed and aligned to UTC: the minute, the day, the calendar month. Per-minute and
// per-day counts belong to the organization (so a plan change keeps the day's count); the monthly
// count belongs to the license (`max_checks_per_month` caps a license). The response reports the
// binding window: the one with the fewest requests left, or, when refused, the full one that frees
// up last.
import { Errors } from '../errors.js';
import type { CounterWindow, CountGuard, RateCounters } from '../store/rate-counters.js';
import type { PolicyPrincipal } from './key-resolver.js';
import { limitsOf } from './licenses.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

interface Window extends CounterWindow {
  /** For the 429 detail: "60 checks per minute". */
  describe: (limit: number) => string;
  quota: boolean;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Epoch ms. */
  resetAt: number;
}

export type LimitOutcome = RateLimitState & ({ allowed: true } | { allowed: false; retryAfterS: number; detail: string; quota: boolean });

const perMinute = (scope: string, limit: number, now: number, noun: string): Window => {
  const index = Math.floor(now / MINUTE_MS);
  return { key: `${scope}:min:${index}`, limit, resetAt: (index + 1) * MINUTE_MS, describe: (n) => `${n} ${noun} per minute`, quota: false };
};

const perDay = (scope: string, limit: number, now: number): Window => {
  const index = Math.floor(now / DAY_MS);
  return { key: `${scope}:day:${index}`, limit, resetAt: (index + 1) * DAY_MS, describe: (n) => `${n} checks per day`, quota: false };
};

const perMonth = (scope: string, limit: number, now: number): Window => {
  const date = new Date(now);
  const [year, month] = [date.getUTCFullYear(), date.getUTCMonth()];
  return {
    key: `${scope}:month:${year}-${month + 1}`,
    limit,
    resetAt: Date.UTC(year, month + 1, 1),
    describe: (n) => `the monthly quota of ${n} checks`,
    quota: true,
  };
};

export class RateLimits {
  constructor(
    private readonly counters: RateCounters,
    private readonly dashboardPerMinute: number,
  ) {}

  /** Whether `check` takes a guard (not on a Redis Cluster). */
  get takesGuards(): boolean {
    return this.counters.takesGuards;
  }

  /**
   * A check by a policy key: the plan's per-minute and per-day limits and the license's monthly quota.
   * With a guard, null when its key no longer holds its value; then nothing was counted.
   */
  check(principal: PolicyPrincipal, now?: number): Promise<LimitOutcome>;
  check(principal: PolicyPrincipal, now: number, guard: CountGuard): Promise<LimitOutcome | null>;
  check({ org, license }: PolicyPrincipal, now = Date.now(), guard?: CountGuard): Promise<LimitOutcome | null> {
    if (!license) throw Errors.noActiveLicense();
    const limits = limitsOf(license);
    return this.consume(
      [
        perMinute(`org:${org._id}`, limits.requestsPerMinute, now, 'checks'),
        perDay(`org:${org._id}`, limits.requestsPerDay, now),
        perMonth(`lic:${license._id}`, limits.checksPerMonth, now),
      ],
      now,
      // A license belongs to one organization, so its quota is counted in that organization's group.
      org._id,
      guard,
    );
  }

  /** Management, audit and compliance reads, license validation: one ceiling per organization. */
  dashboard(scope: string, now = Date.now()): Promise<LimitOutcome> {
    return this.consume([perMinute(`dash:${scope}`, this.dashboardPerMinute, now, 'requests')], now, `dash:${scope}`);
  }

  private consume(windows: Window[], now: number, group: string): Promise<LimitOutcome>;
  private consume(windows: Window[], now: number, group: string, guard: CountGuard | undefined): Promise<LimitOutcome | null>;
  private async consume(windows: Window[], now: number, group: string, guard?: CountGuard): Promise<LimitOutcome | null> {
    const counted = guard ? await this.counters.consume(windows, now, group, guard) : await this.counters.consume(windows, now, group);
    if (!counted) return null;
    const { allowed, used } = counted;
    const states = windows.map((w, i) => ({ window: w, remaining: Math.max(0, w.limit - (used[i] ?? 0)) }));
    const later = (a: (typeof states)[number], b: (typeof states)[number]) => b.window.resetAt - a.window.resetAt;
    if (allowed) {
      const [binding] = states.sort((a, b) => a.remaining - b.remaining || later(a, b));
      if (!binding) throw new Error('no rate-limit windows');
      return { allowed: true, limit: binding.window.limit, remaining: binding.remaining, resetAt: binding.window.resetAt };
    }
    const [binding] = states.filter((s) => s.remaining === 0).sort(later);
    if (!binding) throw new Error('refused without a full window');
    const { window } = binding;
    const retryAfterS = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    const until = new Date(window.resetAt).toISOString();
    const detail = window.quota
      ? `This license has used ${window.describe(window.limit)}; it renews at ${until}.`
      : `Rate limit exceeded: ${window.describe(window.limit)}. Retry in ${retryAfterS} s.`;
    return { allowed: false, limit: window.limit, remaining: 0, resetAt: window.resetAt, retryAfterS, detail, quota: window.quota };
  }
}
