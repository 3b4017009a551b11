// The CSV export (spec, compliance export; DESIGN §29): columns, one row per control, tagged_by, RFC 4180.
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/compliance/catalog.js';
import { EVIDENCE_CSV_HEADER, evidenceCsv } from '../../src/compliance/csv.js';
import { policyTag, report, teamTag } from './report-fixtures.js';

/** A strict RFC 4180 reader: every record ends with CRLF, quoted fields may hold anything. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let at = 0;
  while (at < text.length) {
    let value = '';
    if (text[at] === '"') {
      at += 1;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote < 0) throw new Error('unterminated quoted field');
        value += text.slice(at, quote);
        at = quote + 1;
        if (text[at] !== '"') break;
        value += '"';
        at += 1;
      }
    } else {
      const end = text.slice(at).search(/,|\r\n/);
      if (end < 0) throw new Error('record without CRLF at the end');
      value = text.slice(at, at + end);
      if (/["\r\n]/.test(value)) throw new Error(`unquoted field with a quote or line break: ${JSON.stringify(value)}`);
      at += end;
    }
    record.push(value);
    if (text.startsWith(',', at)) at += 1;
    else if (text.startsWith('\r\n', at)) {
      records.push(record);
      record = [];
      at += 2;
    } else throw new Error(`expected , or CRLF at ${at}`);
  }
  if (record.length) throw new Error('last record does not end with CRLF');
  return records;
}

describe('evidenceCsv', () => {
  it('starts with exactly the spec header, CRLF, no BOM', () => {
    expect(EVIDENCE_CSV_HEADER).toEqual([
      'framework',
      'control_id',
      'title',
      'status',
      'rule_count',
      'evidence_events',
      'evidence_blocked',
      'evidence_masked',
      'last_evidence_at',
      'tagged_by',
      'covered_days',
      'first_covered_at',
      'coverage_history',
      'sampled_check_ids',
    ]);
    const csv = evidenceCsv(report('SOC2'));
    // The spec's columns in the spec's order; the columns issue 17 added come after them.
    expect(
      csv.startsWith(
        'framework,control_id,title,status,rule_count,evidence_events,evidence_blocked,evidence_masked,last_evidence_at,tagged_by,covered_days,first_covered_at,coverage_history,sampled_check_ids\r\n',
      ),
    ).toBe(true);
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('has one row per control in catalog order, every line ending CRLF (also the last)', () => {
    for (const framework of ['SOC2', 'HIPAA'] as const) {
      const csv = evidenceCsv(report(framework));
      expect(csv.endsWith('\r\n')).toBe(true);
      expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
      const rows = parseCsv(csv).slice(1);
      expect(rows.map((r) => r[1])).toEqual(CATALOG[framework].controls.map((c) => c.control_id));
      expect(rows.every((r) => r.length === 14 && r[0] === framework)).toBe(true);
    }
  });

  it('writes the counts, the ISO time and the owners; an uncovered control has empty last_evidence_at and tagged_by', () => {
    const csv = evidenceCsv(
      report('GDPR', (c) =>
        c.control_id === 'Art. 25'
          ? {
              status: 'covered',
              rule_count: 3,
              tagged_rules: [teamTag('team_1', 'Privacy', 'r1'), policyTag('pol_1', 'Default', 'r2'), teamTag('team_2', 'Legal', 'r3')],
              evidence_event_count: 42,
              evidence_blocked: 30,
              evidence_masked: 12,
              last_evidence_at: '2025-03-13T17:05:00.000Z',
            }
          : {},
      ),
    );
    const lines = csv.split('\r\n');
    expect(lines).toContain('GDPR,Art. 25,Data protection by design and by default,covered,3,42,30,12,2025-03-13T17:05:00.000Z,Team: Privacy;Policy: Default;Team: Legal,0,,2025-02-13..2025-03-14 uncovered,');
    expect(lines).toContain('GDPR,Art. 28,Processor,uncovered,0,0,0,0,,,0,,2025-02-13..2025-03-14 uncovered,');
  });

  it('names each owner once, in the order first tagged, however many of its rules are tagged', () => {
    const csv = evidenceCsv(
      report('PCI_DSS', (c) =>
        c.control_id === '3.4.1'
          ? {
              status: 'covered',
              rule_count: 4,
              tagged_rules: [
                policyTag('pol_1', 'Cards', 'r1'),
                teamTag('team_1', 'Payments', 'r2'),
                policyTag('pol_1', 'Cards', 'r3'),
                teamTag('team_1', 'Payments', 'r4'),
              ],
            }
          : {},
      ),
    );
    const row = parseCsv(csv).find((r) => r[1] === '3.4.1');
    expect(row?.[9]).toBe('Policy: Cards;Team: Payments');
  });

  it('quotes fields holding commas, quotes, CR or LF, doubling the quotes, and reads back exactly', () => {
    const hostile = 'Data "Guard", EU\r\nOps\rNight\nShift';
    const csv = evidenceCsv(
      report('ISO27001', (c) =>
        c.control_id === 'A.8.12' ? { status: 'covered', rule_count: 1, tagged_rules: [teamTag('team_x', hostile, 'r1')] } : {},
      ),
    );
    expect(csv).toContain('"Team: Data ""Guard"", EU\r\nOps\rNight\nShift",');
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(1 + CATALOG.ISO27001.controls.length);
    expect(rows.find((r) => r[1] === 'A.8.12')?.[9]).toBe(`Team: ${hostile}`);
    // Catalog titles with commas are quoted too; titles without are not.
    const soc2 = evidenceCsv(report('SOC2'));
    expect(soc2).toContain(`SOC2,CC6.1,"${CATALOG.SOC2.controls[0]?.title}",uncovered`);
    expect(evidenceCsv(report('GDPR'))).toContain('GDPR,Art. 30,Records of processing activities,uncovered');
  });
});
