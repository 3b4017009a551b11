// The services over the clients and repositories, and the audit journal with its drain, which runs
// on a thread of this process (drain-thread/). On close the thread finishes its batch and ends first.
import fp from 'fastify-plugin';
import { recordedChecks } from '../../checks/record.js';
import { DrainThread } from '../drain-thread/handle.js';
import { AuditJournal } from '../../store/audit-journal.js';
import { AnalyticsService } from '../../services/analytics.js';
import { ChangeLog } from '../../services/change-log.js';
import { KeyResolver } from '../../services/key-resolver.js';
import { LicenseSigner } from '../../services/license-signer.js';
import { LicenseValidator } from '../../services/license-validation.js';
import { LicenseService } from '../../services/licenses.js';
import { OrganizationService } from '../../services/organizations.js';
import { PartnerKeyService } from '../../services/partner-keys.js';
import { PolicyService } from '../../services/policies.js';
import { RateLimits } from '../../services/rate-limits.js';
import { TeamService } from '../../services/teams.js';
import { TextCheckService } from '../../services/text-check.js';
import { ComplianceService } from '../../services/compliance.js';
import { EvidenceBundleService } from '../../services/evidence-bundles.js';
import { AuditLog } from '../../services/audit-log.js';
import { EvidenceDownloads } from '../../services/evidence-files.js';
import { FileCheckService } from '../../services/file-check.js';
import { adminTokenMatcher, SignInService } from '../../services/sign-in.js';
import { KeyVault } from '../../store/api-keys.js';
import { RateCounters } from '../../store/rate-counters.js';
import { closedDayMarks } from '../../store/closed-day-marks.js';
import { slotSeconds } from '../../store/slot-seconds.js';
import { FailureThrottle } from '../../store/failure-throttle.js';
import { csrfTokenFor, emailSignInThrottle, SessionStore, signInThrottle } from '../../store/sessions.js';
import { UserService } from '../../services/users.js';
import { PlaygroundService } from '../../services/playground.js';
import { OidcSignIn } from '../../services/oidc.js';
import { OidcStates } from '../../store/oidc-states.js';
import { deliveryLog } from '../../store/webhook-repository.js';
import { WebhookEvents, WebhookService } from '../../services/webhooks.js';

/** Where the identity provider sends the browser back (register it with the provider). */
export const OIDC_CALLBACK_PATH = '/api/session/oidc/callback';

