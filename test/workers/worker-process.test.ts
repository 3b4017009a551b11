// The worker process drains the journal of an API that does not drain it itself, and stops cleanly.
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, createOrg, startTestApp, testEnv, type TestApp } from '../helpers/app.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
const healthPort = await freePort();
const env = testEnv({ AUDIT_DRAIN_IN_API: 'false', LOG_LEVEL: 'warn', WORKER_HEALTH_PORT: String(healthPort) });
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(env);
});
afterAll(async () => t.close());

describe('worker process', () => {
  it('drains checks answered by the API into the store, then exits 0 on SIGTERM', async () => {
    expect(t.app.services.auditDrainer).toBeNull();
    const org = await createOrg(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await check(t.app, org.apiKey, { text: `mail n${i}@example.com`, destination: 'AI_TOOL' })).json().preflight_id);
    expect(await t.app.services.auditJournal.length()).toBe(5);

    const { BASE_URL: _viteBase, ...inherited } = process.env;
    const worker = spawn(process.execPath, ['--import', 'tsx', 'src/workers/main.ts'], { env: { ...inherited, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
    try {
      const audit = t.app.mongo.db.collection('audit');
      const deadline = Date.now() + 20_000;
      // A batch is inserted, then removed from the journal: wait for both.
      const drainedAll = async () => (await audit.countDocuments({ _id: { $in: ids } } as object)) === 5 && (await t.app.services.auditJournal.length()) === 0;
      while (!(await drainedAll()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await audit.countDocuments({ _id: { $in: ids } } as object)).toBe(5);
      expect(await t.app.services.auditJournal.length()).toBe(0);
      // The health port reports the running queue workers and both stores (src/workers/health.ts).
      let ready: Response | null = null;
      while (Date.now() < deadline && ready?.status !== 200) {
        ready = await fetch(`http://127.0.0.1:${healthPort}/ready`).catch(() => null);
        if (ready?.status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready?.status).toBe(200);
      expect(await ready?.json()).toEqual({ status: 'ready', checks: { workers: true, redis: true, mongodb: true } });
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
