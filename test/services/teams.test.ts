// A tag written while its team, rule or policy is being deleted must not outlive it. The deletion is
// run, through the real services and store, at the one moment that matters: after the service has
// checked the team and the rule, before it writes the tag (so the deletion's own sweep misses it).
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { DEFAULT_POLICY_FIELDS } from '../../src/services/policies.js';
import type { Repositories } from '../../src/store/repositories.js';
import { TeamService, type TagInput } from '../../src/services/teams.js';
import type { ControlTagDoc } from '../../src/store/team-repository.js';
import type { OrganizationDoc } from '../../src/store/organization-repository.js';
import { ADMIN_ACTOR, appWithOrgForFile, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let fixture: OrgFixture;
let org: OrganizationDoc;
appWithOrgForFile((app, o) => {
  t = app;
  fixture = o;
});
beforeAll(async () => {
  const found = await t.app.repos.organizations.findByRef(fixture.orgId);
  if (!found) throw new Error('fixture organization missing');
  org = found;
});

const rule = { enabled: true, dataTypes: ['EMAIL'], destinations: ['AI_TOOL' as const], action: 'MASK' as const };

/** A TeamService that runs `meanwhile` just before each tag write. */
function serviceWithDeletionAfterWrite(meanwhile: () => Promise<unknown>): TeamService {
  const repos = t.app.repos;
  const controlTags: Repositories['controlTags'] = {
    ...repos.controlTags,
    async insert(doc: ControlTagDoc) {
      await meanwhile();
      await repos.controlTags.insert(doc);
    },
  };
  return new TeamService({ ...repos, controlTags }, t.app.services.changeLog);
}

let counter = 0;
async function setup() {
  const n = ++counter;
  const policy = await t.app.services.policies.create(
    org,
    { ...DEFAULT_POLICY_FIELDS, name: `Raced ${n}`, rules: [{ name: 'Mask email', ...rule }, { name: 'Other', ...rule }] },
    ADMIN_ACTOR,
  );
  const { team } = await t.app.services.teams.create(org, `Team ${n}`, ADMIN_ACTOR);
  const [first, second] = policy.rules;
  if (!first || !second) throw new Error('policy without its rules');
  const input: TagInput = { framework: 'SOC2', control_id: 'CC6.1', rule_id: first.id };
  return { policy, team, first, second, input };
}

const tagsOfTeam = (teamId: string) => t.app.repos.controlTags.listByTeam(org._id, teamId);
/** The change log's record of tags added to rules of the policy: none for a tag that was withdrawn. */
const tagAdditions = async (ruleId: string) =>
  (await t.app.services.changeLog.list(org._id, { action: 'control_tag.add', limit: 200 })).items.filter((c) => c.after?.rule_id === ruleId);

describe('a tag raced by a deletion', () => {
  it('is withdrawn when its team is deleted meanwhile, and the team answers as unknown', async () => {
    const { team, input } = await setup();
    const service = serviceWithDeletionAfterWrite(() => t.app.services.teams.delete(org, team._id, ADMIN_ACTOR));
    expect(await service.addTag(org, team._id, input, ADMIN_ACTOR)).toBeNull();
    expect(await tagsOfTeam(team._id)).toEqual([]);
    expect(await tagAdditions(input.rule_id)).toEqual([]);
  });

  it('is withdrawn when its rule is dropped from the policy meanwhile (422)', async () => {
    const { policy, team, second, input } = await setup();
    const service = serviceWithDeletionAfterWrite(() =>
      t.app.services.policies.update(org, policy._id, { rules: [{ id: second.id, name: second.name, ...rule }] }, ADMIN_ACTOR),
    );
    const refused = await service.addTag(org, team._id, input, ADMIN_ACTOR).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ statusCode: 422, code: 'validation_error' });
    expect(await tagsOfTeam(team._id)).toEqual([]);
    expect(await tagAdditions(input.rule_id)).toEqual([]);
  });

  it('is withdrawn when its policy is deleted meanwhile (422)', async () => {
    const { policy, team, input } = await setup();
    const service = serviceWithDeletionAfterWrite(() => t.app.services.policies.delete(org, policy._id, ADMIN_ACTOR));
    await expect(service.addTag(org, team._id, input, ADMIN_ACTOR)).rejects.toMatchObject({ statusCode: 422 });
    expect(await tagsOfTeam(team._id)).toEqual([]);
  });

  it('stays when nothing was deleted', async () => {
    const { team, input } = await setup();
    const service = serviceWithDeletionAfterWrite(async () => undefined);
    const view = await service.addTag(org, team._id, input, ADMIN_ACTOR);
    expect(view).toMatchObject({ ruleName: 'Mask email', tag: { team_id: team._id, rule_id: input.rule_id } });
    expect(await tagsOfTeam(team._id)).toHaveLength(1);
    expect(await tagAdditions(input.rule_id)).toMatchObject([{ target_id: view?.tag._id, after: { team_id: team._id } }]);
  });
});
