// Dashboard users (docs/users-and-roles.md): managed by owners (every user) and by an organization's
// admins (that organization's admins, analysts and auditors). A user out of the caller's reach is 404.
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors } from '../../errors.js';
import { actorOf, managerOf } from '../plugins/auth.js';
import { ErrorBody } from '../schemas/common.js';
import { toUser, User, UserCreate, UserListQuery, UserParams, UserPatch } from '../schemas/users.js';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const users = app.services.users;
    const onRequest = app.authenticate('admin');
    const config = { access: 'manage' as const };
    const tags = ['users'];
    const security: Array<Record<string, string[]>> = [{ adminToken: [] }, { session: [] }];
    const roles = 'Owners (every user) and admins (their organization’s admins, analysts and auditors).';

    r.post(
      '/api/users',
      {
        onRequest,
        config,
        schema: {
          tags,
          security,
          summary: 'Create a dashboard user',
          description: `${roles} An owner belongs to no organization and only an owner creates one; every other role needs org_id (an admin's own is the default). The password must not contain the email's name and must use at least 5 different characters (422), rules JSON Schema cannot state. A taken email is 409.`,
          body: UserCreate,
          response: { 201: User, 409: ErrorBody },
        },
      },
      async (request, reply) => {
        const manager = managerOf(request.principal);
        const { org_id: ref, ...input } = request.body;
        const orgRef = ref ?? (input.role === 'owner' ? undefined : (manager.orgId ?? undefined));
        const org = orgRef === undefined ? null : await app.orgForRequest(request, orgRef);
        return reply.code(201).send(toUser(await users.create(manager, org, input, actorOf(request.principal))));
      },
    );

    r.get(
      '/api/users',
      {
        onRequest,
        config,
        schema: { tags, security, summary: 'Dashboard users, by email', description: roles, querystring: UserListQuery, response: { 200: z.array(User) } },
      },
      async (request) => {
        const ref = request.query.org_id;
        const org = ref === undefined ? undefined : await app.orgForRequest(request, ref);
        return (await users.list(managerOf(request.principal), org?._id)).map(toUser);
      },
    );

    r.get(
      '/api/users/:user_id',
      { onRequest, config, schema: { tags, security, summary: 'A dashboard user', description: roles, params: UserParams, response: { 200: User } } },
      async (request) => {
        const user = await users.get(managerOf(request.principal), request.params.user_id);
        if (!user) throw Errors.notFound('User');
        return toUser(user);
      },
    );

    r.patch(
      '/api/users/:user_id',
      {
        onRequest,
        config,
        schema: {
          tags,
          security,
          summary: 'Change a user’s role, disable or enable it, or reset its password',
          description: `${roles} Disabling a user or resetting its password ends its sessions at once. Nobody changes their own role or disables themselves (403); a role cannot move between owner and the organization roles (422), and a new password must not contain the email's name (422): rules JSON Schema cannot state.`,
          params: UserParams,
          body: UserPatch,
          response: { 200: User },
        },
      },
      async (request) => {
        const user = await users.update(managerOf(request.principal), request.params.user_id, request.body, actorOf(request.principal));
        if (!user) throw Errors.notFound('User');
        return toUser(user);
      },
    );

    r.delete(
      '/api/users/:user_id',
      {
        onRequest,
        config,
        schema: { tags, security, summary: 'Delete a user: its sessions end at once', description: `${roles} Nobody deletes themselves (403).`, params: UserParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        if (!(await users.delete(managerOf(request.principal), request.params.user_id, actorOf(request.principal)))) throw Errors.notFound('User');
        return reply.code(204).send(null);
      },
    );
  },
  { name: 'routes-users', dependencies: ['auth'] },
);
