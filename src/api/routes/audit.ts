import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orgScopeOf } from '../plugins/auth.js';
import { AuditPage, AuditQuery, categoriesOf, toAuditItem, windowOf } from '../schemas/audit.js';

export default fp(
  async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/audit',
      {
        onRequest: app.authenticate('admin', 'policy'),
        config: { access: 'analyse' },
        schema: {
          tags: ['audit'],
          security: [{ apiKey: [] }, { adminToken: [] }],
          summary: 'Recorded checks, newest first. A policy key, or a user of one organization, sees only that organization.',
          description:
            'A cursor must be the next_cursor of an earlier page of the same query (same org_id, search, from, to and filters); any other is 422 invalid_cursor.',
          querystring: AuditQuery,
          response: { 200: AuditPage },
        },
      },
      async (request) => {
        const { limit, offset, org_id: orgRef, search, cursor } = request.query;
        let orgId: string | undefined;
        if (orgRef !== undefined) {
          orgId = (await app.orgForRequest(request, orgRef))._id;
        } else {
          // A key, or a user of one organization, sees only that organization.
          orgId = orgScopeOf(request.principal);
        }
        const page = await app.services.auditLog.list({
          orgId,
          search,
          limit,
          offset,
          ...windowOf(request.query),
          filter: categoriesOf(request.query),
          cursor,
        });
        return { items: page.items.map(toAuditItem), limit, offset, total: page.total, total_exact: page.total_exact, next_cursor: page.next_cursor };
      },
    );
  },
  { name: 'routes-audit', dependencies: ['auth'] },
);
