// Gauges read when /metrics is scraped, added to app.metrics: each queue's jobs by state and the
// audit journal backlog. What Redis cannot tell in time is left out (preflight_queue_up 0, backlog
// NaN), so a scrape answers through an outage rather than failing. And the counters of checks and
// detections recorded by this process's audit drainer (metrics/counters.ts).
import type { Queue } from 'bullmq';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { createCounters } from '../../metrics/counters.js';

const READ_TIMEOUT_MS = 2_000;

/** A queue's state at this scrape; null where Redis did not answer. */
interface QueueReading {
  queue: string;
  counts: Record<string, number> | null;
  paused: boolean | null;
}

const withinTimeout = <T>(p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), READ_TIMEOUT_MS).unref())]);

async function readQueue(queue: Queue): Promise<QueueReading> {
  try {
    const [counts, paused] = await withinTimeout(Promise.all([queue.getJobCounts(), queue.isPaused()]));
    return { queue: queue.name, counts, paused };
  } catch {
    return { queue: queue.name, counts: null, paused: null };
  }
}

export default fp(
  async (app) => {
    const registers = [app.metrics];
    const counters = createCounters(app.metrics);
    app.services.auditDrainer?.on('recorded', (tally) => counters.tallied(tally));

    // The three queue gauges are collected concurrently within one scrape; they share one reading.
    let reading: Promise<QueueReading[]> | null = null;
    const readQueues = () => (reading ??= Promise.all(app.queues.all.map(readQueue)).finally(() => (reading = null)));

    new Gauge({
      name: 'preflight_queue_up',
      help: '1 when the queue answered this scrape, 0 when Redis did not (its other gauges are then absent).',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        this.reset();
        for (const q of await readQueues()) this.set({ queue: q.queue }, q.counts ? 1 : 0);
      },
    });
    new Gauge({
      name: 'preflight_queue_jobs',
      help: 'Jobs in the queue by state: waiting, active, delayed, prioritized, waiting-children, completed, failed.',
      labelNames: ['queue', 'state'] as const,
      registers,
      async collect() {
        this.reset();
        for (const q of await readQueues()) {
          for (const [state, n] of Object.entries(q.counts ?? {})) this.set({ queue: q.queue, state }, n);
        }
      },
    });
    new Gauge({
      name: 'preflight_queue_paused',
      help: '1 when the queue is paused (workers take no new jobs).',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        this.reset();
        for (const q of await readQueues()) if (q.paused !== null) this.set({ queue: q.queue }, q.paused ? 1 : 0);
      },
    });
    new Gauge({
      name: 'preflight_audit_journal_backlog',
      help: 'Check records journaled in Redis and not yet drained into MongoDB (NaN when Redis did not answer).',
      registers,
      async collect() {
        this.set(await withinTimeout(app.services.auditJournal.length()).catch(() => NaN));
      },
    });
  },
  { name: 'gauges', dependencies: ['metrics', 'queues', 'services'] },
);
