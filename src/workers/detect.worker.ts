// Piscina tasks: CPU-bound detection runs here, off the API's event loop.
import { check } from '../engine/index.js';
import type { CheckOptions, CheckOutcome } from '../engine/types.js';

export interface CheckTextTask {
  text: string;
  options: CheckOptions;
}

export function checkText(task: CheckTextTask): CheckOutcome {
  return check(task.text, task.options);
}
