import { z } from 'zod';
import { CATALOG, findControl, FRAMEWORKS } from '../../compliance/catalog.js';
import type { TagView, TeamView } from '../../services/teams.js';
import { NOT_BLANK, Timestamp } from './common.js';
import { OrgParams } from './organizations.js';

// CSV exports join team names with ';' (`tagged_by`), and control characters would break rows and
// PDF lines, so neither may be in a name. NFC so that one visible name is one name.
const TeamName = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .regex(NOT_BLANK, 'must not be blank')
  .trim()
  .normalize('NFC')
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  // \p{Cc} written as its ranges, which every JSON Schema tool can read.
  .regex(/^[^\u0000-\u001f\u007f-\u009f;]*$/, "must not contain ';' or control characters")
  .describe("1-100 characters after trimming; no ';' or control characters; unique in the organization regardless of case");

export const TeamBody = z.strictObject({ name: TeamName });

export const TeamParams = OrgParams.extend({ team_id: z.string().min(1).max(100) });
export const TagParams = TeamParams.extend({ tag_id: z.string().min(1).max(100) });

const FrameworkSchema = z.enum(FRAMEWORKS, { error: () => `must be one of ${FRAMEWORKS.join(', ')}` });

export const TagCreate = z
  .strictObject({
    framework: FrameworkSchema,
    control_id: z.string().regex(NOT_BLANK, 'must not be blank').trim().min(1).max(100).describe('A control of the framework in the catalog, e.g. CC6.1'),
    rule_id: z.string().min(1).max(100).describe('A rule of one of the organization’s policies'),
    policy_id: z.string().min(1).max(100).optional().describe('If given, must be the rule’s policy'),
  })
  .superRefine((tag, ctx) => {
    if (findControl(tag.framework, tag.control_id)) return;
    const ids = CATALOG[tag.framework].controls.map((c) => c.control_id);
    ctx.addIssue({ code: 'custom', path: ['control_id'], message: `'${tag.control_id}' is not a ${tag.framework} control; one of ${ids.join(', ')}` });
  });

export const TagQuery = z.object({ framework: FrameworkSchema.optional().describe('Only the tags of this framework') });

export const Team = z
  .object({
    team_id: z.string(),
    org_id: z.string(),
    name: z.string(),
    tag_count: z.number().int().describe('Control tags the team owns'),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Team' });

export const Tag = z
  .object({
    tag_id: z.string(),
    team_id: z.string(),
    framework: z.enum(FRAMEWORKS),
    control_id: z.string(),
    rule_id: z.string(),
    rule_name: z.string().describe('Read live: follows renames of the rule'),
    policy_id: z.string().describe('The rule’s policy'),
    policy_name: z.string().describe('Read live: follows renames of the policy'),
    created_at: Timestamp,
  })
  .meta({ id: 'ControlTag' });

export function toTeam({ team, tagCount }: TeamView): z.infer<typeof Team> {
  return {
    team_id: team._id,
    org_id: team.org_id,
    name: team.name,
    tag_count: tagCount,
    created_at: team.created_at.toISOString(),
    updated_at: team.updated_at.toISOString(),
  };
}

export function toTag({ tag, ruleName, policyName }: TagView): z.infer<typeof Tag> {
  return {
    tag_id: tag._id,
    team_id: tag.team_id,
    framework: tag.framework,
    control_id: tag.control_id,
    rule_id: tag.rule_id,
    rule_name: ruleName,
    policy_id: tag.policy_id,
    policy_name: policyName,
    created_at: tag.created_at.toISOString(),
  };
}
