// What every end-to-end benchmark starts from: the local Redis and FerretDB that `npm run bench` (or
// `bench:files`) provides, a database and Redis prefix of the run's own, and the service's
// environment for them.
export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
export const BENCH_MASTER_KEY = 'bench-master-key-0123456789abcdef0123456789';

export function benchStack(name: string, command: string) {
  const redisUrl = process.env.REDIS_URL;
  const mongoBase = process.env.MONGODB_URL;
  if (!redisUrl || !mongoBase) throw new Error(`REDIS_URL and MONGODB_URL must be set (run \`${command}\`)`);
  const database = `${name}_${Date.now()}`;
  const mongoUrl = Object.assign(new URL(mongoBase), { pathname: `/${database}` }).toString();
  const redisPrefix = `pf:${database}:`;
  const env = {
    MONGODB_URL: mongoUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SERVICE_ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    SERVICE_MASTER_KEY: BENCH_MASTER_KEY,
    LOG_LEVEL: 'warn',
  };
  return { redisUrl, mongoBase, database, mongoUrl, redisPrefix, env };
}
