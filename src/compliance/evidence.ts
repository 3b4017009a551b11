// Evidence of one framework, evaluated at read time (spec part 3): which rules are tagged to each
// control (team tags and legacy policy tags merged, spec part 2), whether the control is covered,
// and the evidence those rules produced in the window.
import { CATALOG, parseLegacyTag, type Framework } from './catalog.js';
import type { ControlRecord, EvidenceReport, TaggedRule } from './types.js';

export interface PolicyFacts {
  _id: string;
  name: string;
  is_active: boolean;
  tags: readonly string[];
  rules: ReadonlyArray<{ id: string; name: string; enabled: boolean }>;
}

export interface TeamTagFacts {
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
}

const controlKey = (framework: string, controlId: string) => `${framework}\u0000${controlId}`;

interface RuleRef {
  policy: PolicyFacts;
  rule: PolicyFacts['rules'][number];
  /** Position across the organization's policies, for a stable order. */
  order: number;
}

/** Every control's tagged rules: team tags first (by team name), then legacy policy tags, each in rule order. */
function taggedRulesByControl(framework: Framework, inputs: EvidenceInputs): { byControl: Map<string, TaggedRule[]>; rules: Map<string, RuleRef> } {
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
    add(tag.control_id, { owner_kind: 'team', owner_id: team._id, owner_name: team.name, rule_id: tag.rule_id, policy_id: null, policy_name: null });
  }
  for (const policy of inputs.policies) {
    for (const tag of policy.tags) {
      const parsed = parseLegacyTag(tag);
      if (parsed?.framework !== framework) continue;
      for (const rule of policy.rules) {
        add(parsed.control_id, { owner_kind: 'policy', owner_id: policy._id, owner_name: policy.name, rule_id: rule.id, policy_id: policy._id, policy_name: policy.name });
      }
    }
  }
  return { byControl, rules };
}

export function buildEvidenceReport(framework: Framework, days: number, inputs: EvidenceInputs): EvidenceReport {
  const { byControl, rules } = taggedRulesByControl(framework, inputs);
  const controls: ControlRecord[] = CATALOG[framework].controls.map((control) => {
    const tagged = byControl.get(controlKey(framework, control.control_id)) ?? [];
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
export function bundleFrameworks(optedIn: readonly Framework[], tags: readonly TeamTagFacts[]): Framework[] {
  const chosen = new Set<string>([...optedIn, ...tags.map((t) => t.framework)]);
  const frameworks = (Object.keys(CATALOG) as Framework[]).filter((f) => chosen.has(f));
  return frameworks.length > 0 ? frameworks : (Object.keys(CATALOG) as Framework[]);
}
