// The change log (docs/change-log.md): every management change, with who made it, when, and the
// target's settings before and after. Each service records its own changes through `apply`, which
// writes the entry before the change: a change that cannot be recorded is not made (fail closed).
import { ApiError, Errors } from '../errors.js';
import { DuplicateError, isUnstorableText } from '../store/errors.js';
import { monthOf, type ChangeActor, type ChangeDoc, type ChangeLogRepository, type Settings } from '../store/change-log-repository.js';
import { idTime, newId } from '../store/ids.js';

export type Actor = ChangeActor;

/** Every action the log records, and the kind of thing it changes. */
export const ACTION_TARGETS = {
  'organization.create': 'organization',
  'organization.update': 'organization',
  'organization.delete': 'organization',
  'policy.create': 'policy',
  'policy.update': 'policy',
  'policy.delete': 'policy',
  'policy.regenerate_key': 'policy',
  'license.issue': 'license',
  'license.revoke': 'license',
  'framework.opt_in': 'framework',
  'framework.opt_out': 'framework',
  'team.create': 'team',
  'team.rename': 'team',
  'team.delete': 'team',
  'control_tag.add': 'control_tag',
  'control_tag.remove': 'control_tag',
  'partner_key.create': 'partner_key',
  'partner_key.delete': 'partner_key',
  'bundle_schedule.set': 'bundle_schedule',
  'bundle_schedule.delete': 'bundle_schedule',
  'user.create': 'user',
  'user.update': 'user',
  'user.delete': 'user',
  'user.password_change': 'user',
  'webhook.create': 'webhook',
  'webhook.update': 'webhook',
  'webhook.delete': 'webhook',
  'webhook.rotate_secret': 'webhook',
} as const;
export type ChangeAction = keyof typeof ACTION_TARGETS;
export type TargetType = (typeof ACTION_TARGETS)[ChangeAction];
export const CHANGE_ACTIONS = Object.keys(ACTION_TARGETS) as ChangeAction[];
export const TARGET_TYPES = [...new Set(Object.values(ACTION_TARGETS))] as TargetType[];

export interface Change {
  actor: Actor;
  action: ChangeAction;
  orgId: string;
  targetId: string;
  before: Settings | null;
  after: Settings | null;
}

export const REDACTED = '[redacted]';

/**
 * The log of changes that belong to no organization: owners' accounts. Read like an organization's
 * log, by the owner only (GET /api/changes).
 */
export const INSTALLATION_LOG = 'installation';

/** Fields that hold a key, a hash of one, a ciphertext or a credential, by name. */
const SECRET_FIELD = /^(key|api_key|license_key|secret|token|password|cookie|session_id|csrf_token)$|_(hash|enc|secret|token|password)$/;
/** Raw keys of every kind (`svc_sk_…`, `svc_lic_…`, `svc_cpk_…`), wherever they turn up. */
const RAW_KEY = /svc_[a-z]+_[0-9A-Za-z]/;

/**
 * Settings as the log keeps them: secret fields and anything shaped like a raw key replaced by
 * `[redacted]`, dates as ISO strings. Services pass settings they picked; this is the second line.
 */
export function redact(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return RAW_KEY.test(value) ? REDACTED : value;
  if (Array.isArray(value)) return value.map(redact);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) ? REDACTED : redact(v)]));
  }
  return value;
}

export interface ChangeQuery {
  /** Epoch ms, inclusive. */
  from?: number | undefined;
  to?: number | undefined;
  action?: ChangeAction | undefined;
  targetType?: TargetType | undefined;
  targetId?: string | undefined;
  limit: number;
  /** The last id of the page before: the listing goes on with older entries. */
  cursor?: string | undefined;
}

const isChangeId = (id: string) => id.startsWith('chg_') && idTime(id) !== null;
const newestFirst = (a: ChangeDoc, b: ChangeDoc) => (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);

export class ChangeLog {
  constructor(private readonly repo: ChangeLogRepository) {}

  /**
   * Records the change, then makes it with `run`. The entry is withdrawn when the change surely did
   * not happen: `run` was refused (a rule of the service, a unique index, unstorable input), or
   * `happened` says its result changed nothing (the target was gone). After any other failure (an
   * outage) the change may have been made, so its entry stays.
   */
  async apply<T>(change: Change, run: () => Promise<T>, happened: (result: T) => boolean = () => true): Promise<T> {
    const at = new Date();
    const id = newId('chg', at.getTime());
    await this.repo.insert({
      _id: id,
      at,
      org_id: change.orgId,
      action: change.action,
      target_type: ACTION_TARGETS[change.action],
      target_id: change.targetId,
      actor: change.actor,
      before: change.before && (redact(change.before) as Settings),
      after: change.after && (redact(change.after) as Settings),
    });
    let result: T;
    try {
      result = await run();
    } catch (err) {
      if (err instanceof ApiError || err instanceof DuplicateError || isUnstorableText(err)) await this.withdraw(id);
      throw err;
    }
    if (!happened(result)) await this.withdraw(id);
    return result;
  }

  /** An organization's entries, newest first, reading only the months the window and cursor reach. */
  async list(orgId: string, q: ChangeQuery): Promise<{ items: ChangeDoc[]; nextCursor: string | null }> {
    if (q.cursor !== undefined && !isChangeId(q.cursor)) throw Errors.invalidCursor('cursor: not a next_cursor of a change listing.');
    const lo = q.from ?? Number.NEGATIVE_INFINITY;
    const hi = Math.min(q.to ?? Number.POSITIVE_INFINITY, q.cursor === undefined ? Number.POSITIVE_INFINITY : (idTime(q.cursor) ?? 0));
    const months = (await this.repo.monthsOf(orgId)).filter(
      (m) => (lo === Number.NEGATIVE_INFINITY || m >= monthOf(lo)) && (hi === Number.POSITIVE_INFINITY || m <= monthOf(hi)),
    );
    const matches = (d: ChangeDoc) =>
      d.at.getTime() >= lo &&
      d.at.getTime() <= hi &&
      (q.cursor === undefined || d._id < q.cursor) &&
      (q.action === undefined || d.action === q.action) &&
      (q.targetType === undefined || d.target_type === q.targetType) &&
      (q.targetId === undefined || d.target_id === q.targetId);
    const found: ChangeDoc[] = [];
    for (const month of months) {
      found.push(...(await this.repo.inMonth(orgId, month)).filter(matches).sort(newestFirst));
      if (found.length > q.limit) break;
    }
    const items = found.slice(0, q.limit);
    return { items, nextCursor: found.length > q.limit ? (items.at(-1)?._id ?? null) : null };
  }

  /** Whether the organization ever had an entry: a deleted one's history stays readable by its id. */
  async hasHistory(orgId: string): Promise<boolean> {
    return (await this.repo.monthsOf(orgId)).length > 0;
  }

  /** Best effort: a withdrawal that fails leaves an entry for a change that was not made (docs/change-log.md). */
  private async withdraw(id: string): Promise<void> {
    await this.repo.delete(id).catch(() => undefined);
  }
}
