/** BullMQ's key prefix for every queue of a deployment, under the deployment's Redis prefix. */
export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix}bull`;
}
