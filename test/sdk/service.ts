// The real service for SDK tests: an app (real Redis and FerretDB) listening on a real port, with
// the file worker in this process and one organization. FILE_WAIT_MS=0 makes every file check
// answer 202 first, so the SDKs' polling and progress paths always run.
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { startFileWorkers, type FileWorkers } from '../../src/workers/file-workers.js';
import { createOrg, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';

export interface LiveService {
  t: TestApp;
  org: OrgFixture;
  baseUrl: string;
}

/** Starts the service before the file's tests and stops it after them; `ready` receives it. */
export function liveServiceForFile(ready: (s: LiveService) => void): void {
  let t: TestApp | undefined;
  let workers: FileWorkers | undefined;
  beforeAll(async () => {
    t = await startTestApp(testEnv({ FILE_WAIT_MS: '0', OCR_WORKERS: '1' }));
    workers = await startFileWorkers(t.config, t.app.repos, t.app.services.auditJournal, pino({ level: 'silent' }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    ready({ t, org: await createOrg(t.app), baseUrl: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await workers?.close();
    await t?.close();
  });
}
