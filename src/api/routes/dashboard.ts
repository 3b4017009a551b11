// The dashboard (docs/dashboard.md): one HTML shell for every screen's address, and its assets, served
// by the API itself with a strict Content-Security-Policy. The shell is public and holds nothing;
// each screen's data comes from the JSON API, which enforces the roles. Hidden from the OpenAPI
// document (the fuzzer reads it): these are pages, not API.
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors } from '../../errors.js';
import { ASSETS_PATH, CONTENT_SECURITY_POLICY, loadAssets, shell } from '../../dashboard/page.js';

function secured(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('x-frame-options', 'DENY');
}

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const assets = loadAssets();
    const html = shell({ ssoPath: app.services.oidc ? '/api/session/oidc' : null });
    const page = async (_request: unknown, reply: FastifyReply) =>
      secured(reply).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

    for (const url of ['/', '/login', '/dashboard', '/dashboard/*']) r.get(url, { schema: { hide: true } }, page);

    r.get(`${ASSETS_PATH}/:name`, { schema: { hide: true, params: z.object({ name: z.string().max(100) }) } }, async (request, reply) => {
      const asset = assets.get(request.params.name);
      if (!asset) throw Errors.notFound('Asset');
      return secured(reply).header('cache-control', 'no-cache').type(asset.type).send(asset.body);
    });
  },
  { name: 'routes-dashboard', dependencies: ['services'] },
);
