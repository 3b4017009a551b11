// Compliance evidence for an organization (spec "Compliance evidence"; DESIGN §27–29): framework
// opt-ins, evidence reports evaluated at read time from the current policies, teams and tags and the
// per-rule daily evidence rollups, and what exports and bundles need to describe themselves.
import { createHash } from 'node:crypto';
import { CATALOG, FRAMEWORKS, type Framework } from '../compliance/catalog.js';
import { buildEvidenceReport, bundleFrameworks, type EvidenceInputs } from '../compliance/evidence.js';
import { evidenceWindow } from '../compliance/exports.js';
import type { EvidenceReport, ExportContext, FrameworkEntry } from '../compliance/types.js';
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

export class ComplianceService {
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

  /** Policies, teams and tags as they are now: coverage is evaluated at read time (spec part 3). */
  private async configuration(orgId: string): Promise<Omit<EvidenceInputs, 'evidence'>> {
    const [policies, teams, tags] = await Promise.all([
      this.repos.policies.listByOrg(orgId),
      this.repos.teams.listByOrg(orgId),
      this.repos.controlTags.listByOrg(orgId),
    ]);
    return { policies, teams, tags };
  }

  async report(org: OrganizationDoc, framework: Framework, days: number, now = new Date()): Promise<EvidenceReport> {
    const window = evidenceWindow(days, now);
    const [config, evidence] = await Promise.all([
      this.configuration(org._id),
      this.repos.evidence.totalsByRule(org._id, window.from_date, window.to_date),
    ]);
    return buildEvidenceReport(framework, days, { ...config, evidence });
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
  async bundleReports(org: OrganizationDoc, days: number, now = new Date()): Promise<EvidenceReport[]> {
    const window = evidenceWindow(days, now);
    const [[config, frameworks], evidence] = await Promise.all([
      this.bundleConfiguration(org._id),
      this.repos.evidence.totalsByRule(org._id, window.from_date, window.to_date),
    ]);
    return frameworks.map((framework) => buildEvidenceReport(framework, days, { ...config, evidence }));
  }

  /** The configuration, and the frameworks of a bundle (spec part 4) that follow from it and the opt-ins. */
  private async bundleConfiguration(orgId: string): Promise<[Omit<EvidenceInputs, 'evidence'>, Framework[]]> {
    const [config, settings] = await Promise.all([this.configuration(orgId), this.repos.frameworkSettings.listByOrg(orgId)]);
    const optedIn = settings.filter((s) => s.enabled).map((s) => s.framework);
    return [config, bundleFrameworks(optedIn, config.tags)];
  }
}
