// The `evidence-export` processor (spec "export/all"; DESIGN §13, §31): the organization's evidence
// for every framework of its bundle, as CSV, JSON and PDF, with a one-page summary and a manifest, in
// one ZIP streamed into GridFS; then the bundle's document and retention. The files are spooled to a
// temporary directory as they are made, because the manifest that leads the ZIP lists every other
// file's size and digest: neither the files nor the ZIP are ever held in memory together (only the
// few small PDFs rendered ahead of their turn).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import archiver from 'archiver';
import { Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { bundleFilename } from '../compliance/exports.js';
import { summaryHtml } from '../compliance/html.js';
import type { BundleTrigger, ExportContext } from '../compliance/types.js';
import { ApiError } from '../errors.js';
import {
  EVIDENCE_EXPORT_QUEUE,
  EvidenceExportJob,
  scheduledBundleId,
  type EvidenceExportResult,
} from '../jobs/evidence-export.js';
import { parseJobFailure, unrecoverable } from '../jobs/failure.js';
import type { PdfRenderer } from '../pdf/renderer.js';
import { serviceIdentity } from '../config/identity.js';
import { MANIFEST_FILE, SIGNATURE_FILE } from '../services/bundle-signature.js';
import type { ComplianceService } from '../services/compliance.js';
import type { WebhookEvents } from '../services/webhooks.js';
import { EVIDENCE_FORMATS, evidenceFile } from '../services/evidence-files.js';
import type { LicenseSigner } from '../services/license-signer.js';
import type { BundleDoc, BundleRepository } from '../store/bundle-repository.js';
import type { BundleStore } from '../store/bundle-store.js';
import type { OrganizationDoc, OrganizationRepository } from '../store/organization-repository.js';

export interface EvidenceExportDeps {
  organizations: Pick<OrganizationRepository, 'findByRef'>;
  compliance: Pick<ComplianceService, 'bundleReports' | 'exportContext'>;
  bundles: BundleRepository;
  store: BundleStore;
  pdf: Pick<PdfRenderer, 'render'>;
  /** The service's signing key (the license tokens' one), loaded on first use. */
  signer: () => Promise<Pick<LicenseSigner, 'keyId' | 'signDetached'>>;
  /** Bundles kept per organization and trigger. */
  retention: number;
  /** Ends an organization's bundle schedule (its organization is gone). */
  removeSchedule(orgId: string): Promise<void>;
  /** Tells the organization's webhooks that a bundle is ready. */
  events: Pick<WebhookEvents, 'emit'>;
}

type ExportJob = Pick<Job<EvidenceExportJob, EvidenceExportResult>, 'id' | 'data' | 'opts' | 'timestamp'>;

/** A file of the bundle besides the manifest, as the manifest lists it, and where it waits on disk. */
interface SpooledFile {
  path: string;
  size: number;
  sha256: string;
  spool: string;
}

/** A render already running, awaited later: after an earlier file fails it is never awaited, and must not reject unhandled. */
function started<T>(render: Promise<T>): () => Promise<T> {
  render.catch(() => undefined);
  return () => render;
}

const orgGone = () => unrecoverable({ status: 404, code: 'not_found', detail: 'Organization not found.' });

/** The run's bundle id: the request's for an on-demand bundle, the run's own for a scheduled one. */
function bundleIdOf(job: ExportJob, data: EvidenceExportJob): string {
  if (data.trigger === 'on_demand') return data.bundle_id;
  if (!job.id) throw new Error('a scheduled run without a job id');
  return scheduledBundleId(job.id, job.opts.prevMillis ?? job.timestamp);
}

export function evidenceExportProcessor(deps: EvidenceExportDeps) {
  return async (job: ExportJob): Promise<EvidenceExportResult> => {
    const parsed = EvidenceExportJob.safeParse(job.data);
    if (!parsed.success) throw unrecoverable({ status: 422, code: 'invalid_job', detail: 'The evidence export job is malformed.' });
    const data = parsed.data;
    const org = await deps.organizations.findByRef(data.org_id);
    if (!org) {
      if (data.trigger === 'on_demand') throw orgGone();
      await deps.removeSchedule(data.org_id);
      return null;
    }
    const bundle = await writeBundle(deps, org, bundleIdOf(job, data), data.days, data.trigger);
    // An organization deleted while its bundle was being written takes the bundle with it.
    if (!(await deps.organizations.findByRef(org._id))) {
      await deps.bundles.delete(bundle._id);
      await deps.store.remove(bundle._id);
      if (data.trigger === 'on_demand') throw orgGone();
      await deps.removeSchedule(org._id);
      return null;
    }
    await applyRetention(deps, org._id, data.trigger);
    // Enqueued before the job ends: if it cannot be, the job fails and BullMQ runs it again.
    await deps.events.emit(org._id, 'bundle.ready', bundle._id, { bundle_id: bundle._id, trigger: data.trigger, size: bundle.size, sha256: bundle.sha256 });
    return { bundle_id: bundle._id, size: bundle.size, sha256: bundle.sha256 };
  };
}

async function writeBundle(deps: EvidenceExportDeps, org: OrganizationDoc, id: string, days: number, trigger: BundleTrigger): Promise<BundleDoc> {
  // One time for the whole bundle: every file shows the same generation time and window.
  const now = new Date();
  const ctx = deps.compliance.exportContext(org, days, now);
  const contents = await deps.compliance.bundleReports(org, days, now);
  const { reports } = contents;
  const frameworks = reports.map((r) => r.framework);
  const signer = await deps.signer();

  const dir = await mkdtemp(join(tmpdir(), 'preflight-bundle-'));
  try {
    const files: SpooledFile[] = [];
    const spool = async (path: string, content: Buffer | string) => {
      const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      const file = join(dir, String(files.length));
      await writeFile(file, bytes);
      files.push({ path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), spool: file });
    };
    // Every PDF is asked for at once: the renderer prints up to PDF_MAX_CONCURRENT side by side (the rest
    // wait their turn) while CSV and JSON are made between them. PDFs are small (html.ts bounds what a
    // control shows); CSV and JSON are made only when their turn to be spooled comes.
    const made = [
      { path: 'summary.pdf', content: started(deps.pdf.render(summaryHtml(contents, ctx, signer.keyId), { generatedAt: ctx.generated_at })) },
      ...reports.flatMap((report) =>
        EVIDENCE_FORMATS.map((format) => {
          const make = () => evidenceFile(report, ctx, format, deps.pdf);
          return { path: `${report.framework}/evidence.${format}`, content: format === 'pdf' ? started(make()) : make };
        }),
      ),
    ];
    for (const { path, content } of made) await spool(path, await content());
    const manifest = {
      generated_at: ctx.generated_at.toISOString(),
      org: { org_id: ctx.org.org_id, name: ctx.org.name, slug: ctx.org.slug },
      window: ctx.window,
      trigger,
      frameworks,
      // Added (issue 17): why each framework is in, who made the bundle, what was in force, how it is signed.
      framework_reasons: contents.reasons,
      service: serviceIdentity(),
      policies: contents.policies,
      signature: { file: SIGNATURE_FILE, algorithm: 'RS256', key_id: signer.keyId, public_key_path: '/v1/license/public-key', jwks_path: '/.well-known/jwks.json' },
      files: files.map(({ path, size, sha256 }) => ({ path, size, sha256 })),
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2), 'utf8');
    const jws = await signer.signDetached(manifestBytes);
    const { size, sha256 } = await deps.store.put(id, zipOf(manifestBytes, jws, files, ctx), { org_id: org._id });
    const doc: BundleDoc = {
      _id: id,
      org_id: org._id,
      trigger,
      days,
      frameworks,
      from_date: ctx.window.from_date,
      to_date: ctx.window.to_date,
      filename: bundleFilename(ctx),
      size,
      sha256,
      created_at: now,
    };
    await deps.bundles.save(doc);
    return doc;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The ZIP as a stream: manifest.json and its signature first, then the spooled files in order, each read from disk. */
function zipOf(manifest: Buffer, jws: string, files: SpooledFile[], ctx: ExportContext): Readable {
  const archive = archiver('zip', { zlib: { level: 6 } });
  // A missing spool file would be a ZIP without it: fail instead.
  archive.on('warning', (err) => archive.destroy(err));
  archive.append(manifest, { name: MANIFEST_FILE, date: ctx.generated_at });
  archive.append(jws, { name: SIGNATURE_FILE, date: ctx.generated_at });
  for (const file of files) archive.append(createReadStream(file.spool), { name: file.path, date: ctx.generated_at });
  // Errors reach the reader of the stream; the promise would only report them again.
  archive.finalize().catch(() => undefined);
  return archive;
}

/** Keeps the newest bundles of the trigger, dropping older ones (their document first, so none is listed without bytes). */
async function applyRetention(deps: EvidenceExportDeps, orgId: string, trigger: BundleTrigger): Promise<void> {
  for (const old of await deps.bundles.beyond(orgId, trigger, deps.retention)) {
    await deps.bundles.delete(old._id);
    await deps.store.remove(old._id);
  }
}

export interface EvidenceExportWorkerOptions {
  connection: ConnectionOptions;
  prefix: string;
  concurrency: number;
}

export function startEvidenceExportWorker(deps: EvidenceExportDeps, opts: EvidenceExportWorkerOptions, log: Logger): Worker<EvidenceExportJob, EvidenceExportResult> {
  const worker = new Worker<EvidenceExportJob, EvidenceExportResult>(EVIDENCE_EXPORT_QUEUE, evidenceExportProcessor(deps), {
    connection: opts.connection,
    prefix: opts.prefix,
    concurrency: opts.concurrency,
  });
  worker.on('failed', (job, err) => {
    const code = parseJobFailure(err.message)?.code ?? (err instanceof ApiError ? err.code : err.name);
    log.warn({ job: job?.id, org: job?.data.org_id, attempt: job?.attemptsMade, code }, 'evidence bundle failed');
  });
  worker.on('error', (err) => log.warn({ err: err.message }, 'evidence-export worker error'));
  return worker;
}
