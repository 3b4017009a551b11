// Compliance evidence shapes (spec part 2 and "Compliance evidence"). The evidence response is stable
// across releases (spec part 9): fields are only ever added.
import { z } from 'zod';
import { FRAMEWORKS } from '../../compliance/catalog.js';
import { EVIDENCE_FORMATS } from '../../services/evidence-files.js';
import { intParam, Timestamp } from './common.js';

const frameworkError = () => `must be one of ${FRAMEWORKS.join(', ')}`;
export const FrameworkSchema = z.enum(FRAMEWORKS, { error: frameworkError });
/** Query `framework` is required (spec): a missing one gets a detail that says so. */
const requiredFramework = z.enum(FRAMEWORKS, {
  error: (issue) => (issue.input === undefined ? 'is required; one of ' + FRAMEWORKS.join(', ') : frameworkError()),
});

export const Days = intParam('days', 1, 180, 30);

export const FrameworkParams = z.object({
  org_id: z.string().min(1).max(100),
  framework: FrameworkSchema,
});

export const FrameworkEntry = z
  .object({
    framework: FrameworkSchema,
    display_name: z.string(),
    enabled: z.boolean(),
    enabled_at: Timestamp.nullable(),
    control_count: z.number().int(),
  })
  .meta({ id: 'ComplianceFrameworkEntry' });

export const FrameworkList = z.object({ frameworks: z.array(FrameworkEntry) });

export const FrameworkOptIn = z.object({ enabled: z.boolean({ error: () => 'must be true or false' }) }).strict();

export const EvidenceQuery = z.object({ framework: requiredFramework, days: Days });

export const ExportQuery = z.object({
  framework: requiredFramework,
  format: z.enum(EVIDENCE_FORMATS, {
    error: (issue) => (issue.input === undefined ? 'is required; one of csv, json, pdf' : 'must be one of csv, json, pdf'),
  }),
  days: Days,
});

export const TaggedRule = z
  .object({
    owner_kind: z.enum(['team', 'policy']),
    owner_id: z.string(),
    owner_name: z.string(),
    rule_id: z.string(),
    policy_id: z.string().nullable(),
    policy_name: z.string().nullable(),
    tagged_at: Timestamp.nullable().describe('Added: since when this owner has tagged the rule to the control without a break; null when unknown'),
  })
  .meta({ id: 'TaggedRule' });

const RuleAt = z.object({ rule_id: z.string(), enabled: z.boolean(), policy_active: z.boolean() });

export const CoverageRange = z
  .object({
    from_date: z.iso.date(),
    to_date: z.iso.date(),
    status: z.enum(['covered', 'uncovered']),
    rules: z.array(RuleAt).describe('The tagged rules as they stood at the end of each day of the range'),
  })
  .meta({ id: 'ComplianceCoverageRange' });

export const RuleDefinition = z
  .object({
    rule_id: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    dataTypes: z.array(z.string()),
    destinations: z.array(z.string()),
    action: z.string(),
    policy_id: z.string(),
    policy_name: z.string(),
    policy_version: z.string(),
    policy_active: z.boolean(),
  })
  .meta({ id: 'ComplianceRuleDefinition' });

export const EvidenceSample = z
  .object({
    preflight_id: z.string().describe('Fetch the check with GET /api/preflight/{preflight_id}'),
    created_at: Timestamp,
    rule_id: z.string(),
    decision: z.string(),
    detected: z.array(z.object({ type: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'ComplianceEvidenceSample', description: 'A sampled check: ids, types and counts, never content' });

export const ControlRecord = z
  .object({
    control_id: z.string(),
    title: z.string(),
    description: z.string(),
    covered_by: z.string(),
    default_owner_role: z.string(),
    status: z.enum(['covered', 'uncovered']),
    rule_count: z.number().int(),
    tagged_rules: z.array(TaggedRule),
    evidence_event_count: z.number().int(),
    evidence_blocked: z.number().int(),
    evidence_masked: z.number().int(),
    last_evidence_at: Timestamp.nullable().describe('Newest evidence in the window; null when there is none'),
    covered_days: z.number().int().describe('Added: UTC days of the window on which the control was covered all day (today: until now)'),
    coverage_history: z.array(CoverageRange).describe('Added: the window, oldest first, as ranges of one status and one set of tagged rules'),
    first_covered_at: Timestamp.nullable().describe('Added: start of the covered stretch that first reaches into the window; null when never covered in it'),
    rule_definitions: z.array(RuleDefinition).describe('Added: the tagged rules’ definitions'),
    evidence_sample: z.array(EvidenceSample).describe('Added: a bounded sample of the checks behind the counts'),
  })
  .meta({ id: 'ComplianceControlRecord' });

export const EvidenceResponse = z
  .object({
    framework: FrameworkSchema,
    display_name: z.string(),
    window_days: z.number().int(),
    controls: z.array(ControlRecord),
    summary: z.object({
      total_controls: z.number().int(),
      covered_controls: z.number().int(),
      uncovered_controls: z.number().int(),
      coverage_pct: z.number().int(),
      total_evidence_events: z.number().int(),
    }),
  })
  .meta({ id: 'ComplianceEvidence' });

/** The JSON download (`format=json`, and evidence.json in bundles): the evidence, then who it is for, when and which window. */
export const EvidenceExport = EvidenceResponse.extend({
  org_id: z.string(),
  org_slug: z.string(),
  generated_at: Timestamp,
  from_date: z.iso.date(),
  to_date: z.iso.date(),
}).meta({ id: 'ComplianceEvidenceExport' });
