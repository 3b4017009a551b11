// The store's own failures. The store knows nothing of HTTP: the API's error handler maps these to
// the error catalogue (src/errors.ts), and workers let BullMQ retry them.
import {
  MongoBulkWriteError,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';

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

/** Driver errors of a pool or wait queue the driver closed or timed out (not exported as classes). */
const POOL_ERRORS = new Set(['MongoPoolClosedError', 'MongoWaitQueueTimeoutError']);

/**
 * Server error codes the driver itself retries (its RETRYABLE_READ_ERROR_CODES): the server is shutting
 * down, stepping down, or could not reach another node in time. Not an answer about the request.
 */
const TRANSIENT_CODES = new Set([6, 7, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436]);

/**
 * FerretDB answering while its PostgreSQL is out of reach (down, restarting, or out of connections):
 * an InternalError whose text is pgx's: "failed to connect to `user=… database=…`: …", a connection
 * lost mid-query ("unexpected EOF", "conn closed", a reset or broken pipe), or a SQLSTATE of class 08
 * (connection), 53 (insufficient resources) or 57P01–57P03 (shutting down, starting up).
 */
const BACKEND_UNREACHABLE = /failed to connect to `|\bunexpected EOF\b|\bconn closed\b|connection reset by peer|broken pipe|\(SQLSTATE (08|53)\w{3}\)|\(SQLSTATE 57P0[1-3]\)/;

/** Socket errors: the connection broke, was refused, or timed out. */
const SOCKET_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'ETIMEDOUT', 'ENOTCONN']);

/**
 * A socket error the driver let through unwrapped: a command written to a connection the server had
 * just closed fails with Node's own EPIPE ("This socket has been ended by the other party"), thrown from
 * the driver's wait for 'drain' (mongodb 7.x, Connection.writeCommand). Only when it came from the driver.
 */
function isDriverSocketError(e: Error): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code !== undefined && SOCKET_CODES.has(code) && /[\\/]mongodb[\\/]lib[\\/]/.test(e.stack ?? '');
}

/**
 * The store could not be reached or did not answer: the request was not completed (a write cut off
 * mid-way may or may not have been applied) and may succeed later (503), unlike an error in what was
 * asked. Follows `cause` (services wrap errors).
 */
export function isStoreOutage(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (
      e instanceof MongoServerSelectionError ||
      e instanceof MongoNetworkError ||
      e instanceof MongoNotConnectedError ||
      e instanceof MongoTopologyClosedError ||
      e instanceof MongoServerClosedError ||
      e instanceof MongoOperationTimeoutError
    ) {
      return true;
    }
    if (e instanceof MongoError && POOL_ERRORS.has(e.name)) return true;
    if (isDriverSocketError(e)) return true;
    if (e instanceof MongoServerError && (TRANSIENT_CODES.has(Number(e.code)) || (e.code === 1 && BACKEND_UNREACHABLE.test(e.message)))) return true;
  }
  return false;
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
