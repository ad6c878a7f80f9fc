/**
 * Work in progress and other people, in the dev shell: the dashboard editor's widget configuration
 * and the router's firmware choice ask before Escape or Back throw them away; two editors of the
 * Device Operations Dashboard keep each other's changes; a firmware another user deleted is not
 * installed. Needs `npm run build`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { adminApi, loginAs, platformLogin, snap, startStack, type Stack } from './harness';

const WAIT_MS = 30_000;
const DASHBOARD = '/deviceOperationsDashboard';

let stack: Stack;

before(async () => {
  stack = await startStack({ devices: 200, simulate: 'on' });
});
after(async () => {
  await stack?.close();
});

const card = (page: Page, instanceId: string) => page.locator(`[data-testid="dashboard-widget"][data-instance-id="${instanceId}"]`);
/** The card's grid cell (its place on the grid: `grid-row` of its wrapper). */
const gridRow = (page: Page, instanceId: string) => card(page, instanceId).evaluate((c) => (c.parentElement as HTMLElement).style.gridRow);

/** The discard question is on screen; answered with Cancel (stay) or Discard. */
async function answerDiscard(page: Page, answer: 'stay' | 'discard') {
  const question = page.getByRole('dialog', { name: 'Discard changes' });
  await question.waitFor({ timeout: WAIT_MS });
  await page.getByTestId(answer === 'stay' ? 'confirm-cancel' : 'confirm-ok').click();
  await question.waitFor({ state: 'detached' });
}

async function openDashboardEditing(page: Page) {
  await page.goto(`${stack.url}/apps/shell/#${DASHBOARD}`);
  await page.waitForSelector('[data-testid="dashboard"]', { timeout: WAIT_MS });
  await card(page, 'online-history-bars').waitFor({ timeout: WAIT_MS });
  await page.getByTestId('dashboard-edit').click();
  await page.waitForSelector('[data-testid="dashboard"][data-editing="true"]');
}

describe('dashboard editor', () => {
  test('a widget configuration with a typed title asks before Escape or Back drop it, and keeps it on Cancel; saved, Back leaves without asking', async () => {
    const { context, page } = await loginAs(stack, 'admin', '/views/iotconnector');
    try {
      await openDashboardEditing(page);
      await card(page, 'online-history-bars').getByTestId('widget-configure').click();
      const modal = page.getByTestId('widget-config-modal');
      const title = modal.getByTestId('widget-config-title');
      await title.waitFor({ timeout: WAIT_MS });
      // Unchanged: Escape closes at once.
      await title.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await card(page, 'online-history-bars').getByTestId('widget-configure').click();
      await title.fill('Online in hall 3');

      await title.press('Escape');
      await answerDiscard(page, 'stay');
      assert.equal(await title.inputValue(), 'Online in hall 3');

      // Back (the browser's, as a user's mouse button or Alt+Left) asks too; staying keeps the page and the title.
      const before = page.url();
      await page.evaluate(() => history.back());
      await answerDiscard(page, 'stay');
      assert.equal(page.url(), before);
      assert.equal(await title.inputValue(), 'Online in hall 3');
      await snap(page, 'unsaved-dashboard-config-kept');

      await modal.getByTestId('widget-config-save').click();
      await modal.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelector('[data-instance-id="online-history-bars"] [data-testid="widget-card-title"]')?.textContent === 'Online in hall 3');
      await page.evaluate(() => history.back());
      await page.waitForFunction(() => location.hash.includes('/views/iotconnector'), null, { timeout: WAIT_MS });
      assert.equal(await page.getByRole('dialog', { name: 'Discard changes' }).count(), 0);
    } finally {
      await context.close();
    }
  });

  test("two editors at once: a change saved from a tab that has not seen the other's keeps it and says so", async () => {
    const one = await loginAs(stack, 'admin');
    const two = await loginAs(stack, 'admin');
    try {
      await openDashboardEditing(one.page);
      await openDashboardEditing(two.page);
      const rowBefore = await gridRow(two.page, 'top-alarms');

      // Tab one renames the chart; tab two has not seen it and moves the top alarms down.
      await card(one.page, 'online-history-bars').getByTestId('widget-configure').click();
      await one.page.getByTestId('widget-config-title').fill('Renamed in tab one');
      await one.page.getByTestId('widget-config-save').click();
      await one.page.waitForFunction(() => document.querySelector('[data-instance-id="online-history-bars"] [data-testid="widget-card-title"]')?.textContent === 'Renamed in tab one');
      // Saved in tab one before tab two's change (the title is shown at once, the save follows).
      await one.page.waitForFunction(() => !document.querySelector('[data-testid="dashboard-save-error"]'));
      await new Promise((resolve) => setTimeout(resolve, 1000));

      await card(two.page, 'top-alarms').getByTestId('widget-move-down').click();
      // Said in a toast, seen at the bottom of the dashboard where the user moved the card.
      const notice = two.page.locator('.alerts .alert-warning', { hasText: 'Another user changed this dashboard meanwhile: it now shows their changes together with yours.' });
      await notice.waitFor({ timeout: WAIT_MS });
      assert.ok(await notice.isVisible());
      assert.equal(await card(two.page, 'online-history-bars').getByTestId('widget-card-title').innerText(), 'Renamed in tab one');
      await snap(two.page, 'unsaved-dashboard-merged');

      // What the tenant has: both changes.
      await one.page.reload();
      await card(one.page, 'online-history-bars').waitFor({ timeout: WAIT_MS });
      assert.equal(await card(one.page, 'online-history-bars').getByTestId('widget-card-title').innerText(), 'Renamed in tab one');
      assert.notEqual(await gridRow(one.page, 'top-alarms'), rowBefore);
      assert.equal(await gridRow(one.page, 'top-alarms'), await gridRow(two.page, 'top-alarms'));
    } finally {
      await one.context.close();
      await two.context.close();
    }
  });
});

