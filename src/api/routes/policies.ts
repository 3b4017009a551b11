import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors } from '../../errors.js';
import { actorOf } from '../plugins/auth.js';
import { OrgParams } from '../schemas/organizations.js';
import { Policy, PolicyCreate, PolicyParams, PolicyPatch, RegeneratedKey, toPolicy } from '../schemas/policies.js';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const admin = app.authenticate('admin');
    const policies = app.services.policies;
    const view = (doc: Parameters<typeof toPolicy>[0]) => toPolicy(doc, policies.apiKeyOf(doc));
    const tags = ['policies'];
    const security = [{ adminToken: [] }];
    const base = '/api/orgs/:org_id/policies';

    r.get(base, { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'Policies of an organization, with their API keys', params: OrgParams, response: { 200: z.array(Policy) } } }, async (request) => {
      const org = await app.orgForRequest(request, request.params.org_id);
      return (await app.repos.policies.listByOrg(org._id)).map(view);
    });

    r.post(
      base,
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'Create a policy; the answer holds its API key and rule ids', params: OrgParams, body: PolicyCreate, response: { 201: Policy } } },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        return reply.code(201).send(view(await policies.create(org, request.body, actorOf(request.principal))));
      },
    );

    r.get(
      `${base}/:policy_id`,
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'A policy', params: PolicyParams, response: { 200: Policy } } },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const doc = await app.repos.policies.findInOrg(org._id, request.params.policy_id);
        if (!doc) throw Errors.notFound('Policy');
        return view(doc);
      },
    );

    r.patch(
      `${base}/:policy_id`,
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'Change a policy (partial update); a change of rules bumps its version', params: PolicyParams, body: PolicyPatch, response: { 200: Policy } } },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const doc = await policies.update(org, request.params.policy_id, request.body, actorOf(request.principal));
        if (!doc) throw Errors.notFound('Policy');
        return view(doc);
      },
    );

    r.delete(
      `${base}/:policy_id`,
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'Delete a policy; its key stops working at once', params: PolicyParams, response: { 204: z.null() } } },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        if (!(await policies.delete(org, request.params.policy_id, actorOf(request.principal)))) throw Errors.notFound('Policy');
        return reply.code(204).send(null);
      },
    );

    r.post(
      `${base}/:policy_id/regenerate-key`,
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'Regenerate a policy’s API key; the old key is invalid at once', params: PolicyParams, response: { 200: RegeneratedKey } } },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const result = await policies.regenerateKey(org, request.params.policy_id, actorOf(request.principal));
        if (!result) throw Errors.notFound('Policy');
        return { api_key: result.apiKey, policy_id: result.policy._id };
      },
    );
  },
  { name: 'routes-policies', dependencies: ['auth'] },
);
