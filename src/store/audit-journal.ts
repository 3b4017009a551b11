// The audit journal: a check's audit record is appended to a Redis stream before the check is
// answered, so an answered check is never lost if the process dies; AuditDrainer moves the records
// into MongoDB in large batches. Appends from concurrent requests are auto-pipelined by ioredis,
// so recording costs about one Redis round trip instead of one store write per check.
// Until drained, a record is also readable by id from a hash (read-your-writes for GET by id).
import type { Redis } from 'ioredis';
import { Errors } from '../errors.js';
import type { AuditDoc } from './audit-repository.js';

export interface JournalKeys {
  stream: string;
  pending: string;
}

export function journalKeys(prefix: string): JournalKeys {
  return { stream: `${prefix}audit:journal`, pending: `${prefix}audit:pending` };
}

export function encodeAudit(doc: AuditDoc): string {
  return JSON.stringify(doc);
}

export function decodeAudit(json: string): AuditDoc {
  const doc = JSON.parse(json) as AuditDoc & { created_at: string };
  return { ...doc, created_at: new Date(doc.created_at) };
}

export class AuditJournal {
  readonly keys: JournalKeys;
  /** Entries not yet drained, as last measured by the drainer; beyond maxBacklog checks are refused. */
  backlog = 0;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly maxBacklog: number,
  ) {
    this.keys = journalKeys(prefix);
  }

  async append(doc: AuditDoc): Promise<void> {
    if (this.closed) throw Errors.shuttingDown();
    if (this.backlog >= this.maxBacklog) throw Errors.auditOverloaded();
    const json = encodeAudit(doc);
    try {
      const results = await this.redis.multi().xadd(this.keys.stream, '*', 'd', json).hset(this.keys.pending, doc._id, json).exec();
      const failed = results?.find(([err]) => err);
      if (!results || failed) throw failed?.[0] ?? new Error('the journal transaction was discarded');
    } catch (err) {
      throw Object.assign(Errors.cacheUnavailable(), { cause: err });
    }
  }

  /** Records appended and not yet drained into the store. */
  length(): Promise<number> {
    return this.redis.xlen(this.keys.stream);
  }

  /** A record appended but not yet in the store. */
  async pending(id: string): Promise<AuditDoc | null> {
    const json = await this.redis.hget(this.keys.pending, id);
    return json ? decodeAudit(json) : null;
  }

  close(): void {
    this.closed = true;
  }
}
