// Compliance evidence for an organization (spec "Compliance evidence"; DESIGN §27–29): framework
// opt-ins, evidence reports evaluated at read time from the current policies, teams and tags and the
// per-rule daily evidence rollups, and what exports and bundles need to describe themselves.
import { createHash } from 'node:crypto';
import { CATALOG, FRAMEWORKS, type Framework } from '../compliance/catalog.js';
import { buildEvidenceReport, bundleFrameworks, controlRuleIds, type EvidenceInputs } from '../compliance/evidence.js';
import { ConfigHistory } from '../compliance/history.js';
import { sampleDays, spreadOrder } from '../compliance/samples.js';
import { evidenceWindow } from '../compliance/exports.js';
import type { EvidenceReport, EvidenceSample, ExportContext, FrameworkEntry } from '../compliance/types.js';
import type { ChangeDoc } from '../store/change-log-repository.js';
import type { RuleEvidenceTotal } from '../store/evidence-repository.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import type { FrameworkSettingDoc } from '../store/framework-settings-repository.js';
import type { Repositories } from '../store/repositories.js';
import type { Actor, ChangeLog } from './change-log.js';

function entryOf(framework: Framework, setting: FrameworkSettingDoc | undefined): FrameworkEntry {
  return {
    framework,
    display_name: CATALOG[framework].display_name,
    enabled: setting?.enabled ?? false,
    enabled_at: setting?.enabled_at?.toISOString() ?? null,
    control_count: CATALOG[framework].controls.length,
  };
}

type Configuration = Pick<EvidenceInputs, 'teams'> & {
  policies: Awaited<ReturnType<Repositories['policies']['listByOrg']>>;
  tags: Awaited<ReturnType<Repositories['controlTags']['listByOrg']>>;
};

/** Why a framework is in a bundle (spec part 4), for its manifest. */
export interface InclusionReason {
  reason: 'opted_in' | 'team_tags' | 'catalog_default';
  detail: string;
}

function inclusionReason(framework: Framework, settings: readonly FrameworkSettingDoc[], tags: Configuration['tags']): InclusionReason {
  const setting = settings.find((s) => s.framework === framework && s.enabled);
  if (setting) return { reason: 'opted_in', detail: `opted in since ${setting.enabled_at?.toISOString() ?? 'an unrecorded time'}` };
  const tagged = tags.filter((t) => t.framework === framework).length;
  if (tagged > 0) return { reason: 'team_tags', detail: `${tagged} team tag${tagged === 1 ? '' : 's'} name this framework` };
  return { reason: 'catalog_default', detail: 'no framework opted in and no team tags: every framework of the catalog is included' };
}

/** What an export/all bundle is made of: the reports, why each framework is in it, the policy and rule versions in force. */
export interface BundleContents {
  /** Checks in the window and their decisions (analytics rollups): ALLOWED, ALLOWED_WITH_MASKING, BLOCKED. */
  checks: { total: number; allowed: number; masked: number; blocked: number };
  reports: EvidenceReport[];
  reasons: Array<{ framework: Framework } & InclusionReason>;
  policies: Array<{ policy_id: string; name: string; version: string; is_active: boolean; rules: Array<{ rule_id: string; name: string; enabled: boolean }> }>;
}

/** Organizations whose change log a process keeps (the newest read first out). */
const CHANGE_CACHE_ORGS = 16;

export class ComplianceService {
  private readonly changeCache = new Map<string, { version: string; changes: ChangeDoc[] }>();

  constructor(
    private readonly repos: Repositories,
    private readonly changeLog: ChangeLog,
  ) {}

  async frameworks(org: OrganizationDoc): Promise<FrameworkEntry[]> {
    const settings = new Map((await this.repos.frameworkSettings.listByOrg(org._id)).map((s) => [s.framework, s]));
    return FRAMEWORKS.map((f) => entryOf(f, settings.get(f)));
  }

