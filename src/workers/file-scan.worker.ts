// The `file-scan` processor (DESIGN §25-26): upload → sniff → extract → engine → decision → masked
// file in its own format → GridFS → audit record → upload deleted. Every step can run again: a job
// whose worker died is picked up by another, overwrites the masked file under the same id and
// appends its audit record only if the first run did not (AuditJournal.appendOnce). The upload is
// decrypted with the key in the job's data, which is dropped once the job is done with it.
import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { checkOptionsOf } from '../checks/options.js';
import { checkRecord, recordedAnswer, type RecordedLookup } from '../checks/record.js';
import type { DetectPool } from '../detect/pool.js';
import type { PlannedOutcome } from '../detect/thread.js';
import type { CheckOptions } from '../engine/types.js';
import { extract } from '../files/extract/index.js';
import { maskFile } from '../files/mask/index.js';
import type { OcrPool } from '../files/ocr-pool.js';
import { sniff } from '../files/sniff.js';
import { FileError, type Extraction, type FileLimits, type MaskPlanner, type MaskSpan } from '../files/types.js';
import { parseJobFailure, unrecoverable } from '../jobs/failure.js';
import { FILE_SCAN_QUEUE, FileScanJob, withoutUploadKey, type FileScanProgress, type FileScanResult } from '../jobs/file-scan.js';
import type { Counters } from '../metrics/counters.js';
import type { KeyVault } from '../store/api-keys.js';
import type { AuditJournal } from '../store/audit-journal.js';
import type { AuditDoc } from '../store/audit-repository.js';
import { SealBrokenError } from '../store/errors.js';
import type { FileStore } from '../store/file-store.js';
import { contextOf, inSpan, SpanKind } from '../tracing/spans.js';

export interface FileScanDeps {
  files: FileStore;
  journal: AuditJournal;
  /** The stored record of a check, when the job runs again after recording it. */
  recorded: RecordedLookup;
  ocr: OcrPool;
  /** Detection off the event loop, which must stay free to renew the job's lock during a long scan. */
  detect: Pick<DetectPool, 'checkWithPlan'>;
  vault: KeyVault;
  limits: FileLimits;
}

/** A file that cannot be read (or masked) never will be: its FileError fails the job for good. */
function asUnrecoverable(err: unknown): never {
  if (err instanceof FileError) throw unrecoverable({ status: err.status, code: err.code, detail: err.message });
  throw err;
}

/**
 * Masking plans for the extracted text come from the check itself; a format that masks its own view
 * of the text (DOCX) has it checked again. That view must reach the same verdict, or the file would
 * be masked under a decision its own text does not support: fail closed.
 */
function planner(deps: FileScanDeps, extraction: Extraction, masks: MaskSpan[], options: CheckOptions): MaskPlanner {
  return async (text) => {
    if (text === extraction.text) return masks;
    const again = (await detected(deps, text, options)).masks;
    if (!again) throw unrecoverable({ status: 503, code: 'detection_failed', detail: 'The file could not be masked consistently; it was not released.' });
    return again;
  };
}

/** A scan that cannot finish (its thread failed, or it ran past its time budget) will not on a retry either. */
async function detected(deps: FileScanDeps, text: string, options: CheckOptions): Promise<PlannedOutcome> {
  try {
    return await deps.detect.checkWithPlan({ text, options });
  } catch {
    throw unrecoverable({ status: 503, code: 'detection_failed', detail: 'Detection failed; the file was not checked.' });
  }
}

const resultOf = (doc: AuditDoc): FileScanResult => ({ ...recordedAnswer(doc), masked: doc.file?.masked ?? false });

/** What the processor needs of its job: the data, and to drop the upload's key from it once the upload is gone. */
export type FileScanJobHandle = Pick<Job<FileScanJob, FileScanResult>, 'data' | 'updateData'> & Partial<Pick<Job, 'updateProgress'>>;

/** Reports where the check is; a report that fails to reach Redis only leaves the poller a step behind. */
type Report = (progress: FileScanProgress) => void;
const reporter =
  (job: FileScanJobHandle): Report =>
  (progress) =>
    void job.updateProgress?.(progress).catch(() => undefined);

export function fileScanProcessor(deps: FileScanDeps) {
  return async (job: FileScanJobHandle): Promise<FileScanResult> => {
    const parsed = FileScanJob.safeParse(job.data);
    if (!parsed.success) throw unrecoverable({ status: 422, code: 'invalid_job', detail: 'The file-check job is malformed.' });
    try {
      // A span of the request's trace when the job carries it (jobs/file-scan.ts, otel_context).
      const traced = { parent: contextOf(parsed.data.otel_context), kind: SpanKind.CONSUMER, attributes: { 'preflight.preflight_id': parsed.data.preflight_id } };
      const result = await inSpan('file-scan', () => checkFile(deps, parsed.data, reporter(job)), traced);
      await forgetKey(job, parsed.data);
      return result;
    } catch (err) {
      // Gone before the job is marked failed, so whoever learns of the failure finds nothing left.
      if (err instanceof UnrecoverableError) {
        await deps.files.deleteUpload(parsed.data.preflight_id);
        await forgetKey(job, parsed.data);
      }
      throw err;
    }
  };
}

/**
 * Once its upload is deleted a job never needs the key again (a run after that answers from the
 * record): it goes now rather than when Redis removes the job.
 */
async function forgetKey(job: FileScanJobHandle, data: FileScanJob): Promise<void> {
  if (data.upload_key) await job.updateData(withoutUploadKey(data));
}

