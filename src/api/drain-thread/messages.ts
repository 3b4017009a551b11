// What the API's event loop and its audit drain thread say to each other (handle.ts, thread.ts).
import type { Config } from '../../config/index.js';
import type { RecordedTally } from '../../metrics/counters.js';

export interface DrainThreadData {
  config: Config;
}

/** A request to the thread; answered by a `done` of the same id. */
export interface ToThread {
  id: number;
  op: 'settled' | 'stop' | 'start' | 'close';
}

export type FromThread =
  | { kind: 'ready' }
  /** The thread could not start (the store or Redis unreachable); it exits. */
  | { kind: 'failed'; error: string }
  | { kind: 'done'; id: number; error?: string }
  /** A batch stored, for the API's /metrics. */
  | { kind: 'recorded'; tally: RecordedTally }
  | { kind: 'log'; level: 'warn' | 'error'; obj: object; msg: string };
