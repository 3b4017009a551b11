// The `file-scan` queue (DESIGN §25): one job per uploaded file, id = the check's id, so a repeated
// enqueue of the same check is one job. The payload carries the policy as it was when the file
// arrived (a snapshot, no content): the check applies the policy the caller was answered under,
// even if it changes while the job waits. It also carries the key the upload is encrypted under
// (docs/files.md, "At rest"): Redis holds it for as long as the job, and it is dropped once the job
// is done with the upload.
import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { z } from 'zod';
import { ACTIONS, CATEGORIES, DECISIONS, DESTINATIONS, MASKING_STYLES } from '../engine/types.js';
import { CheckMetadata } from './check-metadata.js';

export const FILE_SCAN_QUEUE = 'file-scan';

const RuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  dataTypes: z.array(z.string()),
  destinations: z.array(z.enum(DESTINATIONS)),
  action: z.enum(ACTIONS),
});

export const FileScanJob = z.object({
  preflight_id: z.string(),
  org_id: z.string(),
  org_name: z.string(),
  policy_id: z.string(),
  policy_name: z.string(),
  policy_version: z.string(),
  destination: z.enum(DESTINATIONS),
  bytes: z.number().int().nonnegative(),
  received_at: z.string(),
  /** The request's id and the caller's metadata, for the audit record. */
  request_id: z.string().optional(),
  metadata: CheckMetadata.optional(),
  /** The request's trace context (W3C `traceparent`/`tracestate`), when tracing is on: the worker's spans join that trace. */
  otel_context: z.record(z.string(), z.string()).optional(),
  /** The upload's AES-256 key, sealed under the master key (FileStore.sealUploadKey, base64); absent once the job no longer needs its upload. */
  upload_key: z
    .string()
    .regex(/^[A-Za-z0-9+/]{80}$/)
    .optional(),
  policy: z.object({
    rules: z.array(RuleSchema),
    masking: z.enum(MASKING_STYLES),
    custom_detectors: z.array(
      z.object({
        name: z.string(),
        category: z.enum(CATEGORIES),
        pattern: z.string().optional(),
        keywords: z.array(z.string()).optional(),
        case_sensitive: z.boolean().optional(),
      }),
    ),
    allow: z.array(z.union([z.object({ value: z.string() }), z.object({ pattern: z.string() })])),
    min_confidence: z.number(),
  }),
});
export type FileScanJob = z.infer<typeof FileScanJob>;

/** What the worker returns; the API adds `masked_file_url` (it knows the base URL). */
export const FileScanResult = z.object({
  preflight_id: z.string(),
  decision: z.enum(DECISIONS),
  summary: z.string(),
  detected: z.array(z.object({ type: z.string(), count: z.number().int(), sample: z.string().nullable() })),
  masked: z.boolean(),
  policy_version: z.string(),
  created_at: z.string(),
});
export type FileScanResult = z.infer<typeof FileScanResult>;

/** Where a running check is (job.updateProgress): also what the queue dashboard shows. */
export const FILE_SCAN_STAGES = ['queued', 'extracting', 'detecting', 'masking', 'recording'] as const;
export const FileScanProgress = z.object({
  stage: z.enum(FILE_SCAN_STAGES),
  pages_done: z.number().int().nonnegative(),
  /** Null until the file is opened and its pages are counted. */
  pages_total: z.number().int().nonnegative().nullable(),
});
export type FileScanProgress = z.infer<typeof FileScanProgress>;

/** A job's progress as the worker last reported it; a job not yet started (or a bare number) is queued. */
export function fileScanProgressOf(raw: unknown): FileScanProgress {
  const parsed = FileScanProgress.safeParse(raw);
  return parsed.success ? parsed.data : { stage: 'queued', pages_done: 0, pages_total: null };
}


export interface FileScanQueueOptions {
  connection: ConnectionOptions;
  prefix: string;
}

/** Completed jobs hold the answer (with samples) only for as long as a waiting request may need it. */
const KEEP_COMPLETED_S = 300;
/** Failed jobs say why, so a client that got 202 can still learn it; kept a day. */
const KEEP_FAILED_S = 86_400;

export function fileScanQueue({ connection, prefix }: FileScanQueueOptions): Queue<FileScanJob, FileScanResult> {
  return new Queue<FileScanJob, FileScanResult>(FILE_SCAN_QUEUE, { connection, prefix });
}

function fileScanJobOptions(jobId: string, attempts: number): JobsOptions {
  return {
    jobId,
    attempts,
    backoff: { type: 'exponential', delay: 1_000 },
    removeOnComplete: { age: KEEP_COMPLETED_S },
    removeOnFail: { age: KEEP_FAILED_S },
  };
}

/** The job's data without the upload's key, for when the upload is no longer needed. */
export function withoutUploadKey(data: FileScanJob): FileScanJob {
  const { upload_key: _spent, ...rest } = data;
  return rest;
}

export function enqueueFileScan(queue: Queue<FileScanJob, FileScanResult>, job: FileScanJob, attempts: number) {
  return queue.add('file-scan', FileScanJob.parse(job), fileScanJobOptions(job.preflight_id, attempts));
}
