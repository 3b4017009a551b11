// Evidence bundles on the API side (spec "export/all", part 8; DESIGN §13, §31). export/all makes one
// bundle per organization per throttle window: a Redis key per organization (SET NX) holds the
// window's bundle id and the signature of what it is built from. A repeat inside the window with the
// same signature gets that bundle (waiting on the same job while it runs); another is refused with
// 429. The request waits for the job up to a bound, then answers 202 and the bundle is fetched from
// /bundles/{id}. Scheduled bundles come from one BullMQ job scheduler per organization. Redis holds the
// windows and the queue: without it no bundle is made (fail closed, withRedis).
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Job, QueueEvents } from 'bullmq';
import { CronExpressionParser } from 'cron-parser';
import type { Redis } from 'ioredis';
import { ApiError, Errors } from '../errors.js';
import {
  enqueueBundle,
  scheduleId,
  scheduleOf,
  upsertBundleSchedule,
  type BundleSchedule,
  type EvidenceExportJob,
  type EvidenceExportQueue,
  type EvidenceExportResult,
} from '../jobs/evidence-export.js';
import { parseJobFailure } from '../jobs/failure.js';
import type { BundleDoc, BundleRepository } from '../store/bundle-repository.js';
import type { BundleStore } from '../store/bundle-store.js';
import { withRedis } from '../store/errors.js';
import { newId } from '../store/ids.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import { verifyBundleZip, type BundleVerification } from './bundle-signature.js';
import type { Actor, ChangeLog } from './change-log.js';
import type { ComplianceService } from './compliance.js';
import { waitForJob } from './job-wait.js';

export type BundleOutcome = { status: 'ready'; bundle: BundleDoc } | { status: 'pending'; bundle_id: string };

/** What is known of a bundle id: ready, being made, failed, or made and since dropped (retention). */
type BundleState = BundleOutcome | { status: 'failed'; error: ApiError } | { status: 'gone' };

export interface ScheduleView extends BundleSchedule {
  next_run_at: string;
}

export interface EvidenceBundleDeps {
  compliance: Pick<ComplianceService, 'bundlePlan'>;
  bundles: BundleRepository;
  store: BundleStore;
  queue: EvidenceExportQueue;
  events: QueueEvents;
  redis: Redis;
  /** The deployment's Redis key prefix. */
  prefix: string;
  waitMs: number;
  /** Aborted when the API begins to close: a request waiting on its bundle stops waiting. */
  closing: AbortSignal;
  throttleMs: number;
  attempts: number;
  changeLog: ChangeLog;
  /** The service's signing key, whose public half verifies bundles. */
  signer: { publicKey(): { key_id: string; public_key: string } };
}

/** What the change log keeps of a schedule. */
const scheduleSettings = (s: BundleSchedule) => ({ cron: s.cron, days: s.days, timezone: s.timezone });

/** The window's key, when it holds this value, is deleted: a failed bundle does not hold the window. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

const DAY_S = 86_400;

const failureError = (reason: string | undefined): ApiError => {
  const failure = parseJobFailure(reason);
  // A 4xx the job recorded (the organization is gone); anything else ran out of attempts on errors of ours.
  return failure && failure.status < 500 ? new ApiError(failure.status, failure.code, failure.detail) : Errors.exportFailed();
};

const period = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}` : `${Math.ceil(ms / 1_000)} seconds`);

/**
 * Why a cron expression cannot be a bundle schedule, or null. Besides being valid and firing at all,
 * it may not fire twice within `minGapMs`: the closest two times of a day, and the last time of a day
 * with the first of the next, are checked (from the expression's fields, not by enumerating runs).
 */
function cronProblem(cron: string, timezone: string, minGapMs: number): string | null {
  const fields = cron.trim().split(/\s+/).length;
  if (!cron.trim().startsWith('@') && fields !== 5 && fields !== 6) {
    return `must have 5 fields (minute hour day-of-month month day-of-week), or 6 with seconds first; got ${fields}`;
  }
  let expression: ReturnType<typeof CronExpressionParser.parse>;
  try {
    expression = CronExpressionParser.parse(cron, { tz: timezone });
  } catch (err) {
    return `is not a valid cron expression (${err instanceof Error ? err.message : String(err)})`;
  }
  try {
    expression.next();
  } catch {
    return 'never fires';
  }
  const { second, minute, hour } = expression.fields;
  const times: number[] = [];
  for (const h of hour.values) for (const m of minute.values) for (const s of second.values) times.push(Number(h) * 3_600 + Number(m) * 60 + Number(s));
  times.sort((a, b) => a - b);
  let gapS = DAY_S - times[times.length - 1]! + times[0]!;
  for (let i = 1; i < times.length; i++) gapS = Math.min(gapS, times[i]! - times[i - 1]!);
  if (gapS * 1_000 < minGapMs) {
    return `fires ${period(gapS * 1_000)} apart; scheduled bundles may be at most one per ${period(minGapMs)}`;
  }
  return null;
}

