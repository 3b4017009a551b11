// One place that turns REDIS_URL into an ioredis client: a single Redis (`redis://`, `rediss://`) or
// a Redis Cluster (`redis-cluster://host1:port,host2:port`, `rediss-cluster://` for TLS; docs/operations.md).
// A Cluster serves the same commands as a Redis (both implement ioredis's RedisCommander), so the
// rest of the code keeps the `Redis` type; what differs is handled here (options, duplicate) and by
// the slot groups of redis-keys.ts.
import { once } from 'node:events';
import { Cluster, Redis, type RedisOptions } from 'ioredis';

export type RedisTarget =
  | { kind: 'single'; url: string }
  | { kind: 'cluster'; nodes: Array<{ host: string; port: number }>; username?: string; password?: string; tls: boolean };

/** Throws on a URL that names no node; the config's pattern has already checked the scheme. */
export function parseRedisUrl(url: string): RedisTarget {
  const cluster = /^(rediss?)-cluster:\/\/(?:([^@/]*)@)?([^/?#]*)/.exec(url);
  if (!cluster) return { kind: 'single', url };
  const [, scheme, userInfo, hostList = ''] = cluster;
  const nodes = hostList
    .split(',')
    .filter(Boolean)
    .map((node) => {
      // [::1]:7000 or host:7000; the port defaults to Redis's own.
      const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(node);
      if (!m) throw new Error(`REDIS_URL: "${node}" is not host:port`);
      return { host: m[1]!.replace(/^\[|\]$/g, ''), port: m[2] ? Number(m[2]) : 6379 };
    });
  if (nodes.length === 0) throw new Error('REDIS_URL: a cluster URL names at least one node');
  // user:password, either part optional; a password may hold ':' itself.
  const colon = (userInfo ?? '').indexOf(':');
  const user = decodeURIComponent(colon < 0 ? (userInfo ?? '') : userInfo!.slice(0, colon));
  const password = colon < 0 ? undefined : decodeURIComponent(userInfo!.slice(colon + 1));
  return { kind: 'cluster', nodes, ...(user && { username: user }), ...(password !== undefined && { password }), tls: scheme === 'rediss' };
}

export interface ClientOptions extends RedisOptions {
  connectionName: string;
}

/**
 * Scripts whose key count is their first argument (rate-counters.ts, daily-rollups.ts). A Cluster's
 * auto-pipelining routes a command by its first argument, here that count, so it would batch them
 * with commands of other slots, and the batch fails; they are sent on their own instead.
 */
const VARIABLE_KEY_SCRIPTS = ['pfConsumeWindows', 'pfAckAndCount'];

/** Options the Cluster takes itself; everything else applies to each node's connection. */
const CLUSTER_LEVEL = ['lazyConnect', 'enableOfflineQueue', 'enableAutoPipelining', 'enableReadyCheck'] as const;

function split(options: Partial<ClientOptions>): { clusterOptions: Record<string, unknown>; nodeOptions: RedisOptions } {
  const nodeOptions: RedisOptions = { ...options };
  const clusterOptions: Record<string, unknown> = {};
  for (const name of CLUSTER_LEVEL) {
    if (options[name] !== undefined) clusterOptions[name] = options[name];
    delete nodeOptions[name];
  }
  return { clusterOptions, nodeOptions };
}

export function createRedis(url: string, options: ClientOptions): Redis {
  const target = parseRedisUrl(url);
  if (target.kind === 'single') return new Redis(url, options);
  const { clusterOptions, nodeOptions } = split(options);
  const cluster = new Cluster(target.nodes, {
    ...clusterOptions,
    autoPipeliningIgnoredCommands: VARIABLE_KEY_SCRIPTS,
    redisOptions: {
      ...nodeOptions,
      ...(target.username && { username: target.username }),
      ...(target.password !== undefined && { password: target.password }),
      ...(target.tls && { tls: {} }),
    },
  });
  return cluster as unknown as Redis;
}

/** A second connection like `redis` with some options changed (a Cluster's `duplicate` takes nodes first). */
export function duplicateRedis(redis: Redis, overrides: Partial<ClientOptions>): Redis {
  if (!redis.isCluster) return redis.duplicate(overrides);
  const cluster = redis as unknown as Cluster;
  const { clusterOptions, nodeOptions } = split(overrides);
  return cluster.duplicate(undefined, { ...clusterOptions, redisOptions: { ...cluster.options.redisOptions, ...nodeOptions } }) as unknown as Redis;
}

/**
 * Connects again a connection that `disconnect()` cut. A single Redis is then 'end' at once. A
 * Cluster is 'disconnecting' until its nodes have closed, then 'end', and its pool may still report
 * a late node closing ('close'), which aborts a connect begun meanwhile: that connect is tried again.
 */
export async function reconnect(redis: Redis): Promise<void> {
  if (!redis.isCluster) {
    if (redis.status === 'end' || redis.status === 'wait') await redis.connect();
    return;
  }
  const cluster = redis as unknown as Cluster;
  if (cluster.status === 'disconnecting') await once(cluster, 'end');
  for (let attempt = 1; ; attempt += 1) {
    if (cluster.status !== 'end' && cluster.status !== 'close' && cluster.status !== 'wait') return;
    try {
      return await cluster.connect();
    } catch (err) {
      if (attempt >= 5 || !/aborted|discarded/.test(String(err))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/**
 * Where the keys live: the one Redis, or every master of a Cluster once it knows them. SCAN and
 * KEYS see one node's keys only (benchmarks and tests clean up or look for keys by pattern).
 */
export async function keyNodes(redis: Redis): Promise<Redis[]> {
  if (!redis.isCluster) return [redis];
  const cluster = redis as unknown as Cluster;
  if (cluster.status !== 'ready') await once(cluster, 'ready');
  return cluster.nodes('master');
}
