// Repositories and services over the clients; the audit writer is flushed before the clients close.
import fp from 'fastify-plugin';
import { KeyResolver } from '../../services/key-resolver.js';
import { OrganizationService } from '../../services/organizations.js';
import { PolicyService } from '../../services/policies.js';
import { createRepositories, type Repositories } from '../../services/repositories.js';
import { TextCheckService } from '../../services/text-check.js';
import { KeyVault } from '../../store/api-keys.js';
import type { AuditDoc } from '../../store/audit-repository.js';
import { BatchedWriter } from '../../store/batched-writer.js';

export interface Services {
  vault: KeyVault;
  keys: KeyResolver;
  auditWriter: BatchedWriter<AuditDoc>;
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
    const auditWriter = new BatchedWriter<AuditDoc>((docs) => repos.audit.insertMany(docs), app.config.audit);
    const policies = new PolicyService(repos, vault, keys);
    app.decorate('repos', repos);
    app.decorate('services', {
      vault,
      keys,
      auditWriter,
      organizations: new OrganizationService(repos, vault, keys, policies),
      policies,
      textChecks: new TextCheckService(app.detectPool, auditWriter, vault),
    });
    // onClose hooks run in reverse order of registration: this one runs before Mongo closes.
    app.addHook('onClose', async () => {
      await auditWriter.close();
    });
  },
  { name: 'services', dependencies: ['mongo', 'redis', 'detect-pool'] },
);
