// The evidence-export processor run again for a bundle it already wrote (its worker died after the
// write, before BullMQ marked the job done): the bundle is rewritten under the same id, whole, once.
// Real FerretDB and Chromium.
import { createHash, randomBytes } from 'node:crypto';
import type { Job } from 'bullmq';
import JSZip from 'jszip';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Framework } from '../../src/compliance/catalog.js';
import type { EvidenceExportJob, EvidenceExportResult } from '../../src/jobs/evidence-export.js';
import { PdfRenderer } from '../../src/pdf/renderer.js';
import { ChangeLog } from '../../src/services/change-log.js';
import { ComplianceService } from '../../src/services/compliance.js';
import { LicenseSigner } from '../../src/services/license-signer.js';
import { KeyVault } from '../../src/store/api-keys.js';
import { createRepositories } from '../../src/store/repositories.js';
import { bundleRepository } from '../../src/store/bundle-repository.js';
import { bundleStore } from '../../src/store/bundle-store.js';
import { newId } from '../../src/store/ids.js';
import { evidenceExportProcessor, type EvidenceExportDeps } from '../../src/workers/evidence-export.worker.js';
import { MASTER_KEY, serviceUrls } from '../helpers/app.js';
import { storedFor } from '../helpers/stored-files.js';

const { mongodbUrl } = serviceUrls();
let client: MongoClient;
let db: Db;
let pdf: PdfRenderer;
beforeAll(async () => {
  client = await MongoClient.connect(mongodbUrl);
  db = client.db(`pf_test_bundles_${randomBytes(4).toString('hex')}`);
  pdf = new PdfRenderer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', timeoutMs: 60_000, maxConcurrent: 1 });
});
afterAll(async () => {
  await pdf.close();
  await db.dropDatabase();
  await client.close();
});

const reposOf = (db: Db) => createRepositories({ db }, { fileRetentionMs: 86_400_000, masterKey: MASTER_KEY });

function depsFor(removed: string[], events: EvidenceExportDeps['events'] = { emit: async () => undefined }): EvidenceExportDeps {
  const repos = reposOf(db);
  return {
    organizations: repos.organizations,
    compliance: new ComplianceService(repos, new ChangeLog(repos.changeLog)),
    bundles: repos.bundles,
    store: repos.bundleFiles,
    pdf,
    signer: () => LicenseSigner.load(repos.signingKeys, new KeyVault(MASTER_KEY)),
    retention: 2,
    removeSchedule: async (orgId) => {
      removed.push(orgId);
    },
    // Delivery is tested in test/api/webhooks.test.ts; here, that the job waits for the event.
    events,
  };
}

type ExportJob = Pick<Job<EvidenceExportJob, EvidenceExportResult>, 'id' | 'data' | 'opts' | 'timestamp'>;

/** An organization of its own, opted into `frameworks` (none: the bundle then covers them all). */
async function acme(frameworks: Framework[] = []): Promise<{ orgId: string; now: Date }> {
  const now = new Date();
  const orgId = newId('org');
  const repos = reposOf(db);
  await repos.organizations.insert({
    _id: orgId,
    name: 'Acme',
    slug: `acme-${randomBytes(3).toString('hex')}`,
    settings: { admin_email: 'a@example.com', primary_color: '#112233' },
    created_at: now,
    updated_at: now,
  });
  for (const framework of frameworks) await repos.frameworkSettings.set(orgId, framework, true, now);
  return { orgId, now };
}

