// Fixed-window request counters in Redis, shared by every replica. One script checks and counts all
// the windows of a request atomically and all-or-nothing: when any window is full nothing is counted,
// so refused requests never use up the budget of a longer window (a client hammering past its
// per-minute limit keeps its daily budget). A count may be made conditional on another key still
// holding a value (a guard): the API admits a cached key on that condition, reading the auth epoch in
// the same round trip as it counts the check (src/api/plugins/auth.ts).
import type { Redis, Result } from 'ioredis';
import { withRedis } from './errors.js';
import { slotGroup } from './redis-keys.js';

/**
 * KEYS: [a guard's key,] one counter per window. ARGV: [the guard's value,] cost, then per window:
 * limit, time to live (ms). Guarded: when the guard's key (absent: '') no longer holds the value,
 * nothing is counted and the answer is {-1}.
 */
const consumeScript = (guarded: boolean) => {
  const g = guarded ? 1 : 0;
  return `
${guarded ? "if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] then return {-1} end" : ''}
local cost = tonumber(ARGV[${1 + g}])
local used = {}
local allowed = 1
for w = 1, #KEYS - ${g} do
  used[w] = tonumber(redis.call('GET', KEYS[w + ${g}]) or '0')
  if used[w] + cost > tonumber(ARGV[${g} + 2 * w]) then allowed = 0 end
end
if allowed == 1 then
  for w = 1, #KEYS - ${g} do
    if used[w] == 0 then
      redis.call('SET', KEYS[w + ${g}], cost, 'PX', ARGV[${g} + 2 * w + 1])
    else
      redis.call('INCRBY', KEYS[w + ${g}], cost)
    end
    used[w] = used[w] + cost
  end
end
table.insert(used, 1, allowed)
return used
`;
};

declare module 'ioredis' {
  interface RedisCommander<Context> {
    pfConsumeWindows(numKeys: number, ...keysAndArgs: Array<string | number>): Result<number[], Context>;
    pfConsumeWindowsGuarded(numKeys: number, ...keysAndArgs: Array<string | number>): Result<number[], Context>;
  }
}

export interface CounterWindow {
  /** Unique to the window instance (its index is part of the key), so it never needs resetting. */
  key: string;
  limit: number;
  /** When the window ends (epoch ms). */
  resetAt: number;
}

/** A key that must still hold `value` ('' for absent) for a count to be made. */
export interface CountGuard {
  key: string;
  value: string;
}

/** Counters outlive their window a little, for replicas whose clocks run slightly behind. */
const EXPIRY_MARGIN_MS = 60_000;

export class RateCounters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    redis.defineCommand('pfConsumeWindows', { lua: consumeScript(false) });
    redis.defineCommand('pfConsumeWindowsGuarded', { lua: consumeScript(true) });
  }

  /** Whether `consume` takes a guard: one script reads all its keys, which a cluster allows only within one slot. */
  get takesGuards(): boolean {
    return !this.redis.isCluster;
  }

  /**
   * Counts one request in every window if all have room. `used` is per window, after counting (or as
   * found when refused). `group` names the subject the windows belong to (an organization): a
   * window's key must be in the same group whichever request counts it, as one script reads them all.
   * With a `guard` (only where `takesGuards`), null when the guard's key no longer holds its value:
   * then nothing was counted.
   */
  consume(windows: CounterWindow[], now: number, group: string): Promise<{ allowed: boolean; used: number[] }>;
  consume(windows: CounterWindow[], now: number, group: string, guard: CountGuard): Promise<{ allowed: boolean; used: number[] } | null>;
  async consume(windows: CounterWindow[], now: number, group: string, guard?: CountGuard): Promise<{ allowed: boolean; used: number[] } | null> {
    const keyPrefix = slotGroup(this.redis, `${this.prefix}rl:`, group);
    const keys = windows.map((w) => `${keyPrefix}${w.key}`);
    const args = windows.flatMap((w) => [w.limit, Math.max(1, w.resetAt - now) + EXPIRY_MARGIN_MS]);
    if (guard && !this.takesGuards) throw new Error('a guarded count needs one Redis node');
    // Fail closed: without the counters a limited request is refused, never let through unlimited.
    const reply = await withRedis(() =>
      guard
        ? this.redis.pfConsumeWindowsGuarded(keys.length + 1, guard.key, ...keys, guard.value, 1, ...args)
        : this.redis.pfConsumeWindows(keys.length, ...keys, 1, ...args),
    );
    const [allowed, ...used] = reply;
    if (allowed === -1) return null;
    return { allowed: allowed === 1, used };
  }
}
