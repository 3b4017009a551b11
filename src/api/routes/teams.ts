import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors } from '../../errors.js';
import { actorOf } from '../plugins/auth.js';
import { ErrorBody } from '../schemas/common.js';
import { OrgParams } from '../schemas/organizations.js';
import { Tag, TagCreate, TagParams, TagQuery, Team, TeamBody, TeamParams, toTag, toTeam } from '../schemas/teams.js';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const admin = app.authenticate('admin');
    const teams = app.services.teams;
    const tags = ['teams'];
    const security = [{ adminToken: [] }];
    const conflict = { 409: ErrorBody };
    const base = '/api/orgs/:org_id/teams';

    r.get(
      base,
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'Teams of an organization, by name', params: OrgParams, response: { 200: z.array(Team) } } },
      async (request) => (await teams.list(await app.orgForRequest(request, request.params.org_id))).map(toTeam),
    );

    r.post(
      base,
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'Create a team', params: OrgParams, body: TeamBody, response: { 201: Team, ...conflict } } },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        return reply.code(201).send(toTeam(await teams.create(org, request.body.name, actorOf(request.principal))));
      },
    );

    r.get(
      `${base}/:team_id`,
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'A team with its control tags', params: TeamParams, response: { 200: Team } } },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const team = await teams.get(org, request.params.team_id);
        if (!team) throw Errors.notFound('Team');
        return toTeam(team);
      },
    );

    r.patch(
      `${base}/:team_id`,
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'Rename a team', params: TeamParams, body: TeamBody, response: { 200: Team, ...conflict } } },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const team = await teams.rename(org, request.params.team_id, request.body.name, actorOf(request.principal));
        if (!team) throw Errors.notFound('Team');
        return toTeam(team);
      },
    );

    r.delete(
      `${base}/:team_id`,
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'Delete a team and every tag it owns', params: TeamParams, response: { 204: z.null() } } },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        if (!(await teams.delete(org, request.params.team_id, actorOf(request.principal)))) throw Errors.notFound('Team');
        return reply.code(204).send(null);
      },
    );

    r.get(
      `${base}/:team_id/tags`,
      {
        onRequest: admin, config: { access: 'manage' },
        schema: { tags, security, summary: 'Control tags of a team, oldest first', params: TeamParams, querystring: TagQuery, response: { 200: z.array(Tag) } },
      },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const views = await teams.listTags(org, request.params.team_id, request.query.framework);
        if (!views) throw Errors.notFound('Team');
        return views.map(toTag);
      },
    );

    r.post(
      `${base}/:team_id/tags`,
      {
        onRequest: admin, config: { access: 'manage' },
        schema: {
          tags,
          security,
          summary: 'Tag a rule to a control: the team answers for the control with that rule',
          params: TeamParams,
          body: TagCreate,
          response: { 201: Tag, ...conflict },
        },
      },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const view = await teams.addTag(org, request.params.team_id, request.body, actorOf(request.principal));
        if (!view) throw Errors.notFound('Team');
        return reply.code(201).send(toTag(view));
      },
    );

    r.delete(
      `${base}/:team_id/tags/:tag_id`,
      { onRequest: admin, config: { access: 'manage' }, schema: { tags, security, summary: 'Remove a control tag', params: TagParams, response: { 204: z.null() } } },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        if (!(await teams.removeTag(org, request.params.team_id, request.params.tag_id, actorOf(request.principal)))) throw Errors.notFound('Tag');
        return reply.code(204).send(null);
      },
    );
  },
  { name: 'routes-teams', dependencies: ['auth'] },
);
