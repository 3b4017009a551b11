// Configuration history as evidence (issue 17; docs/compliance.md, "Coverage over time"): what was
// tagged to a control and whether those rules were enabled, at any past moment, from the change log
// (docs/change-log.md) and the configuration as it is now. Each policy and tag gets a list of
// segments (state from a time on); a control's coverage is evaluated only where one of its segments
// begins. State older than the log holds since the thing's recorded creation time.
import { parseLegacyTag } from './catalog.js';

const DAY_MS = 86_400_000;
const NEVER = Number.NEGATIVE_INFINITY;

export interface HistoryRule {
  id: string;
  name: string;
  enabled: boolean;
  dataTypes: readonly string[];
  destinations: readonly string[];
  action: string;
}

export interface PolicyState {
  name: string;
  version: string;
  is_active: boolean;
  license_id: string;
  tags: readonly string[];
  rules: readonly HistoryRule[];
}

export interface TagState {
  team_id: string;
  framework: string;
  control_id: string;
  rule_id: string;
}

/** A change-log entry as history reads it (src/store/change-log-repository.ts). */
export interface LoggedChange {
  _id: string;
  at: Date;
  action: string;
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface HistoryInputs {
  policies: ReadonlyArray<PolicyState & { _id: string; created_at: Date }>;
  tags: ReadonlyArray<TagState & { _id: string; created_at: Date }>;
  /** Every entry of the organization's log, any order. */
  changes: readonly LoggedChange[];
}

/** The state from `from` (epoch ms) until the next segment; null: the thing did not exist. */
interface Segment<T> {
  from: number;
  state: T | null;
}

/** A tagged rule's state at a moment: `enabled` is the rule's flag, `policy_active` its policy's. */
export interface RuleAt {
  rule_id: string;
  enabled: boolean;
  policy_active: boolean;
}

/** Consecutive days of one status and one set of tagged rules (as they stood at each day's end). */
export interface CoverageRange {
  from_date: string;
  to_date: string;
  status: 'covered' | 'uncovered';
  rules: RuleAt[];
}

export interface ControlHistory {
  covered_days: number;
  coverage_history: CoverageRange[];
  first_covered_at: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** A policy's logged settings, or null when the entry holds none (a creation's before, a deletion's after). */
function policyState(settings: Record<string, unknown> | null): PolicyState | null {
  if (!settings) return null;
  const rules = Array.isArray(settings.rules) ? settings.rules.filter(isRecord) : [];
  return {
    name: String(settings.name ?? ''),
    version: String(settings.version ?? ''),
    is_active: settings.is_active !== false,
    license_id: String(settings.license_id ?? ''),
    tags: strings(settings.tags),
    rules: rules.map((r) => ({
      id: String(r.id ?? ''),
      name: String(r.name ?? ''),
      enabled: r.enabled === true,
      dataTypes: strings(r.dataTypes),
      destinations: strings(r.destinations),
      action: String(r.action ?? ''),
    })),
  };
}

function tagState(settings: Record<string, unknown> | null): TagState | null {
  if (!settings) return null;
  return { team_id: String(settings.team_id ?? ''), framework: String(settings.framework ?? ''), control_id: String(settings.control_id ?? ''), rule_id: String(settings.rule_id ?? '') };
}

const byTime = (a: LoggedChange, b: LoggedChange) => a.at.getTime() - b.at.getTime() || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/**
 * Segments of one thing from its entries (oldest first) and its current document. Entries say what
 * each change made; before the first, its `before` held, and that pre-log state holds only since the
 * thing's recorded creation (`createdAt`), when it is known. Without entries the current state holds
 * since creation.
 */
function segmentsOf<T>(changes: Array<{ at: number; before: T | null; after: T | null }>, current: T | null, createdAt: number | null): Array<Segment<T>> {
  const first = changes[0];
  const prelog = first ? first.before : current;
  const segments: Array<Segment<T>> = [{ from: NEVER, state: null }];
  if (prelog) segments.push({ from: createdAt ?? NEVER, state: prelog });
  for (const c of changes) segments.push({ from: c.at, state: c.after });
  return segments;
}

function stateAt<T>(segments: ReadonlyArray<Segment<T>>, t: number): Segment<T> | null {
  for (let i = segments.length - 1; i >= 0; i--) if (segments[i]!.from <= t) return segments[i]!;
  return null;
}

export class ConfigHistory {
  private readonly policies = new Map<string, Array<Segment<PolicyState>>>();
  private readonly tags = new Map<string, Array<Segment<TagState>>>();
  private readonly tagCreated = new Map<string, number>();
  /** License id → when it was revoked: its policies stopped enforcing then (no entry of their own). */
  private readonly revoked = new Map<string, number>();
  private readonly ruleOwner = new Map<string, string>();
  /** Rule lookups by segment, built on first use. */
  private readonly ruleMaps = new WeakMap<PolicyState, Map<string, HistoryRule>>();

