// Webhooks (docs/webhooks.md): an organization's endpoints, managed by its admins (access `manage`):
// create (the secret is shown once), list, read, update, delete, rotate the secret, send a test
// event, and read the delivery log.
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../plugins/auth.js';
import { ErrorBody } from '../schemas/common.js';
import { OrgParams } from '../schemas/organizations.js';
import {
  CreatedWebhook,
  DeliveryLogPage,
  DeliveryQuery,
  toDelivery,
  toWebhook,
  Webhook,
  WebhookCreate,
  WebhookParams,
  WebhookSecret,
  WebhookTest,
  WebhookUpdate,
} from '../schemas/webhooks.js';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const onRequest = app.authenticate('admin');
    const config = { access: 'manage' as const };
    const webhooks = app.services.webhooks;
    const tags = ['webhooks'];
    const security: Array<Record<string, string[]>> = [{ adminToken: [] }, { session: [] }];
    const base = '/api/orgs/:org_id/webhooks';
    const one = `${base}/:webhook_id`;

    r.post(
      base,
      {
        onRequest,
        config,
        schema: {
          tags,
          security,
          summary: 'Subscribe an endpoint to events; the signing secret is in this answer only',
          description: 'A URL that is not http(s), or resolves to a loopback, private or link-local address, is 422 webhook_url_refused.',
          params: OrgParams,
          body: WebhookCreate,
          response: { 201: CreatedWebhook, 409: ErrorBody },
        },
      },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const { doc, secret } = await webhooks.create(org, request.body, actorOf(request.principal));
        return reply.code(201).send({ ...toWebhook(doc), secret });
      },
    );

    r.get(base, { onRequest, config, schema: { tags, security, summary: 'Webhook endpoints of an organization, oldest first', params: OrgParams, response: { 200: z.array(Webhook) } } }, async (request) => {
      const org = await app.orgForRequest(request, request.params.org_id);
      return (await webhooks.list(org)).map(toWebhook);
    });

    r.get(one, { onRequest, config, schema: { tags, security, summary: 'A webhook endpoint', params: WebhookParams, response: { 200: Webhook } } }, async (request) => {
      const org = await app.orgForRequest(request, request.params.org_id);
      return toWebhook(await webhooks.get(org, request.params.webhook_id));
    });

    r.patch(
      one,
      {
        onRequest,
        config,
        schema: { tags, security, summary: 'Change an endpoint’s URL, events or description, or disable / re-enable it', params: WebhookParams, body: WebhookUpdate, response: { 200: Webhook } },
      },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        return toWebhook(await webhooks.update(org, request.params.webhook_id, request.body, actorOf(request.principal)));
      },
    );

    r.delete(one, { onRequest, config, schema: { tags, security, summary: 'Delete an endpoint and its delivery log', params: WebhookParams, response: { 204: z.null() } } }, async (request, reply) => {
      const org = await app.orgForRequest(request, request.params.org_id);
      await webhooks.delete(org, request.params.webhook_id, actorOf(request.principal));
      return reply.code(204).send(null);
    });

    r.post(
      `${one}/rotate-secret`,
      { onRequest, config, schema: { tags, security, summary: 'A new signing secret, shown only now; the old one stops signing at once', params: WebhookParams, response: { 200: WebhookSecret } } },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const { doc, secret } = await webhooks.rotateSecret(org, request.params.webhook_id, actorOf(request.principal));
        return { webhook_id: doc._id, secret };
      },
    );

    r.post(
      `${one}/test`,
      { onRequest, config, schema: { tags, security, summary: 'Send a webhook.test event to this endpoint (even while disabled)', params: WebhookParams, response: { 202: WebhookTest } } },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        return reply.code(202).send(await webhooks.sendTest(org, request.params.webhook_id));
      },
    );

    r.get(
      `${one}/deliveries`,
      {
        onRequest,
        config,
        schema: { tags, security, summary: 'The endpoint’s delivery attempts, newest first (the last 100 are kept)', params: WebhookParams, querystring: DeliveryQuery, response: { 200: DeliveryLogPage } },
      },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        return { items: (await webhooks.deliveryLog(org, request.params.webhook_id, request.query.limit)).map(toDelivery) };
      },
    );
  },
  { name: 'routes-webhooks', dependencies: ['auth', 'services'] },
);
