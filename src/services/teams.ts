// Teams and their control tags (DESIGN §28). A tag names a rule by id; the rule's policy is looked
// up (and stored) here, and the rule and policy names are read live so renames show at once.
// Without transactions, a tag written while its team, rule or policy is being deleted is checked
// again after the write and withdrawn, so a deletion never leaves a tag behind.
import type { Framework } from '../compliance/catalog.js';
import { Errors } from '../errors.js';
import { DuplicateError } from '../store/errors.js';
import { newId } from '../store/ids.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import type { PolicyDoc } from '../store/policy-repository.js';
import type { ControlTagDoc, TeamDoc } from '../store/team-repository.js';
import type { Repositories } from '../store/repositories.js';
import type { Actor, ChangeLog } from './change-log.js';

export interface TeamView {
  team: TeamDoc;
  tagCount: number;
}

export interface TagView {
  tag: ControlTagDoc;
  ruleName: string;
  policyName: string;
}

export interface TagInput {
  framework: Framework;
  control_id: string;
  rule_id: string;
  policy_id?: string | undefined;
}

interface RuleOwner {
  ruleName: string;
  policy: PolicyDoc;
}

/** Where each rule of the org lives: rule ids are unique across policies. */
function rulesOf(policies: PolicyDoc[]): Map<string, RuleOwner> {
  return new Map(policies.flatMap((policy) => policy.rules.map((rule) => [rule.id, { ruleName: rule.name, policy }] as const)));
}

/** Tags with their rule's names; a tag whose rule is gone (its removal in flight) is not shown. */
function viewsOf(tags: ControlTagDoc[], rules: Map<string, RuleOwner>): TagView[] {
  return tags.flatMap((tag) => {
    const owner = rules.get(tag.rule_id);
    return owner ? [{ tag, ruleName: owner.ruleName, policyName: owner.policy.name }] : [];
  });
}

const nameKey = (name: string) => name.toLowerCase();

/** What the change log keeps of a control tag. */
const tagSettings = (tag: ControlTagDoc) => ({
  team_id: tag.team_id,
  framework: tag.framework,
  control_id: tag.control_id,
  rule_id: tag.rule_id,
  policy_id: tag.policy_id,
});

export class TeamService {
  constructor(
    private readonly repos: Repositories,
    private readonly changeLog: ChangeLog,
  ) {}

  async list(org: OrganizationDoc): Promise<TeamView[]> {
    const [teams, tags, policies] = await Promise.all([
      this.repos.teams.listByOrg(org._id),
      this.repos.controlTags.listByOrg(org._id),
      this.repos.policies.listByOrg(org._id),
    ]);
    const counts = new Map<string, number>();
    for (const { tag } of viewsOf(tags, rulesOf(policies))) counts.set(tag.team_id, (counts.get(tag.team_id) ?? 0) + 1);
    return teams.map((team) => ({ team, tagCount: counts.get(team._id) ?? 0 }));
  }

  async get(org: OrganizationDoc, teamId: string): Promise<TeamView | null> {
    const team = await this.repos.teams.findInOrg(org._id, teamId);
    return team && { team, tagCount: (await this.liveTags(org, team._id)).length };
  }

  async create(org: OrganizationDoc, name: string, actor: Actor): Promise<TeamView> {
    const now = new Date();
    const team: TeamDoc = { _id: newId('team'), org_id: org._id, name, name_key: nameKey(name), created_at: now, updated_at: now };
    const change = { actor, action: 'team.create', orgId: org._id, targetId: team._id, before: null, after: { name } } as const;
    try {
      await this.changeLog.apply(change, () => this.repos.teams.insert(team));
    } catch (err) {
      throw err instanceof DuplicateError ? duplicateName(name) : err;
    }
    return { team, tagCount: 0 };
  }

  async rename(org: OrganizationDoc, teamId: string, name: string, actor: Actor): Promise<TeamView | null> {
    const current = await this.repos.teams.findInOrg(org._id, teamId);
    if (!current) return null;
    const change = { actor, action: 'team.rename', orgId: org._id, targetId: teamId, before: { name: current.name }, after: { name } } as const;
    let team: TeamDoc | null;
    try {
      team = await this.changeLog.apply(change, () => this.repos.teams.rename(org._id, teamId, name, nameKey(name), new Date()), (doc) => doc !== null);
    } catch (err) {
      throw err instanceof DuplicateError ? duplicateName(name) : err;
    }
    return team && { team, tagCount: (await this.liveTags(org, team._id)).length };
  }

