/**
 * Browser-test harness: a stand-in server on a fresh data dir (in this process) and Debian's
 * Chromium driven by playwright-core. Build first (`npm run build`): the server serves dist/apps.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createServer } from '../shell-dev/server/app';

export const ROOT = path.resolve(__dirname, '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO = { tenant: 'demo', password: 'demo', users: ['admin', 'operator', 'viewer'] as const };
export type DemoUser = (typeof DEMO.users)[number];

export interface Stack {
  url: string;
  dataDir: string;
  server: Awaited<ReturnType<typeof createServer>>;
  browser: Browser;
  close(): Promise<void>;
}

export interface StackOptions {
  devices?: number;
  simulate?: 'on' | 'off';
  /** Serve the apps from another folder (e.g. a copy with one remote removed). */
  staticDir?: string;
  dataDir?: string;
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const server = await createServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    devices: opts.devices ?? 200,
    reset: false,
    simulate: opts.simulate ?? 'off',
    seed: 1,
    staticDir: opts.staticDir ?? path.join(ROOT, 'dist', 'apps'),
  });
  const browser = await launchBrowser();
  return {
    url: server.url,
    dataDir,
    server,
    browser,
    async close() {
      // A browser that fails to close must not keep the server open; the cause is logged.
      await browser.close().catch((e) => console.error('closing the browser failed:', e));
      await server.close();
    },
  };
}

/** Playwright's launch() gives every browser a fresh temporary profile (its own --user-data-dir). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      // The browser's language, whatever the machine's locale: the login pages speak it (a context
      // that needs another sets its own locale).
      '--lang=en-US',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** A fresh browser context logged in through the login page as a demo user. */
export async function loginAs(stack: Stack, user: DemoUser, hash = ''): Promise<{ context: BrowserContext; page: Page }> {
  const context = await stack.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`[pageerror] ${err.message}`));
  await page.goto(`${stack.url}/apps/shell/${hash ? `#${hash}` : ''}`);
  await page.getByLabel(/tenant/i).fill(DEMO.tenant);
  await page.getByLabel(/user/i).first().fill(user);
  await page.getByLabel(/password/i).fill(DEMO.password);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await page.waitForSelector('[data-testid="navigator"]', { timeout: 20000 });
  return { context, page };
}


/**
 * Opens `url` of the real platform UI, which sends a signed-out browser to the platform's login
 * app, and signs `user` in there; the caller waits for the page it expects.
 */
export async function platformLogin(page: Page, url: string, user: DemoUser): Promise<void> {
  await page.goto(url);
  await page.waitForURL(/\/apps\/public\/login\//, { timeout: 30_000 });
  await page.getByLabel(/tenant/i).fill(DEMO.tenant);
  await page.getByLabel(/user/i).fill(user);
  await page.getByLabel(/password/i).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}
/** Screenshots for a person to look at: e2e/artifacts/<name>.png */
export async function snap(page: Page, name: string): Promise<string> {
  const dir = path.join(ROOT, 'e2e', 'artifacts');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

const ADMIN_AUTH = 'Basic ' + Buffer.from(`${DEMO.tenant}/admin:${DEMO.password}`).toString('base64');

/** A REST call to the stack as the demo admin: JSON in and out; a status other than 2xx throws with the server's answer. */
export async function adminApi<T>(stack: Stack, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${stack.url}${path}`, {
    ...init,
    headers: { Authorization: ADMIN_AUTH, Accept: 'application/json', 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}
