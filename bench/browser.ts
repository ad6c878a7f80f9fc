/** What the browser benches share: logged-in cold contexts, in-page paint marks, JS accounting. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO, type Stack } from '../e2e/harness';

export const VIEWPORT = { width: 1400, height: 900 };
export const WAIT_MS = 60_000;

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** A fresh context (empty HTTP cache) holding the session cookies of a password login. */
export async function coldContext(stack: Stack, user = 'admin'): Promise<BrowserContext> {
  const context = await stack.browser.newContext({ viewport: VIEWPORT });
  const login = await context.request.post(`${stack.url}/tenant/oauth`, {
    form: { grant_type: 'PASSWORD', username: user, password: DEMO.password, tenant_id: DEMO.tenant },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  return context;
}

/**
 * Installed before any page script: window.__firstRows becomes the time (ms from navigation
 * start) of the animation frame after the first grid row with text entered the DOM, i.e. the
 * frame that paints it.
 */
export const FIRST_ROWS_SCRIPT = `(() => {
  const found = () => [...document.querySelectorAll('.ag-row')].some((r) => (r.textContent || '').trim() !== '');
  const obs = new MutationObserver(() => {
    if (!found()) return;
    obs.disconnect();
    requestAnimationFrame(() => { window.__firstRows = performance.now(); });
  });
  obs.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** Waits until the page's init script has set `window[mark]` (a paint mark) and returns it (ms from navigation start). */
export async function waitForMark(page: Page, mark: string): Promise<number> {
  await page.waitForFunction((m) => typeof (window as unknown as Record<string, unknown>)[m] === 'number', mark, { timeout: WAIT_MS });
  return page.evaluate((m) => (window as unknown as Record<string, number>)[m], mark);
}

export const waitForFirstRows = (page: Page): Promise<number> => waitForMark(page, '__firstRows');

/** The device-list benches' list: the IoTconnectors. */
export const LIST_HASH = '#/views/iotconnector';

/**
 * In the page: starts the change (the list's Apply, or the floor fetching `url`) and resolves with
 * the ms until the frame that paints a first row that `shows` a text (or, for a change whose result
 * is not known beforehand, one that `differsFrom` the first row before). AG Grid animates rows by
 * default (the floor's grid does): the replaced first row stays in the DOM (row-index 0 too) for
 * ~400 ms while it fades out, beside the new one, so every row at index 0 is read, not only the
 * first in the DOM (which measured the old row's removal, ~420 ms on list and floor alike,
 * instead of the new row's paint).
 */
export function timeUntilFirstRow(page: Page, until: { shows: string } | { differsFrom: string }, url?: string): Promise<number> {
  // A string, not a function: tsx would wrap the helpers' names in a __name() the page lacks.
  const script = `(async ({ until, url, waitMs }) => {
    const rows = () => [...document.querySelectorAll('.ag-row[row-index="0"]')].map((r) => r.textContent ?? '');
    const done = 'shows' in until ? () => rows().join(' ').includes(until.shows) : () => rows().some((t) => t !== until.differsFrom);
    if (done()) throw new Error('the first row already shows the change: ' + JSON.stringify(until));
    const t0 = performance.now();
    if (url) void window.floorShow(url);
    else document.querySelector('[data-testid="filter-apply"]').click();
    await new Promise((resolve, reject) => {
      const obs = new MutationObserver(() => {
        if (!done()) return;
        obs.disconnect();
        resolve();
      });
      obs.observe(document.body, { childList: true, subtree: true, characterData: true });
      setTimeout(() => {
        obs.disconnect();
        reject(new Error('no first row for ' + JSON.stringify(until) + ' within ' + waitMs + ' ms'));
      }, waitMs);
    });
    await new Promise((r) => requestAnimationFrame(r));
    return performance.now() - t0;
  })(${JSON.stringify({ until, url, waitMs: WAIT_MS })})`;
  return page.evaluate(script) as Promise<number>;
}

/** Waits until the grid's first row shows `expected`. */
export async function waitForFirstRow(page: Page, expected: string): Promise<void> {
  await page.waitForFunction((e) => (document.querySelector('.ag-row[row-index="0"]')?.textContent ?? '').includes(e), expected, { timeout: WAIT_MS });
}

const gzipCache = new Map<string, number>();

/**
 * Gzip bytes of the JS the page requested before `before` (ms from navigation start). Sizes come
 * from the served files under `staticDir` (the stand-in sends them unchanged), not from the
 * responses: reading and compressing response bodies in this process would take the event loop
 * from the stand-in serving the page, and slow down most the page that loads the most files.
 */
export async function jsBefore(page: Page, staticDir: string, before: number): Promise<{ bytes: number; files: { url: string; gzip: number }[] }> {
  const urls = await page.evaluate(
    (t) => performance.getEntriesByType('resource').filter((e) => e.startTime < t && /\.m?js(\?|$)/.test(e.name)).map((e) => e.name),
    before,
  );
  const files = urls.map((url) => {
    const pathname = new URL(url).pathname;
    // The platform UI asks for /apps/<contextPath>@<version>/..., served from the app's folder.
    const file = path.join(staticDir, decodeURIComponent(pathname).replace(/^\/apps\/([^/@]+)@[^/]+\//, '/apps/$1/').replace(/^\/apps\//, ''));
    let gzip = gzipCache.get(file);
    if (gzip === undefined) {
      gzip = fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file)).length : NaN;
      gzipCache.set(file, gzip);
    }
    return { url: pathname, gzip };
  });
  // Scripts written into the page itself (the shell's inline start script) count too.
  const inline = await page.evaluate(() => [...document.scripts].filter((s) => !s.src).map((s) => s.textContent ?? ''));
  for (const [i, text] of inline.entries()) if (text.trim()) files.push({ url: `(inline script ${i + 1})`, gzip: zlib.gzipSync(text).length });
  return { bytes: files.reduce((s, f) => s + f.gzip, 0), files };
}
