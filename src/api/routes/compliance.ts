// Compliance evidence (spec "Compliance evidence"; DESIGN §27–29): the framework catalog with the
// organization's opt-ins, evidence per framework, and single-framework downloads (CSV, JSON, PDF).
// Reads admit the organization's policy and partner keys and the admin; opting in is the admin's.
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EVIDENCE_CONTENT_TYPES } from '../../services/evidence-files.js';
import { actorOf } from '../plugins/auth.js';
import { download } from '../schemas/common.js';
import { EvidenceExport, EvidenceQuery, EvidenceResponse, ExportQuery, FrameworkEntry, FrameworkList, FrameworkOptIn, FrameworkParams } from '../schemas/compliance.js';
import { OrgParams } from '../schemas/organizations.js';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const compliance = app.services.compliance;
    const reader = app.authenticate('admin', 'policy', 'partner');
    const admin = app.authenticate('admin');
    const tags = ['compliance'];
    const readers: Array<Record<string, string[]>> = [{ apiKey: [] }, { partnerKey: [] }, { adminToken: [] }, { session: [] }];
    const base = '/api/orgs/:org_id/compliance';

    r.get(
      `${base}/frameworks`,
      {
        onRequest: reader,
        config: { access: 'comply' },
        schema: { tags, security: readers, summary: 'Every framework of the catalog with the organization’s opt-in', params: OrgParams, response: { 200: FrameworkList } },
      },
      async (request) => ({ frameworks: await compliance.frameworks(await app.orgForRequest(request, request.params.org_id)) }),
    );

    r.put(
      `${base}/frameworks/:framework`,
      {
        onRequest: admin,
        config: { access: 'manage' },
        schema: {
          tags,
          security: [{ adminToken: [] }, { session: [] }],
          summary: 'Opt the organization into a framework, or out of it',
          params: FrameworkParams,
          body: FrameworkOptIn,
          response: { 200: FrameworkEntry },
        },
      },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        return compliance.setFramework(org, request.params.framework, request.body.enabled, actorOf(request.principal));
      },
    );

    r.get(
      `${base}/evidence`,
      {
        onRequest: reader,
        config: { access: 'comply' },
        schema: {
          tags,
          security: readers,
          summary: 'Evidence per control of a framework over the last `days` UTC days (today included)',
          params: OrgParams,
          querystring: EvidenceQuery,
          response: { 200: EvidenceResponse },
        },
      },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        return compliance.report(org, request.query.framework, request.query.days);
      },
    );

    r.get(
      `${base}/export`,
      {
        onRequest: reader,
        config: { access: 'comply' },
        schema: {
          tags,
          security: readers,
          summary: 'Download a framework’s evidence as CSV (one row per control), JSON or PDF',
          params: OrgParams,
          querystring: ExportQuery,
          response: {
            200: download('The file (Content-Disposition: attachment)', Object.values(EVIDENCE_CONTENT_TYPES), {
              [EVIDENCE_CONTENT_TYPES.json]: EvidenceExport,
            }),
          },
        },
      },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const { framework, format, days } = request.query;
        const file = await app.services.evidenceDownloads.download(org, framework, format, days);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .serializer((payload: unknown) => payload as string)
          .send(file.content);
      },
    );
  },
  { name: 'routes-compliance', dependencies: ['auth', 'services'] },
);
