// Repositories and services over the clients. On close the audit drainer finishes its batch before
// the clients close (onClose hooks run in reverse order of registration).
import fp from 'fastify-plugin';
import { AuditDrainer } from '../../services/audit-drainer.js';
import { AuditJournal } from '../../services/audit-journal.js';
import { KeyResolver } from '../../services/key-resolver.js';
import { OrganizationService } from '../../services/organizations.js';
import { PolicyService } from '../../services/policies.js';
import { createRepositories, type Repositories } from '../../services/repositories.js';
import { TextCheckService } from '../../services/text-check.js';
import { KeyVault } from '../../store/api-keys.js';

export interface Services {
  vault: KeyVault;
  keys: KeyResolver;
  auditJournal: AuditJournal;
  auditDrainer: AuditDrainer;
  organizations: OrganizationService;
  policies: PolicyService;
  textChecks: TextCheckService;
}

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
    services: Services;
  }
}

export default fp(
  async (app) => {
    const repos = createRepositories(app.mongo.db);
    const vault = new KeyVault(app.config.masterKey);
    const keys = new KeyResolver(app.redis, app.config.redis.prefix, repos);
    const { drainBatch, claimIdleMs, maxBacklog } = app.config.audit;
    const auditJournal = new AuditJournal(app.redis, app.config.redis.prefix, maxBacklog);
    const blockMs = 1_000;
    const drainerRedis = app.redis.duplicate({ connectionName: 'preflight-audit-drainer', commandTimeout: blockMs + 5_000, enableAutoPipelining: false });
    drainerRedis.on('error', (err) => app.log.warn({ err: err.message }, 'redis connection error (audit drainer)'));
    await drainerRedis.connect();
    const auditDrainer = new AuditDrainer(drainerRedis, auditJournal, repos.audit, { batchSize: drainBatch, blockMs, claimIdleMs }, app.log);
    await auditDrainer.start();
    const policies = new PolicyService(repos, vault, keys);
    app.decorate('repos', repos);
    app.decorate('services', {
      vault,
      keys,
      auditJournal,
      auditDrainer,
      organizations: new OrganizationService(repos, vault, keys, policies),
      policies,
      textChecks: new TextCheckService(app.detectPool, auditJournal, vault),
    });
    app.addHook('onClose', async () => {
      auditJournal.close();
      await auditDrainer.stop();
      drainerRedis.disconnect();
    });
  },
  { name: 'services', dependencies: ['mongo', 'redis', 'detect-pool'] },
);