  /**
   * The team first, then its tags: a tag added meanwhile finds the team gone and withdraws itself.
   * The entry lists the tags that go with the team.
   */
  async delete(org: OrganizationDoc, teamId: string, actor: Actor): Promise<boolean> {
    const current = await this.repos.teams.findInOrg(org._id, teamId);
    if (!current) return false;
    const tags = (await this.repos.controlTags.listByTeam(org._id, teamId)).map((tag) => ({ tag_id: tag._id, ...tagSettings(tag) }));
    const change = { actor, action: 'team.delete', orgId: org._id, targetId: teamId, before: { name: current.name, tags }, after: null } as const;
    if (!(await this.changeLog.apply(change, () => this.repos.teams.delete(org._id, teamId), (deleted) => deleted))) return false;
    await this.repos.controlTags.deleteByTeam(org._id, teamId);
    return true;
  }

  /** Null when the team is not the org's. */
  async listTags(org: OrganizationDoc, teamId: string, framework?: Framework): Promise<TagView[] | null> {
    const team = await this.repos.teams.findInOrg(org._id, teamId);
    return team && this.liveTags(org, team._id, framework);
  }

  /** Null when the team is not the org's; 422 for a rule (or policy) the org does not have; 409 for a repeat. */
  async addTag(org: OrganizationDoc, teamId: string, input: TagInput, actor: Actor): Promise<TagView | null> {
    const team = await this.repos.teams.findInOrg(org._id, teamId);
    if (!team) return null;
    const owner = rulesOf(await this.repos.policies.listByOrg(org._id)).get(input.rule_id);
    if (!owner) throw Errors.validation(`rule_id: '${input.rule_id}' is not a rule of any policy of this organization.`);
    if (input.policy_id !== undefined && input.policy_id !== owner.policy._id) {
      throw Errors.validation(`policy_id: rule '${input.rule_id}' belongs to policy '${owner.policy._id}', not '${input.policy_id}'.`);
    }
    const tag: ControlTagDoc = {
      _id: newId('tag'),
      org_id: org._id,
      team_id: team._id,
      framework: input.framework,
      control_id: input.control_id,
      rule_id: input.rule_id,
      policy_id: owner.policy._id,
      created_at: new Date(),
    };
    const change = { actor, action: 'control_tag.add', orgId: org._id, targetId: tag._id, before: null, after: tagSettings(tag) } as const;
    // A tag withdrawn by its confirmation was not added: its entry goes too.
    return this.changeLog.apply(change, () => this.insertTag(org, team, tag), (view) => view !== null);
  }

  async removeTag(org: OrganizationDoc, teamId: string, tagId: string, actor: Actor): Promise<boolean> {
    const current = await this.repos.controlTags.findInTeam(org._id, teamId, tagId);
    if (!current) return false;
    const change = { actor, action: 'control_tag.remove', orgId: org._id, targetId: tagId, before: tagSettings(current), after: null } as const;
    return this.changeLog.apply(change, () => this.repos.controlTags.delete(org._id, teamId, tagId), (deleted) => deleted);
  }

  private async insertTag(org: OrganizationDoc, team: TeamDoc, tag: ControlTagDoc): Promise<TagView | null> {
    try {
      await this.repos.controlTags.insert(tag);
    } catch (err) {
      if (!(err instanceof DuplicateError)) throw err;
      throw Errors.conflict(`Team '${team.name}' already tags rule '${tag.rule_id}' to ${tag.framework} ${tag.control_id}.`);
    }
    return this.confirmTag(org, tag);
  }

  /** Re-reads the team and the rule after the write; if either went meanwhile, the tag goes too. */
  private async confirmTag(org: OrganizationDoc, tag: ControlTagDoc): Promise<TagView | null> {
    const [team, policy] = await Promise.all([this.repos.teams.findInOrg(org._id, tag.team_id), this.repos.policies.findInOrg(org._id, tag.policy_id)]);
    const rule = policy?.rules.find((r) => r.id === tag.rule_id);
    if (team && policy && rule) return { tag, ruleName: rule.name, policyName: policy.name };
    await this.repos.controlTags.delete(org._id, tag.team_id, tag._id);
    if (!team) return null;
    throw Errors.validation(`rule_id: '${tag.rule_id}' was deleted while the tag was being added.`);
  }

  private async liveTags(org: OrganizationDoc, teamId: string, framework?: Framework): Promise<TagView[]> {
    const [tags, policies] = await Promise.all([this.repos.controlTags.listByTeam(org._id, teamId, framework), this.repos.policies.listByOrg(org._id)]);
    return viewsOf(tags, rulesOf(policies));
  }
}

function duplicateName(name: string) {
  return Errors.conflict(`A team named '${name}' already exists in this organization (names are compared without case).`);
}
