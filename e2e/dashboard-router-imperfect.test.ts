/**
 * The dashboard, its device lists and the router tabs on an imperfect day: a session that ends
 * while an editor changes the dashboard; a router that another user updates while the firmware
 * dialog is open; widgets whose figures can no longer be read; realtime cut while the router tab
 * opens.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { adminApi, loginAs, snap, startStack, type Stack } from './harness';
import { chooseLanguage, logIn, restoreEnglish } from './screens';

const WAIT_MS = 30_000;
const DASHBOARD = '/deviceOperationsDashboard';
const RECOVERED = '[data-testid="dashboard-widget"][data-instance-id="software-monitor-recovered"]';

let stack: Stack;
const ROUTER_OPERATIONS = ['Restart', 'StartMonitoring', 'UpdateFirmware', 'UpdateProfile'].map((op) => `adamos_MobileRouter_${op}`);

/** A gateway with a router child (available and running). */
async function routerDevice(name: string): Promise<{ id: string; routerId: string }> {
  const device = await adminApi<{ id: string }>(stack, '/inventory/managedObjects', {
    method: 'POST',
    body: JSON.stringify({ name, type: 'adamos_NETbox', c8y_IsDevice: {}, c8y_SupportedOperations: ROUTER_OPERATIONS }),
  });
  const child = await adminApi<{ id: string }>(stack, '/inventory/managedObjects', {
    method: 'POST',
    body: JSON.stringify({ type: 'adamos_MobileRouter', name: 'RUT955', DeviceAvailability: { Available: true, Enabled: true, DeviceState: 'running' }, DeviceInformation: { Firmware: 'RUTX_R_00.07.05' } }),
  });
  await adminApi(stack, `/inventory/managedObjects/${device.id}/childAdditions`, { method: 'POST', body: JSON.stringify({ managedObject: { id: child.id } }) });
  return { id: device.id, routerId: child.id };
}

/**
 * What goes past its dashboard card, once the layout has settled: a chart redraws for a new width a
 * moment after the viewport changed (a lasting overflow stays and is returned).
 */
async function outsideTheirCardsSettled(page: Page): Promise<string[]> {
  let out = await outsideTheirCards(page);
  for (let i = 0; i < 12 && out.length > 0; i++) {
    await page.waitForTimeout(250);
    out = await outsideTheirCards(page);
  }
  return out;
}

/** Every box drawn inside each dashboard card lies within the card, and the card does not scroll: what goes past it. */
async function outsideTheirCards(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="dashboard-widget"]', (cards) =>
    cards.flatMap((card) => {
      const box = card.getBoundingClientRect();
      const id = card.getAttribute('data-instance-id');
      const out: string[] = [];
      if (card.scrollHeight > card.clientHeight + 1) out.push(`${id}: scrolls (${card.scrollHeight} px of content in ${card.clientHeight} px)`);
      for (const el of card.querySelectorAll('.card-block *')) {
        const own = el.getBoundingClientRect();
        // A chart's table for screen readers is clipped to nothing on purpose.
        if (own.width === 0 || own.height === 0 || el.closest('.sr-only')) continue;
        if (own.bottom > box.bottom + 1 || own.right > box.right + 1 || own.top < box.top - 1 || own.left < box.left - 1) {
          out.push(`${id}: ${el.tagName.toLowerCase()}[data-testid=${el.getAttribute('data-testid') ?? ''}] ${Math.round(own.top - box.top)}..${Math.round(own.bottom - box.top)} px in a card of ${Math.round(box.height)} px`);
        }
      }
      return out;
    }),
  );
}

/** The grid row the recovered widget starts at, as the page shows it. */
const rowOf = (style: string | null) => Number(/grid-row: (\d+)/.exec(style ?? '')?.[1] ?? /grid-area: (\d+)/.exec(style ?? '')?.[1]);

