// The real server process: a check answered 200 is in the audit trail even if the process is
// killed right after answering, and SIGTERM shuts down cleanly, answering a file check that waits on
// its job 503 rather than dropping it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueueEvents } from 'bullmq';
import { createRedis, duplicateRedis } from '../../src/store/redis-client.js';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/local-services.js';
import { fileScanQueue } from '../../src/jobs/file-scan.js';
import { bullPrefix } from '../../src/jobs/prefix.js';
import { admin, testEnv } from '../helpers/app.js';

let mongo: MongoClient;
const servers: ChildProcess[] = [];
// A file check waits a minute for its job: longer than the process's own shutdown limit (15 s).
const env = testEnv({ LOG_LEVEL: 'warn', AUDIT_CLAIM_IDLE_MS: '500', FILE_WAIT_MS: '60000' });

beforeAll(async () => {
  mongo = new MongoClient(env.MONGODB_URL);
  await mongo.connect();
});
afterAll(async () => {
  for (const child of servers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await mongo.db().dropDatabase().catch(() => undefined);
  await mongo.close();
});

function spawnProcess(entry: string, extra: Record<string, string> = {}): { child: ChildProcess; exited: Promise<number | null> } {
  // Vitest exports Vite's BASE_URL ("/"); the server must not take it for its own.
  const { BASE_URL: _viteBase, ...inherited } = process.env;
  // Its log (warnings and errors only) is shown: an exit code other than 0 is explained there.
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { env: { ...inherited, ...env, ...extra }, stdio: ['ignore', 'inherit', 'inherit'] });
  servers.push(child);
  return { child, exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))) };
}

async function startServer(extra: Record<string, string> = {}): Promise<{ child: ChildProcess; base: string; exited: Promise<number | null> }> {
  const port = await freePort();
  const { child, exited } = spawnProcess('src/api/server.ts', { ...extra, PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/ready`).then((r) => r.ok, () => false);
    if (ready) return { child, base, exited };
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function orgKey(base: string): Promise<string> {
  const slug = `proc-${Date.now()}`;
  const org = await fetch(`${base}/api/organizations`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Proc', slug, settings: { admin_email: 'a@b.co' } }),
  }).then((r) => r.json() as Promise<{ org_id: string }>);
  const policies = await fetch(`${base}/api/orgs/${org.org_id}/policies`, { headers: admin }).then((r) => r.json() as Promise<Array<{ api_key: string }>>);
  if (!policies[0]) throw new Error('the new organization has no policy');
  return policies[0].api_key;
}

describe('server process', () => {
  it('a check answered 200 is recorded even when the process is killed right after', async () => {
    const server = await startServer();
    const key = await orgKey(server.base);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${server.base}/api/preflight/text`, {
          method: 'POST',
          headers: { 'x-service-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ text: `note ${i} for jane@example.com`, destination: 'AI_TOOL' }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { preflight_id: string } })),
      ),
    );
    server.child.kill('SIGKILL');
    await server.exited;
    const ids = answers.filter((a) => a.status === 200).map((a) => a.body.preflight_id);
    expect(ids).toHaveLength(20);
    // Whatever the killed process had not drained is in the journal; the next process drains it
    // (entries it had read but not acknowledged are claimed after AUDIT_CLAIM_IDLE_MS).
    const next = await startServer();
    try {
      const audit = mongo.db().collection('audit');
      const deadline = Date.now() + 20_000;
      while ((await audit.countDocuments({ _id: { $in: ids } } as object)) < 20 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await audit.countDocuments({ _id: { $in: ids } } as object)).toBe(20);
    } finally {
      next.child.kill('SIGTERM');
      await next.exited;
    }
  });

  it('answers a file check waiting on its job 503 on SIGTERM, exits 0, and the job is recorded once by a worker', async () => {
    const server = await startServer();
    const key = await orgKey(server.base);
    const redis = createRedis(env.REDIS_URL, { maxRetriesPerRequest: null, connectionName: 'test-queue' });
    const prefix = bullPrefix(redis, env.REDIS_PREFIX);
    const queue = fileScanQueue({ connection: redis, prefix });
    const events = new QueueEvents(queue.name, { connection: duplicateRedis(redis, {}), prefix });
    try {
      await events.waitUntilReady();
      const queued = new Promise<string>((resolve) => events.once('waiting', ({ jobId }) => resolve(jobId)));
      // No worker runs yet: the request waits on its job when the server is told to stop.
      const form = new FormData();
      form.append('destination', 'AI_TOOL');
      form.append('file', new Blob([Buffer.from('Member SSN 123-45-6789')]), 'note.txt');
      const answer = fetch(`${server.base}/api/preflight`, { method: 'POST', headers: { 'x-service-api-key': key }, body: form });
      const id = await queued;
      server.child.kill('SIGTERM');

      const res = await answer;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(await res.json()).toMatchObject({ code: 'shutting_down' });
      expect(await server.exited).toBe(0);

      // The check itself goes on: a worker takes the job and records it, once.
      const worker = spawnProcess('src/workers/main.ts');
      const job = await queue.getJob(id);
      expect((await job?.waitUntilFinished(events, 60_000))?.decision).toBe('ALLOWED_WITH_MASKING');
      const audit = mongo.db().collection('audit');
      while ((await audit.countDocuments({ _id: id } as object)) === 0) await new Promise((r) => setTimeout(r, 100));
      expect(await audit.countDocuments({ _id: id } as object)).toBe(1);
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    } finally {
      await events.close();
      await queue.close();
      redis.disconnect();
    }
  }, 90_000);

  it('exports its spans over OTLP when the OTEL_* variables ask for it, and flushes them on SIGTERM', async () => {
    const batches: unknown[] = [];
    const collector = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        batches.push(JSON.parse(body));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
      const server = await startServer({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'preflight-otlp-test' });
      const key = await orgKey(server.base);
      const res = await fetch(`${server.base}/api/preflight/text`, {
        method: 'POST',
        headers: { 'x-service-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Member SSN 123-45-6789', destination: 'AI_TOOL' }),
      });
      expect(res.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      type Otlp = { resourceSpans: Array<{ resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> }; scopeSpans: Array<{ spans: Array<{ name: string }> }> }> };
      const spans = (batches as Otlp[]).flatMap((b) =>
        b.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans.map((s) => ({ name: s.name, service: rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue })))),
      );
      for (const name of ['POST /api/preflight/text', 'auth', 'rate-limit', 'detect', 'journal.append']) {
        expect(spans).toContainEqual({ name, service: 'preflight-otlp-test' });
      }
    } finally {
      collector.close();
    }
  });

  it('shuts down cleanly on SIGTERM', async () => {
    const server = await startServer();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
