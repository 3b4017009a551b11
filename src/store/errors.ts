import { MongoServerError } from 'mongodb';

/** A unique index refused the write; the repository names what clashed. */
export class DuplicateError extends Error {
  constructor(readonly field: string) {
    super(`duplicate ${field}`);
  }
}

/** A unique index refused the write. FerretDB v1 (SQLite) reports one refusing an update as an InternalError, not as 11000. */
export function isDuplicateKey(err: unknown): boolean {
  return err instanceof MongoServerError && (err.code === 11000 || err.message.includes('UNIQUE constraint failed'));
}
