// File checks on the API side (DESIGN §24-25): the upload streams into GridFS, a `file-scan` job is
// enqueued under the check's id, and the request waits for it up to a bound; after that the caller
// gets 202 and polls GET /api/preflight/{id}. The worker does the rest (src/workers/file-scan.worker.ts).
import { Transform, type Readable } from 'node:stream';
import type { Job, Queue, QueueEvents } from 'bullmq';
import { ApiError, Errors } from '../errors.js';
import { HEAD_BYTES, sniffHead } from '../files/sniff.js';
import { FileError } from '../files/types.js';
import { parseJobFailure } from '../jobs/failure.js';
import { enqueueFileScan, type FileScanJob, type FileScanResult } from '../jobs/file-scan.js';
import type { AuditJournal } from '../store/audit-journal.js';
import { auditSubject, type AuditDoc, type AuditRepository } from '../store/audit-repository.js';
import type { FileStore, MaskedFileMeta } from '../store/file-store.js';
import type { Destination } from '../engine/types.js';
import { detectionSettings } from '../store/policy-repository.js';
import type { PolicyPrincipal } from './key-resolver.js';

export interface FileCheckResult {
  preflight_id: string;
  decision: FileScanResult['decision'];
  summary: string;
  detected: FileScanResult['detected'];
  masked_file_url: string | null;
  policy_version: string;
  created_at: string;
}

export type Submitted = { status: 'done'; result: FileCheckResult } | { status: 'pending'; preflight_id: string };

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

export class FileCheckService {
  constructor(
    private readonly files: FileStore,
    private readonly queue: Queue<FileScanJob, FileScanResult>,
    private readonly events: QueueEvents,
    private readonly audit: AuditRepository,
    private readonly journal: AuditJournal,
    private readonly opts: FileCheckOptions,
  ) {}

  private maskedFileUrl(id: string): string {
    return `${this.opts.baseUrl}/api/preflight/${id}/masked-file`;
  }

  /**
   * Streams an upload into GridFS under the check's id, and refuses at once what can never be
   * checked: an empty file, or one whose first bytes are no supported type. Returns its size.
   */
  async receive(id: string, source: Readable, orgId: string): Promise<number> {
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
    // `pipe` does not pass errors on: a client that goes away, or a file cut at the size limit, must fail the write.
    source.once('error', (err) => meter.destroy(err));
    await this.files.putUpload(id, source.pipe(meter), orgId);
    try {
      if (bytes === 0) throw new FileError('empty_file', 'The file is empty.');
      sniffHead(Buffer.concat(head));
    } catch (err) {
      await this.files.deleteUpload(id);
      throw err;
    }
    return bytes;
  }

  discard(id: string): Promise<void> {
    return this.files.deleteUpload(id);
  }

  async submit({ org, policy }: PolicyPrincipal, id: string, destination: Destination, bytes: number): Promise<Submitted> {
    const payload: FileScanJob = {
      preflight_id: id,
      ...auditSubject(org, policy),
      destination,
      bytes,
      received_at: new Date().toISOString(),
      policy: detectionSettings(policy),
    };
    let job: Job<FileScanJob, FileScanResult>;
    try {
      job = await enqueueFileScan(this.queue, payload, this.opts.attempts);
    } catch (err) {
      await this.files.deleteUpload(id).catch(() => undefined);
      throw Object.assign(Errors.cacheUnavailable(), { cause: err });
    }
    if (this.opts.waitMs > 0) {
      try {
        return { status: 'done', result: this.fileForm(await job.waitUntilFinished(this.events, this.opts.waitMs)) };
      } catch {
        // Failed for good, or still running: the job's state tells which.
      }
    }
    return (await this.jobOutcome(id)) ?? { status: 'pending', preflight_id: id };
  }

  /** A job's answer, pending while it runs, or the error it failed with; null when the viewer has no such job. */
  private async jobOutcome(id: string, viewer: Viewer = 'admin'): Promise<Submitted | null> {
    const job = await this.queue.getJob(id);
    if (!job || !visible(viewer, job.data.org_id)) return null;
    const state = await job.getState();
    if (state === 'failed') throw failureError(job.failedReason);
    if (state === 'completed' && job.returnvalue) return { status: 'done', result: this.fileForm(job.returnvalue) };
    return { status: 'pending', preflight_id: id };
  }

  private fileForm(result: FileScanResult): FileCheckResult {
    const { masked, ...rest } = result;
    return { ...rest, masked_file_url: masked ? this.maskedFileUrl(result.preflight_id) : null };
  }

  /**
   * A check by id: its audit record (text or file), or for a file check not yet recorded, its job:
   * pending, or the error it failed with. Null when there is no such check for this viewer.
   */
  async find(id: string, viewer: Viewer): Promise<{ doc: AuditDoc; masked_file_url: string | null } | Submitted | null> {
    const doc = (await this.audit.findById(id)) ?? (await this.journal.pending(id));
    if (doc) {
      if (!visible(viewer, doc.org_id)) return null;
      const available = doc.file?.masked === true && (await this.files.hasMasked(id));
      return { doc, masked_file_url: available ? this.maskedFileUrl(id) : null };
    }
    return this.jobOutcome(id, viewer);
  }

  /** The masked file of a check, for its own organization (or the admin), while it is kept. */
  async maskedFile(id: string, viewer: Viewer): Promise<{ meta: MaskedFileMeta; length: number; stream: Readable } | null> {
    const file = await this.files.openMasked(id);
    if (!file) return null;
    if (!visible(viewer, file.meta.org_id)) {
      file.stream.destroy();
      return null;
    }
    return file;
  }
}
