// The check playground (docs/users-and-roles.md): a signed-in analyst, admin or owner picks one of
// its organization's policies and checks text or a file under it, without the policy's key. A real
// check: audited, and counted against the plan and quota.
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACTIONS } from '../../engine/types.js';
import { Errors } from '../../errors.js';
import { bodyDeadline } from '../body-deadline.js';
import { DestinationSchema, ErrorBody, RateLimitedBody } from '../schemas/common.js';
import { OrgParams } from '../schemas/organizations.js';
import { fileCheckFields, FileCheckResult, PendingCheck, TextCheckResult } from '../schemas/preflight.js';
import { pendingReply } from './preflight.js';

const PlaygroundPolicy = z
  .object({ policy_id: z.string(), name: z.string(), version: z.string(), is_active: z.boolean() })
  .meta({ id: 'PlaygroundPolicy' });

const PlaygroundText = z.strictObject({
  text: z.string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') }).min(1, 'must not be empty'),
  destination: DestinationSchema,
  policy_id: z.string().min(1).max(100).describe('A policy of the organization'),
});

// Not in the spec's result: the page holds the text it sent, and marks each finding in place from these.
const PlaygroundTextResult = TextCheckResult.extend({
  spans: z
    .array(
      z.object({
        type: z.string(),
        start: z.number().int(),
        end: z.number().int(),
        action: z.enum(ACTIONS).nullable().describe('What the policy did with the finding; null when no rule covers it'),
      }),
    )
    .describe('Each finding in the text, by start: offsets in UTF-16 code units (JavaScript string indices), end exclusive. No values.'),
}).meta({ id: 'PlaygroundTextResult' });

const PlaygroundFileQuery = z.object({ policy_id: z.string().min(1).max(100).describe('A policy of the organization') });

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const playground = app.services.playground;
    const fileChecks = app.services.fileChecks;
    const maxTextBytes = app.config.limits.maxTextBytes;
    const { bodyTimeoutMs, idleTimeoutMs } = app.config.files;
    const onRequest = app.authenticate('admin');
    const config = { access: 'analyse' as const };
    const tags = ['playground'];
    const security: Array<Record<string, string[]>> = [{ session: [] }, { adminToken: [] }];
    const base = '/api/orgs/:org_id/playground';

    r.get(
      `${base}/policies`,
      {
        onRequest,
        config,
        schema: { tags, security, summary: 'The policies a playground check can run under (no keys, no rules)', params: OrgParams, response: { 200: z.array(PlaygroundPolicy) } },
      },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        return (await playground.policies(org)).map((p) => ({ policy_id: p._id, name: p.name, version: p.version, is_active: p.is_active }));
      },
    );

    r.post(
      `${base}/text`,
      {
        onRequest,
        config,
        // JSON may escape each byte as \uXXXX (as for POST /api/preflight/text).
        bodyLimit: maxTextBytes * 6 + 64 * 1024,
        schema: {
          tags,
          security,
          summary: 'Check text under a policy of the organization, as a check with its key would: recorded in the audit trail and counted against the plan',
          description: 'An inactive policy or a revoked license is 403 as for the key; the plan’s limits and the monthly quota apply (429).',
          params: OrgParams,
          body: PlaygroundText,
          response: { 200: PlaygroundTextResult, 429: RateLimitedBody },
        },
      },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const { text, destination, policy_id } = request.body;
        const bytes = Buffer.byteLength(text, 'utf8');
        if (bytes > maxTextBytes) throw Errors.payloadTooLarge(`text is ${bytes} bytes; the limit is ${maxTextBytes} bytes of UTF-8.`);
        const result = await playground.checkText(org, policy_id, text, destination);
        if (!result) throw Errors.notFound('Policy');
        return result;
      },
    );

    r.post(
      `${base}/file`,
      {
        onRequest,
        config,
        schema: {
          tags,
          security,
          summary: 'Check a file (multipart/form-data: file, destination) under a policy of the organization, as a check with its key would',
          description:
            'The policy is named in the query. The file is read as by POST /api/preflight: its type is sniffed from the bytes (415 unsupported_file_type; 422 for empty, corrupt or encrypted files), rules no schema of the bytes can state. Answers with the result when the check finishes within the wait bound, else 202 with Location.',
          consumes: ['multipart/form-data'],
          params: OrgParams,
          querystring: PlaygroundFileQuery,
          response: { 200: FileCheckResult, 202: PendingCheck, 408: ErrorBody, 410: ErrorBody, 429: RateLimitedBody },
        },
      },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        if (!request.isMultipart()) throw Errors.unsupportedMediaType('Send the file as multipart/form-data with the fields file and destination.');
        const target = await playground.target(org, request.query.policy_id);
        if (!target) throw Errors.notFound('Policy');
        const deadline = bodyDeadline(request.raw, { bodyMs: bodyTimeoutMs, idleMs: idleTimeoutMs });
        let outcome: Awaited<ReturnType<typeof fileChecks.intake>>;
        try {
          outcome = await fileChecks.intake(target, request.parts(), fileCheckFields, deadline.signal, request.id);
        } finally {
          deadline.clear();
        }
        if (outcome.status === 'done') return outcome.result;
        return pendingReply(reply, outcome);
      },
    );
  },
  // After the file checks' routes, which register the multipart parser.
  { name: 'routes-playground', dependencies: ['auth', 'services', 'routes-preflight-files'] },
);
