// The change log's guarantees (docs/change-log.md): an entry is written before its change, so a
// change that cannot be recorded is not made; a change refused after its entry was written takes
// the entry back, one lost in an outage keeps it; secrets are redacted; listings go newest first
// across months. Real FerretDB.
import { beforeAll, describe, expect, it } from 'vitest';
import { ChangeLog, redact, REDACTED } from '../../src/services/change-log.js';
import { DEFAULT_POLICY_FIELDS, PolicyService } from '../../src/services/policies.js';
import type { ChangeDoc, ChangeLogRepository } from '../../src/store/change-log-repository.js';
import { DuplicateError } from '../../src/store/errors.js';
import { newId } from '../../src/store/ids.js';
import type { OrganizationDoc } from '../../src/store/organization-repository.js';
import type { Repositories } from '../../src/store/repositories.js';
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

const rules = [{ name: 'Mask email', enabled: true, dataTypes: ['EMAIL'], destinations: ['AI_TOOL' as const], action: 'MASK' as const }];

/** PolicyService over the app's store, with the change log and policy repository given. */
function policyService(changeLog: ChangeLog, policies: Repositories['policies'] = t.app.repos.policies): PolicyService {
  return new PolicyService({ ...t.app.repos, policies }, t.app.services.vault, t.app.services.keys, changeLog);
}

const entriesFor = async (targetId: string) => (await t.app.services.changeLog.list(org._id, { targetId, limit: 200 })).items;

describe('written before the change', () => {
  it('a change that cannot be recorded is not made', async () => {
    const policy = await t.app.services.policies.create(org, { ...DEFAULT_POLICY_FIELDS, name: 'Kept as it was', rules }, ADMIN_ACTOR);
    const unwritable: ChangeLogRepository = {
      ...t.app.repos.changeLog,
      insert: async () => {
        throw new Error('the change log cannot be written');
      },
    };
    const service = policyService(new ChangeLog(unwritable));
    await expect(service.update(org, policy._id, { name: 'Changed unrecorded' }, ADMIN_ACTOR)).rejects.toThrow('cannot be written');
    await expect(service.delete(org, policy._id, ADMIN_ACTOR)).rejects.toThrow('cannot be written');
    await expect(service.create(org, { ...DEFAULT_POLICY_FIELDS, name: 'Never made', rules }, ADMIN_ACTOR)).rejects.toThrow('cannot be written');
    const stored = await t.app.repos.policies.findInOrg(org._id, policy._id);
    expect(stored).toMatchObject({ name: 'Kept as it was', version: '1.0' });
    expect((await t.app.repos.policies.listByOrg(org._id)).map((p) => p.name)).not.toContain('Never made');
    expect((await entriesFor(policy._id)).map((c) => c.action)).toEqual(['policy.create']);
  });

  /** A policy repository whose updates fail with `err`. */
  const failingWith = (err: Error): Repositories['policies'] => ({
    ...t.app.repos.policies,
    update: async () => {
      throw err;
    },
  });

  it('a change refused after its entry was written takes the entry back', async () => {
    const policy = await t.app.services.policies.create(org, { ...DEFAULT_POLICY_FIELDS, name: 'Update refused', rules }, ADMIN_ACTOR);
    const service = policyService(t.app.services.changeLog, failingWith(new DuplicateError('name')));
    await expect(service.update(org, policy._id, { name: 'Not applied' }, ADMIN_ACTOR)).rejects.toThrow('duplicate name');
    expect((await entriesFor(policy._id)).map((c) => c.action)).toEqual(['policy.create']);
  });

  it('a change that failed in an outage keeps its entry: it may have been made', async () => {
    const policy = await t.app.services.policies.create(org, { ...DEFAULT_POLICY_FIELDS, name: 'Update lost', rules }, ADMIN_ACTOR);
    const service = policyService(t.app.services.changeLog, failingWith(new Error('connection reset')));
    await expect(service.update(org, policy._id, { name: 'Maybe applied' }, ADMIN_ACTOR)).rejects.toThrow('connection reset');
    expect((await entriesFor(policy._id)).map((c) => [c.action, c.after?.name])).toEqual([
      ['policy.update', 'Maybe applied'],
      ['policy.create', 'Update lost'],
    ]);
  });

  it('a target gone by the time of its change takes the entry back', async () => {
    const policy = await t.app.services.policies.create(org, { ...DEFAULT_POLICY_FIELDS, name: 'Deleted meanwhile', rules }, ADMIN_ACTOR);
    const racing: Repositories['policies'] = {
      ...t.app.repos.policies,
      update: async (orgId, policyId, set) => {
        await t.app.repos.policies.delete(orgId, policyId);
        return t.app.repos.policies.update(orgId, policyId, set);
      },
    };
    expect(await policyService(t.app.services.changeLog, racing).update(org, policy._id, { name: 'Too late' }, ADMIN_ACTOR)).toBeNull();
    expect((await entriesFor(policy._id)).map((c) => c.action)).toEqual(['policy.create']);
  });
});

