// The worker process drains the journal of an API that does not drain it itself, and stops cleanly.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, createOrg, startTestApp, testEnv, type TestApp } from '../helpers/app.js';

const env = testEnv({ AUDIT_DRAIN_IN_API: 'false', LOG_LEVEL: 'warn' });
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
      while ((await audit.countDocuments({ _id: { $in: ids } } as object)) < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await audit.countDocuments({ _id: { $in: ids } } as object)).toBe(5);
      expect(await t.app.services.auditJournal.length()).toBe(0);
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
