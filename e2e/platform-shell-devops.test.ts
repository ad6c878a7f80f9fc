/**
 * Device operations and the rollouts page inside the real platform UI (session 23): what a user
 * opened on the Software Rollouts page (a card's counters, the devices behind one of them) stays in
 * the address, so a reload, Back or a bookmark shows it again; a rollout opened by an address that
 * no longer exists says so. Needs `npm run build` (the platform shell) and Debian's chromium.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { adminApi, platformLogin, snap, startStack, type Stack } from './harness';

const WAIT_MS = 30_000;
const APP = 'devicemanagement';
type Json = Record<string, unknown>;

/** The rollouts page of the platform UI has its cards: the screen this file is about. */
async function rolloutsScreen(page: Page): Promise<void> {
  await page.locator('c8y-navigator-outlet').waitFor({ timeout: WAIT_MS });
  await page.locator('[data-testid="software-rollouts"] [data-testid="rollout-cards"]').waitFor({ timeout: WAIT_MS });
  await page.locator('[data-testid^="rollout-card-"]').first().waitFor({ timeout: WAIT_MS });
}

const hashQuery = (page: Page) => page.evaluate(() => Object.fromEntries(new URLSearchParams(location.hash.split('?')[1] ?? '')));

describe('device operations in the real platform UI', () => {
  let stack: Stack;
  let rollout: Json;

  before(async () => {
    stack = await startStack({ devices: 100 });
    const all = await adminApi<{ managedObjects: Json[] }>(stack, '/inventory/managedObjects?type=adamos_software_rollout_object&pageSize=100');
    // A rollout with failed devices, not archived (shown without "Show archived").
    const found = all.managedObjects.find((r) => r.status !== 'ARCHIVED' && Number((r.counters as Json | undefined)?.failed ?? 0) > 0);
    assert.ok(found, 'the demo data has a rollout with failed devices');
    rollout = found;
  });
  after(async () => {
    await stack?.close();
  });

  it("a rollout's counters and its devices dialog stay in the address: a reload and a bookmark show them again; a rollout that no longer exists says so", async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const id = String(rollout.id);
    await platformLogin(page, `${stack.url}/apps/${APP}/#/softwarerollout`, 'admin');
    await rolloutsScreen(page);
    const card = page.locator(`[data-testid="rollout-card-${id}"]`);
    await card.getByTestId('rollout-expand').click();
    await card.getByTestId('rollout-counters').waitFor({ timeout: WAIT_MS });
    await card.getByTestId('counter-open-failed').click();
    const dialog = page.getByTestId('rollout-devices-dialog');
    await dialog.waitFor({ timeout: WAIT_MS });
    assert.deepEqual(await hashQuery(page), { expanded: id, devices: id, result: 'failed' }, 'the address names the card and the dialog');

    // A device opened from the dialog, then Back: the dialog again.
    await dialog.locator('[data-testid="rollout-device-row"] a').first().click();
    await page.waitForFunction(() => /^#\/device\/\w+/.test(location.hash), undefined, { timeout: WAIT_MS });
    await page.goBack();
    await rolloutsScreen(page);
    await dialog.waitFor({ timeout: WAIT_MS });

    await page.reload();
    await rolloutsScreen(page);
    await dialog.waitFor({ timeout: WAIT_MS });
    await dialog.locator('[data-testid="rollout-device-row"][data-result="failed"]').first().waitFor({ timeout: WAIT_MS });
    assert.match(await dialog.locator('.modal-title, h4, h1').first().innerText(), /: Failed$/, 'after a reload the devices dialog shows the failed devices again');
    await snap(page, 'platform-shell-devops-rollout-devices-reloaded');
    await dialog.getByTestId('rollout-devices-close').click();
    await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });
    assert.deepEqual(await hashQuery(page), { expanded: id }, 'Close takes the dialog out of the address; the card stays expanded');
    assert.equal(await card.getByTestId('rollout-counters').count(), 1, 'the card still shows its counters');

    // A bookmark of a rollout deleted since: said above the list, which stays.
    await page.evaluate(() => (location.hash = '#/softwarerollout?expanded=999999&devices=999999&result=failed'));
    await page.reload();
    await rolloutsScreen(page);
    const gone = page.getByTestId('rollout-gone');
    await gone.waitFor({ timeout: WAIT_MS });
    assert.equal((await gone.innerText()).split('\n')[0].trim(), 'The software rollout 999999 opened in this address no longer exists: it was deleted.');
    assert.equal(await page.getByTestId('rollout-devices-dialog').count(), 0, 'no dialog for a rollout that is not there');
    await snap(page, 'platform-shell-devops-rollout-gone');
    await gone.getByTestId('rollout-gone-dismiss').click();
    await gone.waitFor({ state: 'detached', timeout: WAIT_MS });
    assert.deepEqual(await hashQuery(page), {}, 'Close takes it out of the address');
    await context.close();
  });

  it("the device list's row checkboxes sit in the middle of their rows, beside the row's text, as in the platform's grids", async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await platformLogin(page, `${stack.url}/apps/${APP}/#/views/iotconnector`, 'admin');
      await page.locator('c8y-navigator-outlet').waitFor({ timeout: WAIT_MS });
      const row = page.locator('[data-testid="device-list"] .ag-row').first();
      await row.locator('[col-id="name"] a').waitFor({ timeout: WAIT_MS });
      // The visible box is the label's span (the input itself is hidden by the platform's style). The
      // three are measured in one frame: the platform opens its navigator a second after its items came
      // (DELAY_TO_AVOID_FLICKERING_ON_ASYNC_NODES in @c8y/ngx-components), the content narrows, the
      // list's toolbar takes a second line and the rows move 36 px down, maybe between two reads.
      const [rowMiddle, boxMiddle, textMiddle] = await row.evaluate((el) =>
        ['[col-id="name"]', 'label.c8y-checkbox > span', '[col-id="name"] a'].map((selector) => {
          const found = el.querySelector(selector);
          if (!found) throw new Error(`${selector} is not in the row`);
          const box = found.getBoundingClientRect();
          return box.y + box.height / 2;
        }),
      );
      await snap(page, 'platform-shell-devops-list-checkboxes');
      assert.ok(Math.abs(boxMiddle - rowMiddle) <= 3, `the checkbox's middle ${boxMiddle} is the row's ${rowMiddle} (within 3 px)`);
      assert.ok(Math.abs(boxMiddle - textMiddle) <= 3, `the checkbox's middle ${boxMiddle} is the name's ${textMiddle} (within 3 px)`);
    } finally {
      await context.close();
    }
  });
});
