// One framework's evidence as a file, in the formats the spec names: the single-framework download
// (GET …/compliance/export) and every framework folder of an export/all bundle are made here alike.
import type { Framework } from '../compliance/catalog.js';
import { evidenceCsv } from '../compliance/csv.js';
import { evidenceExportJson, exportFilename } from '../compliance/exports.js';
import { evidenceHtml } from '../compliance/html.js';
import type { EvidenceReport, ExportContext } from '../compliance/types.js';
import type { PdfRenderer } from '../pdf/renderer.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import type { ComplianceService } from './compliance.js';

export const EVIDENCE_FORMATS = ['csv', 'json', 'pdf'] as const;
export type EvidenceFormat = (typeof EVIDENCE_FORMATS)[number];

export const EVIDENCE_CONTENT_TYPES: Record<EvidenceFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  pdf: 'application/pdf',
};

/** The report as a file of the format: CSV (one row per control), JSON (the evidence shape and its context) or PDF. */
export async function evidenceFile(report: EvidenceReport, ctx: ExportContext, format: EvidenceFormat, pdf: Pick<PdfRenderer, 'render'>): Promise<string | Buffer> {
  switch (format) {
    case 'csv':
      return evidenceCsv(report);
    case 'json':
      return JSON.stringify(evidenceExportJson(report, ctx), null, 2);
    case 'pdf':
      return pdf.render(evidenceHtml(report, ctx), { generatedAt: ctx.generated_at });
  }
}

export interface EvidenceDownload {
  content: string | Buffer;
  contentType: string;
  /** The spec's name: `evidence-{org_slug}-{yyyy-mm-dd}-{framework}.{ext}`. */
  filename: string;
}

/** Single-framework downloads: the evidence of the last `days` days, as of now. */
export class EvidenceDownloads {
  constructor(
    private readonly compliance: Pick<ComplianceService, 'report' | 'exportContext'>,
    private readonly pdf: Pick<PdfRenderer, 'render'>,
  ) {}

  async download(org: OrganizationDoc, framework: Framework, format: EvidenceFormat, days: number): Promise<EvidenceDownload> {
    // One time for the whole file: its window and generation time agree.
    const now = new Date();
    const report = await this.compliance.report(org, framework, days, now);
    const ctx = this.compliance.exportContext(org, days, now);
    return {
      content: await evidenceFile(report, ctx, format, this.pdf),
      contentType: EVIDENCE_CONTENT_TYPES[format],
      filename: exportFilename(ctx, framework, format),
    };
  }
}
