// Worker threads for text files (piscina, as the service's detection pool): the engine is CPU-bound
// and files are independent, so each core scans its own. Each thread loads the engine once.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ThreadResult, ThreadTask } from './scan-thread.js';

/** Built code loads the compiled thread; under tsx a small loader imports the TypeScript one. */
function threadFile(): string {
  const fromTypeScript = extname(fileURLToPath(import.meta.url)) === '.ts';
  return fileURLToPath(new URL(fromTypeScript ? './scan-thread.dev.mjs' : './scan-thread.js', import.meta.url));
}

export interface ScanThreads {
  run(task: ThreadTask): Promise<ThreadResult>;
  close(): Promise<void>;
}

export function startThreads(threads: number): ScanThreads {
  const pool = new Piscina({ filename: threadFile(), name: 'scanFile', minThreads: threads, maxThreads: threads, idleTimeout: 60_000 });
  return {
    run: (task) => pool.run(task) as Promise<ThreadResult>,
    close: () => pool.destroy(),
  };
}