interface Mo {
  id: string;
  type?: string;
  [k: string]: unknown;
}
type Refs = { references: { managedObject: { id: string } }[] };

/** A main device the simulator answers with a running router child (ids ending in 7 or 8 do not answer). */
async function routerDevice(): Promise<Mo> {
  const page = await adminApi<{ managedObjects: Mo[] }>(stack, `/inventory/managedObjects?pageSize=50&query=${encodeURIComponent("c8y_SupportedOperations eq 'adamos_MobileRouter_Restart'")}`);
  for (const d of page.managedObjects) {
    if (/[78]$/.test(d.id)) continue;
    const full = await adminApi<Mo & { childDevices?: Refs; childAssets?: Refs }>(stack, `/inventory/managedObjects/${d.id}?withChildren=true`);
    for (const ref of [...(full.childDevices?.references ?? []), ...(full.childAssets?.references ?? [])]) {
      const child = await adminApi<Mo & { DeviceAvailability?: object }>(stack, `/inventory/managedObjects/${ref.managedObject.id}`);
      if (child.type !== 'adamos_MobileRouter') continue;
      await adminApi(stack, `/inventory/managedObjects/${child.id}`, {
        method: 'PUT',
        body: JSON.stringify({ DeviceAvailability: { ...child.DeviceAvailability, Available: true, DeviceState: 'running' } }),
      });
      return d;
    }
  }
  throw new Error('no router device in the demo fleet');
}

async function openFirmwareChoice(page: Page) {
  await page.waitForFunction(
    () => {
      const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.includes('Update firmware'));
      return b && !b.hasAttribute('disabled');
    },
    null,
    { timeout: WAIT_MS },
  );
  await page.getByRole('button', { name: 'Update firmware' }).click();
  const modal = page.getByTestId('router-selection-modal');
  await modal.locator('label.c8y-radio').first().waitFor({ timeout: WAIT_MS });
  return modal;
}

describe('mobile router firmware choice', () => {
  test('a chosen firmware asks before Escape or Back drop it, and stays chosen on Cancel', async () => {
    const device = await routerDevice();
    const { context, page } = await loginAs(stack, 'operator', '/views/iotconnector');
    try {
      await page.goto(`${stack.url}/apps/shell/#/device/${device.id}/adamos-connection`);
      const modal = await openFirmwareChoice(page);
      await modal.locator('label.c8y-radio').first().click();
      const radio = modal.locator('input[type="radio"]').first();
      assert.equal(await radio.isChecked(), true);

      await radio.press('Escape');
      await answerDiscard(page, 'stay');
      const before = page.url();
      await page.evaluate(() => history.back());
      await answerDiscard(page, 'stay');
      assert.equal(page.url(), before);
      assert.equal(await radio.isChecked(), true);

      // Cancel is the user's explicit choice: it closes at once.
      await modal.getByRole('button', { name: 'Cancel' }).click();
      await modal.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  test('in the real platform UI, a chosen firmware asks before Escape or Back drop it too', async () => {
    const device = await routerDevice();
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await platformLogin(page, `${stack.url}/apps/devicemanagement/#/home`, 'operator');
      await page.waitForFunction(() => document.querySelector('c8y-title-outlet')?.textContent?.trim() === 'Home', undefined, { timeout: WAIT_MS });
      await page.evaluate((h) => (location.hash = h), `/device/${device.id}/adamos-connection`);
      await page.getByTestId('mobile-router-tab').waitFor({ timeout: WAIT_MS });
      const modal = await openFirmwareChoice(page);
      await modal.locator('label.c8y-radio').first().click();
      const radio = modal.locator('input[type="radio"]').first();

      await radio.press('Escape');
      await answerDiscard(page, 'stay');
      const before = page.url();
      await page.evaluate(() => history.back());
      await answerDiscard(page, 'stay');
      assert.equal(page.url(), before);
      assert.equal(await radio.isChecked(), true);
      await snap(page, 'unsaved-router-platform-kept');
    } finally {
      await context.close();
    }
  });

  test('Install of a firmware another user deleted after the list was read sends nothing, says so and reads the list again', async () => {
    const device = await routerDevice();
    const { context, page } = await loginAs(stack, 'operator', `/device/${device.id}/adamos-connection`);
    const updates = async () =>
      (await adminApi<{ operations: unknown[] }>(stack, `/devicecontrol/operations?deviceId=${device.id}&fragmentType=adamos_MobileRouter_UpdateFirmware&pageSize=100`)).operations.length;
    try {
      const sentBefore = await updates();
      const modal = await openFirmwareChoice(page);
      const first = modal.locator('label.c8y-radio').first();
      const chosen = (await first.innerText()).trim();
      const binaryId = await modal.locator('input[type="radio"]').first().getAttribute('value');
      await first.click();
      // Another user (the admin, elsewhere) deletes that binary.
      await adminApi(stack, `/inventory/managedObjects/${binaryId}`, { method: 'DELETE' });

      await page.getByTestId('selection-install').click();
      await page.getByText(/is no longer in the repository: another user deleted it\. The list is read again\./).waitFor({ timeout: WAIT_MS });
      await page.waitForFunction(
        (id) => !document.querySelector(`[data-testid="router-selection-modal"] input[value="${id}"]`),
        binaryId,
        { timeout: WAIT_MS },
      );
      assert.ok(await modal.isVisible(), 'the dialog stays open');
      assert.equal(await updates(), sentBefore, `no update of ${chosen} was created`);
      await snap(page, 'unsaved-router-firmware-deleted');
    } finally {
      await context.close();
    }
  });
});
