// Evidence of one framework, evaluated at read time (spec part 3): which rules are tagged to each
// control (team tags and legacy policy tags merged, spec part 2), whether the control is covered,
// and the evidence those rules produced in the window.
import { CATALOG, parseLegacyTag, type Framework } from './catalog.js';
import type { ConfigHistory, HistoryRule } from './history.js';
import { SAMPLES_PER_CONTROL } from './samples.js';
import type { ControlRecord, EvidenceReport, EvidenceSample, RuleDefinition, TaggedRule } from './types.js';

export interface PolicyFacts {
  _id: string;
  name: string;
  version: string;
  is_active: boolean;
  tags: readonly string[];
  rules: readonly HistoryRule[];
}

export interface TeamTagFacts {
  _id: string;
  team_id: string;
  framework: string;
  control_id: string;
  rule_id: string;
}


export interface RuleEvidenceFacts {
  blocked: number;
  masked: number;
  last_at: Date | null;
}

export interface EvidenceInputs {
  /** In the organization's order (creation); rules in their policy's order. */
  policies: readonly PolicyFacts[];
  teams: ReadonlyArray<{ _id: string; name: string }>;
  tags: readonly TeamTagFacts[];
  /** Per rule id, over the window. */
  evidence: ReadonlyMap<string, RuleEvidenceFacts>;
  /** The configuration over time (change log), the window's first day and the report's time. */
  history: ConfigHistory;
  from_date: string;
  now: Date;
  /** Sampled checks per rule id, newest first (evidence-samples). */
  samples: ReadonlyMap<string, readonly EvidenceSample[]>;
}

const controlKey = (framework: string, controlId: string) => `${framework}\u0000${controlId}`;

interface RuleRef {
  policy: PolicyFacts;
  rule: PolicyFacts['rules'][number];
  /** Position across the organization's policies, for a stable order. */
  order: number;
}

/** Every control's tagged rules: team tags first (by team name), then legacy policy tags, each in rule order. */
type Configuration = Pick<EvidenceInputs, 'policies' | 'teams' | 'tags'>;

function taggedRulesByControl(framework: Framework, inputs: Configuration): { byControl: Map<string, TaggedRule[]>; rules: Map<string, RuleRef> } {
  const rules = new Map<string, RuleRef>();
  for (const policy of inputs.policies) for (const rule of policy.rules) rules.set(rule.id, { policy, rule, order: rules.size });
  const teams = new Map(inputs.teams.map((t) => [t._id, t]));
  const byControl = new Map<string, TaggedRule[]>();
  const add = (controlId: string, tagged: TaggedRule) => {
    const key = controlKey(framework, controlId);
    const list = byControl.get(key) ?? [];
    if (!list.some((t) => t.owner_kind === tagged.owner_kind && t.owner_id === tagged.owner_id && t.rule_id === tagged.rule_id)) list.push(tagged);
    byControl.set(key, list);
  };

  // A tag whose team or rule is gone (deleted while the tag was being written) counts for nothing.
  const teamTags = inputs.tags
    .filter((tag) => tag.framework === framework && teams.has(tag.team_id) && rules.has(tag.rule_id))
    .map((tag) => ({ tag, team: teams.get(tag.team_id)!, ref: rules.get(tag.rule_id)! }))
    .sort((a, b) => a.team.name.localeCompare(b.team.name, 'en') || a.team._id.localeCompare(b.team._id) || a.ref.order - b.ref.order);
  for (const { tag, team } of teamTags) {
    add(tag.control_id, { owner_kind: 'team', owner_id: team._id, owner_name: team.name, rule_id: tag.rule_id, policy_id: null, policy_name: null, tagged_at: null });
  }
  for (const policy of inputs.policies) {
    for (const tag of policy.tags) {
      const parsed = parseLegacyTag(tag);
      if (parsed?.framework !== framework) continue;
      for (const rule of policy.rules) {
        add(parsed.control_id, { owner_kind: 'policy', owner_id: policy._id, owner_name: policy.name, rule_id: rule.id, policy_id: policy._id, policy_name: policy.name, tagged_at: null });
      }
    }
  }
  return { byControl, rules };
}

function definitionOf({ policy, rule }: RuleRef): RuleDefinition {
  return {
    rule_id: rule.id,
    name: rule.name,
    enabled: rule.enabled,
    dataTypes: [...rule.dataTypes],
    destinations: [...rule.destinations],
    action: rule.action,
    policy_id: policy._id,
    policy_name: policy.name,
    policy_version: policy.version,
    policy_active: policy.is_active,
  };
}

