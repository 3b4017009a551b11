// The store's own failures. The store knows nothing of HTTP: the API's error handler maps these to
// the error catalogue (src/errors.ts), and workers let BullMQ retry them.
import { MongoBulkWriteError, MongoServerError } from 'mongodb';

/** A unique index refused the write; the repository names what clashed. */
export class DuplicateError extends Error {
  constructor(readonly field: string) {
    super(`duplicate ${field}`);
  }
}

/** A unique index refused a write: MongoDB's E11000, or FerretDB passing on its backend's refusal (SQLite, PostgreSQL). */
export function isDuplicateKey(err: unknown): boolean {
  return (
    err instanceof MongoServerError &&
    (err.code === 11000 || err.message.includes('UNIQUE constraint failed') || err.message.includes('(SQLSTATE 23505)'))
  );
}

/** Indexes of the documents an unordered insert refused as already stored; null if anything else failed. */
export function duplicateIndexes(err: unknown): number[] | null {
  if (!(err instanceof MongoBulkWriteError)) return null;
  const errors = Array.isArray(err.writeErrors) ? err.writeErrors : [err.writeErrors];
  if (errors.length === 0 || !errors.every((e) => e.code === 11000)) return null;
  return errors.map((e) => e.index);
}

/**
 * A value holds a NUL character (U+0000): FerretDB on PostgreSQL can neither store nor look it up
 * (jsonb text cannot hold it). The caller's input, not an outage.
 */
export function isUnstorableText(err: unknown): boolean {
  return err instanceof MongoServerError && err.message.includes('(SQLSTATE 22P05)');
}

/** Redis could not be reached, or did not complete a call: nothing that depended on it was done. */
export class RedisUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Redis is unavailable.', options);
  }
}

/** The audit journal is closing with its process: a check can no longer be recorded here. */
export class JournalClosedError extends Error {
  constructor() {
    super('The audit journal is closed.');
  }
}

/** The audit journal holds more undrained records than it may: a check is not recorded. */
export class JournalFullError extends Error {
  constructor() {
    super('The audit journal is full.');
  }
}

/** A stored file that does not decrypt under its key: changed at rest, or the wrong key. Never partly read. */
export class SealBrokenError extends Error {
  constructor(readonly fileId: string) {
    super(`The stored file ${fileId} failed its integrity check.`);
  }
}

const isStoreError = (err: unknown) => err instanceof RedisUnavailableError || err instanceof JournalClosedError || err instanceof JournalFullError;

/**
 * Runs calls to Redis, failing closed: an outage becomes a RedisUnavailableError (the API answers
 * 503 redis_unavailable, the request is not completed), never an unexplained failure.
 */
export async function withRedis<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isStoreError(err)) throw err;
    throw new RedisUnavailableError({ cause: err });
  }
}
