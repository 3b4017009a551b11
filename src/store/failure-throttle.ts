// Failed attempts counted per client address in Redis, so a limit holds across replicas: the
// dashboard sign-in (src/services/sign-in.ts) and every refused credential (src/api/plugins/auth.ts).
// The window is fixed and starts at the first failure; past the limit the address waits for its end.
import { isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';
import { RedisUnavailableError, withRedis } from './errors.js';

/**
 * What one client is counted as: an IPv4 address, or the /64 of an IPv6 one, since a single host
 * is usually handed a whole /64 and could otherwise rotate through it.
 */
export function addressScope(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** Addresses remembered as waiting; past this many the memory starts over (Redis still knows). */
const MAX_REMEMBERED = 10_000;

export class FailureThrottle {
  /**
   * When each address known to be past its limit may try again (epoch ms). Redis said so, and a
   * window never ends early, so this replica answers those addresses without asking again: a flood
   * from one address then costs no Redis call at all.
   */
  private readonly waitingUntil = new Map<string, number>();

  /**
   * @param namespace the Redis key before the address, e.g. `pf:sign-in-failures:`
   * @param maxFailures failures allowed in one window before the address must wait
   */
  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
    readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  private key(address: string): string {
    return this.namespace + addressScope(address);
  }

  /** Seconds until the address may try again, or null when it may try now. */
  async retryAfterS(address: string): Promise<number | null> {
    const now = Date.now();
    const scope = addressScope(address);
    const until = this.waitingUntil.get(scope);
    if (until !== undefined && until > now) return Math.ceil((until - now) / 1000);
    this.waitingUntil.delete(scope);
    const key = this.namespace + scope;
    const replies = await withRedis(() => this.redis.multi().get(key).pttl(key).exec());
    const failed = replies?.find(([err]) => err);
    if (!replies || failed) throw new RedisUnavailableError({ cause: failed?.[0] });
    const [failures, ttlMs] = replies.map(([, value]) => value);
    if (Number(failures ?? 0) < this.maxFailures) return null;
    const remaining = typeof ttlMs === 'number' && ttlMs > 0 ? ttlMs : this.windowMs;
    if (this.waitingUntil.size >= MAX_REMEMBERED) this.waitingUntil.clear();
    this.waitingUntil.set(scope, now + remaining);
    return Math.max(1, Math.ceil(remaining / 1000));
  }

  async recordFailure(address: string): Promise<void> {
    const key = this.key(address);
    // One transaction, so the counter can never exist without its expiry.
    await withRedis(() => this.redis.multi().set(key, 0, 'PX', this.windowMs, 'NX').incr(key).exec());
  }
}