export class EvidenceBundleService {
  constructor(private readonly deps: EvidenceBundleDeps) {}

  private windowKey(orgId: string): string {
    return `${this.deps.prefix}export-window:${orgId}`;
  }

  /** The bundle id of the organization's current window: a new one, or the window's if it was made from the same signature. */
  private async claim(orgId: string, signature: string): Promise<string> {
    const key = this.windowKey(orgId);
    const mine = { bundle_id: newId('bnd'), signature };
    const held = await withRedis(() => this.deps.redis.set(key, JSON.stringify(mine), 'PX', this.deps.throttleMs, 'NX', 'GET'));
    if (held === null) return mine.bundle_id;
    const window = JSON.parse(held) as typeof mine;
    if (window.signature === signature) return window.bundle_id;
    const retryAfterS = Math.max(1, Math.ceil((await withRedis(() => this.deps.redis.pttl(key))) / 1_000));
    const every = period(this.deps.throttleMs);
    throw Errors.exportThrottled(
      `export/all makes one bundle per organization per ${every}, and this window's was made with other settings ` +
        `(days, frameworks, teams, tags or rules). Retry in ${retryAfterS} s, or download that bundle: ` +
        `/api/orgs/${orgId}/compliance/bundles/${window.bundle_id}.`,
      retryAfterS,
    );
  }

  private release(orgId: string, bundleId: string, signature: string): Promise<unknown> {
    return withRedis(() => this.deps.redis.eval(RELEASE, 1, this.windowKey(orgId), JSON.stringify({ bundle_id: bundleId, signature })));
  }

  private async state(orgId: string, id: string): Promise<BundleState | null> {
    const bundle = await this.deps.bundles.find(orgId, id);
    if (bundle) return { status: 'ready', bundle };
    const job = await withRedis(() => this.deps.queue.getJob(id));
    // Only on-demand jobs are named by their bundle; a scheduled run's bundle is listed once it is made.
    if (!job || job.data.trigger !== 'on_demand' || job.data.org_id !== orgId) return null;
    const state = await withRedis(() => job.getState());
    if (state === 'failed') return { status: 'failed', error: failureError(job.failedReason) };
    if (state === 'completed') {
      // Its document was written before the job completed: read again, it may have landed since the first read.
      const done = await this.deps.bundles.find(orgId, id);
      return done ? { status: 'ready', bundle: done } : { status: 'gone' };
    }
    return { status: 'pending', bundle_id: id };
  }

  /** GET .../compliance/export/all: the window's bundle, made now if it is not, or pending. */
  async exportAll(org: OrganizationDoc, days: number): Promise<BundleOutcome> {
    const { signature } = await this.deps.compliance.bundlePlan(org, days, new Date());
    let id = await this.claim(org._id, signature);
    let known = await this.state(org._id, id);
    if (known?.status === 'failed' || known?.status === 'gone') {
      // The window holds nothing to answer with: it starts again with a new bundle.
      await this.release(org._id, id, signature);
      id = await this.claim(org._id, signature);
      known = await this.state(org._id, id);
    }
    if (known?.status === 'ready') return known;
    if (known?.status === 'failed') throw known.error;
    if (known?.status === 'gone') throw Errors.exportFailed();

    const job = await withRedis(() => enqueueBundle(this.deps.queue, { trigger: 'on_demand', bundle_id: id, org_id: org._id, days }, this.deps.attempts));
    await this.waitFor(job);
    const outcome = await this.state(org._id, id);
    if (outcome?.status === 'failed' || outcome?.status === 'gone') {
      await this.release(org._id, id, signature);
      throw outcome.status === 'failed' ? outcome.error : Errors.exportFailed();
    }
    return outcome ?? { status: 'pending', bundle_id: id };
  }

