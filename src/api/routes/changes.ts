// The change log (docs/change-log.md): an organization's management changes, newest first, for the
// admin only. A deleted organization's log outlives it and is read by the organization's id.
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Errors } from '../../errors.js';
import { windowOf } from '../schemas/audit.js';
import { ChangePage, ChangeQuery, toChange } from '../schemas/changes.js';
import { OrgParams } from '../schemas/organizations.js';

export default fp(
  async (app) => {
    const changeLog = app.services.changeLog;
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/orgs/:org_id/changes',
      {
        onRequest: app.authenticate('admin'),
        schema: {
          tags: ['changes'],
          security: [{ adminToken: [] }, { session: [] }],
          summary: 'Management changes of an organization, newest first: who, when, what, and the settings before and after',
          description:
            'Organizations, policies and their rules, policy keys, licenses, framework opt-ins, teams and control tags, partner keys and the bundle schedule. Raw keys, key hashes and secrets are never kept. A deleted organization’s changes are read by its id. A cursor must be the next_cursor of an earlier page; any other is 422 invalid_cursor. A from after to is 422.',
          params: OrgParams,
          querystring: ChangeQuery,
          response: { 200: ChangePage },
        },
      },
      async (request) => {
        const ref = request.params.org_id;
        const org = await app.repos.organizations.findByRef(ref);
        const orgId = org?._id ?? (ref.startsWith('org_') && (await changeLog.hasHistory(ref)) ? ref : null);
        if (!orgId) throw Errors.notFound('Organization');
        const { limit, action, target_type, target_id, cursor } = request.query;
        const page = await changeLog.list(orgId, { ...windowOf(request.query), action, targetType: target_type, targetId: target_id, limit, cursor });
        return { items: page.items.map(toChange), limit, next_cursor: page.nextCursor };
      },
    );
  },
  { name: 'routes-changes', dependencies: ['auth'] },
);
