import { summarize } from './summary.js';
import type { Action, DecideResult, DecidedFinding, Decision, Destination, Finding, FiredRule, Rule } from './types.js';

const STRENGTH: Record<Action, number> = { ALLOW: 1, MASK: 2, BLOCK: 3 };

/** Names a rule may list in `dataTypes` that match this finding: its type and its category. */
function covers(dataTypes: ReadonlySet<string>, finding: Finding): boolean {
  return dataTypes.has(finding.type.toUpperCase()) || dataTypes.has(finding.category);
}

interface ActiveRule {
  rule: Rule;
  dataTypes: ReadonlySet<string>;
}

/**
 * The enabled rules for a destination, each with the names it covers, by rule list: a cached
 * policy's list is the same array on every check, so this is worked out once per policy version.
 */
const activeByRules = new WeakMap<readonly Rule[], Map<Destination, readonly ActiveRule[]>>();

function activeRules(rules: readonly Rule[], destination: Destination): readonly ActiveRule[] {
  let byDestination = activeByRules.get(rules);
  if (!byDestination) activeByRules.set(rules, (byDestination = new Map()));
  let active = byDestination.get(destination);
  if (!active) {
    active = rules
      .filter((rule) => rule.enabled && rule.destinations.includes(destination))
      .map((rule) => ({ rule, dataTypes: new Set(rule.dataTypes.map((t) => t.trim().toUpperCase())) }));
    byDestination.set(destination, active);
  }
  return active;
}

/**
 * DESIGN §19. Each finding takes the strongest action among the enabled rules for this
 * destination that cover it; on a tie the first such rule in list order is credited.
 */
export function decide(findings: readonly Finding[], rules: readonly Rule[], destination: Destination): DecideResult {
  const active = activeRules(rules, destination);

  const decided: DecidedFinding[] = findings.map((finding) => {
    let rule: Rule | null = null;
    for (const candidate of active) {
      if (!covers(candidate.dataTypes, finding)) continue;
      if (rule === null || STRENGTH[candidate.rule.action] > STRENGTH[rule.action]) rule = candidate.rule;
    }
    return { finding, action: rule?.action ?? null, rule };
  });

  const counts = new Map<Rule, number>();
  for (const { rule } of decided) if (rule) counts.set(rule, (counts.get(rule) ?? 0) + 1);
  const fired_rules: FiredRule[] = active
    .filter(({ rule }) => counts.has(rule))
    .map(({ rule }) => ({ rule_id: rule.id, rule_name: rule.name, action: rule.action, count: counts.get(rule) ?? 0 }));

  const actions = new Set(decided.map((d) => d.action));
  const decision: Decision = actions.has('BLOCK') ? 'BLOCKED' : actions.has('MASK') ? 'ALLOWED_WITH_MASKING' : 'ALLOWED';
  return { decision, findings: decided, fired_rules, summary: summarize(decision, decided, rules, destination) };
}
