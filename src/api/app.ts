// Builds the API: config → clients (Mongo, Redis, detection pool, queues, PDF) → repositories →
// services → auth → rate limits → routes. Each layer is one hop from here (docs/architecture.md):
//   plugins   src/api/plugins/     one per client or cross-cutting concern, registered below in order
//   routes    src/api/routes/      one per resource; schemas in src/api/schemas/; handlers stay thin
//   services  src/api/plugins/services.ts builds them all from src/services/
//   checks    src/checks/          policy → engine options, the check record and its answer
//   detect    src/api/plugins/detect-pool.ts → src/detect/ (piscina pool and its thread)
//   store     src/api/plugins/repositories.ts → src/store/repositories.ts (the same wiring as the worker's)
//   jobs      src/api/plugins/queues.ts → src/jobs/ (queue contracts; the worker process is src/workers/main.ts)
//   engine    src/engine/          pure detection over strings
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from '../config/index.js';
import { errorForLog } from '../config/logging.js';
import { sessionCookieSecret } from '../store/sessions.js';
import auth from './plugins/auth.js';
import configPlugin from './plugins/config.js';
import detectPool from './plugins/detect-pool.js';
import errorHandler, { frameworkErrors } from './plugins/error-handler.js';
import gauges from './plugins/gauges.js';
import jsonBody from './plugins/json-body.js';
import metrics from './plugins/metrics.js';
import tracing from './plugins/tracing.js';
import mongo from './plugins/mongo.js';
import openapi from './plugins/openapi.js';
import pdf from './plugins/pdf.js';
import requestId from './plugins/request-id.js';
import queues from './plugins/queues.js';
import redis from './plugins/redis.js';
import repositories from './plugins/repositories.js';
import rateLimits from './plugins/rate-limits.js';
import services from './plugins/services.js';
import shutdown from './plugins/shutdown.js';
import adminQueues from './routes/admin-queues.js';
import analytics from './routes/analytics.js';
import compliance from './routes/compliance.js';
import complianceBundles from './routes/compliance-bundles.js';
import audit from './routes/audit.js';
import changes from './routes/changes.js';
import health from './routes/health.js';
import licenseValidation from './routes/license-validation.js';
import licenses from './routes/licenses.js';
import metricsRoute from './routes/metrics.js';
import organizations from './routes/organizations.js';
import partnerKeys from './routes/partner-keys.js';
import policies from './routes/policies.js';
import preflight from './routes/preflight.js';
import preflightFiles from './routes/preflight-files.js';
import session from './routes/session.js';
import teams from './routes/teams.js';
import users from './routes/users.js';
import playground from './routes/playground.js';
import dashboard from './routes/dashboard.js';
import patternTest from './routes/pattern-test.js';
import webhooks from './routes/webhooks.js';
import { genReqId } from './request-id.js';

/** Logs say what happened, never what was submitted: no bodies, no query strings, no credentials. */
function loggerOptions(config: Config, stream: DestinationStream | undefined) {
  return {
    level: config.logLevel,
    stream,
    redact: ['req.headers.authorization', 'req.headers["x-service-api-key"]', 'req.headers.cookie'],
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: req.url.split('?')[0], id: req.id }),
      err: errorForLog,
    },
  };
}

export interface BuildOptions {
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: DestinationStream;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // The shutdown plugin answers requests that arrive while closing: 503 shutting_down with Retry-After.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors,
    // The caller's X-Request-Id (validated) or a minted one: the id in every log line of the request.
    genReqId,
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  try {
    await app.register(configPlugin, { config });
    await app.register(errorHandler);
    await app.register(requestId);
    await app.register(tracing);
    await app.register(jsonBody);
    // Refuses requests with 503 shutting_down once closing begins (instead of Fastify's bare 503).
    await app.register(shutdown);
    await app.register(openapi);
    await app.register(metrics);
    await app.register(mongo);
    await app.register(redis);
    await app.register(detectPool);
    await app.register(queues);
    await app.register(pdf);
    await app.register(repositories);
    await app.register(services);
    await app.register(gauges);
    // Parses cookies for auth (the dashboard session) and signs the session cookie.
    await app.register(cookie, { secret: sessionCookieSecret(config.masterKey) });
    await app.register(auth);
    await app.register(rateLimits);
    await app.register(health);
    await app.register(organizations);
    await app.register(policies);
    await app.register(preflight);
    await app.register(preflightFiles);
    await app.register(adminQueues);
    await app.register(metricsRoute);
    await app.register(audit);
    await app.register(licenses);
    await app.register(licenseValidation);
    await app.register(analytics);
    await app.register(session);
    await app.register(partnerKeys);
    await app.register(compliance);
    await app.register(complianceBundles);
    await app.register(teams);
    await app.register(changes);
    await app.register(users);
    await app.register(playground);
    await app.register(patternTest);
    await app.register(webhooks);
    await app.register(dashboard);
    await app.ready();
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}
