import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors } from '../../errors.js';
import { actorOf } from '../plugins/auth.js';
import { License, LicenseCreate, LicenseParams, toLicense } from '../schemas/licenses.js';
import { OrgParams } from '../schemas/organizations.js';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const admin = app.authenticate('admin');
    const licenses = app.services.licenses;
    const view = (doc: Parameters<typeof toLicense>[0]) => toLicense(doc, licenses.keyOf(doc));
    const tags = ['licenses'];
    const security = [{ adminToken: [] }];
    const base = '/api/orgs/:org_id/licenses';

    r.get(
      base,
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'Licenses of an organization, newest first', params: OrgParams, response: { 200: z.array(License) } } },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        return (await app.repos.licenses.listByOrg(org._id)).map(view);
      },
    );

    r.post(
      base,
      {
        onRequest: admin, config: { access: 'manage' },
        schema: {
          tags,
          security,
          summary: 'Issue a license; it becomes the current one, and every policy of the organization runs under it',
          params: OrgParams,
          body: LicenseCreate,
          response: { 201: License },
        },
      },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const { license, licenseKey } = await licenses.issue(org, request.body, actorOf(request.principal));
        return reply.code(201).send(toLicense(license, licenseKey));
      },
    );

    r.delete(
      `${base}/:license_id`,
      {
        onRequest: admin, config: { access: 'manage' },
        schema: {
          tags,
          security,
          summary: 'Revoke a license: every policy running under it is deactivated at once',
          params: LicenseParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        if (!(await licenses.revoke(org, request.params.license_id, actorOf(request.principal)))) throw Errors.notFound('License');
        return reply.code(204).send(null);
      },
    );
  },
  { name: 'routes-licenses', dependencies: ['auth'] },
);
