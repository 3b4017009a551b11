// Compliance partner keys (DESIGN §30): minted, listed and deleted by the admin (token or dashboard
// session) only; a partner key cannot see or mint keys, since these are not /compliance/* reads.
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors } from '../../errors.js';
import { actorOf } from '../plugins/auth.js';
import { ErrorBody } from '../schemas/common.js';
import { OrgParams } from '../schemas/organizations.js';
import { PartnerKey, PartnerKeyCreate, PartnerKeyParams, toPartnerKey } from '../schemas/partner-keys.js';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const admin = app.authenticate('admin');
    const partnerKeys = app.services.partnerKeys;
    const tags = ['compliance'];
    const security: Array<Record<string, string[]>> = [{ adminToken: [] }, { session: [] }];
    const base = '/api/orgs/:org_id/compliance/partner-keys';

    r.post(
      base,
      {
        onRequest: admin, config: { access: 'manage' },
        schema: {
          tags,
          security,
          summary: 'Mint a compliance partner key: read-only access to this organization’s /compliance/* endpoints',
          params: OrgParams,
          body: PartnerKeyCreate,
          response: { 201: PartnerKey, 409: ErrorBody },
        },
      },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        return reply.code(201).send(toPartnerKey(await partnerKeys.create(org, request.body.name, actorOf(request.principal))));
      },
    );

    r.get(
      base,
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'Partner keys of an organization, oldest first', params: OrgParams, response: { 200: z.array(PartnerKey) } } },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        return (await partnerKeys.list(org)).map(toPartnerKey);
      },
    );

    r.delete(
      `${base}/:key_id`,
      {
        onRequest: admin, config: { access: 'manage' },
        schema: { tags, security, summary: 'Delete a partner key: it stops working at once', params: PartnerKeyParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        if (!(await partnerKeys.delete(org, request.params.key_id, actorOf(request.principal)))) throw Errors.notFound('Partner key');
        return reply.code(204).send(null);
      },
    );
  },
  { name: 'routes-partner-keys', dependencies: ['auth'] },
);