describe('redaction', () => {
  it('replaces secret fields and raw keys at any depth, and writes dates as ISO strings', () => {
    const at = new Date('2026-11-25T13:00:00Z');
    expect(
      redact({
        name: 'Visible',
        key_hash: 'abc',
        key_enc: 'def',
        api_key: 'x',
        nested: [{ license_key: 'y', token: 'z', password: 'p', note: 'pasted svc_sk_0123456789abcdef here' }],
        expires_at: at,
        count: 3,
        none: null,
      }),
    ).toEqual({
      name: 'Visible',
      key_hash: REDACTED,
      key_enc: REDACTED,
      api_key: REDACTED,
      nested: [{ license_key: REDACTED, token: REDACTED, password: REDACTED, note: REDACTED }],
      expires_at: '2026-11-25T13:00:00.000Z',
      count: 3,
      none: null,
    });
  });

  it('blanks every password field of a user, whatever it is called, and keeps the change time', () => {
    const at = new Date('2026-11-28T08:00:00Z');
    const user = { email: 'a@example.com', password: 'p', password_hash: 'scrypt$…', current_password: 'c', new_password: 'n', csrf_token: 't', password_changed_at: at };
    expect(redact(user)).toEqual({
      email: 'a@example.com',
      password: REDACTED,
      password_hash: REDACTED,
      current_password: REDACTED,
      new_password: REDACTED,
      csrf_token: REDACTED,
      password_changed_at: '2026-11-28T08:00:00.000Z',
    });
  });

  it('keeps what only looks alike: key ids, a detector pattern for keys', () => {
    const kept = { key_id: 'cpk_1', tag_id: 'tag_1', pattern: 'svc_sk_[0-9A-Za-z]{43}' };
    expect(redact(kept)).toEqual(kept);
  });
});

describe('listing across months', () => {
  const orgId = newId('org');
  const at = (iso: string) => new Date(iso);
  const times = ['2026-08-31T23:59:59.000Z', '2026-09-01T00:00:00.000Z', '2026-09-15T12:00:00.000Z', '2026-11-02T08:00:00.000Z', '2026-11-20T08:00:00.000Z'];
  let ids: string[];
  beforeAll(async () => {
    ids = [];
    for (const [i, iso] of times.entries()) {
      const id = newId('chg', at(iso).getTime());
      ids.push(id);
      const doc: Omit<ChangeDoc, 'org_month'> = {
        _id: id,
        at: at(iso),
        org_id: orgId,
        action: i % 2 === 0 ? 'team.create' : 'team.rename',
        target_type: 'team',
        target_id: `team_${i}`,
        actor: ADMIN_ACTOR,
        before: null,
        after: { name: `Team ${i}` },
      };
      await t.app.repos.changeLog.insert(doc);
    }
  });
  const log = () => t.app.services.changeLog;
  const newest = () => [...ids].reverse();

  it('reads every month that has entries, newest first, and pages across them', async () => {
    expect(await t.app.repos.changeLog.monthsOf(orgId)).toEqual(['2026-11', '2026-09', '2026-08']);
    expect((await log().list(orgId, { limit: 50 })).items.map((c) => c._id)).toEqual(newest());
    const first = await log().list(orgId, { limit: 2 });
    expect(first.items.map((c) => c._id)).toEqual(newest().slice(0, 2));
    const second = await log().list(orgId, { limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.items.map((c) => c._id)).toEqual(newest().slice(2, 4));
    const third = await log().list(orgId, { limit: 2, cursor: second.nextCursor ?? undefined });
    expect(third).toEqual({ items: [expect.objectContaining({ _id: ids[0] })], nextCursor: null });
  });

  it('a window reads only its months and keeps only its entries', async () => {
    const window = await log().list(orgId, { from: Date.parse('2026-09-01T00:00:00Z'), to: Date.parse('2026-11-02T08:00:00Z'), limit: 50 });
    expect(window.items.map((c) => c._id)).toEqual(newest().slice(1, 4));
    const renames = await log().list(orgId, { action: 'team.rename', limit: 50 });
    expect(renames.items.map((c) => c.target_id)).toEqual(['team_3', 'team_1']);
    expect((await log().list(orgId, { targetId: 'team_2', limit: 50 })).items.map((c) => c._id)).toEqual([ids[2]]);
  });

  it('a cursor that is no change id is refused (422 invalid_cursor)', async () => {
    await expect(log().list(orgId, { limit: 5, cursor: 'chg_nonsense' })).rejects.toMatchObject({ statusCode: 422, code: 'invalid_cursor' });
  });
});