  constructor(inputs: HistoryInputs) {
    const policyChanges = new Map<string, Array<{ at: number; before: PolicyState | null; after: PolicyState | null }>>();
    const tagChanges = new Map<string, Array<{ at: number; before: TagState | null; after: TagState | null }>>();
    const push = <T>(map: Map<string, T[]>, id: string, item: T) => {
      const list = map.get(id);
      if (list) list.push(item);
      else map.set(id, [item]);
    };
    for (const c of [...inputs.changes].sort(byTime)) {
      const at = c.at.getTime();
      if (c.action.startsWith('policy.') && c.action !== 'policy.regenerate_key') {
        push(policyChanges, c.target_id, { at, before: policyState(c.before), after: policyState(c.after) });
      } else if (c.action === 'control_tag.add' || c.action === 'control_tag.remove') {
        push(tagChanges, c.target_id, { at, before: tagState(c.before), after: tagState(c.after) });
      } else if (c.action === 'team.delete' && Array.isArray(c.before?.tags)) {
        // A team's tags went with it: the deletion's entry lists them.
        for (const tag of c.before.tags.filter(isRecord)) push(tagChanges, String(tag.tag_id), { at, before: tagState(tag), after: null });
      } else if (c.action === 'license.revoke' && !this.revoked.has(c.target_id)) {
        this.revoked.set(c.target_id, at);
      }
    }
    const currentPolicies = new Map(inputs.policies.map((p) => [p._id, p]));
    for (const id of new Set([...currentPolicies.keys(), ...policyChanges.keys()])) {
      const current = currentPolicies.get(id) ?? null;
      const segments = segmentsOf(policyChanges.get(id) ?? [], current, current?.created_at.getTime() ?? null);
      this.policies.set(id, segments);
      for (const s of segments) for (const rule of s.state?.rules ?? []) this.ruleOwner.set(rule.id, id);
    }
    const currentTags = new Map(inputs.tags.map((t) => [t._id, t]));
    for (const id of new Set([...currentTags.keys(), ...tagChanges.keys()])) {
      const current = currentTags.get(id) ?? null;
      if (current) this.tagCreated.set(id, current.created_at.getTime());
      this.tags.set(id, segmentsOf(tagChanges.get(id) ?? [], current, current?.created_at.getTime() ?? null));
    }
  }

  private rule(policy: PolicyState, ruleId: string): HistoryRule | undefined {
    let map = this.ruleMaps.get(policy);
    if (!map) this.ruleMaps.set(policy, (map = new Map(policy.rules.map((r) => [r.id, r]))));
    return map.get(ruleId);
  }

  /** Whether a policy segment enforces at `t`: active, and its license not revoked since the segment began. */
  private active(segment: Segment<PolicyState>, t: number): boolean {
    if (!segment.state?.is_active) return false;
    const revokedAt = this.revoked.get(segment.state.license_id);
    return revokedAt === undefined || !(segment.from < revokedAt && revokedAt <= t);
  }

