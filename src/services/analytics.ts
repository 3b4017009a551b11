// Organization analytics (spec "Analytics records"; definitions in docs/analytics.md). Served from
// the per-org per-day rollups the audit drainers keep (store/daily-rollups.ts): a read costs one
// query over at most 90 small documents, never a scan of the audit trail. Days are UTC days; a
// period of N days ends today and starts N − 1 days earlier.
import { compareTypes } from '../engine/catalogue.js';
import type { AnalyticsRepository, DailyRollupDoc } from '../store/analytics-repository.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import { detectionLabel } from './detection-labels.js';

export const PERIODS = ['7d', '30d', '90d'] as const;
export type Period = (typeof PERIODS)[number];

const DAY_MS = 86_400_000;
const round2 = (x: number) => Math.round(x * 100) / 100;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every day of the period, oldest first. */
export function periodDays(period: Period, now = new Date()): string[] {
  const length = Number.parseInt(period, 10);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return Array.from({ length }, (_, i) => isoDay(today - (length - 1 - i) * DAY_MS));
}

type Counter = 'checks_total' | 'allowed' | 'masked' | 'blocked' | 'bytes_processed' | 'prevented';
const count = (doc: DailyRollupDoc | undefined, field: Counter) => doc?.[field] ?? 0;

export class AnalyticsService {
  constructor(private readonly repo: AnalyticsRepository) {}

  private async load(orgId: string, period: Period) {
    const days = periodDays(period);
    const from = days[0] ?? '';
    const to = days[days.length - 1] ?? '';
    const docs = await this.repo.range(orgId, from, to);
    return { days, from, to, docs };
  }

  async summary(org: OrganizationDoc, period: Period) {
    const { from, to, docs } = await this.load(org._id, period);
    const sum = (field: Counter) => docs.reduce((n, d) => n + count(d, field), 0);
    const [total, allowed, masked, blocked] = [sum('checks_total'), sum('allowed'), sum('masked'), sum('blocked')];
    return {
      org_id: org._id,
      org_name: org.name,
      total_checks: total,
      bytes_protected: sum('bytes_processed'),
      allowed,
      masked,
      blocked,
      safe_share_rate: total === 0 ? 0 : round2(((allowed + masked) / total) * 100),
      prevented_exposures: sum('prevented'),
      from_date: from,
      to_date: to,
    };
  }

  /** One entry per day of the period, days without checks included as zeros. */
  async timeseries(org: OrganizationDoc, period: Period) {
    const { days, docs } = await this.load(org._id, period);
    const byDay = new Map(docs.map((d) => [d.day, d]));
    return {
      org_id: org._id,
      period,
      data: days.map((date) => {
        const doc = byDay.get(date);
        return {
          date,
          checks_total: count(doc, 'checks_total'),
          allowed: count(doc, 'allowed'),
          masked: count(doc, 'masked'),
          blocked: count(doc, 'blocked'),
          bytes_processed: count(doc, 'bytes_processed'),
        };
      }),
    };
  }

  /** Detections per type, most frequent first. */
  async detections(org: OrganizationDoc, period: Period) {
    const { from, to, docs } = await this.load(org._id, period);
    const totals = new Map<string, number>();
    for (const doc of docs) {
      for (const [type, n] of Object.entries(doc.detections ?? {})) totals.set(type, (totals.get(type) ?? 0) + n);
    }
    const total = [...totals.values()].reduce((a, b) => a + b, 0);
    const types = [...totals]
      .sort(([a, x], [b, y]) => y - x || compareTypes(a, b))
      .map(([type, n]) => ({ type, label: detectionLabel(type), count: n, percentage: round2((n / total) * 100) }));
    return { org_id: org._id, total_detections: total, types, from_date: from, to_date: to };
  }
}
