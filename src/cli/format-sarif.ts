// `--format sarif`: SARIF 2.1.0 for code-scanning uploads. One rule per detection type (every
// built-in type, then any other type found, such as a policy's custom detectors); one result per
// finding, with its region. Level: error for BLOCK, warning for MASK, note for ALLOW or no rule.
// Server mode has no places: its results name the file only, at the level of the file's decision.
// Messages carry the engine's partially hidden sample, never a raw value. The shapes are typed by
// @types/sarif (the SARIF 2.1.0 schema as TypeScript), so the compiler holds the output to it.
import { DETECTOR_TYPES } from '../engine/index.js';
import type { Action, Decision } from '../engine/types.js';
import type { Log, Notification, ReportingDescriptor, Result } from 'sarif';
import type { ScanReport } from './report.js';

type Level = NonNullable<Result['level']>;

const levelOfAction = (a: Action | null): Level => (a === 'BLOCK' ? 'error' : a === 'MASK' ? 'warning' : 'note');
const levelOfDecision = (d: Decision): Level => (d === 'BLOCKED' ? 'error' : d === 'ALLOWED_WITH_MASKING' ? 'warning' : 'note');

/** A relative URI reference: each path segment percent-encoded. */
const uriOf = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** EMAIL → Email, AWS_ACCESS_KEY → AwsAccessKey: SARIF's rule `name` is an identifier-like label. */
const ruleName = (type: string) =>
  type
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

export function formatSarif(report: ScanReport, version: string): string {
  const categories = new Map<string, string>(DETECTOR_TYPES.map((d) => [d.type, d.category]));
  for (const file of report.files) {
    for (const f of file.findings) if (!categories.has(f.type)) categories.set(f.type, f.category);
    for (const d of file.detected ?? []) if (!categories.has(d.type)) categories.set(d.type, 'CUSTOM');
  }
  const types = [...categories.keys()];
  const index = new Map(types.map((t, i) => [t, i]));
  const rules = types.map((type): ReportingDescriptor => ({
    id: type,
    name: ruleName(type),
    shortDescription: { text: `${type.replace(/_/g, ' ').toLowerCase()} (${categories.get(type)})` },
    properties: { category: categories.get(type), tags: ['security', 'dlp', (categories.get(type) ?? '').toLowerCase()] },
  }));

  const artifact = (path: string) => ({ uri: uriOf(path), uriBaseId: '%SRCROOT%' });
  const results = report.files.flatMap((file): Result[] => [
    ...file.findings.map((f): Result => ({
      ruleId: f.type,
      ruleIndex: index.get(f.type) as number,
      level: levelOfAction(f.action),
      message: {
        text: `${f.type} (${f.category}) ${f.sample}: ${f.action ? `${f.action} by rule '${f.rule}'` : 'no rule covers it'} for ${report.destination}${f.page ? `, page ${f.page}` : ''}.`,
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: artifact(file.path),
            region: { startLine: f.line, startColumn: f.column, endLine: f.end_line, endColumn: f.end_column },
          },
        },
      ],
    })),
    ...(file.detected ?? []).map((d): Result => ({
      ruleId: d.type,
      ruleIndex: index.get(d.type) as number,
      level: levelOfDecision(file.decision),
      message: { text: `${d.count} × ${d.type}${d.sample ? ` (${d.sample})` : ''}; the service decided ${file.decision} for ${report.destination} (check ${file.preflight_id}).` },
      locations: [{ physicalLocation: { artifactLocation: artifact(file.path) } }],
    })),
  ]);

  const notifications: Notification[] = [
    ...report.skipped.map((s): Notification => ({ level: 'note', message: { text: `skipped ${s.path}: ${s.reason}` }, locations: [{ physicalLocation: { artifactLocation: artifact(s.path) } }] })),
    ...report.failed.map((f): Notification => ({ level: 'error', message: { text: `${f.path} could not be checked: ${f.error}` }, locations: [{ physicalLocation: { artifactLocation: artifact(f.path) } }] })),
  ];

  const sarif: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'preflight', version, semanticVersion: version, rules } },
        invocations: [{ executionSuccessful: report.failed.length === 0, toolExecutionNotifications: notifications }],
        results,
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
