import { MongoServerError } from 'mongodb';

/** A unique index refused the write; the repository names what clashed. */
export class DuplicateError extends Error {
  constructor(readonly field: string) {
    super(`duplicate ${field}`);
  }
}

export function isDuplicateKey(err: unknown): boolean {
  return err instanceof MongoServerError && err.code === 11000;
}
