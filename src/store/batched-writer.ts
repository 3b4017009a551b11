// Group commit: every caller waits until its own record is written, but records that arrive while a
// write is in flight go out together in the next one. A check is therefore recorded before it is
// answered, and under load the store sees a few large inserts instead of one per request.

export class WriterOverloadedError extends Error {
  constructor() {
    super('too many records are waiting to be written');
  }
}

export class WriterClosedError extends Error {
  constructor() {
    super('the writer is closed');
  }
}

interface Pending<T> {
  record: T;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface BatchedWriterStats {
  batches: number;
  records: number;
  largestBatch: number;
}

export class BatchedWriter<T> {
  private queue: Pending<T>[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;
  readonly stats: BatchedWriterStats = { batches: 0, records: 0, largestBatch: 0 };

  constructor(
    private readonly writeBatch: (records: T[]) => Promise<void>,
    private readonly opts: { maxBatch: number; maxPending: number },
  ) {}

  /** Resolves once the record is stored; rejects if the store refused the batch it was in. */
  write(record: T): Promise<void> {
    if (this.closed) return Promise.reject(new WriterClosedError());
    if (this.queue.length >= this.opts.maxPending) return Promise.reject(new WriterOverloadedError());
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ record, resolve, reject });
      this.flushing ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.opts.maxBatch);
        try {
          await this.writeBatch(batch.map((p) => p.record));
          this.stats.batches += 1;
          this.stats.records += batch.length;
          this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
          for (const p of batch) p.resolve();
        } catch (err) {
          for (const p of batch) p.reject(err);
        }
      }
    } finally {
      this.flushing = null;
    }
  }

  /** Refuses new records and waits for those already accepted. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.flushing) await this.flushing;
  }
}
