// The HTTP ceiling for the text-check benchmark: bare Fastify that parses the same JSON body and
// answers a JSON of the same size, with no detection, auth or storage.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });

app.post('/check', async (request) => {
  const body = request.body as { text: string; destination: string };
  return {
    preflight_id: 'pf_0000000000000000000000000',
    decision: 'ALLOWED_WITH_MASKING',
    summary: 'Allowed with masking: 1 EMAIL, 1 PHONE masked for AI_TOOL by rule Mask PII everywhere.',
    detected: [
      { type: 'EMAIL', count: 1, sample: 'j***@example.com' },
      { type: 'PHONE', count: 1, sample: '(***) ***-0132' },
    ],
    masked_content: body.text,
    policy_version: '1.0',
    created_at: new Date().toISOString(),
  };
});

await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