  /** Only a switch is a change to record: opting in again keeps `enabled_at` and logs nothing. */
  async setFramework(org: OrganizationDoc, framework: Framework, enabled: boolean, actor: Actor, now = new Date()): Promise<FrameworkEntry> {
    const current = (await this.repos.frameworkSettings.listByOrg(org._id)).find((s) => s.framework === framework);
    const set = () => this.repos.frameworkSettings.set(org._id, framework, enabled, now);
    const wasEnabled = current?.enabled ?? false;
    if (wasEnabled === enabled) return entryOf(framework, await set());
    const state = (on: boolean, at: Date | null) => ({ enabled: on, enabled_at: at });
    const change = {
      actor,
      action: enabled ? 'framework.opt_in' : 'framework.opt_out',
      orgId: org._id,
      targetId: framework,
      before: state(wasEnabled, current?.enabled_at ?? null),
      after: state(enabled, enabled ? now : null),
    } as const;
    return entryOf(framework, await this.changeLog.apply(change, set));
  }

  /** Policies, teams and tags as they are now: `status` is evaluated at read time (spec part 3). */
  private async configuration(orgId: string): Promise<Configuration> {
    const [policies, teams, tags] = await Promise.all([
      this.repos.policies.listByOrg(orgId),
      this.repos.teams.listByOrg(orgId),
      this.repos.controlTags.listByOrg(orgId),
    ]);
    return { policies, teams, tags };
  }

  /**
   * Everything the reports of the frameworks are built from for the window: the configuration now and
   * over time (every month of the change log, one indexed read each), the window's evidence totals,
   * and the sampled checks of the few days the controls need (samples.ts). The configuration is read
   * alongside the evidence and the log: only the samples wait for both.
   */
  private async inputs(orgId: string, configured: Promise<[Configuration, readonly Framework[]]>, days: number, now: Date): Promise<EvidenceInputs> {
    const window = evidenceWindow(days, now);
    const [evidence, changes, [config, frameworks]] = await Promise.all([
      this.repos.evidence.totalsByRule(orgId, window.from_date, window.to_date),
      this.changes(orgId),
      configured,
    ]);
    const history = new ConfigHistory({ policies: config.policies, tags: config.tags, changes });
    const samples = await this.samples(orgId, config, frameworks, evidence, window.from_date, days);
    return { ...config, evidence, history, from_date: window.from_date, now, samples };
  }

  private async samples(orgId: string, config: Configuration, frameworks: readonly Framework[], evidence: Map<string, RuleEvidenceTotal>, fromDate: string, days: number) {
    const controls = frameworks.flatMap((f) => controlRuleIds(f, config));
    const wanted = sampleDays(controls, (rule) => evidence.get(rule)?.days, spreadOrder(fromDate, days));
    const byRule = new Map<string, EvidenceSample[]>();
    for (const rules of (await this.repos.evidenceSamples.forDays(orgId, wanted)).values()) {
      for (const [ruleId, { samples }] of Object.entries(rules)) {
        const list = byRule.get(ruleId) ?? [];
        for (const s of samples) {
          list.push({ preflight_id: s.id, created_at: new Date(s.at).toISOString(), rule_id: ruleId, decision: s.d, detected: s.t.map(([type, count]) => ({ type, count })) });
        }
        byRule.set(ruleId, list);
      }
    }
    return byRule;
  }

  /**
   * The organization's whole change log. Reading it costs as much as the evidence (FerretDB decodes
   * every stored value), so the last few organizations' entries are kept, each under the version of
   * its months (change-log-repository.ts): any entry written or withdrawn since means a fresh read.
   */
  private async changes(orgId: string): Promise<ChangeDoc[]> {
    const version = await this.repos.changeLog.versionOf(orgId);
    const kept = this.changeCache.get(orgId);
    if (kept?.version === version) return kept.changes;
    const months = await this.repos.changeLog.monthsOf(orgId);
    const changes = (await Promise.all(months.map((m) => this.repos.changeLog.inMonth(orgId, m)))).flat();
    this.changeCache.delete(orgId);
    this.changeCache.set(orgId, { version, changes });
    for (const oldest of this.changeCache.keys()) {
      if (this.changeCache.size <= CHANGE_CACHE_ORGS) break;
      this.changeCache.delete(oldest);
    }
    return changes;
  }

