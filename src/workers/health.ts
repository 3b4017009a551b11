// The worker's health port (WORKER_HEALTH_PORT), for Docker healthchecks and Kubernetes probes:
// GET /health answers 200 while the process runs; GET /ready answers 200 only when its queue workers
// are running and Redis and MongoDB answer, 503 otherwise (before start-up ends, and while closing).
// GET /metrics is the process's Prometheus registry (metrics/counters.ts, and Node's own).
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export interface WorkerReadiness {
  workers: boolean;
  redis: boolean;
  mongodb: boolean;
}

/** The paths it answers: deployment files probe these (test/deploy). */
export const WORKER_HEALTH_PATHS = ['/health', '/ready'] as const;

/** How long one dependency may take to answer a readiness probe. */
export const PROBE_TIMEOUT_MS = 2_000;

export const withinProbeTimeout = (p: Promise<unknown>): Promise<boolean> =>
  Promise.race([
    p.then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref()),
  ]);

export async function startHealthServer(port: number, host: string, readiness: () => Promise<WorkerReadiness>, metrics?: Registry): Promise<Server> {
  const server = createServer((req, res) => {
    const send = (code: number, body: object) => {
      res.writeHead(code, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return send(405, { status: 'method_not_allowed' });
    if (path === '/health') return send(200, { status: 'ok' });
    if (path === '/metrics' && metrics) {
      metrics.metrics().then(
        (body) => {
          res.writeHead(200, { 'content-type': metrics.contentType, connection: 'close' });
          res.end(body);
        },
        () => send(500, { status: 'metrics_unavailable' }),
      );
      return;
    }
    if (path !== '/ready') return send(404, { status: 'not_found' });
    readiness().then(
      (checks) => {
        const ready = checks.workers && checks.redis && checks.mongodb;
        send(ready ? 200 : 503, { status: ready ? 'ready' : 'unavailable', checks });
      },
      () => send(503, { status: 'unavailable', checks: { workers: false, redis: false, mongodb: false } }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
