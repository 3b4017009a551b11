import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors } from '../../errors.js';
import { actorOf, orgScopeOf } from '../plugins/auth.js';
import { ErrorBody } from '../schemas/common.js';
import {
  Organization,
  OrganizationCreate,
  OrganizationCreated,
  OrganizationPatch,
  OrgParams,
  toOrganization,
  toOrganizationCreated,
} from '../schemas/organizations.js';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const admin = app.authenticate('admin');
    const tags = ['organizations'];
    const security = [{ adminToken: [] }];

    r.get(
      '/api/organizations',
      { onRequest: admin, config: { access: 'signedIn' }, schema: { tags, security, summary: 'Organizations the caller may see (without license fields)', response: { 200: z.array(Organization) } } },
      async (request) => {
        // A user of one organization sees that one.
        const scope = orgScopeOf(request.principal);
        const orgs = scope === undefined ? await app.repos.organizations.list() : [await app.repos.organizations.findByRef(scope)];
        return orgs.filter((o) => o !== null).map(toOrganization);
      },
    );

    r.post(
      '/api/organizations',
      {
        onRequest: admin,
        config: { access: 'owner' },
        schema: { tags, security, summary: 'Create an organization with a trial license and a default policy', body: OrganizationCreate, response: { 201: OrganizationCreated, 409: ErrorBody } },
      },
      async (request, reply) => {
        const { org, license, licenseKey } = await app.services.organizations.create(request.body, actorOf(request.principal));
        return reply.code(201).send(toOrganizationCreated(org, license, licenseKey));
      },
    );

    r.get(
      '/api/organizations/:org_id',
      { onRequest: admin, config: { access: 'signedIn' }, schema: { tags, security, summary: 'An organization by id or slug', params: OrgParams, response: { 200: Organization } } },
      async (request) => toOrganization(await app.orgForRequest(request, request.params.org_id)),
    );

    r.patch(
      '/api/organizations/:org_id',
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'Change an organization’s name or settings (partial update)', params: OrgParams, body: OrganizationPatch, response: { 200: Organization } } },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const updated = await app.services.organizations.update(org, request.body, actorOf(request.principal));
        if (!updated) throw Errors.notFound('Organization');
        return toOrganization(updated);
      },
    );

    r.delete(
      '/api/organizations/:org_id',
      { onRequest: admin, config: { access: 'owner' }, schema: { tags, security, summary: 'Delete an organization and everything it owns', params: OrgParams, response: { 204: z.null() } } },
      async (request, reply) => {
        await app.services.organizations.delete(await app.orgForRequest(request, request.params.org_id), actorOf(request.principal));
        return reply.code(204).send(null);
      },
    );
  },
  { name: 'routes-organizations', dependencies: ['auth'] },
);
