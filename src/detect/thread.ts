// Piscina tasks: CPU-bound detection runs here, off the API's event loop.
import { check } from '../engine/index.js';
import type { CheckOptions, CheckOutcome } from '../engine/types.js';

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