  private ruleAt(ruleId: string, t: number): RuleAt | null {
    const owner = this.ruleOwner.get(ruleId);
    const segment = owner === undefined ? null : stateAt(this.policies.get(owner)!, t);
    const rule = segment?.state ? this.rule(segment.state, ruleId) : undefined;
    return rule && segment ? { rule_id: ruleId, enabled: rule.enabled, policy_active: this.active(segment, t) } : null;
  }

  /** What is relevant to one control: the tags ever made for it and the policies that ever carried its legacy tag. */
  private relevant(framework: string, controlId: string): { tags: string[]; legacy: string[] } {
    const tags = [...this.tags].filter(([, segs]) => segs.some((s) => s.state?.framework === framework && s.state.control_id === controlId)).map(([id]) => id);
    const legacy = [...this.policies]
      .filter(([, segs]) => segs.some((s) => s.state?.tags.some((tag) => isLegacyTagOf(tag, framework, controlId))))
      .map(([id]) => id);
    return { tags, legacy };
  }

  /** The control's tagged rules at `t`, each once: team tags, then legacy policy tags. */
  private rulesAt(framework: string, controlId: string, rel: { tags: string[]; legacy: string[] }, t: number): RuleAt[] {
    const out = new Map<string, RuleAt>();
    for (const id of rel.tags) {
      const tag = stateAt(this.tags.get(id)!, t)?.state;
      const rule = tag && this.ruleAt(tag.rule_id, t);
      if (rule && !out.has(rule.rule_id)) out.set(rule.rule_id, rule);
    }
    for (const id of rel.legacy) {
      const segment = stateAt(this.policies.get(id)!, t);
      if (!segment?.state?.tags.some((tag) => isLegacyTagOf(tag, framework, controlId))) continue;
      const active = this.active(segment, t);
      for (const rule of segment.state.rules) if (!out.has(rule.id)) out.set(rule.id, { rule_id: rule.id, enabled: rule.enabled, policy_active: active });
    }
    return [...out.values()];
  }

  /** Whether one of the control's tagged rules covers it at `t` (enabled, policy active); allocates nothing. */
  private coveredAt(framework: string, controlId: string, rel: { tags: string[]; legacy: string[] }, t: number): boolean {
    for (const id of rel.tags) {
      const tag = stateAt(this.tags.get(id)!, t)?.state;
      if (!tag) continue;
      const owner = this.ruleOwner.get(tag.rule_id);
      const segment = owner === undefined ? null : stateAt(this.policies.get(owner)!, t);
      if (segment?.state && this.rule(segment.state, tag.rule_id)?.enabled && this.active(segment, t)) return true;
    }
    for (const id of rel.legacy) {
      const segment = stateAt(this.policies.get(id)!, t);
      if (!segment?.state?.tags.some((tag) => isLegacyTagOf(tag, framework, controlId)) || !this.active(segment, t)) continue;
      if (segment.state.rules.some((r) => r.enabled)) return true;
    }
    return false;
  }

  /** Every moment the control's coverage could change: where a segment of its tags, their rules' policies or its legacy policies begins. */
  private changePoints(rel: { tags: string[]; legacy: string[] }): number[] {
    const points = new Set<number>(this.revoked.values());
    const policies = new Set(rel.legacy);
    for (const id of rel.tags) {
      for (const s of this.tags.get(id)!) {
        points.add(s.from);
        const owner = s.state && this.ruleOwner.get(s.state.rule_id);
        if (owner) policies.add(owner);
      }
    }
    for (const id of policies) for (const s of this.policies.get(id)!) points.add(s.from);
    return [...points].filter(Number.isFinite).sort((a, b) => a - b);
  }