/** The upload, decrypted and verified before any of it is used; null when it is gone (or its key is, with it). */
async function readUpload(deps: FileScanDeps, data: FileScanJob): Promise<Buffer | null> {
  if (!data.upload_key) return null;
  try {
    return await deps.files.readUpload(data.preflight_id, await deps.files.openUploadKey(data.upload_key, data.preflight_id));
  } catch (err) {
    // Changed at rest, or not the key it was sealed with: it will never read, and nothing of it is checked.
    if (err instanceof SealBrokenError) throw unrecoverable({ status: 503, code: 'upload_unreadable', detail: 'The stored upload failed its integrity check; it was not checked. Submit it again.' });
    throw err;
  }
}

async function checkFile(deps: FileScanDeps, data: FileScanJob, report: Report): Promise<FileScanResult> {
  const id = data.preflight_id;
  const bytes = await readUpload(deps, data);
  if (!bytes) {
    // A run that recorded the check and deleted the upload, then died before the job was marked done.
    const doc = await deps.recorded(id);
    if (doc) return resultOf(doc);
    throw unrecoverable({ status: 410, code: 'upload_missing', detail: 'The uploaded file is no longer available; submit it again.' });
  }

  let extraction: Extraction;
  let pages = { pages_done: 0, pages_total: null as number | null };
  report({ stage: 'extracting', ...pages });
  const onPage = (done: number, total: number) => {
    pages = { pages_done: done, pages_total: total };
    report({ stage: 'extracting', ...pages });
  };
  try {
    extraction = await inSpan('extract', async (span) => {
      const sniffed = sniff(bytes);
      span.setAttribute('preflight.file.kind', sniffed.kind);
      return extract(bytes, sniffed, { ocr: deps.ocr, limits: deps.limits, onPage });
    });
  } catch (err) {
    asUnrecoverable(err);
  }

  pages = { pages_done: extraction.pages, pages_total: extraction.pages };
  report({ stage: 'detecting', ...pages });
  const options = checkOptionsOf(data.policy, data.destination, deps.vault.maskingKeyFor(data.org_id));
  const outcome = await inSpan('detect', () => detected(deps, extraction.text, options));

  const createdAt = new Date();
  const masked = outcome.masks !== null;
  if (outcome.masks) {
    report({ stage: 'masking', ...pages });
    const masks = outcome.masks;
    const file = await inSpan('mask', () => maskFile(bytes, extraction, planner(deps, extraction, masks, options)).catch(asUnrecoverable));
    await inSpan('store masked', () => deps.files.putMasked(id, file.bytes, { org_id: data.org_id, mime: file.mime, ext: file.ext }));
  }

  report({ stage: 'recording', ...pages });
  const { org_id, org_name, policy_id, policy_name, policy_version } = data;
  const doc = checkRecord({
    id,
    subject: { org_id, org_name, policy_id, policy_name, policy_version },
    destination: data.destination,
    outcome,
    bytes: data.bytes,
    createdAt,
    file: { kind: extraction.layout.kind, pages: extraction.pages, ocr_pages: extraction.ocrPages, masked },
    trace: { request_id: data.request_id, metadata: data.metadata },
  });
  // A run that comes after one which recorded the check answers with that record's time.
  // Its webhook events go out when the record is drained (WebhookEvents.checksRecorded).
  const first = (await inSpan('journal.append', () => deps.journal.appendOnce(doc))) ? doc : ((await deps.recorded(id)) ?? doc);
  await deps.files.deleteUpload(id);
  return { ...resultOf(first), detected: outcome.detected };
}

export interface FileScanWorkerOptions {
  connection: ConnectionOptions;
  prefix: string;
  concurrency: number;
  lockMs: number;
  stalledIntervalMs: number;
  counters?: Pick<Counters, 'fileCheck'>;
}

/** A job out of attempts will not run again (one failed for good has already dropped its upload). */
function outOfAttempts(job: Job): boolean {
  return job.attemptsMade >= (job.opts.attempts ?? 1);
}

export function startFileScanWorker(deps: FileScanDeps, opts: FileScanWorkerOptions, log: Logger): Worker<FileScanJob, FileScanResult> {
  const worker = new Worker<FileScanJob, FileScanResult>(FILE_SCAN_QUEUE, fileScanProcessor(deps), {
    connection: opts.connection,
    prefix: opts.prefix,
    concurrency: opts.concurrency,
    lockDuration: opts.lockMs,
    stalledInterval: opts.stalledIntervalMs,
    // A job whose worker died is picked up again; twice more before it counts as failed.
    maxStalledCount: 2,
  });
  worker.on('completed', () => opts.counters?.fileCheck('completed'));
  worker.on('failed', (job, err) => {
    if (!job) return;
    const code = parseJobFailure(err.message)?.code ?? err.name;
    // By the job's id and its request's X-Request-Id (as the API logs it, `reqId`), and the code
    // only: a failure's detail never quotes the file.
    const ids = { job: job.id, reqId: job.data.request_id };
    log.warn({ ...ids, attempt: job.attemptsMade, code }, 'file check failed');
    if (outOfAttempts(job)) opts.counters?.fileCheck('failed', code);
    if (outOfAttempts(job) && job.id) {
      deps.files.deleteUpload(job.id).catch((e: unknown) => log.warn({ ...ids, err: String(e) }, 'could not delete the upload of a failed check'));
      forgetKey(job, job.data).catch((e: unknown) => log.warn({ ...ids, err: String(e) }, 'could not drop the upload key of a failed check'));
    }
  });
  worker.on('error', (err) => log.warn({ err: err.message }, 'file-scan worker error'));
  return worker;
}
