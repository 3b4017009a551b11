// The HTML the evidence PDFs are printed from: content, escaping of user input, self-containment, branding.
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/compliance/catalog.js';
import { evidenceHtml, summaryHtml } from '../../src/compliance/html.js';
import { busyReports, ctx, policyTag, report, teamTag } from './report-fixtures.js';

const escapedTitle = (title: string) => title.replaceAll("'", '&#39;');

describe('evidenceHtml', () => {
  const soc2 = busyReports()[0]!;
  const html = evidenceHtml(soc2, ctx());

  it('shows the org, the framework, the window, the generation time (UTC) and the summary', () => {
    expect(html).toContain('Acme Health');
    expect(html).toContain('<h1>SOC 2 compliance evidence</h1>');
    expect(html).toContain('2025-02-13 – 2025-03-14 (30 days)');
    expect(html).toContain('2025-03-14 09:26 UTC');
    expect(html).toContain('<b>20%</b><span>coverage</span>');
    expect(html).toContain('<b>1</b><span>covered controls</span>');
    expect(html).toContain('<b>4</b><span>uncovered controls</span>');
    expect(html).toContain('<b>1,234</b><span>evidence events</span>');
  });

  it('has a row per control with id, title, status, counts, last evidence and owners', () => {
    const rows = html.split('</table>')[0]!.split('<tr>').slice(2);
    expect(rows).toHaveLength(CATALOG.SOC2.controls.length);
    CATALOG.SOC2.controls.forEach((control, i) => {
      expect(rows[i]).toContain(`<td><div class="id">${control.control_id}</div>`);
      expect(rows[i]).toContain(escapedTitle(control.title));
    });
    expect(rows[0]).toMatch(/Covered<\/td>\s*<td class="n">0 of 30 days<\/td>\s*<td class="n">1<\/td>\s*<td class="n">1,234<\/td>\s*<td class="n">1,000<\/td>\s*<td class="n">234<\/td>/);
    // The masked count and the last-evidence date never run together: the date column keeps its distance.
    expect(rows[0]).toContain('<td class="n">234</td>\n<td class="gap">2025-03-13 17:05 UTC</td>');
    expect(rows[0]).toContain('Team: Security Engineering');
    expect(rows[1]).toContain('Uncovered');
  });

  it('escapes user input: a <script> in a team, policy or org name comes out as text', () => {
    const attack = '<script>alert("x")</script>';
    const hostile = report('HIPAA', (c) =>
      c.control_id === '164.312(b)'
        ? { status: 'covered', rule_count: 2, tagged_rules: [teamTag('t1', attack, 'r1'), policyTag('p1', `Ops' & "<iframe>`, 'r2')] }
        : {},
    );
    const out = evidenceHtml(hostile, ctx({ name: `<img src=x onerror=alert(1)> & Co` }));
    expect(out).not.toMatch(/<script|<img|<iframe/i);
    expect(out).toContain('Team: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(out).toContain('Policy: Ops&#39; &amp; &quot;&lt;iframe&gt;');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
  });

  it('is self-contained: no scripts, no URLs, a policy that forbids loading anything', () => {
    expect(html).not.toMatch(/<script|https?:|url\(|src=|<link|@import/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).toContain("font-family: 'DejaVu Sans', sans-serif");
  });

  it('brands with a hex primary color and falls back to the default for anything else', () => {
    expect(evidenceHtml(soc2, ctx({ primary_color: '#0f766e' }))).toContain('background: #0f766e;');
    expect(evidenceHtml(soc2, ctx({ primary_color: '#AbC' }))).toContain('background: #AbC;');
    for (const bad of ['rebeccapurple', '#12345', '#0f766e; } body { display: none', '</style><script>x</script>', 'url(http://x)']) {
      const out = evidenceHtml(soc2, ctx({ primary_color: bad }));
      expect(out).toContain('background: #2563eb;');
      expect(out).not.toContain(bad);
    }
    expect(evidenceHtml(soc2, ctx({ primary_color: '' }))).toContain('background: #2563eb;');
  });
});

describe('summaryHtml', () => {
  it('lists every report with controls, covered, coverage and events, the checks, and how to verify the bundle', () => {
    const reports = busyReports();
    const facts = {
      reports,
      checks: { total: 12_345, allowed: 10_000, masked: 2_000, blocked: 345 },
      reasons: reports.map((r) => ({ framework: r.framework, detail: 'opted in since 2025-01-01T00:00:00.000Z' })),
    };
    const html = summaryHtml(facts, ctx(), 'kid-123');
    expect(html).toContain('<b>12,345</b><span>checks in the window</span>');
    expect(html).toContain('<b>345</b><span>blocked</span>');
    expect(html).toContain('kid-123');
    expect(html).toContain('/compliance/bundles/{bundle_id}/verify');
    expect(html).toContain('<h1>Compliance evidence summary</h1>');
    expect(html).toContain('Acme Health');
    expect(html).toContain('2025-02-13 – 2025-03-14 (30 days)');
    expect(html).toContain('2025-03-14 09:26 UTC');
    const rows = html.split('</table>')[0]!.split('<tr>').slice(2);
    expect(rows).toHaveLength(5);
    reports.forEach((r, i) => {
      expect(rows[i]).toContain(`<td>${r.display_name}</td>`);
      expect(rows[i]).toContain(`<td class="n">${r.summary.total_controls}</td>`);
      expect(rows[i]).toContain(`<td class="n">1</td>`);
      expect(rows[i]).toContain(`${r.summary.coverage_pct}%`);
      expect(rows[i]).toContain('1,234');
    });
    expect(html).toMatch(/evidence\.pdf, evidence\.csv, evidence\.json\) is in the folder/);
    expect(html).toContain('(SOC2, GDPR, HIPAA, PCI_DSS, ISO27001)');
    expect(html).not.toMatch(/<script|https?:|src=/i);
  });
});
