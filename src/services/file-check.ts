// File checks on the API side (DESIGN §24-25): the upload streams into GridFS, a `file-scan` job is
// enqueued under the check's id, and the request waits for it up to a bound; after that the caller
// gets 202 and polls GET /api/preflight/{id}. The worker does the rest (src/workers/file-scan.worker.ts).
// A check read back by id, text or file, is answered here too: its record, or its job while it runs.
import { EventEmitter } from 'node:events';
import { finished, Transform, type Readable } from 'node:stream';
import type { Job, Queue, QueueEvents } from 'bullmq';
import { detectionSettings } from '../checks/options.js';
import { auditSubject, recordedAnswer, type CheckAnswer, type RecordedLookup } from '../checks/record.js';
import type { Destination } from '../engine/types.js';
import { ApiError, Errors } from '../errors.js';
import { HEAD_BYTES, sniffHead } from '../files/sniff.js';
import { FileError } from '../files/types.js';
import { parseJobFailure } from '../jobs/failure.js';
import { enqueueFileScan, fileScanProgressOf, type FileScanJob, type FileScanProgress, type FileScanResult } from '../jobs/file-scan.js';
import { newFileKey } from '../store/file-cipher.js';
import type { CheckMetadata } from '../store/audit-repository.js';
import type { FileStore, MaskedFileMeta } from '../store/file-store.js';
import { newId } from '../store/ids.js';
import { inSpan, jobTrace, SpanKind } from '../tracing/spans.js';
import { checkTarget } from './check-target.js';
import { waitForJob } from './job-wait.js';
import type { KeyResolver, PolicyPrincipal } from './key-resolver.js';

export interface FileCheckResult extends CheckAnswer {
  masked_file_url: string | null;
}

/** A text check read back: its content is not kept. */
export interface RecordedTextCheck extends CheckAnswer {
  masked_content: null;
}

export type Pending = { status: 'pending'; preflight_id: string; progress: FileScanProgress };
export type Submitted = { status: 'done'; result: FileCheckResult } | Pending;

/**
 * Seconds a poller should wait (Retry-After): a page left takes about a second (OCR'd ones more,
 * text ones far less), so the pages left, between 1 and 30; 2 while the job waits for a worker.
 */
export function retryAfterOf({ stage, pages_done, pages_total }: FileScanProgress): number {
  if (stage === 'queued') return 2;
  if (pages_total === null) return 1;
  return Math.min(30, Math.max(1, pages_total - pages_done));
}

/** A part of a multipart form as it streams in: a field, or a file. */
export type FormPart = { type: 'field'; fieldname: string; value: unknown } | { type: 'file'; fieldname: string; file: Readable };

/** The form's fields besides the file, validated by the caller (a bad one throws its 422). */
export interface FileCheckFields {
  destination: Destination;
  org_id?: string | undefined;
  policy_id?: string | undefined;
  metadata?: CheckMetadata | undefined;
}

/** Who asks: an organization's key sees its own checks; the admin sees all. */
export type Viewer = { orgId: string } | 'admin';

export interface FileCheckOptions {
  baseUrl: string;
  waitMs: number;
  attempts: number;
}

const failureError = (reason: string | undefined): ApiError => {
  const failure = parseJobFailure(reason);
  // Anything else is a job that ran out of attempts on errors of ours: the file was not checked.
  return failure ? Errors.fileFailure(failure.status, failure.code, failure.detail) : Errors.fileCheckFailed();
};

const visible = (viewer: Viewer, orgId: string) => viewer === 'admin' || viewer.orgId === orgId;

export interface FileCheckDeps {
  files: FileStore;
  queue: Queue<FileScanJob, FileScanResult>;
  events: QueueEvents;
  recorded: RecordedLookup;
  keys: KeyResolver;
  /** Aborted when the API begins to close: a request waiting on its job stops waiting. */
  closing: AbortSignal;
}

/** A stored upload: its size, and the key it is encrypted under (kept nowhere but the job). */
interface Upload {
  bytes: number;
  key: Buffer;
}

/**
 * What reading a form failed with: the deadline's 408 once it has passed; the multipart plugin's own
 * errors (limits, which the error handler maps) as they are; anything else the parser threw is a
 * body that is not well-formed multipart (no boundary, a part cut short, the closing boundary missing).
 */
