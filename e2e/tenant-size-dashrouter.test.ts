/**
 * The Device Operations Dashboard, its device lists and the mobile router tab on a brand-new
 * tenant (no devices, no alarms; session 24's angle "the tenant's size"), in the dev shell and the
 * real platform UI; and the ways a connection goes while a screen of theirs stays open: the
 * browser offline under an idle dashboard, a read without answer beside the router tab's held
 * realtime long-poll, realtime gone under the router tab. Build first (`npm run build`).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Request, Route } from 'playwright-core';
import { adminApi, loginAs, platformLogin, snap, startStack, type Stack } from './harness';
import { chooseLanguage, restoreEnglish, untilUsable, WAIT_MS } from './screens';

let stack: Stack;
const api = <T>(p: string, init?: RequestInit) => adminApi<T>(stack, p, init);
const ROUTER_OPERATIONS = ['Restart', 'StartMonitoring', 'UpdateFirmware', 'UpdateProfile'].map((op) => `adamos_MobileRouter_${op}`);
const UNREACHABLE = 'The platform cannot be reached. Check the connection and try again.';

before(async () => {
  stack = await startStack({ devices: 0, simulate: 'off' });
});
after(async () => {
  await stack?.close();
});

/** A gateway with a router child: `router` its fields (none: a router that has not reported yet). */
async function routerDevice(name: string, router: Record<string, unknown> = {}): Promise<{ id: string; routerId: string }> {
  const device = await api<{ id: string }>('/inventory/managedObjects', {
    method: 'POST',
    body: JSON.stringify({ name, type: 'adamos_NETbox', c8y_IsDevice: {}, c8y_SupportedOperations: ROUTER_OPERATIONS }),
  });
  const child = await api<{ id: string }>('/inventory/managedObjects', { method: 'POST', body: JSON.stringify({ type: 'adamos_MobileRouter', ...router }) });
  await api(`/inventory/managedObjects/${device.id}/childAdditions`, { method: 'POST', body: JSON.stringify({ managedObject: { id: child.id } }) });
  return { id: device.id, routerId: child.id };
}

const card = (page: Page, instanceId: string) => page.locator(`[data-testid="dashboard-widget"][data-instance-id="${instanceId}"]`);

/** Every widget's content has painted (no spinner, no placeholder, no loading parcel). */
async function widgetsPainted(page: Page, scope = '') {
  await page.waitForFunction(
    (s) => {
      const cards = [...document.querySelectorAll(`${s} [data-testid="dashboard-widget"]`)];
      return (
        cards.length === 14 &&
        cards.every((c) => !c.querySelector('[data-testid="contribution-loading"], .spinner, [data-testid="top-alarms-placeholders"]') && !!c.querySelector('[data-testid^="widget-"]'))
      );
    },
    scope,
    { timeout: WAIT_MS },
  );
}

/** What an empty tenant's dashboard says, in the page's language (by the widgets' own test ids: the platform UI's cards have no instance ids). */
async function assertEmptyDashboard(page: Page, de: boolean) {
  const text = async (widget: string, part: string) => (await page.getByTestId(widget).getByTestId(part).innerText()).trim();
  // No chart is drawn from nothing: the pie and both histories say there is nothing yet.
  assert.equal(await text('devices-online-pie', 'devices-online-pie-empty'), de ? 'Keine Geräte vorhanden' : 'No devices to display');
  assert.equal(await text('widget-online-history', 'history-none'), de ? 'An diesen Tagen war kein Gerät online.' : 'No device was online on these days.');
  assert.equal(await text('widget-alarm-history', 'history-none'), de ? 'An diesen Tagen gab es keine Alarme.' : 'No alarms on these days.');
  assert.equal(await text('widget-top-alarms', 'top-alarms-empty'), de ? 'Keine Alarme anzuzeigen.' : 'No alarms to display.');
  for (const id of ['widget-devices-online', 'widget-online-history', 'widget-alarm-history']) assert.equal(await page.getByTestId(id).locator('canvas').count(), 0, `${id} draws no chart`);
  // Zero figures read as zero, not as NaN, blanks or errors.
  assert.equal(await text('devices-online-number', 'figure-online'), '0');
  assert.equal(await text('online-history-number', 'figure-yesterday'), '0');
  const shown = await page.locator('[data-testid="dashboard-widget"]').allInnerTexts();
  assert.doesNotMatch(shown.join('\n'), /NaN|undefined|Infinity/);
  assert.equal(await page.locator('[data-testid="widget-error"]').count(), 0);
}

