// `npm run bootstrap` (node dist/bootstrap/main.js): the first run on a new deployment. It says where the
// admin token comes from and makes a first organization, printing its id and its default policy's key
// the one time it is created. Safe to run again, and from any number of replicas at once.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/index.js';
import { connectMongo } from '../store/mongo.js';
import { createRepositories } from '../store/repositories.js';
import { adminTokenSource } from './admin-token.js';
import { ensureFirstOrg } from './first-org.js';
import { createRedis } from '../store/redis-client.js';

const USAGE = 'usage: bootstrap [--slug demo] [--name "Demo organization"] [--admin-email admin@example.com] [--show-token]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      slug: { type: 'string', default: 'demo' },
      name: { type: 'string', default: 'Demo organization' },
      'admin-email': { type: 'string', default: 'admin@example.com' },
      'show-token': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return void console.log(USAGE);
  const config = loadConfig();
  console.log(adminTokenSource(process.env, config.adminToken, values['show-token']));
  const mongo = await connectMongo(config.mongodb);
  const redis = createRedis(config.redis.url, { maxRetriesPerRequest: 3, connectionName: 'preflight-bootstrap' });
  try {
    const repos = createRepositories(mongo, { fileRetentionMs: config.files.retentionMs, masterKey: config.masterKey });
    const first = await ensureFirstOrg(repos, redis, config.redis.prefix, config.masterKey, {
      slug: values.slug,
      name: values.name,
      adminEmail: values['admin-email'],
    });
    console.log(`Organization: ${first.org._id} (slug ${first.org.slug}) ${first.created ? 'created' : 'already exists'}`);
    if (first.policyId) console.log(`Default policy: ${first.policyId}`);
    if (first.policyKey) {
      console.log(`Default policy key (shown this once): ${first.policyKey}`);
      console.log('  Send it as "X-Service-API-Key" to POST /api/preflight.');
    } else if (first.policyId) {
      console.log(`  Its key is not printed again: GET /api/orgs/${first.org._id}/policies with the admin token shows it.`);
    }
  } finally {
    redis.disconnect();
    await mongo.client.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `bootstrap failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
