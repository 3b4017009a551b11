// Closing the API without dropping anyone: a request waiting on its job (a file check, an evidence
// bundle) when the app begins to close is answered 503 `shutting_down` with Retry-After at once, and a
// request that arrives while it closes gets the same (not Fastify's bare 503). The job stays queued
// for a worker (test/api/server-process.test.ts sees it finish, recorded once, when a worker runs).
import { connect } from 'node:net';
import type { QueueEvents } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { admin, createOrg, startTestApp, testEnv, type TestApp } from '../helpers/app.js';

/** Resolves with the id of the next job added to the queue these events watch. */
function nextJob(events: QueueEvents): Promise<string> {
  return new Promise((resolve) => events.once('waiting', ({ jobId }) => resolve(jobId)));
}

/** This test's database goes before the app closes (closing is what the test is about). */
async function dropDatabases(t: TestApp): Promise<void> {
  await t.app.mongo.db.dropDatabase();
}

const expectShuttingDown = (status: number, headers: Record<string, unknown>, body: unknown) => {
  expect(status).toBe(503);
  expect(headers['retry-after']).toBe('2');
  expect(body).toEqual({ code: 'shutting_down', detail: expect.any(String) });
};

describe('closing the API', () => {
  it('answers a file check waiting on its (queued) job 503 shutting_down at once, and drops its keep-alive connection', async () => {
    // No worker runs: the job waits, and so would the request, for a minute.
    const t = await startTestApp(testEnv({ FILE_WAIT_MS: '60000' }));
    const org = await createOrg(t.app);
    // Over a real keep-alive connection (fetch keeps its connections): the app closes only once that
    // connection does, and it is not idle when the close begins.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const queued = nextJob(t.app.queues.fileScanEvents);
    const form = new FormData();
    form.append('destination', 'AI_TOOL');
    form.append('file', new Blob([Buffer.from('Member SSN 123-45-6789')]), 'note.txt');
    const answer = fetch(`${address}/api/preflight`, { method: 'POST', headers: { 'x-service-api-key': org.apiKey }, body: form });
    const id = await queued;
    const job = await t.app.queues.fileScan.getJob(id);
    expect(await job?.getState()).toBe('waiting');

    await dropDatabases(t);
    const closed = t.app.close();
    const res = await answer;
    expectShuttingDown(res.status, Object.fromEntries(res.headers), await res.json());
    expect(res.headers.get('connection')).toBe('close');
    // Without `Connection: close` this waits for the client's keep-alive to lapse (the test times out).
    await closed;
  });

  it('answers an export waiting on its bundle, and a request arriving while it closes, 503 shutting_down', async () => {
    const t = await startTestApp(testEnv({ EXPORT_WAIT_MS: '60000' }));
    const org = await createOrg(t.app);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // A request whose last line is sent only once the app is closing (its connection is busy meanwhile,
    // so the server waits for it rather than dropping it as idle).
    const late = connect({ port: Number(new URL(address).port), host: '127.0.0.1' });
    let raw = '';
    late.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
    const lateEnded = new Promise((resolve) => late.once('close', resolve));
    late.write('GET /health HTTP/1.1\r\nHost: x\r\n');

    const queued = nextJob(t.app.queues.evidenceExportEvents);
    const exporting = t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/compliance/export/all?days=7`, headers: admin });
    await queued;
    await dropDatabases(t);
    t.app.closing.addEventListener('abort', () => late.write('\r\n'));
    const closed = t.app.close();

    const res = await exporting;
    expectShuttingDown(res.statusCode, res.headers, res.json());
    await lateEnded;
    await closed;
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    const [status, ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    expectShuttingDown(Number(status?.split(' ')[1]), headers, JSON.parse(body));
    expect(headers.connection).toBe('close');
  });
});
