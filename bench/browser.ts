/** What the browser benches share: logged-in cold contexts, in-page paint marks, JS accounting. */
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

export async function waitForFirstRows(page: Page): Promise<number> {
  await page.waitForFunction(() => typeof (window as { __firstRows?: number }).__firstRows === 'number', undefined, { timeout: WAIT_MS });
  return page.evaluate(() => (window as unknown as { __firstRows: number }).__firstRows);
}

/** Gzip size of every JS response of a page, by URL, recorded as they arrive. */
export function recordJs(page: Page): Map<string, number> {
  const sizes = new Map<string, number>();
  page.on('response', async (res) => {
    if (!/\.m?js(\?|$)/.test(res.url()) || res.status() !== 200) return;
    const body = await res.body().catch(() => null);
    if (body) sizes.set(res.url(), zlib.gzipSync(body).length);
  });
  return sizes;
}

/** Gzip bytes of the JS the page requested before `before` (ms from navigation start). */
export async function jsBefore(page: Page, sizes: Map<string, number>, before: number): Promise<{ bytes: number; files: { url: string; gzip: number }[] }> {
  const urls = await page.evaluate(
    (t) => performance.getEntriesByType('resource').filter((e) => e.startTime < t && /\.m?js(\?|$)/.test(e.name)).map((e) => e.name),
    before,
  );
  // A response body may still be on its way to node: give it a moment.
  for (let i = 0; i < 50 && urls.some((u) => !sizes.has(u)); i++) await page.waitForTimeout(100);
  const files = urls.map((url) => ({ url: new URL(url).pathname, gzip: sizes.get(url) ?? NaN }));
  return { bytes: files.reduce((s, f) => s + f.gzip, 0), files };
}