  private async waitFor(job: Job<EvidenceExportJob, EvidenceExportResult>): Promise<void> {
    if (this.deps.waitMs <= 0) return;
    // Closing: answered now; the bundle is still made, and a retry within the window gets it.
    if ((await waitForJob(job, this.deps.events, this.deps.waitMs, this.deps.closing)).status === 'closing') throw Errors.shuttingDown();
  }

  /** GET .../bundles/{id}: ready, pending, the failure it met, or null (unknown, dropped, another organization's). */
  async find(org: OrganizationDoc, id: string): Promise<BundleOutcome | null> {
    const known = await this.state(org._id, id);
    if (known?.status === 'failed') throw known.error;
    return known?.status === 'gone' ? null : known;
  }

  list(org: OrganizationDoc): Promise<BundleDoc[]> {
    return this.deps.bundles.listByOrg(org._id);
  }

  /** The ZIP of a ready bundle, or null when retention dropped it in the meantime. */
  open(bundle: BundleDoc): Promise<{ length: number; stream: Readable } | null> {
    return this.deps.store.open(bundle._id);
  }

  /**
   * Re-checks a stored bundle: the ZIP's SHA-256 against the one recorded when it was made, the
   * manifest's signature with the service's key, and every file against the manifest. Null when the
   * bundle is unknown, not ready, or dropped.
   */
  async verify(org: OrganizationDoc, id: string): Promise<(BundleVerification & { bundle_id: string; zip_sha256_valid: boolean }) | null> {
    const outcome = await this.find(org, id);
    if (outcome === null) return null;
    if (outcome.status !== 'ready') throw Errors.bundlePending();
    const file = await this.open(outcome.bundle);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const zipValid = createHash('sha256').update(bytes).digest('hex') === outcome.bundle.sha256;
    const checked = await verifyBundleZip(bytes, this.deps.signer.publicKey());
    const problems = zipValid ? checked.problems : ['the stored ZIP does not match the SHA-256 recorded when it was made', ...checked.problems];
    return { bundle_id: id, ...checked, valid: checked.valid && zipValid, zip_sha256_valid: zipValid, problems };
  }

  async setSchedule(org: OrganizationDoc, schedule: BundleSchedule, actor: Actor): Promise<ScheduleView> {
    const problem = cronProblem(schedule.cron, schedule.timezone, this.deps.throttleMs);
    if (problem) throw Errors.validation(`Invalid request. cron: ${problem}.`);
    const current = await this.schedule(org);
    const change = {
      actor,
      action: 'bundle_schedule.set',
      orgId: org._id,
      targetId: org._id,
      before: current && scheduleSettings(current),
      after: scheduleSettings(schedule),
    } as const;
    await this.deps.changeLog.apply(change, () => withRedis(() => upsertBundleSchedule(this.deps.queue, org._id, schedule, this.deps.attempts)));
    const view = await this.schedule(org);
    if (!view) throw Errors.cacheUnavailable();
    return view;
  }

  async schedule(org: OrganizationDoc): Promise<ScheduleView | null> {
    const scheduler = await withRedis(() => this.deps.queue.getJobScheduler(scheduleId(org._id)));
    const schedule = scheduler ? scheduleOf(scheduler) : null;
    if (!schedule) return null;
    const { next, ...rest } = schedule;
    const nextRun = next ?? CronExpressionParser.parse(rest.cron, { tz: rest.timezone }).next().getTime();
    return { ...rest, next_run_at: new Date(nextRun).toISOString() };
  }

  /** Ends the schedule; false when there was none. */
  async removeSchedule(org: OrganizationDoc, actor: Actor): Promise<boolean> {
    const current = await this.schedule(org);
    if (!current) return false;
    const change = { actor, action: 'bundle_schedule.delete', orgId: org._id, targetId: org._id, before: scheduleSettings(current), after: null } as const;
    return this.deps.changeLog.apply(change, () => withRedis(() => this.deps.queue.removeJobScheduler(scheduleId(org._id))), (removed) => removed);
  }

  /** An organization's bundles and schedule go with it. */
  async removeByOrg(orgId: string): Promise<void> {
    await withRedis(() => this.deps.queue.removeJobScheduler(scheduleId(orgId)));
    for (const bundle of await this.deps.bundles.listByOrg(orgId)) {
      await this.deps.bundles.delete(bundle._id);
      await this.deps.store.remove(bundle._id);
    }
  }
}
