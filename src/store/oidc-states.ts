// OpenID Connect sign-ins in flight (docs/users-and-roles.md, "OpenID Connect"): the PKCE verifier
// and nonce of each, kept in Redis under its `state` for 10 minutes and taken once, so a callback
// works on any replica and can never be replayed.
import type { Redis } from 'ioredis';
import { RedisUnavailableError, withRedis } from './errors.js';

export interface OidcState {
  verifier: string;
  nonce: string;
}

const TTL_MS = 10 * 60_000;

export class OidcStates {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(state: string): string {
    return `${this.prefix}oidc-state:${state}`;
  }

  async put(state: string, value: OidcState): Promise<void> {
    await withRedis(() => this.redis.set(this.key(state), JSON.stringify(value), 'PX', TTL_MS));
  }

  /** The state's record, removed in the same transaction; null when it expired or was taken. */
  async take(state: string): Promise<OidcState | null> {
    const key = this.key(state);
    const replies = await withRedis(() => this.redis.multi().get(key).del(key).exec());
    const failed = replies?.find(([err]) => err);
    if (!replies || failed) throw new RedisUnavailableError({ cause: failed?.[0] });
    const value = replies[0]?.[1];
    return typeof value === 'string' ? (JSON.parse(value) as OidcState) : null;
  }
}
