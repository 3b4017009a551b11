// The API's audit drain on a thread of its own: it drains and reports what it stored, it is started
// again when its thread dies, it ends with the app, and a thread that cannot start fails its start.
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrainThread } from '../../../src/api/drain-thread/handle.js';
import type { RecordedTally } from '../../../src/metrics/counters.js';
import { loadConfig } from '../../../src/config/index.js';
import { freePort } from '../../../scripts/local-services.js';
import { check, createOrg, drained, loggedLines, startTestApp, testEnv, type OrgFixture, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let org: OrgFixture;
const { logStream, lines } = loggedLines();
beforeAll(async () => {
  t = await startTestApp(testEnv({ LOG_LEVEL: 'warn' }), { logStream });
  org = await createOrg(t.app);
});
afterAll(async () => t?.close());

const thread = () => t.app.services.auditDrainer!;
const stored = (id: string) => t.app.mongo.db.collection('audit').countDocuments({ _id: id } as object);

describe('the audit drain thread', () => {
  it('stores the checks the API journals, and reports each stored batch summed', async () => {
    const tallies: RecordedTally[] = [];
    const onRecorded = (tally: RecordedTally) => tallies.push(tally);
    thread().on('recorded', onRecorded);
    try {
      const res = await check(t.app, org.apiKey, { text: 'SSN 123-45-6789', destination: 'AI_TOOL' });
      expect(res.statusCode).toBe(200);
      await drained(t.app);
      expect(await stored(res.json().preflight_id)).toBe(1);
      expect(tallies.flatMap((x) => x.checks)).toContainEqual({ decision: res.json().decision, destination: 'AI_TOOL', source: 'text', count: 1 });
      expect(tallies.flatMap((x) => x.detections)).toContainEqual({ type: 'SSN', count: 1 });
    } finally {
      thread().off('recorded', onRecorded);
    }
  });

  it('is started again when its thread dies, and then drains what was journaled meanwhile', async () => {
    const started = once(thread(), 'started');
    await thread()['worker']!.terminate();
    // Checks go on while it is down: their records wait in the journal.
    const res = await check(t.app, org.apiKey, { text: 'call 415-555-0100', destination: 'VENDOR' });
    expect(res.statusCode).toBe(200);
    await started;
    await drained(t.app);
    expect(await stored(res.json().preflight_id)).toBe(1);
    expect(lines.some((l) => l.includes('audit drain thread exited; starting it again'))).toBe(true);
  });

  it('refuses a request while its thread is down, saying so', async () => {
    const started = once(thread(), 'started');
    await thread()['worker']!.terminate();
    await expect(thread().settled()).rejects.toThrow(/not running/);
    await started;
    await expect(thread().settled()).resolves.toBeUndefined();
  });
});

describe('a drain thread that cannot start', () => {
  it('fails, with the connection errors logged', async () => {
    const config = loadConfig({ ...testEnv(), REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    const warnings: string[] = [];
    const log = { warn: (obj: object, msg: string) => warnings.push(`${msg} ${JSON.stringify(obj)}`), error: () => undefined };
    await expect(DrainThread.start(config, log)).rejects.toThrow(/^the audit drain thread could not start: /);
    expect(warnings.some((w) => w.includes('audit drain thread') && w.includes('ECONNREFUSED'))).toBe(true);
  });
});

describe('closing the app', () => {
  it('ends the drain thread', async () => {
    const own = await startTestApp();
    const drainer = own.app.services.auditDrainer!;
    const exited = once(drainer['worker']!, 'exit');
    await own.close();
    await exited;
    expect(drainer['worker']).toBeNull();
    await expect(drainer.settled()).rejects.toThrow(/not running/);
  });
});
