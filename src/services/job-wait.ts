// A request that waits for its BullMQ job (a file check, an evidence bundle): bounded in time, and
// cut short when the process begins to close, so that the request can still be answered (503) before
// the server stops. The job itself goes on in the worker either way.
import type { Job, QueueEvents } from 'bullmq';

export type JobWait<R> = { status: 'finished'; result: R } | { status: 'unfinished' } | { status: 'closing' };

export function waitForJob<R>(job: Job<unknown, R>, events: QueueEvents, ms: number, closing: AbortSignal): Promise<JobWait<R>> {
  if (closing.aborted) return Promise.resolve({ status: 'closing' });
  const finished = job.waitUntilFinished(events, ms).then(
    (result: R): JobWait<R> => ({ status: 'finished', result }),
    // Failed for good, or still running: the job's state tells which.
    (): JobWait<R> => ({ status: 'unfinished' }),
  );
  let onAbort = () => {};
  const aborted = new Promise<JobWait<R>>((resolve) => {
    onAbort = () => resolve({ status: 'closing' });
    closing.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([finished, aborted]).finally(() => closing.removeEventListener('abort', onAbort));
}