describe('a new tenant: no devices, no alarms', () => {
  it('the dashboard says there is nothing yet (en and de): zeros, no chart drawn from nothing, no error', async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      await page.evaluate(() => (location.hash = '#/deviceOperationsDashboard'));
      await widgetsPainted(page);
      await assertEmptyDashboard(page, false);
      await snap(page, 'tenant-size-dashrouter-empty-dashboard-en');
      await chooseLanguage(page, 'Deutsch');
      await page.evaluate(() => (location.hash = '#/deviceOperationsDashboard'));
      await widgetsPainted(page);
      await assertEmptyDashboard(page, true);
      await snap(page, 'tenant-size-dashrouter-empty-dashboard-de');
      await restoreEnglish(page);
    } finally {
      await context.close();
    }
  });

  it('in the real platform UI too', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await platformLogin(page, `${stack.url}/apps/devicemanagement/#/deviceOperationsDashboard`, 'viewer');
      await widgetsPainted(page, '[data-testid="platform-dashboard"]');
      await assertEmptyDashboard(page, false);
    } finally {
      await context.close();
    }
  });

  it('a figure of zero opens an empty list that says so, its bulk actions disabled', async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      await page.evaluate(() => (location.hash = '#/deviceOperationsDashboard'));
      await widgetsPainted(page);
      await card(page, 'devices-online-number').getByTestId('figure-online').click();
      const list = page.locator('[data-testid="devices-from-dashboard"][data-view="currentOnlineDevices"]');
      await list.waitFor({ timeout: WAIT_MS });
      await list.getByText('No devices to display').waitFor({ timeout: WAIT_MS });
      assert.match(await list.innerText(), /0 devices/);
      for (const action of ['action-select-software', 'action-clear-pending', 'action-initialize', 'action-smart-group']) {
        assert.ok(await list.getByTestId(action).isDisabled(), `${action} is disabled`);
      }
    } finally {
      await context.close();
    }
  });

  it('a router that has reported nothing yet: "-" for every value, the actions disabled with the reason, no error', async () => {
    const { id } = await routerDevice('Router not reported yet');
    const { context, page } = await loginAs(stack, 'operator');
    try {
      await page.evaluate((h) => (location.hash = h), `#/device/${id}/adamos-connection`);
      const tab = page.getByTestId('mobile-router');
      await tab.waitFor({ timeout: WAIT_MS });
      assert.equal((await page.getByTestId('signal-strength').innerText()).trim(), '-');
      assert.doesNotMatch(await tab.innerText(), /NaN|undefined|unknown/);
      for (const action of await tab.locator('[data-action]').all()) {
        assert.ok(await action.isDisabled());
        assert.equal(await action.getAttribute('title'), 'The router is not available.');
      }
      assert.equal(await page.getByRole('alert').count(), 0);
    } finally {
      await context.close();
    }
  });
});

