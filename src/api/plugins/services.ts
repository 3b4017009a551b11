// Repositories and services over the clients. On close the audit drainer finishes its batch before
// the clients close (onClose hooks run in reverse order of registration).
import fp from 'fastify-plugin';
import { startAuditDrainer, type AuditDrainer } from '../../store/audit-drainer.js';
import { AuditJournal } from '../../store/audit-journal.js';
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
  /** Null when AUDIT_DRAIN_IN_API is off and worker processes drain the journal. */
  auditDrainer: AuditDrainer | null;
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
    const { drainBatch, claimIdleMs, maxBacklog, drainInApi } = app.config.audit;
    const auditJournal = new AuditJournal(app.redis, app.config.redis.prefix, maxBacklog);
    const auditDrainer = drainInApi
      ? await startAuditDrainer(app.redis, auditJournal, repos.audit, { batchSize: drainBatch, claimIdleMs }, app.log)
      : null;
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
      await auditDrainer?.stop();
    });
  },
  { name: 'services', dependencies: ['mongo', 'redis', 'detect-pool'] },
);
