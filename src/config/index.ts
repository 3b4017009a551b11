// The environment, parsed once with zod. A bad value stops start-up with one line naming the variable.
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { readFileSecrets, SECRET_ENV_NAMES } from './file-secrets.js';

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** One Redis, or a cluster's seed nodes: `redis-cluster://[user:password@]host1:port,host2:port` (store/redis-client.ts). */
const REDIS_URL = /^(rediss?:\/\/|rediss?-cluster:\/\/([^@/]*@)?(\[[^\]]+\]|[^:,/?#@[]+)(:\d+)?(,(\[[^\]]+\]|[^:,/?#@[]+)(:\d+)?)*\/?$)/;

const EnvSchema = z.object({
  PORT: int(0, 65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  BASE_URL: z.url().optional(),
  MONGODB_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL'),
  MONGODB_TIMEOUT_MS: int(100, 60_000).default(3_000),
  REDIS_URL: z.string().regex(REDIS_URL, 'must be a redis:// URL, or redis-cluster://host1:port,host2:port for a cluster'),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]*$/).default('pf:'),
  DATA_DIR: z.string().min(1).default('./.data'),
  SERVICE_ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters'),
  SERVICE_MASTER_KEY: z.string().min(32, 'must be at least 32 characters (e.g. 32 random bytes in base64)'),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAX_TEXT_BYTES: int(1, 64 * 1024 * 1024).default(1024 * 1024),
  DASHBOARD_RATE_PER_MINUTE: int(1, 1_000_000).default(600),
  AUTH_FAILURES_PER_MINUTE: int(1, 1_000_000).default(30),
  AUTH_THROTTLE_DELAY_MS: int(0, 60_000).default(1_000),
  DETECT_THREADS: int(1, 256).default(Math.max(1, availableParallelism() - 1)),
  DETECT_MAX_QUEUE: int(0, 100_000).default(1_024),
  DETECT_TIMEOUT_MS: int(10, 120_000).default(10_000),
  DETECT_INLINE_MAX_CHARS: int(0, 1024 * 1024).default(4_096),
  AUDIT_DRAIN_BATCH: int(1, 10_000).default(1_000),
  AUDIT_DRAIN_GATHER_MS: int(0, 5_000).default(50),
  AUDIT_CLAIM_IDLE_MS: int(100, 3_600_000).default(30_000),
  AUDIT_MAX_BACKLOG: int(1, 100_000_000).default(1_000_000),
  AUDIT_THROTTLE_BACKLOG: int(0, 100_000_000).default(2_000),
  AUDIT_SEARCH_BUDGET_MS: int(100, 60_000).default(1_500),
  MAX_FILE_BYTES: int(1, 1024 * 1024 * 1024).default(25 * 1024 * 1024),
  FILE_WAIT_MS: int(0, 300_000).default(20_000),
  FILE_BODY_TIMEOUT_MS: int(100, 3_600_000).default(120_000),
  FILE_IDLE_TIMEOUT_MS: int(100, 600_000).default(15_000),
  FILE_WORKER_CONCURRENCY: int(1, 64).default(2),
  FILE_JOB_ATTEMPTS: int(1, 20).default(3),
  FILE_JOB_LOCK_MS: int(1_000, 3_600_000).default(20_000),
  FILE_STALLED_INTERVAL_MS: int(100, 3_600_000).default(5_000),
  FILE_DETECT_TIMEOUT_MS: int(1_000, 3_600_000).default(300_000),
  OCR_WORKERS: int(1, 16).default(Math.min(2, availableParallelism())),
  OCR_IDLE_SECONDS: int(1, 86_400).default(300),
  FILE_MAX_PIXELS: int(1, 1_000_000_000).default(50_000_000),
  FILE_MAX_PAGES: int(1, 100_000).default(1_000),
  FILE_MAX_OCR_PAGES: int(0, 10_000).default(50),
  MASKED_FILE_RETENTION_HOURS: z.coerce.number().positive().max(24 * 365).default(24),
  FILE_SWEEP_EVERY_MS: int(1_000, 86_400_000).default(15 * 60_000),
  // The worker's health port (src/workers/health.ts); unset, the worker listens on no port.
  WORKER_HEALTH_PORT: int(1, 65_535).optional(),
  AUDIT_DRAIN_IN_API: z.enum(['true', 'false'], { error: () => 'must be true or false' }).default('true'),
  EXPORT_WAIT_MS: int(0, 300_000).default(20_000),
  EXPORT_THROTTLE_SECONDS: int(1, 86_400).default(300),
  EXPORT_WORKER_CONCURRENCY: int(1, 16).default(1),
  EXPORT_JOB_ATTEMPTS: int(1, 20).default(2),
  BUNDLE_RETENTION: int(1, 1_000).default(10),
  PDF_RENDER_TIMEOUT_MS: int(1_000, 600_000).default(30_000),
  PDF_MAX_CONCURRENT: int(1, 16).default(2),
  SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  METRICS_PUBLIC: z.enum(['true', 'false'], { error: () => 'must be true or false' }).default('false'),
  // Webhooks (docs/webhooks.md): private and loopback targets are refused unless the operator allows them.
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: () => 'must be true or false' }).default('false'),
  WEBHOOK_TIMEOUT_MS: int(100, 120_000).default(10_000),
  WEBHOOK_ATTEMPTS: int(1, 30).default(8),
  WEBHOOK_BACKOFF_MS: int(10, 3_600_000).default(30_000),
  WEBHOOK_CONCURRENCY: int(1, 256).default(16),
  WEBHOOK_DISABLE_AFTER_FAILURES: int(1, 10_000).default(10),
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().positive().max(24 * 30).default(24),
  // SSO (docs/users-and-roles.md, "OpenID Connect"): off unless OIDC_ISSUER and OIDC_CLIENT_ID are set.
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
});

