import { compareTypes } from './catalogue.js';
import type { Action, DecidedFinding, Decision, Destination, Rule } from './types.js';

// One sentence on why the decision was taken. Built only from type names, counts, rule names and
// the destination: never from finding values.

/** "A", "A and B", "A, B and C". */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Types in stable (table) order, each with how many findings have it. */
function typeCounts(decided: readonly DecidedFinding[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const { finding } of decided) counts.set(finding.type, (counts.get(finding.type) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => compareTypes(a, b));
}

/** "rule 'X'" or "rules 'X' and 'Y'", in rule-list order. */
function ruleRef(decided: readonly DecidedFinding[], rules: readonly Rule[]): string {
  const credited = new Set(decided.map((d) => d.rule));
  const names = rules.filter((rule) => credited.has(rule)).map((rule) => `'${rule.name}'`);
  return `${names.length === 1 ? 'rule' : 'rules'} ${listOf(names)}`;
}

function typesPhrase(decided: readonly DecidedFinding[]): { types: string; plural: boolean } {
  const types = typeCounts(decided).map(([type]) => type);
  return { types: listOf(types), plural: types.length > 1 };
}

export function summarize(
  decision: Decision,
  decided: readonly DecidedFinding[],
  rules: readonly Rule[],
  destination: Destination,
): string {
  const withAction = (action: Action | null) => decided.filter((d) => d.action === action);

  if (decision === 'BLOCKED') {
    const blocked = withAction('BLOCK');
    const { types, plural } = typesPhrase(blocked);
    return `Blocked: ${types} ${plural ? 'are' : 'is'} blocked for ${destination} by ${ruleRef(blocked, rules)}.`;
  }
  if (decision === 'ALLOWED_WITH_MASKING') {
    const masked = withAction('MASK');
    const counts = typeCounts(masked).map(([type, n]) => `${n} ${type}`);
    return `Allowed with masking: ${counts.join(', ')} masked for ${destination} by ${ruleRef(masked, rules)}.`;
  }
  if (decided.length === 0) return 'Allowed: no sensitive data detected.';

  const parts: string[] = [];
  const allowed = withAction('ALLOW');
  if (allowed.length > 0) {
    const { types, plural } = typesPhrase(allowed);
    parts.push(`${types} ${plural ? 'are' : 'is'} allowed for ${destination} by ${ruleRef(allowed, rules)}`);
  }
  const uncovered = withAction(null);
  if (uncovered.length > 0) {
    const { types, plural } = typesPhrase(uncovered);
    parts.push(`${types} detected but no rule restricts ${plural ? 'them' : 'it'} for ${destination}`);
  }
  return `Allowed: ${parts.join('; ')}.`;
}
