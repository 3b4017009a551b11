// A worker killed mid-job (SIGKILL) does not lose the check: the stalled job is picked up by another
// worker process and the check is recorded exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, createOrg, drained, fileCheck, startTestApp, testEnv, type TestApp } from '../helpers/app.js';
import { imagePdf } from '../helpers/file-fixtures.js';

const env = testEnv({
  FILE_WAIT_MS: '0',
  FILE_JOB_LOCK_MS: '1500',
  FILE_STALLED_INTERVAL_MS: '500',
  FILE_WORKER_CONCURRENCY: '1',
  OCR_WORKERS: '1',
  LOG_LEVEL: 'warn',
});
let t: TestApp;
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const { BASE_URL: _viteBase, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/workers/main.ts'], { env: { ...inherited, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

beforeAll(async () => {
  t = await startTestApp(env);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await t.close();
});

describe('a file worker killed mid-job', () => {
  it('is replaced by another that finishes the check, recorded once', async () => {
    const org = await createOrg(t.app);
    // Several scanned pages: OCR keeps the first worker busy long enough to be killed mid-job.
    const pages = Array.from({ length: 4 }, (_, i) => [`Page ${i + 1} of the claim`, 'Member SSN 123-45-6789']);
    const res = await fileCheck(t.app, org.apiKey, await imagePdf(pages));
    expect(res.statusCode, res.body).toBe(202);
    const id: string = res.json().preflight_id;
    const events = t.app.queues.fileScanEvents;

    const active = new Promise<void>((resolve) => {
      const onActive = ({ jobId }: { jobId: string }) => {
        if (jobId !== id) return;
        events.off('active', onActive);
        resolve();
      };
      events.on('active', onActive);
    });
    const first = startWorker();
    await active;
    const killed = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await killed;
    expect(await (await t.app.queues.fileScan.getJob(id))?.getState()).toBe('active');

    startWorker();
    const job = await t.app.queues.fileScan.getJob(id);
    const result = await job?.waitUntilFinished(events, 90_000);
    expect(result?.decision).toBe('ALLOWED_WITH_MASKING');
    expect(result?.detected).toEqual([{ type: 'SSN', count: 4, sample: expect.any(String) }]);

    await drained(t.app);
    expect(await t.app.mongo.db.collection('audit').countDocuments({ _id: id } as object)).toBe(1);
    const analytics = await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/analytics?period=7d`, headers: admin });
    expect(analytics.json().total_checks).toBe(1);
    const got = await t.app.inject({ method: 'GET', url: `/api/preflight/${id}`, headers: { 'x-service-api-key': org.apiKey } });
    expect(got.json()).toMatchObject({ decision: 'ALLOWED_WITH_MASKING', masked_file_url: expect.stringMatching(/masked-file$/) });
  }, 120_000);
});