export type Env = z.input<typeof EnvSchema>;

/** Every variable the service reads, `*_FILE` variants included: deployment files are checked against it. */
export const KNOWN_ENV_NAMES: readonly string[] = [...Object.keys(EnvSchema.shape), ...SECRET_ENV_NAMES.map((name) => `${name}_FILE`)];

export interface Config {
  port: number;
  host: string;
  baseUrl: string;
  mongodb: { url: string; database: string; timeoutMs: number };
  redis: { url: string; prefix: string };
  dataDir: string;
  adminToken: string;
  masterKey: string;
  chromiumPath: string;
  logLevel: string;
  limits: {
    maxTextBytes: number;
    dashboardPerMinute: number;
    /** Refused credentials per client address per minute before its unverified credentials get 429. */
    authFailuresPerMinute: number;
    /** How long such a 429 is held back, so a client that waits for answers floods at most one per this. */
    authThrottleDelayMs: number;
  };
  detect: { threads: number; maxQueue: number; timeoutMs: number; inlineMaxChars: number };
  audit: { drainBatch: number; drainGatherMs: number; claimIdleMs: number; maxBacklog: number; throttleBacklog: number; drainInApi: boolean; searchBudgetMs: number };
  /** GET /metrics answers without a credential (a scraper on a private network). */
  metricsPublic: boolean;
  /** Where a worker process answers GET /health and /ready (on HOST); null for no port. */
  workerHealthPort: number | null;
  files: {
    maxBytes: number;
    /** How long POST /api/preflight waits for its job before answering 202. */
    waitMs: number;
    /** How long a file upload's whole body may take, and how long it may pause, before 408. */
    bodyTimeoutMs: number;
    idleTimeoutMs: number;
    concurrency: number;
    attempts: number;
    lockMs: number;
    stalledIntervalMs: number;
    /** A file's scan (on a detection thread of the worker) fails past this. */
    detectTimeoutMs: number;
    ocrWorkers: number;
    /** An OCR worker idle this long exits (it holds about 120 MiB); the next OCR job starts one. */
    ocrIdleMs: number;
    maxPixels: number;
    maxPages: number;
    maxOcrPages: number;
    retentionMs: number;
    sweepEveryMs: number;
  };
  compliance: {
    /** How long GET .../export/all waits for its bundle before answering 202. */
    exportWaitMs: number;
    /** One bundle generation per organization per this long (DESIGN §13). */
    throttleMs: number;
    exportConcurrency: number;
    exportAttempts: number;
    /** Bundles kept per organization and trigger (on demand, scheduled); older ones are dropped. */
    bundleRetention: number;
  };
  webhooks: {
    /** Deliver to loopback, private and link-local addresses (a local receiver, tests). */
    allowPrivate: boolean;
    timeoutMs: number;
    attempts: number;
    /** First retry's delay; each next one doubles it. */
    backoffMs: number;
    concurrency: number;
    /** An endpoint is disabled after this many failed attempts in a row, or failing for this long. */
    disableAfterFailures: number;
    disableAfterMs: number;
  };
  pdf: { timeoutMs: number; maxConcurrent: number };
  session: { ttlMs: number };
  /** Null when SSO is off. */
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined } | null;
}

export class ConfigError extends Error {}

