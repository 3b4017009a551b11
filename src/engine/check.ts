import { decide } from './decide.js';
import { applyMaskPlan, maskPlan, type MaskReplacement } from './mask.js';
import { sample } from './sample.js';
import { scan } from './scan.js';
import type { CheckOptions, CheckOutcome, DecidedFinding, Detection, FindingSpan } from './types.js';

/**
 * One text check: scan with the policy's detection settings, decide, report per type and mask what
 * the policy masks (DESIGN §18-20).
 */
export function check(text: string, options: CheckOptions): CheckOutcome {
  return checked(text, options).outcome;
}

/**
 * A check that also returns its replacements (null when blocked), so a file can be masked in its
 * own format: the same decision, detections and masked text as `check`.
 */
export function checkWithPlan(text: string, options: CheckOptions): CheckOutcome & { masks: MaskReplacement[] | null } {
  const { outcome, masks } = checked(text, options);
  return { ...outcome, masks };
}

/** A check that also says where each finding is, so one who holds the text can mark it in place. */
export function checkWithSpans(text: string, options: CheckOptions): CheckOutcome & { spans: FindingSpan[] } {
  const { outcome, decided } = checked(text, options);
  return { ...outcome, spans: decided.map(({ finding: f, action }) => ({ type: f.type, start: f.start, end: f.end, action })) };
}

function checked(text: string, options: CheckOptions): { outcome: CheckOutcome; masks: MaskReplacement[] | null; decided: DecidedFinding[] } {
  const findings = scan(text, options);
  const { decision, findings: decided, fired_rules, summary } = decide(findings, options.rules, options.destination);
  const blocked = decision === 'BLOCKED';

  // Findings are sorted by start, so the first of each type fixes both the order and the sample.
  const detected = new Map<string, Detection>();
  for (const f of findings) {
    const entry = detected.get(f.type);
    if (entry) entry.count++;
    else detected.set(f.type, { type: f.type, count: 1, sample: blocked ? null : sample(f) });
  }

  const toMask = decided.filter((d) => d.action === 'MASK').map((d) => d.finding);
  const masks = blocked ? null : maskPlan(text, toMask, options.masking, options.hashKey);
  const outcome = { decision, summary, detected: [...detected.values()], masked_content: masks ? applyMaskPlan(text, masks) : null, fired_rules };
  return { outcome, masks, decided };
}

/** Detections kept from the destination: everything when blocked, else what masking replaced. */
export function preventedCount(outcome: Pick<CheckOutcome, 'decision' | 'detected' | 'fired_rules'>): number {
  if (outcome.decision === 'BLOCKED') return outcome.detected.reduce((n, d) => n + d.count, 0);
  return outcome.fired_rules.filter((r) => r.action === 'MASK').reduce((n, r) => n + r.count, 0);
}

/** The BLOCK and MASK rules the check applied: each firing is compliance evidence (DESIGN §29). */
export function evidenceRules(outcome: Pick<CheckOutcome, 'fired_rules'>): Array<{ rule_id: string; action: 'BLOCK' | 'MASK' }> {
  return outcome.fired_rules.flatMap(({ rule_id, action }) => (action === 'ALLOW' ? [] : [{ rule_id, action }]));
}
