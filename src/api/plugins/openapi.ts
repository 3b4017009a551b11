// The OpenAPI document is generated from the routes' zod schemas: /openapi.json and /docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ACCESS, type Access } from '../../services/roles.js';
import { fileCheckForm } from '../schemas/preflight.js';
import { SESSION_COOKIE } from '../schemas/session.js';
import { conformDocument, type OpenApiDocument } from './openapi-document.js';
import { addExamples, mergeTwins } from './openapi-examples.js';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Preflight',
          description: 'Data-loss-prevention checks for content bound for AI tools, vendors and customers.',
          version: '1.0.0',
        },
        servers: [{ url: app.config.baseUrl }],
        components: {
          securitySchemes: {
            apiKey: { type: 'apiKey', in: 'header', name: 'X-Service-API-Key', description: 'Policy API key (svc_sk_…)' },
            adminToken: { type: 'http', scheme: 'bearer', description: 'SERVICE_ADMIN_TOKEN' },
            licenseKey: { type: 'http', scheme: 'bearer', description: 'License key (svc_lic_…), for SDK validation only' },
            partnerKey: {
              type: 'apiKey',
              in: 'header',
              name: 'X-Service-API-Key',
              description: "Compliance partner key (svc_cpk_…): read-only, its organization's /compliance/* only",
            },
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description:
                'Dashboard session from POST /api/session: the admin token’s (acts as owner) or a user’s, admitted where its role may go. Writes also send X-CSRF-Token.',
            },
          },
        },
      },
      // Each authenticated operation says which dashboard roles may call it, from the route's own
      // `config.access` (src/services/roles.ts), so the document cannot drift from what is enforced.
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        const security = (input.schema as { security?: Array<Record<string, unknown>> } | undefined)?.security;
        // Public operations (an empty requirement: signing in and out) admit anyone.
        const usesDashboard = security?.some((s) => 'adminToken' in s || 'session' in s) && !security.some((s) => Object.keys(s).length === 0);
        if (!usesDashboard || input.schema?.hide) return out;
        const access = (input.route.config as { access?: Access } | undefined)?.access;
        const schema = out.schema as { description?: string };
        const roles = `Dashboard roles: ${ACCESS[access ?? 'owner'].join(', ')} (the admin token acts as owner).`;
        schema.description = schema.description ? `${schema.description}\n\n${roles}` : roles;
        return out;
      },
      transformObject: (input) => {
        const doc = jsonSchemaTransformObject(input) as OpenApiDocument;
        // The file check streams its multipart parts itself, so no body schema can describe them.
        for (const path of ['/api/preflight', '/api/orgs/{org_id}/playground/file']) {
          const fileCheck = doc.paths?.[path]?.post;
          if (fileCheck) fileCheck.requestBody = fileCheckForm();
        }
        // Signing in takes the token in the body or as a bearer token with no body at all.
        const signIn = doc.paths?.['/api/session']?.post?.requestBody as { required?: boolean } | undefined;
        if (signIn) signIn.required = false;
        return addExamples(mergeTwins(conformDocument(doc)));
      },
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi', dependencies: ['config'] },
);
