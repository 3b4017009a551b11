// A job that can never succeed (a corrupt file, an organization that is gone) fails for good with
// BullMQ's UnrecoverableError, its answer as JSON in the failed reason: the API answers the request
// that waits for the job, or polls it, with that status, code and detail.
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';

export const JobFailure = z.object({ status: z.number().int(), code: z.string(), detail: z.string() });
export type JobFailure = z.infer<typeof JobFailure>;

export const unrecoverable = (failure: JobFailure) => new UnrecoverableError(JSON.stringify(failure));

/** The failure a job recorded, or null when it failed otherwise (out of attempts on errors of ours). */
export function parseJobFailure(reason: string | undefined): JobFailure | null {
  try {
    const parsed = JobFailure.safeParse(JSON.parse(reason ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
