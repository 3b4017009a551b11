// The benchmark's client for file checks: POST /api/preflight as a client sends it, and where one
// check's time went, read from its BullMQ job's timestamps (the API and worker clocks are this machine's).
import type { Queue } from 'bullmq';
import type { BenchFile } from './file-corpus.js';

/** One check's answer: its id, its time, and when it was sent and answered (epoch ms, as BullMQ's job times). */
export interface Answer {
  id: string;
  ms: number;
  sentAt: number;
  answeredAt: number;
}

/**
 * One file check over HTTP (multipart); null when it did not come back masked, which is an error
 * here: every benchmark file holds personal data the default policy masks. Rejects when `worker`
 * does (the worker process exited), so no request waits out FILE_WAIT_MS for a dead worker.
 */
export async function send(url: string, apiKey: string, file: BenchFile, worker: Promise<never>): Promise<Answer | null> {
  const form = new FormData();
  form.append('destination', 'AI_TOOL');
  form.append('file', new Blob([file.bytes]), file.name);
  const sentAt = Date.now();
  const start = performance.now();
  const answer = (async () => {
    const res = await fetch(url, { method: 'POST', headers: { 'x-service-api-key': apiKey }, body: form });
    const body = (await res.json()) as { preflight_id?: string; decision?: string; masked_file_url?: string | null };
    return { status: res.status, body };
  })();
  const { status, body } = await Promise.race([answer, worker]);
  const ms = performance.now() - start;
  if (status !== 200 || body.decision !== 'ALLOWED_WITH_MASKING' || !body.masked_file_url || !body.preflight_id) {
    console.error(`file checks: ${file.type}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
    return null;
  }
  return { id: body.preflight_id, ms, sentAt, answeredAt: Date.now() };
}

/** Where one check's time went (ms). */
export interface Legs {
  e2e: number;
  /** Upload streamed into GridFS, then the job enqueued: in the API, until BullMQ stamped the job. */
  upload: number;
  /** Queued until the worker took it. */
  pickup: number;
  /** The processor, from reading the upload to deleting it. */
  job: number;
  /** From the job's completion to the client holding the answer (completion event, HTTP answer). */
  answer: number;
}

export async function legsOf(queue: Queue, answer: Answer): Promise<Legs> {
  const job = await queue.getJob(answer.id);
  if (!job?.processedOn || !job.finishedOn) throw new Error(`job ${answer.id} has no timestamps`);
  return {
    e2e: answer.ms,
    upload: job.timestamp - answer.sentAt,
    pickup: job.processedOn - job.timestamp,
    job: job.finishedOn - job.processedOn,
    answer: answer.answeredAt - job.finishedOn,
  };
}