describe('evidence-export processor', { timeout: 120_000 }, () => {
  it('rewrites a bundle under the same id when its job runs again', async () => {
    const { orgId, now } = await acme(['SOC2']);
    const bundleId = newId('bnd');
    const job: ExportJob = { id: bundleId, data: { trigger: 'on_demand', bundle_id: bundleId, org_id: orgId, days: 30 }, opts: {}, timestamp: now.getTime() };
    const process = evidenceExportProcessor(depsFor([]));

    const first = await process(job);
    const second = await process(job);
    expect(first?.bundle_id).toBe(bundleId);
    expect(second?.bundle_id).toBe(bundleId);

    const docs = await bundleRepository(db).listByOrg(orgId);
    expect(docs.map((d) => d._id)).toEqual([bundleId]);
    expect(docs[0]).toMatchObject({ size: second?.size, sha256: second?.sha256, frameworks: ['SOC2'] });
    const stored = await bundleStore(db).open(bundleId);
    const parts: Buffer[] = [];
    for await (const part of stored!.stream) parts.push(part as Buffer);
    const bytes = Buffer.concat(parts);
    expect(bytes.length).toBe(second?.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(second?.sha256);
    expect(await db.collection('bundles.files').countDocuments({ _id: bundleId as never })).toBe(1);
    expect(await storedFor(db, bundleId)).toEqual(['bundles.files', 'bundles.chunks']);
    const zip = await JSZip.loadAsync(bytes);
    expect(Object.keys(zip.files)).toEqual(['manifest.json', 'manifest.jws', 'summary.pdf', 'SOC2/evidence.csv', 'SOC2/evidence.json', 'SOC2/evidence.pdf']);
  });

  it('fails the job when bundle.ready cannot be enqueued, so that BullMQ runs it again and the event names the bytes stored', async () => {
    const { orgId, now } = await acme();
    const sent: Array<Record<string, unknown>> = [];
    let redisDown = true;
    const process = evidenceExportProcessor(
      depsFor([], {
        emit: async (_org, _type, _about, data) => {
          if (redisDown) throw new Error('Connection is closed.');
          sent.push(data);
        },
      }),
    );
    const bundleId = newId('bnd');
    const job: ExportJob = { id: bundleId, data: { trigger: 'on_demand', bundle_id: bundleId, org_id: orgId, days: 7 }, opts: {}, timestamp: now.getTime() };
    await expect(process(job)).rejects.toThrow('Connection is closed.');
    redisDown = false;
    const done = await process(job);
    const stored = (await bundleRepository(db).listByOrg(orgId))[0];
    expect(sent).toEqual([{ bundle_id: bundleId, trigger: 'on_demand', size: stored?.size, sha256: stored?.sha256 }]);
    expect(done).toEqual({ bundle_id: bundleId, size: stored?.size, sha256: stored?.sha256 });
  });

  it('asks for every PDF at once, keeps the files in order whatever finishes first, and fails whole when one render fails', async () => {
    const { orgId, now } = await acme(['SOC2', 'GDPR']);
    // Each render finishes later the earlier it was asked for: the summary last.
    const asked: string[] = [];
    const reversed = {
      render: (html: string) => {
        asked.push(html.slice(html.indexOf('<title>') + 7, html.indexOf('</title>')));
        const nth = asked.length;
        return new Promise<Buffer>((resolve) => setTimeout(() => resolve(Buffer.from(`%PDF ${nth}`)), 300 - nth * 50));
      },
    };
    const bundleId = newId('bnd');
    const job: ExportJob = { id: bundleId, data: { trigger: 'on_demand', bundle_id: bundleId, org_id: orgId, days: 30 }, opts: {}, timestamp: now.getTime() };
    await evidenceExportProcessor({ ...depsFor([]), pdf: reversed })(job);
    expect(asked).toHaveLength(3);
    const stored = await bundleStore(db).open(bundleId);
    const parts: Buffer[] = [];
    for await (const part of stored!.stream) parts.push(part as Buffer);
    const zip = await JSZip.loadAsync(Buffer.concat(parts));
    expect(Object.keys(zip.files)).toEqual(['manifest.json', 'manifest.jws', 'summary.pdf', 'SOC2/evidence.csv', 'SOC2/evidence.json', 'SOC2/evidence.pdf', 'GDPR/evidence.csv', 'GDPR/evidence.json', 'GDPR/evidence.pdf']);
    expect(await zip.file('summary.pdf')!.async('string')).toBe('%PDF 1');

    // The second render fails while the third still runs: the bundle fails and nothing is stored.
    let n = 0;
    const failing = {
      render: () => (++n === 2 ? Promise.reject(new Error('render failed')) : new Promise<Buffer>((resolve) => setTimeout(() => resolve(Buffer.from('%PDF')), 200))),
    };
    const failedId = newId('bnd');
    const failedJob: ExportJob = { ...job, id: failedId, data: { trigger: 'on_demand', bundle_id: failedId, org_id: orgId, days: 30 } };
    await expect(evidenceExportProcessor({ ...depsFor([]), pdf: failing })(failedJob)).rejects.toThrow('render failed');
    await new Promise((r) => setTimeout(r, 300));
    expect(await bundleStore(db).open(failedId)).toBeNull();
    expect((await bundleRepository(db).listByOrg(orgId)).map((d) => d._id)).toEqual([bundleId]);
  });

  it('fails an on-demand bundle of an organization that is gone for good, and ends a gone organization’s schedule', async () => {
    const removed: string[] = [];
    const process = evidenceExportProcessor(depsFor(removed));
    const bundleId = newId('bnd');
    const onDemand: ExportJob = { id: bundleId, data: { trigger: 'on_demand', bundle_id: bundleId, org_id: 'org_gone', days: 30 }, opts: {}, timestamp: Date.now() };
    await expect(process(onDemand)).rejects.toMatchObject({ name: 'UnrecoverableError', message: expect.stringContaining('"status":404') });

    const scheduled: ExportJob = { id: 'repeat:bundles-org_gone:1', data: { trigger: 'scheduled', org_id: 'org_gone', days: 30 }, opts: {}, timestamp: Date.now() };
    expect(await process(scheduled)).toBeNull();
    expect(removed).toEqual(['org_gone']);
  });
});