export interface Services {
  auditLog: AuditLog;
  changeLog: ChangeLog;
  vault: KeyVault;
  keys: KeyResolver;
  auditJournal: AuditJournal;
  /** The drain on a thread of this process; null when AUDIT_DRAIN_IN_API is off and worker processes drain the journal. */
  auditDrainer: DrainThread | null;
  organizations: OrganizationService;
  policies: PolicyService;
  licenses: LicenseService;
  licenseSigner: LicenseSigner;
  licenseValidator: LicenseValidator;
  rateLimits: RateLimits;
  analytics: AnalyticsService;
  teams: TeamService;
  textChecks: TextCheckService;
  fileChecks: FileCheckService;
  compliance: ComplianceService;
  evidenceDownloads: EvidenceDownloads;
  evidenceBundles: EvidenceBundleService;
  partnerKeys: PartnerKeyService;
  sessions: SessionStore;
  signIns: SignInService;
  users: UserService;
  playground: PlaygroundService;
  webhooks: WebhookService;
  webhookEvents: WebhookEvents;
  /** Single sign-on through OpenID Connect; null unless OIDC_ISSUER and OIDC_CLIENT_ID are set. */
  oidc: OidcSignIn | null;
  /** The CSRF token of a session id (src/store/sessions.ts). */
  csrfTokenOf: (sessionId: string) => string;
  /** Refused credentials per client address (src/api/plugins/auth.ts). */
  authFailures: FailureThrottle;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export default fp(
  async (app) => {
    const repos = app.repos;
    const vault = new KeyVault(app.config.masterKey);
    const keys = new KeyResolver(app.redis, app.config.redis.prefix, repos);
    const { maxBacklog, throttleBacklog, drainInApi } = app.config.audit;
    const auditJournal = new AuditJournal(app.redis, app.config.redis.prefix, maxBacklog, throttleBacklog);
    const webhookSettings = { allowPrivate: app.config.webhooks.allowPrivate, attempts: app.config.webhooks.attempts, backoffMs: app.config.webhooks.backoffMs };
    const webhookEvents = new WebhookEvents(repos.webhooks, app.queues.webhookDelivery, webhookSettings);
    const auditDrainer = drainInApi ? await DrainThread.start(app.config, app.log) : null;
    const changeLog = new ChangeLog(repos.changeLog);
    const policies = new PolicyService(repos, vault, keys, changeLog);

    const licenseSigner = await LicenseSigner.load(repos.signingKeys, vault);
    const compliance = new ComplianceService(repos, changeLog);
    const { exportWaitMs, throttleMs, exportAttempts } = app.config.compliance;
    const evidenceBundles = new EvidenceBundleService({
      compliance,
      bundles: repos.bundles,
      store: repos.bundleFiles,
      queue: app.queues.evidenceExport,
      events: app.queues.evidenceExportEvents,
      redis: app.redis,
      prefix: app.config.redis.prefix,
      waitMs: exportWaitMs,
      closing: app.closing,
      throttleMs,
      attempts: exportAttempts,
      changeLog,
      signer: licenseSigner,
    });
    const sessions = new SessionStore(app.redis, app.config.redis.prefix, app.config.session.ttlMs);
    const users = new UserService(repos.users, changeLog);
    const signInThrottles = { address: signInThrottle(app.redis, app.config.redis.prefix), email: emailSignInThrottle(app.redis, app.config.redis.prefix) };
    const rateLimits = new RateLimits(new RateCounters(app.redis, app.config.redis.prefix), app.config.limits.dashboardPerMinute);
    const webhooks = new WebhookService(repos.webhooks, deliveryLog(app.redis, app.config.redis.prefix), vault, changeLog, app.queues.webhookDelivery, webhookSettings);
    const textChecks = new TextCheckService(app.detectPool, auditJournal, vault);
    const licenses = new LicenseService(repos, vault, keys, changeLog, webhookEvents);
    app.decorate('services', {
      auditLog: new AuditLog(repos, closedDayMarks(app.redis, app.config.redis.prefix), slotSeconds(app.redis, app.config.redis.prefix), {
        searchBudgetMs: app.config.audit.searchBudgetMs,
      }),
      changeLog,
      vault,
      keys,
      auditJournal,
      auditDrainer,
      organizations: new OrganizationService(repos, keys, policies, licenses, evidenceBundles, changeLog),
      policies,
      licenses,
      licenseSigner,
      licenseValidator: new LicenseValidator(repos, licenseSigner),
      rateLimits,
      analytics: new AnalyticsService(repos.analytics),
      teams: new TeamService(repos, changeLog),
      compliance,
      evidenceDownloads: new EvidenceDownloads(compliance, app.pdf),
      evidenceBundles,
      textChecks,
      fileChecks: new FileCheckService(
        { files: repos.files, queue: app.queues.fileScan, events: app.queues.fileScanEvents, recorded: recordedChecks(repos.audit, auditJournal), keys, closing: app.closing },
        { baseUrl: app.config.baseUrl, waitMs: app.config.files.waitMs, attempts: app.config.files.attempts },
      ),
      partnerKeys: new PartnerKeyService(repos, vault, changeLog),
      sessions,
      signIns: new SignInService(sessions, signInThrottles, adminTokenMatcher(app.config.adminToken), users),
      users,
      playground: new PlaygroundService(repos, keys, rateLimits, textChecks),
      webhooks,
      webhookEvents,
      oidc:
        app.config.oidc &&
        new OidcSignIn(
          { ...app.config.oidc, redirectUri: `${app.config.baseUrl}${OIDC_CALLBACK_PATH}` },
          new OidcStates(app.redis, app.config.redis.prefix),
          users,
        ),
      csrfTokenOf: csrfTokenFor(app.config.masterKey),
      authFailures: new FailureThrottle(app.redis, `${app.config.redis.prefix}auth-failures:`, app.config.limits.authFailuresPerMinute, 60_000),
    });
    app.addHook('onClose', async () => {
      auditJournal.close();
      await auditDrainer?.close();
    });
  },
  { name: 'services', dependencies: ['repositories', 'redis', 'detect-pool', 'queues', 'pdf', 'shutdown'] },
);
