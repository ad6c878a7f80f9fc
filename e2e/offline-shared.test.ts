/**
 * The platform goes away and comes back (session 23): the dev shell's page whose code cannot load
 * while offline, the start while the platform cannot be reached, and realtime through a restart of
 * the stand-in on the same data folder (the new server knows no realtime client: 402).
 * Build first (`npm run build`).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createServer } from '../shell-dev/server/app';
import { adminApi, DEMO, loginAs, ROOT, startStack, type Stack } from './harness';
import { settled, WAIT_MS } from './screens';

let stack: Stack;
/** The stand-in on screen: the stack's first, then the one started again on the same port and data. */
let server: Stack['server'];
const DEVICES = 60;
const PKG = 'adamos_adamos_netbox_SoftwarePackageList';
const UNREACHABLE = 'The platform cannot be reached. Check the connection and try again.';
const RAW = /Failed to fetch|NetworkError|ChunkLoadError|Loading chunk/;

type Pkg = { name: string; status: string; type: string; marked_for_deletion?: boolean };
type Mo = { id: string; [k: string]: unknown };
const api = <T>(p: string, init?: RequestInit) => adminApi<T>(stack, p, init);

before(async () => {
  stack = await startStack({ devices: DEVICES });
  server = stack.server;
});
after(async () => {
  await stack?.browser.close();
  await server?.close();
});

async function restartStandIn(downMs: number): Promise<void> {
  const port = Number(new URL(stack.url).port);
  await server.close();
  await new Promise((r) => setTimeout(r, downMs));
  server = await createServer({ port, host: '127.0.0.1', dataDir: stack.dataDir, devices: DEVICES, reset: false, simulate: 'off', seed: 1, staticDir: path.join(ROOT, 'dist', 'apps') });
}

describe('offline and back, in the dev shell', () => {
  it("a page opened offline says it could not be loaded (not a blank page, not the browser's words); Retry online shows it", async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      // The start screen has settled (every plugin registered): only the dashboard host's code is missing.
      await settled(page);
      await context.setOffline(true);
      // The dashboard host's code is not loaded yet on this page: it cannot be now.
      await page.evaluate(() => (location.hash = '#/deviceOperationsDashboard'));
      const failed = page.getByTestId('page-error');
      await failed.waitFor({ timeout: WAIT_MS });
      assert.equal((await failed.innerText()).trim(), `This page could not be loaded. Check the connection and try again. Retry`);
      assert.ok(await page.getByTestId('navigator').isVisible(), 'the navigator stays');
      assert.doesNotMatch(await page.locator('body').innerText(), RAW);
      await context.setOffline(false);
      await page.getByTestId('page-retry').click();
      await page.waitForSelector('[data-testid="dashboard"] [data-testid="dashboard-widget"]', { timeout: WAIT_MS });
      assert.equal(await failed.count(), 0);
    } finally {
      await context.close();
    }
  });

  it("a plugin screen opened offline says its code could not be loaded (not the chunk's address); Retry online shows it", async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      await settled(page);
      await context.setOffline(true);
      await page.evaluate(() => (location.hash = '#/alarms'));
      const failed = page.getByTestId('contribution-error');
      await failed.waitFor({ timeout: WAIT_MS });
      assert.equal((await failed.innerText()).replace(/\s+/g, ' ').trim(), 'Plugin "device-operations" failed to show "route:device-operations/alarms". Its code could not be loaded. Check the connection and try again. Retry');
      assert.doesNotMatch(await page.locator('body').innerText(), RAW);
      await context.setOffline(false);
      await page.getByTestId('contribution-retry').click();
      await failed.waitFor({ state: 'detached', timeout: WAIT_MS });
      await page.locator('[data-contribution="route:device-operations/alarms"] [data-testid]').first().waitFor({ timeout: WAIT_MS });
    } finally {
      await context.close();
    }
  });

  it("a list whose read failed while offline (its retries spent) says so, and is read again on its own once the browser is online (no Reload)", async () => {
    const { context, page } = await loginAs(stack, 'admin', '/software');
    try {
      await page.getByTestId('software-cards').waitFor({ timeout: WAIT_MS });
      // The connection drops as the list is read: that read and its three retries (1, 2 and 4 s) fail.
      await page.route('**/service/create-software-ng/deviceProfile**', async (route) => {
        await context.setOffline(true);
        await route.abort('internetdisconnected');
      });
      await page.evaluate(() => (location.hash = '#/device-profiles-v2'));
      const list = page.getByTestId('device-profile-list');
      await list.waitFor({ timeout: WAIT_MS });
      const failed = page.getByTestId('profiles-load-error');
      await failed.waitFor({ timeout: WAIT_MS });
      assert.equal((await failed.innerText()).trim(), `The device profiles could not be loaded: ${UNREACHABLE}`);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      // Online again: the browser's `online` event alone brings the list (nothing clicked).
      await context.setOffline(false);
      await list.getByTestId('profile-row').first().waitFor({ timeout: WAIT_MS });
      assert.equal(await failed.count(), 0, 'the error is gone');
    } finally {
      await context.close();
    }
  });

  it('a start while the platform cannot be reached says so in the user words, and Retry starts once it is back', async () => {
    const context = await stack.browser.newContext();
    const page = await context.newPage();
    try {
      await page.route('**/user/currentUser**', (r) => r.abort('connectionrefused'));
      await page.route('**/application/**', (r) => r.abort('connectionrefused'));
      await page.goto(`${stack.url}/apps/shell/`);
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: WAIT_MS });
      assert.equal((await alert.innerText()).trim(), `${UNREACHABLE} Retry`);
      await page.unrouteAll();
      await page.getByTestId('start-retry').click();
      await page.getByLabel('Tenant').waitFor({ timeout: WAIT_MS });
      await page.getByLabel('Tenant').fill(DEMO.tenant);
    } finally {
      await context.close();
    }
  });
});

