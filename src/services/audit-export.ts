// The SIEM feed (docs/siem.md): the audit trail of a listing's filters as NDJSON or CSV, produced a
// page at a time by walking the listing's cursor. Pages are read only as the consumer takes what
// came before (the generator is pulled by a Readable), so memory holds about one page whatever the
// size of the export. Records hold ids, decisions, types and counts, never content.
import type { AuditDoc } from '../store/audit-repository.js';
import type { AuditListQuery, AuditLog } from './audit-log.js';

/** Records read per page: the listing's maximum. */
export const EXPORT_PAGE = 500;

export type ExportFormat = 'ndjson' | 'csv';

/** Exact filters on the caller's metadata, applied to each page (they have no counts to skip by). */
export interface MetadataFilter {
  app?: string | undefined;
  user_ref?: string | undefined;
  tag?: string | undefined;
}

export const CSV_COLUMNS = [
  'preflight_id', 'created_at', 'org_id', 'org_name', 'policy_id', 'policy_name', 'policy_version', 'destination', 'decision',
  'source', 'bytes', 'prevented', 'detected', 'summary', 'request_id', 'app', 'user_ref', 'tags',
] as const;

/** One export line's fields (the NDJSON object; the CSV row in CSV_COLUMNS order). */
export function exportRecord(doc: AuditDoc) {
  return {
    preflight_id: doc._id,
    created_at: doc.created_at.toISOString(),
    org_id: doc.org_id,
    org_name: doc.org_name,
    policy_id: doc.policy_id,
    policy_name: doc.policy_name,
    policy_version: doc.policy_version,
    destination: doc.destination,
    decision: doc.decision,
    source: doc.source,
    bytes: doc.bytes,
    prevented: doc.prevented,
    detected: doc.detected.map(({ type, count }) => ({ type, count })),
    summary: doc.summary,
    request_id: doc.request_id ?? null,
    app: doc.metadata?.app ?? null,
    user_ref: doc.metadata?.user_ref ?? null,
    tags: doc.metadata?.tags ?? [],
  };
}

/**
 * RFC 4180 field; a field a spreadsheet would run as a formula (= + - @ first) is prefixed with a quote
 * (policy names are admins' text).
 */
function csvField(value: unknown): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvRow(doc: AuditDoc): string {
  const r = exportRecord(doc);
  const cells = { ...r, detected: r.detected.map((d) => `${d.type}:${d.count}`).join(';'), tags: r.tags.join(';') };
  return CSV_COLUMNS.map((c) => csvField(cells[c])).join(',') + '\r\n';
}

const matchesMetadata = (doc: AuditDoc, f: MetadataFilter) =>
  (f.app === undefined || doc.metadata?.app === f.app) &&
  (f.user_ref === undefined || doc.metadata?.user_ref === f.user_ref) &&
  (f.tag === undefined || (doc.metadata?.tags ?? []).includes(f.tag));

/** The export's text, a page per chunk, newest record first. */
export async function* auditExport(
  log: Pick<AuditLog, 'list'>,
  query: Omit<AuditListQuery, 'limit' | 'offset' | 'cursor'>,
  format: ExportFormat,
  metadata: MetadataFilter,
): AsyncGenerator<string> {
  if (format === 'csv') yield CSV_COLUMNS.join(',') + '\r\n';
  let cursor: string | undefined;
  do {
    const page = await log.list({ ...query, limit: EXPORT_PAGE, offset: 0, cursor });
    const docs = page.items.filter((d) => matchesMetadata(d, metadata));
    if (docs.length > 0) yield docs.map((d) => (format === 'csv' ? csvRow(d) : JSON.stringify(exportRecord(d)) + '\n')).join('');
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
}
