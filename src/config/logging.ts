// What a logged error may say, in the API and the worker process alike: logs say what happened,
// never what was submitted.
import { stdSerializers } from 'pino';

/**
 * An error logged under `err`: its type, and the messages and stacks of it and its causes. No other
 * property, since one may hold data (a driver error's document, a worker task's input). Some callers
 * log a message under `err` (the audit drainer, the PDF renderer): it stays the message.
 */
export function errorForLog(err: unknown): { type: string; message: string; stack: string } {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const { type, message, stack } = stdSerializers.err(err);
  return { type, message, stack };
}
