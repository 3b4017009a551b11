// The live test of a custom detector's pattern, for the policy editor: RE2 as the policy API compiles
// it, so the editor shows what the pattern catches, or the very error a save would be refused with.
// Nothing is stored or logged; the sample is the tester's own text.
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CUSTOM_LIMITS } from '../../engine/index.js';
import { testPattern } from '../../services/pattern-test.js';
import { OrgParams } from '../schemas/organizations.js';

const PatternTest = z.strictObject({
  pattern: z.string().min(1).max(CUSTOM_LIMITS.patternChars).describe('RE2 syntax, as in a custom detector'),
  case_sensitive: z.boolean().default(false),
  sample: z.string().max(20_000).describe('Text to run the pattern over'),
});

const PatternTestResult = z.object({
  matches: z.array(z.object({ start: z.number().int(), end: z.number().int() })).describe('UTF-16 offsets into sample, at most 200'),
});

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/orgs/:org_id/custom-detectors/test',
      {
        onRequest: app.authenticate('admin'),
        config: { access: 'manage' },
        schema: {
          tags: ['policies'],
          security: [{ adminToken: [] }, { session: [] }],
          summary: 'Run a custom detector pattern over a sample (RE2, the policy’s limits): its matches, or 422 with the error a policy save would give',
          params: OrgParams,
          body: PatternTest,
          response: { 200: PatternTestResult },
        },
      },
      async (request) => {
        await app.orgForRequest(request, request.params.org_id);
        const { pattern, case_sensitive, sample } = request.body;
        return { matches: testPattern(pattern, case_sensitive, sample) };
      },
    );
  },
  { name: 'routes-pattern-test', dependencies: ['auth'] },
);
