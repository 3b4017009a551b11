// The change log (docs/change-log.md): an organization's management changes, newest first, for its
// owners, admins and auditors; and the installation's own (owners' accounts), for owners. A deleted
// organization's log outlives it and is read by the organization's id.
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Errors } from '../../errors.js';
import { INSTALLATION_LOG } from '../../services/change-log.js';
import { orgScopeOf } from '../plugins/auth.js';
import { windowOf } from '../schemas/audit.js';
import { ChangePage, ChangeQuery, toChange } from '../schemas/changes.js';
import { OrgParams } from '../schemas/organizations.js';

const RULES = 'A cursor must be the next_cursor of an earlier page; any other is 422 invalid_cursor. A from after to is 422.';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const changeLog = app.services.changeLog;
    const security: Array<Record<string, string[]>> = [{ adminToken: [] }, { session: [] }];
    const schema = { tags: ['changes'], security, querystring: ChangeQuery, response: { 200: ChangePage } };

    const page = async (logId: string, query: ChangeQuery) => {
      const { limit, action, target_type, target_id, cursor } = query;
      const found = await changeLog.list(logId, { ...windowOf(query), action, targetType: target_type, targetId: target_id, limit, cursor });
      return { items: found.items.map(toChange), limit, next_cursor: found.nextCursor };
    };

    r.get(
      '/api/orgs/:org_id/changes',
      {
        onRequest: app.authenticate('admin'),
        config: { access: 'comply' },
        schema: {
          ...schema,
          summary: 'Management changes of an organization, newest first: who, when, what, and the settings before and after',
          description: `Organizations, policies and their rules, policy keys, licenses, framework opt-ins, teams and control tags, partner keys, the bundle schedule and the organization's dashboard users. Raw keys, key hashes, passwords and secrets are never kept. A deleted organization’s changes are read by its id. ${RULES}`,
          params: OrgParams,
        },
      },
      async (request) => {
        const ref = request.params.org_id;
        const org = await app.repos.organizations.findByRef(ref);
        const orgId = org?._id ?? (ref.startsWith('org_') && (await changeLog.hasHistory(ref)) ? ref : null);
        const scope = orgScopeOf(request.principal);
        if (scope !== undefined && (orgId ?? ref) !== scope) throw Errors.otherOrganization('You are a user of another organization.');
        if (!orgId) throw Errors.notFound('Organization');
        return page(orgId, request.query);
      },
    );

    r.get(
      '/api/changes',
      {
        onRequest: app.authenticate('admin'),
        config: { access: 'owner' },
        schema: {
          ...schema,
          summary: 'Changes that belong to no organization, newest first: owners’ accounts (created, changed, deleted, passwords changed)',
          description: `Entries carry org_id "${INSTALLATION_LOG}". ${RULES}`,
        },
      },
      async (request) => page(INSTALLATION_LOG, request.query),
    );
  },
  { name: 'routes-changes', dependencies: ['auth'] },
);
