// A worker thread's task: read a text file and check it. Files of any other kind come back deferred
// to the main thread, which holds the one OCR pool. Errors do not keep their class across threads,
// so a file that cannot be checked comes back as a value.
import { readFile } from 'node:fs/promises';
import { extractText } from '../files/extract/text.js';
import { sniff } from '../files/sniff.js';
import { FileError } from '../files/types.js';
import { checkText, type CliCheckOptions, type TextVerdict } from './check-text.js';

export interface ThreadTask {
  /** Read by the thread itself when given; else `bytes`. */
  fsPath?: string;
  bytes?: Uint8Array;
  options: CliCheckOptions;
}

export type ThreadResult = { done: TextVerdict } | { deferred: true } | { skipped: string };

export async function scanFile(task: ThreadTask): Promise<ThreadResult> {
  const bytes = task.fsPath !== undefined ? await readFile(task.fsPath) : Buffer.from(task.bytes ?? []);
  try {
    const sniffed = sniff(bytes);
    if (sniffed.kind !== 'text') return { deferred: true };
    return { done: checkText(extractText(bytes, sniffed).text, task.options) };
  } catch (err) {
    if (err instanceof FileError) return { skipped: err.message };
    throw err;
  }
}
