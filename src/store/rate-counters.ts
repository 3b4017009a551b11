// Fixed-window request counters in Redis, shared by every replica. One script checks and counts all
// the windows of a request atomically and all-or-nothing: when any window is full nothing is counted,
// so refused requests never use up the budget of a longer window (a client hammering past its
// per-minute limit keeps its daily budget).
import type { Redis, Result } from 'ioredis';
import { withRedis } from './errors.js';
import { slotGroup } from './redis-keys.js';

const CONSUME = `
-- KEYS: one counter per window. ARGV[1]: cost; then per window: limit, time to live (ms).
local cost = tonumber(ARGV[1])
local used = {}
local allowed = 1
for i, key in ipairs(KEYS) do
  used[i] = tonumber(redis.call('GET', key) or '0')
  if used[i] + cost > tonumber(ARGV[2 * i]) then allowed = 0 end
end
if allowed == 1 then
  for i, key in ipairs(KEYS) do
    if used[i] == 0 then
      redis.call('SET', key, cost, 'PX', ARGV[2 * i + 1])
    else
      redis.call('INCRBY', key, cost)
    end
    used[i] = used[i] + cost
  end
end
table.insert(used, 1, allowed)
return used
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    pfConsumeWindows(numKeys: number, ...keysAndArgs: Array<string | number>): Result<number[], Context>;
  }
}

export interface CounterWindow {
  /** Unique to the window instance (its index is part of the key), so it never needs resetting. */
  key: string;
  limit: number;
  /** When the window ends (epoch ms). */
  resetAt: number;
}

/** Counters outlive their window a little, for replicas whose clocks run slightly behind. */
const EXPIRY_MARGIN_MS = 60_000;

export class RateCounters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    redis.defineCommand('pfConsumeWindows', { lua: CONSUME });
  }

  /**
   * Counts one request in every window if all have room. `used` is per window, after counting (or as
   * found when refused). `group` names the subject the windows belong to (an organization): a
   * window's key must be in the same group whichever request counts it, as one script reads them all.
   */
  async consume(windows: CounterWindow[], now: number, group: string): Promise<{ allowed: boolean; used: number[] }> {
    const keyPrefix = slotGroup(this.redis, `${this.prefix}rl:`, group);
    const keys = windows.map((w) => `${keyPrefix}${w.key}`);
    const args = windows.flatMap((w) => [w.limit, Math.max(1, w.resetAt - now) + EXPIRY_MARGIN_MS]);
    // Fail closed: without the counters a limited request is refused, never let through unlimited.
    const reply = await withRedis(() => this.redis.pfConsumeWindows(keys.length, ...keys, 1, ...args));
    const [allowed, ...used] = reply;
    return { allowed: allowed === 1, used };
  }
}
