import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditExport } from '../../services/audit-export.js';
import { orgScopeOf } from '../plugins/auth.js';
import { AuditExportQuery, AuditPage, AuditQuery, categoriesOf, toAuditItem, windowOf } from '../schemas/audit.js';
import { download } from '../schemas/common.js';

const MEDIA_TYPES = { ndjson: 'application/x-ndjson', csv: 'text/csv; charset=utf-8' } as const;

export default fp(
  async (app) => {
    /** The organization a listing reads: the one named (if the caller may), else the caller's own, or all for an owner. */
    const scopeOf = async (request: FastifyRequest, orgRef: string | undefined) =>
      orgRef !== undefined ? (await app.orgForRequest(request, orgRef))._id : orgScopeOf(request.principal);

    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/audit/export',
      {
        onRequest: app.authenticate('admin', 'policy'),
        config: { access: 'analyse' },
        schema: {
          tags: ['audit'],
          security: [{ apiKey: [] }, { adminToken: [] }],
          summary: 'Export recorded checks for a SIEM, newest first, as NDJSON or CSV, streamed',
          description:
            'The filters of GET /api/audit (org_id, search, from, to, decision, destination, policy_id, source), and exact app, user_ref and tag filters on the check metadata. The whole window is streamed, a page at a time (docs/siem.md).',
          querystring: AuditExportQuery,
          response: { 200: download('One record per line (NDJSON) or row (CSV)', [MEDIA_TYPES.ndjson, 'text/csv']) },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const orgId = await scopeOf(request, q.org_id);
        const lines = auditExport(app.services.auditLog, { orgId, search: q.search, ...windowOf(q), filter: categoriesOf(q) }, q.format, q);
        const stamp = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', MEDIA_TYPES[q.format])
          .header('content-disposition', `attachment; filename="audit-${stamp}.${q.format}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(lines, { objectMode: false }));
      },
    );

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
        // A key, or a user of one organization, sees only that organization.
        const orgId = await scopeOf(request, orgRef);
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
