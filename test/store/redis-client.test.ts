// REDIS_URL to an ioredis client: one Redis, or a cluster from its seed nodes (store/redis-client.ts).
// Pure parsing here; test/api/redis-cluster.test.ts runs the service on a real cluster.
import { describe, expect, it } from 'vitest';
import { parseRedisUrl } from '../../src/store/redis-client.js';

describe('parseRedisUrl', () => {
  it('leaves a single Redis URL to ioredis as it is', () => {
    expect(parseRedisUrl('redis://u:p@h:6379/2')).toEqual({ kind: 'single', url: 'redis://u:p@h:6379/2' });
    expect(parseRedisUrl('rediss://h')).toEqual({ kind: 'single', url: 'rediss://h' });
  });

  it('reads a cluster’s seed nodes, with the default port and IPv6 in brackets', () => {
    expect(parseRedisUrl('redis-cluster://10.0.0.1:7000,redis-b,[::1]:7002')).toEqual({
      kind: 'cluster',
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: 'redis-b', port: 6379 },
        { host: '::1', port: 7002 },
      ],
      tls: false,
    });
  });

  it('takes credentials for every node, percent-decoded, and TLS from rediss-cluster', () => {
    expect(parseRedisUrl('rediss-cluster://app:p%40ss@h1:7000,h2:7001/')).toEqual({
      kind: 'cluster',
      nodes: [
        { host: 'h1', port: 7000 },
        { host: 'h2', port: 7001 },
      ],
      username: 'app',
      password: 'p@ss',
      tls: true,
    });
    expect(parseRedisUrl('redis-cluster://:secret@h1:7000')).toMatchObject({ password: 'secret' });
    expect(parseRedisUrl('redis-cluster://app:a:b@h1:7000')).toMatchObject({ username: 'app', password: 'a:b' });
    expect(parseRedisUrl('redis-cluster://h1:7000')).not.toHaveProperty('password');
  });

  it('refuses a cluster URL that names no node, or a node that is not host:port', () => {
    expect(() => parseRedisUrl('redis-cluster://')).toThrow('at least one node');
    expect(() => parseRedisUrl('redis-cluster://h1:port')).toThrow('not host:port');
  });
});