function formError(err: unknown, deadline: AbortSignal): Error {
  if (deadline.aborted) return deadline.reason as Error;
  if (err instanceof ApiError) return err;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('FST_') && code !== 'FST_MP_PREMATURE_CLOSE') return err as Error;
  const reason = code === 'FST_MP_PREMATURE_CLOSE' ? 'the request ended before the form did' : err instanceof Error ? err.message : String(err);
  return Errors.malformedMultipart(`The body is not valid multipart/form-data: ${reason}.`);
}

/** The form's parts, read until the deadline; a failure to read one is what `formError` says. */
async function* formParts(parts: AsyncIterable<FormPart>, deadline: AbortSignal): AsyncGenerator<FormPart> {
  const iterator = parts[Symbol.asyncIterator]();
  const expired = new Promise<never>((_resolve, reject) => {
    if (deadline.aborted) reject(deadline.reason);
    else deadline.addEventListener('abort', () => reject(deadline.reason), { once: true });
  });
  expired.catch(() => undefined);
  for (;;) {
    let next: IteratorResult<FormPart>;
    try {
      next = await Promise.race([iterator.next(), expired]);
    } catch (err) {
      throw formError(err, deadline);
    }
    if (next.done) return;
    yield next.value;
  }
}

export class FileCheckService {
  /** Each POST /api/preflight as it starts reading its form, and once it has answered or cleaned up after itself. */
  readonly intakes = new EventEmitter<{ started: [id: string]; settled: [id: string] }>();

  constructor(
    private readonly deps: FileCheckDeps,
    private readonly opts: FileCheckOptions,
  ) {}

  private maskedFileUrl(id: string): string {
    return `${this.opts.baseUrl}/api/preflight/${id}/masked-file`;
  }

  /**
   * POST /api/preflight: reads the form as it streams (the file, encrypted under a fresh key, into
   * GridFS; the fields beside it), then submits the check under the policy the fields choose. A form
   * that does not parse is 400 malformed_multipart; `deadline` aborts reading it (its reason is the
   * answer). Nothing of a refused, aborted or abandoned request stays behind; from submission on,
   * the job owns the upload.
   */
  async intake(
    principal: PolicyPrincipal,
    parts: AsyncIterable<FormPart>,
    readFields: (fields: Record<string, string>) => FileCheckFields,
    deadline: AbortSignal,
    requestId?: string,
  ): Promise<Submitted> {
    const id = newId('pf');
    this.intakes.emit('started', id);
    const fields: Record<string, string> = {};
    let upload: Upload | null = null;
    let submitted = false;
    try {
      for await (const part of formParts(parts, deadline)) {
        if (part.type === 'field') fields[part.fieldname] = String(part.value);
        else if (part.fieldname !== 'file') throw Errors.validation(`Unexpected file field "${part.fieldname}"; send the file as "file".`);
        else upload = await this.receive(id, part.file, principal.org._id, deadline);
      }
      if (upload === null) throw Errors.validation('Invalid request. file: is required.');
      const form = readFields(fields);
      const target = await checkTarget(this.deps.keys, principal, form);
      submitted = true;
      return await this.submit(target, id, form.destination, upload, { request_id: requestId, metadata: form.metadata });
    } finally {
      if (!submitted) await this.deps.files.deleteUpload(id).catch(() => undefined);
      this.intakes.emit('settled', id);
    }
  }

