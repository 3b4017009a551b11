// Everything the worker process runs for evidence bundles, built from the config: the PDF renderer and
// the `evidence-export` worker (on-demand and scheduled bundles). Tests start the same thing in-process.
import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import { evidenceExportQueue, scheduleId } from '../jobs/evidence-export.js';
import { bullPrefix } from '../jobs/prefix.js';
import { PdfRenderer } from '../pdf/renderer.js';
import { ChangeLog } from '../services/change-log.js';
import { ComplianceService } from '../services/compliance.js';
import { LicenseSigner } from '../services/license-signer.js';
import { KeyVault } from '../store/api-keys.js';
import type { Repositories } from '../store/repositories.js';
import { startEvidenceExportWorker } from './evidence-export.worker.js';
import { webhookEventsOf } from './webhook-workers.js';
import { createRedis } from '../store/redis-client.js';

export interface EvidenceWorkers {
  /** The `evidence-export` worker is taking jobs. */
  running(): boolean;
  close(): Promise<void>;
}

export function startEvidenceWorkers(config: Config, repos: Repositories, log: Logger): EvidenceWorkers {
  // BullMQ workers block on Redis and must wait out outages: maxRetriesPerRequest null.
  const connection = createRedis(config.redis.url, { maxRetriesPerRequest: null, connectionName: 'preflight-evidence-workers' });
  connection.on('error', (err) => log.warn({ err: err.message }, 'evidence workers redis connection error'));
  const prefix = bullPrefix(connection, config.redis.prefix);
  // Only to end the schedule of an organization that no longer exists.
  const queue = evidenceExportQueue({ connection, prefix });
  // The service's one signing key, loaded (or made) on the first bundle; a failed load is tried again next time.
  let signer: Promise<LicenseSigner> | null = null;
  const loadSigner = () => (signer ??= LicenseSigner.load(repos.signingKeys, new KeyVault(config.masterKey)).catch((err: unknown) => {
    signer = null;
    throw err;
  }));
  const pdf = new PdfRenderer({ executablePath: config.chromiumPath, timeoutMs: config.pdf.timeoutMs, maxConcurrent: config.pdf.maxConcurrent, log });
  const worker = startEvidenceExportWorker(
    {
      organizations: repos.organizations,
      compliance: new ComplianceService(repos, new ChangeLog(repos.changeLog)),
      bundles: repos.bundles,
      store: repos.bundleFiles,
      pdf,
      signer: loadSigner,
      retention: config.compliance.bundleRetention,
      removeSchedule: async (orgId) => {
        await queue.removeJobScheduler(scheduleId(orgId));
      },
      events: webhookEventsOf(config, repos, connection),
    },
    { connection, prefix, concurrency: config.compliance.exportConcurrency },
    log,
  );
  return {
    running: () => worker.isRunning(),
    async close() {
      // Running jobs finish (or, past the process's shutdown timeout, are picked up again as stalled).
      await Promise.allSettled([worker.close(), queue.close()]);
      await pdf.close();
      connection.disconnect();
    },
  };
}
