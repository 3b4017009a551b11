// HTML → PDF with the system's Chromium (never a downloaded browser). One browser serves every render:
// launched on first use, relaunched after a crash. Pages run no JavaScript and load nothing: the HTML
// is self-contained, so any request it makes is refused. A page that printed is kept for the next
// render (opening and closing one cost as much as printing); one that failed is closed. Every
// failure, including a timeout, is Errors.pdfRenderFailed (503): an export fails rather than shipping
// a partial document.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { Errors } from '../errors.js';

export interface PdfRendererOptions {
  executablePath: string;
  timeoutMs: number;
  maxConcurrent: number;
  log?: { warn(obj: object, msg: string): void };
}

// No network on these machines and none wanted: every background fetch and update is off, and every
// host name and address resolves to nothing, so not even a connection opened before request
// interception sees it (a frame's navigation preconnects) gets out.
// --no-sandbox: the service runs as root, where Chromium's sandbox cannot start.
const CHROMIUM_ARGS = [
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-extensions',
];
const LAUNCH_TIMEOUT_MS = 30_000;

/** Page numbers on every page and, when given, the document's generation time in UTC (to the second). */
const footer = (generatedAt?: Date) => `<div style="width:100%;font-family:'DejaVu Sans',sans-serif;font-size:7pt;color:#57606a;text-align:center">
${generatedAt ? `Generated ${generatedAt.toISOString().slice(0, 19).replace('T', ' ')} UTC · ` : ''}Page <span class="pageNumber"></span> / <span class="totalPages"></span></div>`;

export interface RenderOptions {
  generatedAt?: Date;
}

interface Instance {
  browser: Browser;
  /** The browser's own profile directory, removed when it goes. */
  profile: string;
  /** Pages set up and free: at most maxConcurrent, as no more are ever open at once. */
  idle: Page[];
}

class RenderTimeout extends Error {}

export class PdfRenderer {
  private instance: Promise<Instance> | null = null;
  /** The launched browser once it is up; null while launching and after it went away. */
  private current: Instance | null = null;
  private running = 0;
  private readonly queue: Array<() => void> = [];
  private closing: Promise<void> | null = null;

  constructor(private readonly opts: PdfRendererOptions) {}

  /** The running browser's process id, null when none runs (for operators and the crash test). */
  get browserPid(): number | null {
    return this.current?.browser.process()?.pid ?? null;
  }

  /** Pages kept open for the next renders (for tests). */
  get freePages(): number {
    return this.current?.idle.length ?? 0;
  }

  async render(html: string, opts: RenderOptions = {}): Promise<Buffer> {
    await this.acquire();
    try {
      const instance = await this.launched();
      try {
        return await this.renderIn(instance, html, opts);
      } catch (err) {
        // The browser died under this render (crashed or killed): one more try on a fresh one.
        if (err instanceof RenderTimeout || instance.browser.connected || this.closing) throw err;
        return await this.renderIn(await this.launched(), html, opts);
      }
    } catch (err) {
      // The cause (a launch failure names the executable) goes to the log; the client gets a plain 503.
      this.opts.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'PDF render failed');
      throw Errors.pdfRenderFailed();
    } finally {
      this.release();
    }
  }

  /** Idempotent. Renders in flight or waiting fail with pdfRenderFailed. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    const instance = this.instance;
    this.instance = null;
    const dead = await instance?.catch(() => null);
    if (dead) await this.dispose(dead);
  }

  /** A free page or a new one; the time limit covers opening, loading and printing. A page that failed is closed. */
  private async renderIn(instance: Instance, html: string, opts: RenderOptions): Promise<Buffer> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderTimeout(`render exceeded ${this.opts.timeoutMs} ms`)), this.opts.timeoutMs);
    });
    const reused = instance.idle.pop();
    const opening = reused ? Promise.resolve(reused) : this.openPage(instance);
    let page: Page | null = null;
    let printed = false;
    try {
      page = await Promise.race([opening, expired]);
      const pdf = await Promise.race([this.print(page, html, opts), expired]);
      printed = true;
      return pdf;
    } finally {
      clearTimeout(timer);
      if (page && printed && !page.isClosed() && instance.browser.connected && !this.closing) instance.idle.push(page);
      else if (page) await page.close().catch(() => undefined);
      else void opening.then((late) => late.close()).catch(() => undefined);
    }
  }

  /** A page that runs no script and aborts every request; one that crashes leaves the free pages. */
  private async openPage(instance: Instance): Promise<Page> {
    const page = await instance.browser.newPage();
    try {
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
    } catch (err) {
      await page.close().catch(() => undefined);
      throw err;
    }
    page.on('request', (request) => void request.abort('blockedbyclient').catch(() => undefined));
    page.once('error', () => {
      instance.idle = instance.idle.filter((p) => p !== page);
      void page.close().catch(() => undefined);
    });
    return page;
  }

  private async print(page: Page, html: string, opts: RenderOptions): Promise<Buffer> {
    await page.setContent(html, { waitUntil: 'load', timeout: 0 });
    const pdf = await page.pdf({
      format: 'A4',
      printBackground: true,
      margin: { top: '14mm', right: '12mm', bottom: '16mm', left: '12mm' },
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: footer(opts.generatedAt),
      timeout: 0,
    });
    return Buffer.from(pdf);
  }

  /** The browser, launching it if none runs or the last one disconnected. */
  private launched(): Promise<Instance> {
    if (this.closing) return Promise.reject(new Error('the renderer is closed'));
    if (this.current && !this.current.browser.connected) this.forget(this.current);
    if (!this.instance) {
      const instance = this.launch();
      this.instance = instance;
      instance.catch(() => {
        if (this.instance === instance) this.instance = null;
      });
    }
    return this.instance;
  }

  private async launch(): Promise<Instance> {
    const profile = await mkdtemp(join(tmpdir(), 'preflight-chromium-'));
    let browser: Browser;
    try {
      browser = await puppeteer.launch({
        executablePath: this.opts.executablePath,
        headless: true,
        userDataDir: profile,
        args: CHROMIUM_ARGS,
        // A pipe, not a debugging port: nothing else on the machine can drive this browser.
        pipe: true,
        timeout: LAUNCH_TIMEOUT_MS,
        protocolTimeout: Math.max(this.opts.timeoutMs, LAUNCH_TIMEOUT_MS),
        // The service's own shutdown closes the browser; puppeteer's SIGINT handler would exit the process.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (err) {
      await rm(profile, { recursive: true, force: true });
      throw err;
    }
    const instance: Instance = { browser, profile, idle: [] };
    this.current = instance;
    browser.once('disconnected', () => this.forget(instance));
    if (this.closing) {
      await this.dispose(instance);
      throw new Error('the renderer is closed');
    }
    return instance;
  }

  /** A dead browser: the next render launches a new one; its profile goes. */
  private forget(instance: Instance): void {
    if (this.current !== instance) return;
    this.current = null;
    this.instance = null;
    void rm(instance.profile, { recursive: true, force: true }).catch(() => undefined);
  }

  private async dispose(instance: Instance): Promise<void> {
    await instance.browser.close().catch(() => instance.browser.process()?.kill('SIGKILL'));
    if (this.current === instance) this.current = null;
    await rm(instance.profile, { recursive: true, force: true }).catch(() => undefined);
  }

  /** At most maxConcurrent pages at once; the rest wait in arrival order. */
  private async acquire(): Promise<void> {
    if (this.running < this.opts.maxConcurrent) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  /** Hands the slot straight to the next waiter, so a newcomer cannot overtake the queue. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }
}