  /**
   * Streams an upload into GridFS under the check's id, encrypted under a key of its own, and refuses
   * at once what can never be checked: an empty file, or one whose first bytes are no supported type.
   */
  private async receive(id: string, source: Readable, orgId: string, deadline: AbortSignal): Promise<Upload> {
    let bytes = 0;
    const head: Buffer[] = [];
    let headBytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (headBytes < HEAD_BYTES) {
          head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
          headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
        }
        done(null, chunk);
      },
    });
    // `pipe` does not pass errors on: a client that goes away, a file cut at the size limit, a part
    // the parser cannot read or the deadline must fail the write. `finished` also reports a part the
    // parser had already failed before it was handed over (a body cut short arrives all at once).
    finished(source, (err) => {
      if (err) meter.destroy(formError(err, deadline));
    });
    // That error reaches the store's pipeline, which may not be listening yet.
    meter.on('error', () => undefined);
    const expire = () => meter.destroy(deadline.reason as Error);
    deadline.addEventListener('abort', expire, { once: true });
    const key = newFileKey();
    try {
      await this.deps.files.putUpload(id, source.pipe(meter), orgId, key);
    } finally {
      deadline.removeEventListener('abort', expire);
    }
    if (bytes === 0) throw new FileError('empty_file', 'The file is empty.');
    sniffHead(Buffer.concat(head));
    return { bytes, key };
  }

  private async submit(
    { org, policy }: PolicyPrincipal,
    id: string,
    destination: Destination,
    { bytes, key }: Upload,
    trace: { request_id?: string | undefined; metadata?: CheckMetadata | undefined },
  ): Promise<Submitted> {
    const payload: FileScanJob = {
      preflight_id: id,
      ...auditSubject(org, policy),
      destination,
      bytes,
      received_at: new Date().toISOString(),
      upload_key: this.deps.files.sealUploadKey(key, id),
      policy: detectionSettings(policy),
      ...(trace.request_id !== undefined && { request_id: trace.request_id }),
      ...(trace.metadata !== undefined && { metadata: trace.metadata }),
    };
    let job: Job<FileScanJob, FileScanResult>;
    try {
      // The job carries the trace on (its worker's spans join the request's trace).
      job = await inSpan('queue.add file-scan', () => enqueueFileScan(this.deps.queue, { ...payload, ...jobTrace() }, this.opts.attempts), { kind: SpanKind.PRODUCER });
    } catch (err) {
      await this.deps.files.deleteUpload(id).catch(() => undefined);
      throw Object.assign(Errors.cacheUnavailable(), { cause: err });
    }
    if (this.opts.waitMs > 0) {
      const waited = await waitForJob(job, this.deps.events, this.opts.waitMs, this.deps.closing);
      if (waited.status === 'finished') return { status: 'done', result: this.fileForm(waited.result) };
      // The process is closing: answered now, before the server stops; the worker still checks the file.
      if (waited.status === 'closing') throw Errors.shuttingDown();
    }
    return (await this.jobOutcome(id)) ?? { status: 'pending', preflight_id: id, progress: fileScanProgressOf(undefined) };
  }

  /** A job's answer, pending while it runs, or the error it failed with; null when the viewer has no such job. */
  private async jobOutcome(id: string, viewer: Viewer = 'admin'): Promise<Submitted | null> {
    const job = await this.deps.queue.getJob(id);
    if (!job || !visible(viewer, job.data.org_id)) return null;
    const state = await job.getState();
    if (state === 'failed') throw failureError(job.failedReason);
    if (state === 'completed' && job.returnvalue) return { status: 'done', result: this.fileForm(job.returnvalue) };
    return { status: 'pending', preflight_id: id, progress: fileScanProgressOf(job.progress) };
  }

  private fileForm(result: FileScanResult): FileCheckResult {
    const { masked, ...rest } = result;
    return { ...rest, masked_file_url: masked ? this.maskedFileUrl(result.preflight_id) : null };
  }

  /**
   * A check by id, text or file: its record as the API answers it, or for a file check not yet
   * recorded, its job: pending, or the error it failed with. Null when there is no such check for this viewer.
   */
  async find(id: string, viewer: Viewer): Promise<{ status: 'done'; result: FileCheckResult | RecordedTextCheck } | Submitted | null> {
    const doc = await this.deps.recorded(id);
    if (!doc) return this.jobOutcome(id, viewer);
    if (!visible(viewer, doc.org_id)) return null;
    if (doc.source === 'text') return { status: 'done', result: { ...recordedAnswer(doc), masked_content: null } };
    const available = doc.file?.masked === true && (await this.deps.files.hasMasked(id));
    return { status: 'done', result: { ...recordedAnswer(doc), masked_file_url: available ? this.maskedFileUrl(id) : null } };
  }

  /** The masked file of a check, for its own organization (or the admin), while it is kept. */
  async maskedFile(id: string, viewer: Viewer): Promise<{ meta: MaskedFileMeta; length: number; stream: Readable } | null> {
    const file = await this.deps.files.openMasked(id);
    if (!file) return null;
    if (!visible(viewer, file.meta.org_id)) {
      file.stream.destroy();
      return null;
    }
    return file;
  }
}
