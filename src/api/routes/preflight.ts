import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Errors } from '../../errors.js';
import type { PolicyPrincipal } from '../../services/key-resolver.js';
import { assertLicenseActive } from '../../services/licenses.js';
import type { Principal } from '../plugins/auth.js';
import { authErrors, ErrorBody, unavailable } from '../schemas/common.js';
import { PreflightParams, TextCheckBody, TextCheckResult } from '../schemas/preflight.js';

/** JSON may escape each byte of text as \uXXXX: the body limit leaves room for that, the text limit is exact. */
const bodyLimitFor = (maxTextBytes: number) => maxTextBytes * 6 + 64 * 1024;

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const maxTextBytes = app.config.limits.maxTextBytes;
    const tags = ['preflight'];
    const security = [{ apiKey: [] }];

    /** `org_id` must be the key's org; `policy_id` may pick another active policy of that org. */
    async function policyFor(principal: PolicyPrincipal, body: TextCheckBody): Promise<PolicyPrincipal> {
      const { org, policy } = principal;
      if (body.org_id !== undefined && body.org_id !== org._id && body.org_id !== org.slug) {
        throw Errors.otherOrganization('org_id is not the organization of this API key.');
      }
      if (body.policy_id === undefined || body.policy_id === policy._id) return principal;
      const chosen = await app.services.keys.byPolicyId(org._id, body.policy_id);
      if (!chosen) throw Errors.otherOrganization('policy_id is not a policy of this API key’s organization.');
      if (!chosen.policy.is_active) throw Errors.policyInactive();
      assertLicenseActive(chosen.license);
      return chosen;
    }

    const textCheck = {
      onRequest: app.authenticate('policy'),
      config: { rateLimit: 'checks' as const },
      bodyLimit: bodyLimitFor(maxTextBytes),
      schema: {
        tags,
        security,
        summary: 'Check text before it is sent to a destination',
        body: TextCheckBody,
        response: { 200: TextCheckResult, 400: ErrorBody, 413: ErrorBody, ...authErrors, ...unavailable },
      },
    };
    const handler = async (request: { principal: Principal; body: TextCheckBody }) => {
      const { body } = request;
      const bytes = Buffer.byteLength(body.text, 'utf8');
      if (bytes > maxTextBytes) throw Errors.payloadTooLarge(`text is ${bytes} bytes; the limit is ${maxTextBytes} bytes of UTF-8.`);
      if (request.principal.kind !== 'policy') throw Errors.missingApiKey();
      const target = await policyFor(request.principal, body);
      return app.services.textChecks.run(target, body.text, body.destination);
    };
    r.post('/api/preflight/text', textCheck, handler);
    r.post('/v1/preflight/text', { ...textCheck, schema: { ...textCheck.schema, hide: true } }, handler);

    r.get(
      '/api/preflight/:preflight_id',
      {
        onRequest: app.authenticate('policy', 'admin'),
        schema: {
          tags,
          security,
          summary: 'A recorded check; content and samples are not kept, so they are null here',
          params: PreflightParams,
          response: { 200: TextCheckResult, ...authErrors },
        },
      },
      async (request) => {
        const id = request.params.preflight_id;
        const doc = (await app.repos.audit.findById(id)) ?? (await app.services.auditJournal.pending(id));
        const principal = request.principal;
        if (!doc || (principal.kind === 'policy' && doc.org_id !== principal.org._id)) throw Errors.notFound('Check');
        return {
          preflight_id: doc._id,
          decision: doc.decision,
          summary: doc.summary,
          detected: doc.detected.map(({ type, count }) => ({ type, count, sample: null })),
          masked_content: null,
          policy_version: doc.policy_version,
          created_at: doc.created_at.toISOString(),
        };
      },
    );
  },
  { name: 'routes-preflight', dependencies: ['auth'] },
);
