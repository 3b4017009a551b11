// The dashboard's browser tests: the real API on a real port (built as test/helpers/app.ts does, with
// the evidence worker in-process for bundles), driven by Debian's Chromium through puppeteer-core.
// One browser per test file; each role gets its own incognito context, so their cookies never mix.
import { createServer } from 'node:net';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { expect } from 'vitest';
import puppeteer, { type Browser, type BrowserContext, type ElementHandle, type Page } from 'puppeteer-core';
import { startEvidenceWorkers, type EvidenceWorkers } from '../../src/workers/evidence-workers.js';
import { startFileWorkers } from '../../src/workers/file-workers.js';
import { startTestApp, testEnv, type TestApp } from '../helpers/app.js';

// Page functions run in the browser; this file is typed for Node, so the browser globals they use are declared here.
declare const document: any;
declare const location: any;

export const SCREENSHOTS = join(import.meta.dirname, '../../docs/screenshots');

/** The same flags as the PDF renderer (src/pdf/renderer.ts): no network beyond this machine, no sandbox as root. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-extensions'];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Dashboard {
  t: TestApp;
  base: string;
  browser: Browser;
  downloads: string;
  /** A fresh incognito context with one page at 1280 px. */
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function startDashboard(): Promise<Dashboard> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BASE_URL must be the page's origin: cookie writes from another Origin are refused.
  const t = await startTestApp(testEnv({ HOST: '127.0.0.1', PORT: String(port), BASE_URL: base, DASHBOARD_RATE_PER_MINUTE: '100000', EXPORT_WAIT_MS: '20000' }));
  await t.app.listen({ host: '127.0.0.1', port });
  const workers: EvidenceWorkers = startEvidenceWorkers(t.config, t.app.repos, pino({ level: 'silent' }));
  const fileWorkers = await startFileWorkers(t.config, t.app.repos, t.app.services.auditJournal, pino({ level: 'silent' }));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    pipe: true,
  });
  const downloads = await mkdtemp(join(tmpdir(), 'preflight-downloads-'));
  await mkdir(SCREENSHOTS, { recursive: true });
  return {
    t,
    base,
    browser,
    downloads,
    async newPage() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      page.setDefaultTimeout(20_000);
      return { context, page };
    },
    async close() {
      await browser.close().catch(() => undefined);
      await workers.close();
      await fileWorkers.close();
      await t.close();
      await rm(downloads, { recursive: true, force: true });
    },
  };
}

/** Waits until the element holding `text` is on the page (any element type). */
export async function waitForText(page: Page, text: string, selector = 'main', timeout?: number) {
  await page.waitForFunction((sel, want) => document.querySelector(sel)?.textContent?.includes(want), timeout ? { timeout } : {}, selector, text);
}

/** Opens a dashboard address and waits until its screen has drawn (its h1 is there). */
export async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => !document.querySelector('main')?.textContent?.startsWith('Loading') && document.querySelector('main h1'));
}

/** Types into the control whose label reads `label` (inside `scope`). */
export async function fillLabelled(page: Page, label: string, value: string, scope = 'main') {
  const id = await page.evaluate((sc, text) => {
    const found = [...document.querySelectorAll(`${sc} label`)].find((l) => l.textContent?.trim() === text);
    return found?.getAttribute('for') ?? null;
  }, scope, label);
  if (!id) throw new Error(`no control labelled ${label}`);
  await page.$eval(`#${id}`, (el) => ((el as any).value = ''));
  await page.type(`#${id}`, value);
}

export async function clickButton(page: Page, text: string, scope = 'main') {
  const handle = await page.waitForFunction(
    (sc, want) => [...document.querySelectorAll(`${sc} button`)].find((b) => b.textContent?.trim() === want && !(b as any).disabled) ?? null,
    {},
    scope,
    text,
  );
  await (handle.asElement() as ElementHandle).click();
}

/** Every form control on the page that no label names (a <label>, aria-label or aria-labelledby). */
export function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('input, select, textarea')]
      .filter((el: any) => el.type !== 'hidden' && el.labels?.length === 0 && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'))
      .map((el: any) => el.outerHTML.slice(0, 120)),
  );
}

/** Writes the screen's screenshot, after checking that each of its controls is labelled. */
export async function shot(page: Page, name: string) {
  expect(await unlabelledControls(page), `unlabelled controls on ${name}`).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
