// The PDF renderer against the real Debian chromium: content, one-page cover, isolation (no scripts, no
// requests), reused pages, concurrency, timeouts, a crashed browser, launch failure and close.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAMEWORKS } from '../../src/compliance/catalog.js';
import { evidenceHtml, summaryHtml } from '../../src/compliance/html.js';
import { ApiError } from '../../src/errors.js';
import { PdfRenderer, type PdfRendererOptions } from '../../src/pdf/renderer.js';
import { busyReports, ctx } from '../compliance/report-fixtures.js';

const CHROMIUM = '/usr/bin/chromium';

async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

/** Text without whitespace: a PDF's text layer breaks lines wherever the layout wrapped them. */
const squash = (text: string) => text.replace(/\s+/g, '');

const renderFailed = (err: unknown) => err instanceof ApiError && err.statusCode === 503 && err.code === 'pdf_render_failed';

function warnings() {
  const logged: Array<{ obj: object; msg: string }> = [];
  return { logged, log: { warn: (obj: object, msg: string) => void logged.push({ obj, msg }) } };
}

const renderers: PdfRenderer[] = [];
function renderer(opts: Partial<PdfRendererOptions> = {}): PdfRenderer {
  const made = new PdfRenderer({ executablePath: CHROMIUM, timeoutMs: 30_000, maxConcurrent: 2, ...opts });
  renderers.push(made);
  return made;
}
afterAll(async () => {
  await Promise.all(renderers.map((r) => r.close()));
});

describe('PdfRenderer', () => {
  const shared = renderer();

  it('prints every framework: the org name and every control id are in the PDF text', async () => {
    for (const report of busyReports()) {
      const pdf = await shared.render(evidenceHtml(report, ctx({ name: 'Acme <Health> & Co' })));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const { text } = await pdfText(pdf);
      expect(text).toContain('Acme <Health> & Co');
      expect(text).toContain(`${report.display_name} compliance evidence`);
      for (const control of report.controls) expect(squash(text)).toContain(squash(control.control_id));
    }
  });

  it('prints the bundle cover of all five frameworks on exactly one page', async () => {
    const reports = busyReports();
    const facts = { reports, checks: { total: 1, allowed: 1, masked: 0, blocked: 0 }, reasons: reports.map((r) => ({ framework: r.framework, detail: 'opted in' })) };
    const { text, pages } = await pdfText(await shared.render(summaryHtml(facts, ctx(), 'kid-1'), { generatedAt: ctx().generated_at }));
    expect(pages).toBe(1);
    expect(text).toContain('Generated 2025-03-14 09:26:53 UTC');
    for (const name of ['SOC 2', 'GDPR', 'HIPAA', 'PCI DSS v4.0', 'ISO/IEC 27001:2022', 'Acme Health']) expect(text).toContain(name);
  });

  describe('isolation', () => {
    let server: Server;
    let connections = 0;
    beforeAll(async () => {
      server = createServer((_req, res) => res.end('x'));
      server.on('connection', () => connections++);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('runs no page script, reads no local file and opens no connection', async () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const html = `<!doctype html><html><head><link rel="stylesheet" href="${base}/style.css"></head>
        <body><p>before</p><img src="${base}/pixel.png"><iframe src="${base}/frame"></iframe>
        <iframe src="file:///etc/passwd"></iframe><script>document.body.append('SCRIPT RAN'); fetch('${base}/fetch');</script><p>after</p></body></html>`;
      const { text } = await pdfText(await shared.render(html));
      expect(text).toContain('before');
      expect(text).toContain('after');
      expect(text).not.toContain('SCRIPT RAN');
      expect(text).not.toContain('root:');
      expect(connections).toBe(0);
    });
  });

  it('completes concurrent renders; with maxConcurrent 1 they run one at a time in arrival order', async () => {
    const pdfs = await Promise.all(FRAMEWORKS.map((f, i) => shared.render(`<p>render ${i} ${f}</p>`)));
    for (const [i, pdf] of pdfs.entries()) expect((await pdfText(pdf)).text).toContain(`render ${i} ${FRAMEWORKS[i]}`);

    // One at a time: each render starts only when the one before it is done, so they finish in order.
    const single = renderer({ maxConcurrent: 1 });
    const finished: number[] = [];
    await Promise.all([0, 1, 2, 3].map((i) => single.render(`<p>${i}</p>`).then(() => finished.push(i))));
    expect(finished).toEqual([0, 1, 2, 3]);
  });

  it('keeps a page that printed for the next render, which shows only its own document with scripts still off', async () => {
    const reusing = renderer({ maxConcurrent: 1 });
    await reusing.render('<p>first document</p>');
    expect(reusing.freePages).toBe(1);
    const { text } = await pdfText(await reusing.render('<p>second document</p><script>document.body.append("script ran")</script>'));
    expect(text).toContain('second document');
    expect(text).not.toContain('first document');
    expect(text).not.toContain('script ran');
    expect(reusing.freePages).toBe(1);
  });

  it('fails a render that exceeds the timeout with pdfRenderFailed, logs why, and keeps no page of it', async () => {
    const { logged, log } = warnings();
    const hasty = renderer({ timeoutMs: 5, log });
    const error = await hasty.render(evidenceHtml(busyReports()[2]!, ctx())).catch((err: unknown) => err);
    expect(renderFailed(error)).toBe(true);
    expect(JSON.stringify(logged)).toContain('exceeded 5 ms');
    expect(hasty.freePages).toBe(0);
  });

  it('relaunches the browser after it was killed', async () => {
    const crashy = renderer();
    await crashy.render('<p>first</p>');
    const pid = crashy.browserPid;
    expect(pid).not.toBeNull();
    process.kill(pid!, 'SIGKILL');
    const { text } = await pdfText(await crashy.render('<p>after the crash</p>'));
    expect(text).toContain('after the crash');
    expect(crashy.browserPid).not.toBe(pid);
  });

  it('answers pdfRenderFailed when the browser cannot start, naming the cause in the log', async () => {
    const { logged, log } = warnings();
    const missing = renderer({ executablePath: '/nonexistent/chromium', log });
    expect(renderFailed(await missing.render('<p>x</p>').catch((err: unknown) => err))).toBe(true);
    expect(JSON.stringify(logged)).toContain('/nonexistent/chromium');
  });

  it('close() is idempotent; renders in flight and after it fail with pdfRenderFailed', async () => {
    const closing = renderer();
    await closing.render('<p>warm</p>');
    const inFlight = closing.render('<p>in flight</p>').catch((err: unknown) => err);
    await Promise.all([closing.close(), closing.close()]);
    expect(renderFailed(await inFlight)).toBe(true);
    expect(closing.browserPid).toBeNull();
    expect(renderFailed(await closing.render('<p>late</p>').catch((err: unknown) => err))).toBe(true);
    await closing.close();
  });
});
