import type { Redis } from 'ioredis';

/**
 * BullMQ's key prefix for every queue of a deployment, under the deployment's Redis prefix. On a
 * cluster it is a hash tag, as BullMQ asks: each queue's scripts use many of its keys at once.
 */
export function bullPrefix(redis: Redis, redisPrefix: string): string {
  return redis.isCluster ? `{${redisPrefix}bull}` : `${redisPrefix}bull`;
}