describe('realtime through a restart of the stand-in', () => {
  it('says interrupted, handshakes and subscribes again with back-off (no tight loop), is live again, and unsubscribes on leaving', async () => {
    const devices = (await api<{ managedObjects: Mo[] }>(`/inventory/managedObjects?pageSize=2000&query=${encodeURIComponent("$filter=(type eq 'adamos_NETbox')")}`)).managedObjects;
    const target = devices.find((d) => ((d[PKG] as Pkg[] | undefined) ?? []).some((p) => p.type === 'APPLICATION' && !p.marked_for_deletion))!;
    assert.ok(target, 'a device with an application package');
    const pkg = (target[PKG] as Pkg[]).find((p) => p.type === 'APPLICATION' && !p.marked_for_deletion)!;
    const { context, page } = await loginAs(stack, 'operator');
    const posts: { at: number; body: string }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/notification/realtime')) posts.push({ at: Date.now(), body: r.postData() ?? '' });
    });
    try {
      const subscribed = page.waitForResponse((r) => r.url().includes('/realtime') && (r.request().postData() ?? '').includes(`"subscription":"/managedobjects/${target.id}"`), { timeout: WAIT_MS });
      await page.evaluate((h) => (location.hash = h), `#/device/${target.id}/software`);
      const cell = page.locator(`[data-testid="software-row"][data-name="${pkg.name}"] [data-testid="software-status"]`);
      await cell.waitFor({ timeout: WAIT_MS });
      await subscribed;
      const warning = page.getByTestId('realtime-interrupted');
      assert.equal(await warning.count(), 0, 'live before the restart');

      const downAt = Date.now();
      await restartStandIn(4000);
      const upAt = Date.now();
      await warning.waitFor({ timeout: WAIT_MS });
      assert.equal(await warning.textContent(), 'Realtime updates interrupted. Trying to reconnect…');
      // Back-off from 1 s doubling: a handful of tries while the stand-in was down, not a loop.
      const duringDown = posts.filter((p) => p.at >= downAt && p.at < upAt).length;
      assert.ok(duringDown <= 6, `${duringDown} realtime requests in ${upAt - downAt} ms down`);
      await warning.waitFor({ state: 'detached', timeout: 35_000 });
      const after = posts.filter((p) => p.at >= upAt).map((p) => p.body);
      assert.ok(after.some((b) => b.includes('/meta/handshake')), 'a new session');
      assert.ok(after.some((b) => b.includes(`"subscription":"/managedobjects/${target.id}"`)), 'the channel subscribed again');
      // Live again: a change is pushed to the open tab.
      const marker = `back-${Date.now()}`;
      const list = ((await api<Mo>(`/inventory/managedObjects/${target.id}`))[PKG] as Pkg[]).map((p) => (p.name === pkg.name ? { ...p, status: marker } : p));
      await api(`/inventory/managedObjects/${target.id}`, { method: 'PUT', body: JSON.stringify({ [PKG]: list }) });
      await cell.getByText(marker).waitFor({ timeout: 10_000 });

      // Leaving the screen ends the subscription (and, with nothing else live, the session).
      const left = page.waitForRequest((r) => r.url().includes('/notification/realtime') && /\/meta\/(unsubscribe|disconnect)/.test(r.postData() ?? ''), { timeout: WAIT_MS });
      await page.evaluate(() => (location.hash = '#/events'));
      await left;
    } finally {
      await context.close();
    }
  });
});