function databaseName(url: string): string {
  const path = url.replace(/^mongodb(\+srv)?:\/\/[^/]*/, '').replace(/^\//, '').split('?')[0];
  return path || 'preflight';
}

export function loadConfig(given: Record<string, string | undefined> = process.env): Config {
  const env = readFileSecrets(given, (message) => new ConfigError(`Invalid configuration: ${message}`));
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const reason = env[name] === undefined ? 'is required' : (issue?.message ?? 'is invalid');
    throw new ConfigError(`Invalid configuration: ${name} ${reason}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl: (e.BASE_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    mongodb: {
      url: e.MONGODB_URL,
      database: databaseName(e.MONGODB_URL),
      timeoutMs: e.MONGODB_TIMEOUT_MS,
    },
    redis: { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    dataDir: e.DATA_DIR,
    adminToken: e.SERVICE_ADMIN_TOKEN,
    masterKey: e.SERVICE_MASTER_KEY,
    chromiumPath: e.CHROMIUM_PATH,
    logLevel: e.LOG_LEVEL,
    limits: {
      maxTextBytes: e.MAX_TEXT_BYTES,
      dashboardPerMinute: e.DASHBOARD_RATE_PER_MINUTE,
      authFailuresPerMinute: e.AUTH_FAILURES_PER_MINUTE,
      authThrottleDelayMs: e.AUTH_THROTTLE_DELAY_MS,
    },
    detect: {
      threads: e.DETECT_THREADS,
      maxQueue: e.DETECT_MAX_QUEUE,
      timeoutMs: e.DETECT_TIMEOUT_MS,
      inlineMaxChars: e.DETECT_INLINE_MAX_CHARS,
    },
    audit: {
      drainBatch: e.AUDIT_DRAIN_BATCH,
      drainGatherMs: e.AUDIT_DRAIN_GATHER_MS,
      claimIdleMs: e.AUDIT_CLAIM_IDLE_MS,
      maxBacklog: e.AUDIT_MAX_BACKLOG,
      throttleBacklog: e.AUDIT_THROTTLE_BACKLOG,
      drainInApi: e.AUDIT_DRAIN_IN_API === 'true',
      searchBudgetMs: e.AUDIT_SEARCH_BUDGET_MS,
    },
    metricsPublic: e.METRICS_PUBLIC === 'true',
    workerHealthPort: e.WORKER_HEALTH_PORT ?? null,
    files: {
      maxBytes: e.MAX_FILE_BYTES,
      waitMs: e.FILE_WAIT_MS,
      bodyTimeoutMs: e.FILE_BODY_TIMEOUT_MS,
      idleTimeoutMs: e.FILE_IDLE_TIMEOUT_MS,
      concurrency: e.FILE_WORKER_CONCURRENCY,
      attempts: e.FILE_JOB_ATTEMPTS,
      lockMs: e.FILE_JOB_LOCK_MS,
      stalledIntervalMs: e.FILE_STALLED_INTERVAL_MS,
      detectTimeoutMs: e.FILE_DETECT_TIMEOUT_MS,
      ocrWorkers: e.OCR_WORKERS,
      ocrIdleMs: e.OCR_IDLE_SECONDS * 1_000,
      maxPixels: e.FILE_MAX_PIXELS,
      maxPages: e.FILE_MAX_PAGES,
      maxOcrPages: e.FILE_MAX_OCR_PAGES,
      retentionMs: Math.round(e.MASKED_FILE_RETENTION_HOURS * 3_600_000),
      sweepEveryMs: e.FILE_SWEEP_EVERY_MS,
    },
    compliance: {
      exportWaitMs: e.EXPORT_WAIT_MS,
      throttleMs: e.EXPORT_THROTTLE_SECONDS * 1_000,
      exportConcurrency: e.EXPORT_WORKER_CONCURRENCY,
      exportAttempts: e.EXPORT_JOB_ATTEMPTS,
      bundleRetention: e.BUNDLE_RETENTION,
    },
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      attempts: e.WEBHOOK_ATTEMPTS,
      backoffMs: e.WEBHOOK_BACKOFF_MS,
      concurrency: e.WEBHOOK_CONCURRENCY,
      disableAfterFailures: e.WEBHOOK_DISABLE_AFTER_FAILURES,
      disableAfterMs: Math.round(e.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000),
    },
    pdf: { timeoutMs: e.PDF_RENDER_TIMEOUT_MS, maxConcurrent: e.PDF_MAX_CONCURRENT },
    session: { ttlMs: Math.round(e.SESSION_TTL_HOURS * 3_600_000) },
    oidc: e.OIDC_ISSUER && e.OIDC_CLIENT_ID ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET } : null,
  };
}