describe('dashboard on an imperfect day', () => {
  before(async () => {
    stack = await startStack({ devices: 60, simulate: 'off' });
  });
  after(async () => {
    await stack?.close();
  });

  test('a change whose save met an ended session is offered again after the new login, and saved on request', async () => {
    const { page, context } = await loginAs(stack, 'admin', DASHBOARD);
    await page.waitForSelector(RECOVERED, { timeout: WAIT_MS });
    const before = rowOf(await page.locator(RECOVERED).locator('xpath=..').getAttribute('style'));
    assert.ok(before > 0, 'the recovered widget is placed');
    await page.getByTestId('dashboard-edit').click();
    // The session ends (another tab logged out, the platform expired it) before the change is saved.
    await context.clearCookies();
    await page.locator(RECOVERED).getByTestId('widget-move-down').click();
    await page.getByText('Your session has ended. Please log in again.').waitFor({ timeout: WAIT_MS });
    await logIn(page, 'admin');
    const unsaved = page.getByTestId('dashboard-unsaved');
    await unsaved.waitFor({ timeout: WAIT_MS });
    assert.match((await unsaved.textContent()) ?? '', /Your last change to this dashboard was not saved: your session had ended\./);
    await snap(page, 'dashboard-unsaved-after-login');
    await page.getByTestId('dashboard-unsaved-save').click();
    await page.waitForFunction(
      ([sel, row]) => {
        const style = document.querySelector(sel as string)?.parentElement?.getAttribute('style') ?? '';
        const m = /grid-row: (\d+)/.exec(style) ?? /grid-area: (\d+)/.exec(style);
        return Number(m?.[1]) === (row as number) + 1;
      },
      [RECOVERED, before],
      { timeout: WAIT_MS },
    );
    // Saved for every user: the tenant's dashboard object has it.
    await assert.doesNotReject(async () => {
      for (let i = 0; i < 50; i++) {
        const found = await adminApi<{ managedObjects: { c8y_Dashboard?: { children?: Record<string, { _y?: number }> } }[] }>(
          stack,
          `/inventory/managedObjects?fragmentType=${encodeURIComponent('c8y_Dashboard!name!deviceOperationsDashboardAngular')}&pageSize=1`,
        );
        const child = found.managedObjects[0]?.c8y_Dashboard?.children?.['software-monitor-recovered'];
        if (child) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the dashboard was not saved');
    });
    assert.equal(await page.getByTestId('dashboard-unsaved').count(), 0);
    await context.close();
  });

  test('a Select firmware dialog opened before another user started an update offers no Install and says why', async () => {
    type Refs = { references: { managedObject: { id: string } }[] };
    type Mo = { id: string; type?: string; DeviceAvailability?: object; childDevices?: Refs; childAssets?: Refs };
    const devices = await adminApi<{ managedObjects: Mo[] }>(stack, `/inventory/managedObjects?pageSize=50&query=${encodeURIComponent("c8y_SupportedOperations eq 'adamos_MobileRouter_Restart'")}`);
    let found: { device: Mo; router: Mo } | undefined;
    for (const d of devices.managedObjects) {
      const full = await adminApi<Mo>(stack, `/inventory/managedObjects/${d.id}?withChildren=true`);
      for (const ref of [...(full.childDevices?.references ?? []), ...(full.childAssets?.references ?? [])]) {
        const child = await adminApi<Mo>(stack, `/inventory/managedObjects/${ref.managedObject.id}`);
        if (child.type === 'adamos_MobileRouter') found ??= { device: d, router: child };
      }
      if (found) break;
    }
    assert.ok(found, 'the demo fleet has a router device');
    // Available and running, no operation pending: the actions are offered.
    await adminApi(stack, `/inventory/managedObjects/${found.router.id}`, {
      method: 'PUT',
      body: JSON.stringify({ DeviceAvailability: { ...found.router.DeviceAvailability, Available: true, DeviceState: 'running' }, DeviceInformation: { Firmware: 'RUTX_R_00.07.06' } }),
    });
    const { page, context } = await loginAs(stack, 'operator', `/device/${found.device.id}/adamos-connection`);
    try {
      for (const [lang, width] of [
        ['en', 1280],
        ['de', 1920],
      ] as const) {
        if (lang === 'de') await chooseLanguage(page, 'Deutsch');
        await page.setViewportSize({ width, height: 900 });
        const update = page.locator('[data-action="UpdateFirmware"]');
        await page.waitForFunction(() => document.querySelector('[data-action="UpdateFirmware"]')?.hasAttribute('disabled') === false, null, { timeout: WAIT_MS });
        await update.click();
        const modal = page.getByTestId('router-selection-modal');
        await modal.locator('label.c8y-radio').first().click();
        assert.equal(await page.getByTestId('selection-install').isDisabled(), false, 'Install offered for the chosen firmware');
        // Another user starts a firmware update now; the tab hears of it in realtime.
        const op = await adminApi<{ id: string }>(stack, '/devicecontrol/operations', {
          method: 'POST',
          body: JSON.stringify({ deviceId: found.device.id, description: 'Update firmware (other user)', adamos_MobileRouter_UpdateFirmware: { repository_id: '1', name: 'x', version: 'y' } }),
        });
        const blocked = page.getByTestId('selection-blocked');
        await blocked.waitFor({ timeout: WAIT_MS });
        assert.equal(
          (await blocked.textContent())?.trim(),
          lang === 'en' ? 'Possible once the router has reported on its last operation.' : 'Möglich, sobald der Router seine letzte Operation zurückgemeldet hat.',
        );
        assert.equal(await page.getByTestId('selection-install').isDisabled(), true);
        await snap(page, `router-selection-blocked-${lang}-${width}`);
        await modal.getByRole('button', { name: lang === 'en' ? 'Cancel' : 'Abbrechen' }).click();
        // The other user's update ends: the next round starts with the actions offered again.
        await adminApi(stack, `/devicecontrol/operations/${op.id}`, { method: 'PUT', body: JSON.stringify({ status: 'FAILED', failureReason: 'test' }) });
      }
    } finally {
      await restoreEnglish(page);
      await context.close();
    }
  });
  test('widgets whose figures can no longer be read keep them in view: the error (one line, whole in its tooltip) and the figures stay inside each card, at 1280 and 1920 px, in English and German', async () => {
    const { page, context } = await loginAs(stack, 'viewer', DASHBOARD);
    try {
      for (const [lang, width] of [
        ['en', 1280],
        ['en', 1920],
        ['de', 1280],
        ['de', 1920],
      ] as const) {
        if (lang === 'de' && width === 1280) await chooseLanguage(page, 'Deutsch');
        await page.setViewportSize({ width, height: 1000 });
        await page.waitForFunction(
          () => {
            const cards = [...document.querySelectorAll('[data-testid="dashboard-widget"]')];
            return cards.length === 14 && cards.every((c) => !c.querySelector('[data-testid="contribution-loading"], .spinner, [data-testid="widget-error"]') && !!c.querySelector('[data-testid^="widget-"]'));
          },
          undefined,
          { timeout: WAIT_MS },
        );
        // Painted without an error: everything inside its card (the layout's own sizes).
        assert.deepEqual(await outsideTheirCardsSettled(page), [], `${lang} ${width}: before the error`);
        // The platform cannot be reached: every widget says so above the figures it keeps.
        await context.setOffline(true);
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="dashboard-widget"] [data-testid="widget-figures-time"]').length === 14, undefined, { timeout: WAIT_MS });
        await snap(page, `dashboard-widgets-stale-${lang}-${width}`);
        assert.deepEqual(await outsideTheirCardsSettled(page), [], `${lang} ${width}: with the error`);
        const errors = await page.$$eval('[data-testid="widget-error"]', (els) => els.map((e) => ({ text: (e as HTMLElement).innerText, title: e.getAttribute('title'), lines: Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)) })));
        const unreachable = lang === 'en' ? 'The platform cannot be reached. Check the connection and try again.' : 'Die Plattform ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.';
        const asOf = lang === 'en' ? /^Figures as of \d\d:\d\d\.$/ : /^Stand: \d\d:\d\d Uhr\.$/;
        for (const e of errors) {
          assert.ok(e.title?.startsWith(`${unreachable} `) && asOf.test(e.title.slice(unreachable.length + 1)), `the whole text in the tooltip: ${e.title}`);
          assert.equal(e.lines, 1, e.text);
        }
        // The figures are still shown.
        assert.match(await page.getByTestId('devices-online-number').getByTestId('figure-online').innerText(), /^\d+$/);
        await context.setOffline(false);
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="widget-error"]').length === 0, undefined, { timeout: WAIT_MS });
      }
    } finally {
      await context.setOffline(false);
      await restoreEnglish(page);
      await context.close();
    }
  });

  test('realtime cut while the router tab opens: its subscribe fails and the tab says interrupted within seconds (not when the long-poll ends), then is live again on the same channel', async () => {
    const { id, routerId } = await routerDevice('Router while realtime goes');
    const { page, context } = await loginAs(stack, 'operator');
    const realtime = (r: { url(): string }) => r.url().includes('/notification/realtime');
    try {
      // The router's read waits until realtime is cut: its channel is subscribed beside the held long-poll.
      let release = () => {};
      const gate = new Promise<void>((r) => (release = r));
      await page.route(
        (url) => url.pathname.endsWith('/inventory/managedObjects') && url.searchParams.get('type') === 'adamos_MobileRouter',
        async (route) => {
          await gate;
          await route.continue();
        },
      );
      const connect = page.waitForRequest((r) => realtime(r) && (r.postData() ?? '').includes('/meta/connect'), { timeout: WAIT_MS });
      await page.evaluate((h) => (location.hash = h), `#/device/${id}/adamos-connection`);
      const held = (await connect).postData();
      const warning = page.getByTestId('realtime-interrupted');
      // Realtime goes; REST stays. The long-poll under way (it may still wait in the page's routing)
      // is the server's to answer, after its hold of 45 s.
      await page.route('**/notification/realtime', (r) => (r.request().postData() === held ? r.continue() : r.abort('connectionrefused')));
      assert.equal(await warning.count(), 0, 'live while the long-poll waits');
      const cutAt = Date.now();
      release();
      await page.getByTestId('router-firmware').filter({ hasText: 'RUTX_R_00.07.05' }).waitFor({ timeout: WAIT_MS });
      await warning.waitFor({ timeout: 5_000 });
      assert.ok(Date.now() - cutAt < 5_000, `said after ${Date.now() - cutAt} ms`);
      assert.equal(await warning.textContent(), 'Realtime updates interrupted. Trying to reconnect…');

      // Realtime comes back: the router's channel is subscribed (it never was), then the tab is live.
      const subscribed = page.waitForResponse((r) => realtime(r) && r.ok() && (r.request().postData() ?? '').includes(`"subscription":"/managedobjects/${routerId}"`), { timeout: 40_000 });
      await page.unroute('**/notification/realtime');
      await subscribed;
      // Live again once a connect is answered: the stand-in's faye holds the connect the page gave
      // up on until its hold ends, and the next one (asking for an answer at once) waits behind it.
      await warning.waitFor({ state: 'detached', timeout: 60_000 });
      // A change of the router is pushed to the tab (no polling once live).
      await adminApi(stack, `/inventory/managedObjects/${routerId}`, { method: 'PUT', body: JSON.stringify({ DeviceInformation: { Firmware: 'RUTX_R_00.07.06' } }) });
      await page.getByTestId('router-firmware').filter({ hasText: 'RUTX_R_00.07.06' }).waitFor({ timeout: 4_000 });
    } finally {
      await context.close();
    }
  });
});
