// Progress of file checks: the 202 and GET /api/preflight/{id} while pending carry `progress` and
// Retry-After; the worker reports its stages and pages through job.updateProgress (the queue
// dashboard shows the same). Real Redis, FerretDB, BullMQ and worker.
import { QueueEvents } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_SCAN_QUEUE } from '../../src/jobs/file-scan.js';
import { bullPrefix } from '../../src/jobs/prefix.js';
import { startFileWorkers } from '../../src/workers/file-workers.js';
import { createOrg, fileCheck, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';
import { textPdf } from '../helpers/file-fixtures.js';
import { createRedis } from '../../src/store/redis-client.js';

let t: TestApp;
let org: OrgFixture;

beforeAll(async () => {
  // No wait: every file check answers 202 at once; no worker until a test starts one.
  t = await startTestApp(testEnv({ FILE_WAIT_MS: '0', OCR_WORKERS: '1' }));
  org = await createOrg(t.app);
});
afterAll(async () => t?.close());

const poll = (id: string) => t.app.inject({ method: 'GET', url: `/api/preflight/${id}`, headers: { 'x-service-api-key': org.apiKey } });

describe('progress of a file check', () => {
  it('answers 202 with progress and Retry-After while the job waits, and GET says the same', async () => {
    const res = await fileCheck(t.app, org.apiKey, Buffer.from('mail john@example.com'));
    expect(res.statusCode, res.body).toBe(202);
    const { preflight_id } = res.json();
    expect(res.json()).toEqual({ preflight_id, status: 'pending', progress: { stage: 'queued', pages_done: 0, pages_total: null } });
    expect(res.headers['retry-after']).toBe('2');
    const got = await poll(preflight_id);
    expect(got.statusCode).toBe(202);
    expect(got.json().progress).toEqual({ stage: 'queued', pages_done: 0, pages_total: null });
    expect(got.headers['retry-after']).toBe('2');

    // As a worker reports it part way through a long PDF: the poller is told the pages left.
    const job = await t.app.queues.fileScan.getJob(preflight_id);
    await job!.updateProgress({ stage: 'extracting', pages_done: 5, pages_total: 45 });
    const later = await poll(preflight_id);
    expect(later.json().progress).toEqual({ stage: 'extracting', pages_done: 5, pages_total: 45 });
    expect(later.headers['retry-after']).toBe('30');
    await job!.updateProgress({ stage: 'extracting', pages_done: 43, pages_total: 45 });
    expect((await poll(preflight_id)).headers['retry-after']).toBe('2');
    await job!.remove();
  });

  it('the worker reports its stages and pages as job progress, then the check answers 200', async () => {
    const connection = createRedis(t.config.redis.url, { maxRetriesPerRequest: null, connectionName: 'test-file-progress' });
    const events = new QueueEvents(FILE_SCAN_QUEUE, { connection, prefix: bullPrefix(connection, t.config.redis.prefix) });
    await events.waitUntilReady();
    const seen: unknown[] = [];
    events.on('progress', ({ data }) => seen.push(data));
    const res = await fileCheck(t.app, org.apiKey, await textPdf([['Page one'], ['Page two, SSN 123-45-6789'], ['Page three']]));
    expect(res.statusCode, res.body).toBe(202);
    const { preflight_id } = res.json();
    const workers = await startFileWorkers(t.config, t.app.repos, t.app.services.auditJournal, pino({ level: 'silent' }));
    try {
      const job = await t.app.queues.fileScan.getJob(preflight_id);
      await job!.waitUntilFinished(t.app.queues.fileScanEvents, 60_000);
      await new Promise((r) => setTimeout(r, 200));
      expect(seen).toContainEqual({ stage: 'extracting', pages_done: 0, pages_total: null });
      expect(seen).toContainEqual({ stage: 'extracting', pages_done: 2, pages_total: 3 });
      expect(seen).toContainEqual({ stage: 'detecting', pages_done: 3, pages_total: 3 });
      expect(seen).toContainEqual({ stage: 'masking', pages_done: 3, pages_total: 3 });
      expect(seen.at(-1)).toEqual({ stage: 'recording', pages_done: 3, pages_total: 3 });
      const done = await poll(preflight_id);
      expect(done.statusCode).toBe(200);
      expect(done.json().decision).toBe('ALLOWED_WITH_MASKING');
      expect(done.headers['retry-after']).toBeUndefined();
    } finally {
      await workers.close();
      await events.close();
    }
  });
});
