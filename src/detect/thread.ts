// Piscina tasks: CPU-bound detection runs here, off the event loop of the API (text checks) and of
// the worker process (file checks, whose BullMQ locks are renewed by that loop).
import { check, checkWithPlan, checkWithSpans, type MaskReplacement } from '../engine/index.js';
import type { CheckOptions, CheckOutcome, FindingSpan } from '../engine/types.js';

/**
 * Structured-cloned to the thread: the policy's detection settings travel as plain specs, and the
 * engine compiles them in the thread through its bounded cache (src/engine/custom/cache.ts).
 */
export interface CheckTextTask {
  text: string;
  options: CheckOptions;
}

export function checkText(task: CheckTextTask): CheckOutcome {
  return check(task.text, task.options);
}

/** A check that also returns its mask plan (null when blocked), for masking a file in its own format. */
export type PlannedOutcome = CheckOutcome & { masks: MaskReplacement[] | null };

export function checkTextWithPlan(task: CheckTextTask): PlannedOutcome {
  return checkWithPlan(task.text, task.options);
}

/** A check that also says where each finding is in the text (the dashboard's playground marks them). */
export type SpannedOutcome = CheckOutcome & { spans: FindingSpan[] };

export function checkTextWithSpans(task: CheckTextTask): SpannedOutcome {
  return checkWithSpans(task.text, task.options);
}