describe('connections that go while a screen stays open', () => {
  it('an idle dashboard whose browser goes offline says so in every widget within seconds, keeps its figures with their time, and recovers online', async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      await page.evaluate(() => (location.hash = '#/deviceOperationsDashboard'));
      await widgetsPainted(page);
      await context.setOffline(true);
      const started = Date.now();
      // Not at the next refresh a minute later: the widgets ask at once (a few retries).
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="dashboard-widget"] [data-testid="widget-error"]').length === 14, undefined, { timeout: 20_000 });
      assert.ok(Date.now() - started < 20_000);
      for (const error of await page.getByTestId('widget-error').allInnerTexts()) assert.match(error, new RegExp(`^${UNREACHABLE} Figures as of \\d\\d:\\d\\d\\.$`));
      // The figures stay below.
      assert.equal((await page.getByTestId('devices-online-number').getByTestId('figure-online').innerText()).trim(), '0');
      await snap(page, 'tenant-size-dashrouter-dashboard-offline');
      await context.setOffline(false);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="widget-error"]').length === 0, undefined, { timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  it("a read that gets no answer while realtime's long-poll is held (no offline event: a VPN dropped) says at once that realtime is interrupted, not when the hold ends; it is live again once the connection works", async () => {
    const { id } = await routerDevice('Router on a dead connection', { name: 'RUT955', DeviceAvailability: { Available: true, Enabled: true, DeviceState: 'running' } });
    const { context, page } = await loginAs(stack, 'operator');
    // Realtime's connects under way: a live page holds one (the stand-in answers after 45 s).
    const pending = new Set<Request>();
    page.on('request', (r) => {
      if (r.url().includes('/notification/realtime') && (r.postData() ?? '').includes('/meta/connect')) pending.add(r);
    });
    page.on('requestfinished', (r) => pending.delete(r));
    page.on('requestfailed', (r) => pending.delete(r));
    const held: Route[] = [];
    try {
      const subscribed = page.waitForResponse((r) => r.url().includes('/notification/realtime') && (r.request().postData() ?? '').includes(`"subscription":"/operations/${id}"`), { timeout: WAIT_MS });
      await page.evaluate((h) => (location.hash = h), `#/device/${id}/adamos-connection`);
      await page.getByTestId('mobile-router-tab').waitFor({ timeout: WAIT_MS });
      await page.locator('[data-action="Restart"]').waitFor({ timeout: WAIT_MS });
      await subscribed;
      const deadline = Date.now() + WAIT_MS;
      while (pending.size === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      assert.equal(pending.size, 1, 'a long-poll is held');
      const warning = page.getByTestId('realtime-interrupted');
      assert.equal(await warning.count(), 0, 'live before the connection goes');

      // The connection goes without a word: realtime's new requests are never answered (the held
      // one is, only at the end of its hold), REST finds no server.
      await page.route('**/notification/realtime', (route) => void held.push(route));
      for (const rest of ['**/inventory/**', '**/devicecontrol/**']) await page.route(rest, (route) => route.abort('connectionrefused'));
      await page.getByTestId('reload').click();
      // Within seconds: the held long-poll would have ended at its hold (45 s) plus 10 s.
      await warning.waitFor({ timeout: 5_000 });
      assert.equal((await warning.innerText()).trim(), 'Realtime updates interrupted. Trying to reconnect…');

      // The connection works again. The loop's next try (after its back-off) is live at once: the
      // stand-in, as CometD, ends the long-poll the page gave up when the session's next connect
      // comes (faye alone answered that connect only at the end of the old hold, 45 s). The tab
      // reads again.
      await page.unroute('**/inventory/**');
      await page.unroute('**/devicecontrol/**');
      await page.unroute('**/notification/realtime');
      // A held request the page gave up meanwhile is handled already: said, not hidden.
      for (const route of held) await route.abort('connectionreset').catch((e: unknown) => console.warn('a held realtime request was handled already:', e));
      await warning.waitFor({ state: 'detached', timeout: 20_000 });
      await page.getByTestId('router-error').waitFor({ state: 'detached', timeout: WAIT_MS });
      await untilUsable(page, '[data-action="Restart"]');
    } finally {
      await context.close();
    }
  });

  it('the router tab without realtime still learns that the router has caught up: its actions come back without waiting for the connection', async () => {
    const { id } = await routerDevice('Router without realtime', { name: 'RUT955', DeviceAvailability: { Available: true, Enabled: true, DeviceState: 'running' } });
    const { context, page } = await loginAs(stack, 'operator');
    try {
      await page.evaluate((h) => (location.hash = h), `#/device/${id}/adamos-connection`);
      const restart = page.locator('[data-action="Restart"]');
      await restart.waitFor({ timeout: WAIT_MS });
      await untilUsable(page, '[data-action="Restart"]');
      // Realtime goes; REST stays.
      await page.route('**/notification/realtime', (r) => r.abort('connectionrefused'));
      await page.getByTestId('realtime-interrupted').waitFor({ timeout: 60_000 });
      await restart.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Restart', exact: true }).click();
      await page.getByTestId('banner-Restart').waitFor({ timeout: WAIT_MS });
      assert.ok(await restart.isDisabled(), 'disabled while the router has not reported');
      // The router reports (the operation succeeded); no realtime notification brings it.
      const ops = await api<{ operations: { id: string }[] }>(`/devicecontrol/operations?deviceId=${id}&fragmentType=adamos_MobileRouter_Restart&pageSize=5`);
      assert.equal(ops.operations.length, 1);
      await api(`/devicecontrol/operations/${ops.operations[0].id}`, { method: 'PUT', body: JSON.stringify({ status: 'SUCCESSFUL' }) });
      await untilUsable(page, '[data-action="Restart"]', 15_000);
      assert.ok(await page.getByTestId('realtime-interrupted').isVisible(), 'realtime is still down');
    } finally {
      await context.close();
    }
  });
});