  /**
   * The control over the window's UTC days (`from_date` … the day of `now`): a day is covered only when
   * the control was covered all of it (until `now`, today); the history merges days of one status and
   * one set of rules as they stood at each day's end; `first_covered_at` is when the covered stretch
   * that first reaches into the window began.
   */
  control(framework: string, controlId: string, fromDate: string, now: Date): ControlHistory {
    const rel = this.relevant(framework, controlId);
    // Coverage from each point on, and before the first; the rules themselves only where a day ends.
    const at = (t: number) => ({ at: t, covered: this.coveredAt(framework, controlId, rel, t), rules: null as RuleAt[] | null, key: '' });
    const timeline = this.changePoints(rel).map(at);
    const before = at(NEVER);
    const end = now.getTime();
    const start = Date.parse(`${fromDate}T00:00:00Z`);
    const rulesOf = (state: typeof before) => (state.rules ??= this.rulesAt(framework, controlId, rel, state.at));
    const keyOf = (state: typeof before) => (state.key ||= rulesOf(state).map((r) => `${r.rule_id}:${r.enabled}:${r.policy_active}`).join(','));

    let coveredDays = 0;
    const history: CoverageRange[] = [];
    let signature = '';
    let i = 0;
    let state = before;
    for (let day = start; day <= end; day += DAY_MS) {
      // Coverage at the day's start, then whether it lapsed at any moment of the day.
      while (i < timeline.length && timeline[i]!.at <= day) state = timeline[i++]!;
      let allDay = state.covered;
      const dayEnd = Math.min(day + DAY_MS, end + 1);
      while (i < timeline.length && timeline[i]!.at < dayEnd) {
        state = timeline[i++]!;
        if (!state.covered) allDay = false;
      }
      if (allDay) coveredDays += 1;
      const date = new Date(day).toISOString().slice(0, 10);
      const status = allDay ? 'covered' : 'uncovered';
      // The rules as they stood at the day's end: those of the last point of the day or before.
      const sig = `${status}|${keyOf(state)}`;
      const last = history.at(-1);
      if (last && sig === signature) last.to_date = date;
      else history.push({ from_date: date, to_date: date, status, rules: rulesOf(state) });
      signature = sig;
    }
    return { covered_days: coveredDays, coverage_history: history, first_covered_at: firstCoveredAt(before.covered, timeline, start, end) };
  }

  /**
   * Since when a rule has been tagged to the control by its owner without a break: a team tag's
   * creation; for a legacy tag, the start of the policy's latest unbroken run of segments carrying it.
   */
  taggedAt(owner: { kind: 'team' | 'policy'; owner_id: string; rule_id: string }, framework: string, controlId: string, teamTagIds: ReadonlyMap<string, string>): string | null {
    if (owner.kind === 'team') {
      const at = this.tagCreated.get(teamTagIds.get(`${owner.owner_id}\u0000${owner.rule_id}`) ?? '');
      return at === undefined ? null : new Date(at).toISOString();
    }
    const segments = this.policies.get(owner.owner_id) ?? [];
    let since: number | null = null;
    for (let i = segments.length - 1; i >= 0; i--) {
      const s = segments[i]!.state;
      if (!s || !s.tags.some((tag) => isLegacyTagOf(tag, framework, controlId)) || !this.rule(s, owner.rule_id)) break;
      since = segments[i]!.from;
    }
    return since === null || !Number.isFinite(since) ? null : new Date(since).toISOString();
  }
}

function isLegacyTagOf(tag: string, framework: string, controlId: string): boolean {
  const parsed = parseLegacyTag(tag);
  return parsed !== null && parsed.framework === framework && parsed.control_id === controlId;
}

function firstCoveredAt(initial: boolean, timeline: ReadonlyArray<{ at: number; covered: boolean }>, start: number, end: number): string | null {
  let covered = initial;
  let since = initial ? NEVER : null;
  for (const { at, covered: next } of timeline) {
    if (at > end) break;
    if (at > start && covered) break;
    if (next && !covered) since = at;
    if (!next) since = null;
    covered = next;
  }
  if (!covered || since === null) return null;
  // Covered since before anything was recorded: the window's start is all that can be said.
  return new Date(Number.isFinite(since) ? since : start).toISOString();
}