  async report(org: OrganizationDoc, framework: Framework, days: number, now = new Date()): Promise<EvidenceReport> {
    const configured = this.configuration(org._id).then((config): [Configuration, Framework[]] => [config, [framework]]);
    return buildEvidenceReport(framework, days, await this.inputs(org._id, configured, days, now));
  }

  exportContext(org: OrganizationDoc, days: number, now = new Date()): ExportContext {
    return {
      org: { org_id: org._id, name: org.name, slug: org.slug, primary_color: org.settings.primary_color },
      generated_at: now,
      window: evidenceWindow(days, now),
    };
  }

  /**
   * The frameworks an export/all bundle holds, and a signature of everything it is built from but the
   * evidence counts: a repeat request inside the throttle window with the same signature may be
   * answered with the bundle already made.
   */
  async bundlePlan(org: OrganizationDoc, days: number, now = new Date()): Promise<{ frameworks: Framework[]; signature: string }> {
    const [config, frameworks] = await this.bundleConfiguration(org._id);
    const facts = {
      org: [org.name, org.slug, org.settings.primary_color],
      window: evidenceWindow(days, now),
      frameworks,
      policies: config.policies.map((p) => [p._id, p.name, p.is_active, p.tags, p.rules.map((r) => [r.id, r.name, r.enabled])]),
      teams: config.teams.map((t) => [t._id, t.name]).sort(),
      tags: config.tags.map((t) => [t.team_id, t.framework, t.control_id, t.rule_id].join('\u0000')).sort(),
    };
    return { frameworks, signature: createHash('sha256').update(JSON.stringify(facts)).digest('hex') };
  }

  /** Every report of an export/all bundle, from one read of the configuration and of the window's evidence. */
  async bundleReports(org: OrganizationDoc, days: number, now = new Date()): Promise<BundleContents> {
    const configured = this.bundleConfiguration(org._id);
    const window = evidenceWindow(days, now);
    const [inputs, checkDays, [config, frameworks, settings]] = await Promise.all([
      this.inputs(org._id, configured.then(([config, frameworks]): [Configuration, Framework[]] => [config, frameworks]), days, now),
      this.repos.analytics.range(org._id, window.from_date, window.to_date),
      configured,
    ]);
    const checks = { total: 0, allowed: 0, masked: 0, blocked: 0 };
    for (const d of checkDays) {
      checks.total += d.checks_total ?? 0;
      checks.allowed += d.allowed ?? 0;
      checks.masked += d.masked ?? 0;
      checks.blocked += d.blocked ?? 0;
    }
    return {
      checks,
      reports: frameworks.map((framework) => buildEvidenceReport(framework, days, inputs)),
      reasons: frameworks.map((framework) => ({ framework, ...inclusionReason(framework, settings, config.tags) })),
      policies: config.policies.map((p) => ({
        policy_id: p._id,
        name: p.name,
        version: p.version,
        is_active: p.is_active,
        rules: p.rules.map((r) => ({ rule_id: r.id, name: r.name, enabled: r.enabled })),
      })),
    };
  }

  /** The configuration, the frameworks of a bundle (spec part 4) that follow from it and the opt-ins, and the opt-ins. */
  private async bundleConfiguration(orgId: string): Promise<[Configuration, Framework[], FrameworkSettingDoc[]]> {
    const [config, settings] = await Promise.all([this.configuration(orgId), this.repos.frameworkSettings.listByOrg(orgId)]);
    const optedIn = settings.filter((s) => s.enabled).map((s) => s.framework);
    return [config, bundleFrameworks(optedIn, config.tags), settings];
  }
}