/** Each control's distinct tagged rules, for choosing which days' samples to read (samples.ts). */
export function controlRuleIds(framework: Framework, config: Configuration): string[][] {
  const { byControl } = taggedRulesByControl(framework, config);
  return [...byControl.values()].map((tagged) => [...new Set(tagged.map((t) => t.rule_id))]);
}

/**
 * An order that does not follow time: ids end in random characters (src/store/ids.ts), so by the
 * reversed id. Each sample's reversed id is made once, not at every comparison: a bundle sorts the
 * samples of every control of every framework (bench/RESULTS.md).
 */
const reversedIds = new WeakMap<EvidenceSample, string>();
function reversedId(sample: EvidenceSample): string {
  let key = reversedIds.get(sample);
  if (key === undefined) reversedIds.set(sample, (key = [...sample.preflight_id].reverse().join('')));
  return key;
}
const shuffled = (a: EvidenceSample, b: EvidenceSample) => {
  const [x, y] = [reversedId(a), reversedId(b)];
  return x < y ? -1 : x > y ? 1 : a.rule_id.localeCompare(b.rule_id);
};

/** SAMPLES_PER_CONTROL of the samples read for the control's rules, picked without regard to time, shown newest first. */
function sampleOf(ruleIds: readonly string[], samples: EvidenceInputs['samples']): EvidenceSample[] {
  return ruleIds
    .flatMap((id) => samples.get(id) ?? [])
    .sort(shuffled)
    .slice(0, SAMPLES_PER_CONTROL)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

export function buildEvidenceReport(framework: Framework, days: number, inputs: EvidenceInputs): EvidenceReport {
  const { byControl, rules } = taggedRulesByControl(framework, inputs);
  const teamTagIds = new Map<string, string>();
  const controls: ControlRecord[] = CATALOG[framework].controls.map((control) => {
    teamTagIds.clear();
    for (const tag of inputs.tags) {
      if (tag.framework === framework && tag.control_id === control.control_id) teamTagIds.set(`${tag.team_id}\u0000${tag.rule_id}`, tag._id);
    }
    const tagged = (byControl.get(controlKey(framework, control.control_id)) ?? []).map((t) => ({
      ...t,
      tagged_at: inputs.history.taggedAt({ kind: t.owner_kind, owner_id: t.owner_id, rule_id: t.rule_id }, framework, control.control_id, teamTagIds),
    }));
    const ruleIds = [...new Set(tagged.map((t) => t.rule_id))];
    // A rule protects only while it is enabled and its policy is active.
    const covered = ruleIds.some((id) => {
      const ref = rules.get(id);
      return ref !== undefined && ref.rule.enabled && ref.policy.is_active;
    });
    let blocked = 0;
    let masked = 0;
    let last: Date | null = null;
    for (const id of ruleIds) {
      const e = inputs.evidence.get(id);
      if (!e) continue;
      blocked += e.blocked;
      masked += e.masked;
      if (e.last_at && (last === null || e.last_at > last)) last = e.last_at;
    }
    return {
      ...control,
      status: covered ? 'covered' : 'uncovered',
      rule_count: ruleIds.length,
      tagged_rules: tagged,
      evidence_event_count: blocked + masked,
      evidence_blocked: blocked,
      evidence_masked: masked,
      last_evidence_at: last?.toISOString() ?? null,
      ...inputs.history.control(framework, control.control_id, inputs.from_date, inputs.now),
      rule_definitions: ruleIds.flatMap((id) => {
        const ref = rules.get(id);
        return ref ? [definitionOf(ref)] : [];
      }),
      evidence_sample: sampleOf(ruleIds, inputs.samples),
    };
  });
  const covered = controls.filter((c) => c.status === 'covered').length;
  return {
    framework,
    display_name: CATALOG[framework].display_name,
    window_days: days,
    controls,
    summary: {
      total_controls: controls.length,
      covered_controls: covered,
      uncovered_controls: controls.length - covered,
      coverage_pct: controls.length === 0 ? 0 : Math.round((covered * 100) / controls.length),
      total_evidence_events: controls.reduce((n, c) => n + c.evidence_event_count, 0),
    },
  };
}

/**
 * The frameworks of an export/all bundle (spec part 4): those the organization opted into plus those
 * its team tags name; when there are neither, every framework of the catalog. In catalog order.
 */
export function bundleFrameworks(optedIn: readonly Framework[], tags: ReadonlyArray<Pick<TeamTagFacts, 'framework'>>): Framework[] {
  const chosen = new Set<string>([...optedIn, ...tags.map((t) => t.framework)]);
  const frameworks = (Object.keys(CATALOG) as Framework[]).filter((f) => chosen.has(f));
  return frameworks.length > 0 ? frameworks : (Object.keys(CATALOG) as Framework[]);
}
