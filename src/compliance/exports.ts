// What every export shares: the evidence window, the spec's file names, and the JSON export's shape.
import type { Framework } from './catalog.js';
import type { EvidenceExportJson, EvidenceReport, ExportContext } from './types.js';

const DAY_MS = 86_400_000;
export const utcDate = (at: Date) => at.toISOString().slice(0, 10);

/** `days` UTC days ending with today's, inclusive: days=1 is today alone. */
export function evidenceWindow(days: number, now: Date): ExportContext['window'] {
  return { days, from_date: utcDate(new Date(now.getTime() - (days - 1) * DAY_MS)), to_date: utcDate(now) };
}

/** `evidence-{org_slug}-{yyyy-mm-dd}-{framework}.{ext}` (spec, compliance export), dated by generation. */
export function exportFilename(ctx: ExportContext, framework: Framework, ext: 'csv' | 'json' | 'pdf'): string {
  return `evidence-${ctx.org.slug}-${utcDate(ctx.generated_at)}-${framework}.${ext}`;
}

/** `evidence-{org_slug}-{yyyy-mm-dd}.zip` (spec, export/all). */
export function bundleFilename(ctx: ExportContext): string {
  return `evidence-${ctx.org.slug}-${utcDate(ctx.generated_at)}.zip`;
}

/** The report as the evidence endpoint answers it, then who it is for, when and which window. */
export function evidenceExportJson(report: EvidenceReport, ctx: ExportContext): EvidenceExportJson {
  return {
    ...report,
    org_id: ctx.org.org_id,
    org_slug: ctx.org.slug,
    generated_at: ctx.generated_at.toISOString(),
    from_date: ctx.window.from_date,
    to_date: ctx.window.to_date,
  };
}
