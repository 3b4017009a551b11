// The worker's health port: /health while the process runs, /ready only when everything is.
import type { AddressInfo } from 'node:net';
import { Counter, Registry } from 'prom-client';
import { afterAll, describe, expect, it } from 'vitest';
import { startHealthServer, withinProbeTimeout, type WorkerReadiness } from '../../src/workers/health.js';

let state: WorkerReadiness = { workers: true, redis: true, mongodb: true };
const server = await startHealthServer(0, '127.0.0.1', async () => state);
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('worker health port', () => {
  it('answers /ready 200 when workers run and both stores answer', async () => {
    const res = await fetch(`${base}/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: state });
  });

  it.each([
    { workers: false, redis: true, mongodb: true },
    { workers: true, redis: false, mongodb: true },
    { workers: true, redis: true, mongodb: false },
  ])('answers /ready 503 naming what is down: %o', async (down) => {
    state = down;
    const res = await fetch(`${base}/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', checks: down });
    // Liveness does not depend on the stores: a restart would not bring Redis back.
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });

  it('answers 404 elsewhere and 405 to other methods', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/ready`, { method: 'POST' })).status).toBe(405);
  });

  it('serves the registry it is given on /metrics, as Prometheus text', async () => {
    const registry = new Registry();
    new Counter({ name: 'preflight_test_total', help: 'a test counter', registers: [registry] }).inc(3);
    const withMetrics = await startHealthServer(0, '127.0.0.1', async () => state, registry);
    try {
      const res = await fetch(`http://127.0.0.1:${(withMetrics.address() as AddressInfo).port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toContain('preflight_test_total 3');
    } finally {
      await new Promise<void>((resolve) => withMetrics.close(() => resolve()));
    }
  });

  it('counts a dependency that does not answer in time as down', async () => {
    expect(await withinProbeTimeout(Promise.resolve('PONG'))).toBe(true);
    expect(await withinProbeTimeout(Promise.reject(new Error('ECONNREFUSED')))).toBe(false);
  });
});
