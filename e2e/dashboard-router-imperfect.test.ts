/**
 * The dashboard, its device lists and the router tabs on an imperfect day: a session that ends
 * while an editor changes the dashboard; a router that another user updates while the firmware
 * dialog is open.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { adminApi, loginAs, snap, startStack, type Stack } from './harness';
import { chooseLanguage, logIn, restoreEnglish } from './screens';

const WAIT_MS = 30_000;
const DASHBOARD = '/deviceOperationsDashboard';
const RECOVERED = '[data-testid="dashboard-widget"][data-instance-id="software-monitor-recovered"]';

let stack: Stack;

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
});
