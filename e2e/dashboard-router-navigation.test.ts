/**
 * Browser tests of the Device Operations Dashboard's device lists as people navigate: Back from a
 * device, a reload and a bookmark show the page the user left; a link to a view that does not
 * exist says so with the way back. In the dev shell and in the platform UI. Needs `npm run build`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { loginAs, platformLogin, startStack, type Stack } from './harness';

const WAIT_MS = 30_000;
const DEVICES = 150;
const LIST = '/devicesFromDashboard?view=totalDevices&operationsdashboarddetails=true';

let stack: Stack;

before(async () => {
  stack = await startStack({ devices: DEVICES });
});
after(async () => {
  await stack?.close();
});

/** The "All devices" list showing the rows `from`–`to` (its pager says so and the grid has rows). */
async function expectRows(page: Page, from: number, to: number) {
  await page.waitForSelector('[data-testid="devices-from-dashboard"][data-view="totalDevices"] [data-testid="list-heading"]:has-text("All devices")', { timeout: WAIT_MS });
  await page
    .waitForFunction(
      (text) => document.querySelector('[data-testid="pager-total"]')?.textContent?.includes(text) && !!document.querySelector('[data-testid="device-grid"] .ag-row a[href*="/device/"]'),
      `${from}–${to} of ${DEVICES}`,
      { timeout: WAIT_MS },
    )
    .catch(async (e: unknown) => {
      const seen = await page.evaluate(() => [document.querySelector('[data-testid="pager-total"]')?.textContent, document.querySelectorAll('[data-testid="device-link"]').length]);
      throw new Error(`rows ${from}–${to} not shown (pager and links: ${JSON.stringify(seen)}): ${String(e)}`);
    });
}

/** Page 2, then a device of it, then Back: page 2 again; a reload keeps it. */
async function backFromDevice(page: Page) {
  await expectRows(page, 1, 25);
  await page.getByTestId('page-2').click();
  await expectRows(page, 26, 50);
  assert.match(page.url(), /[?&]page=2(&|$)/);
  const listUrl = page.url();
  await page.locator('[data-testid="device-grid"] .ag-row a[href*="/device/"]').first().click();
  await page.waitForURL((u) => u.toString() !== listUrl && /#\/device\//.test(u.hash), { timeout: WAIT_MS });
  await page.goBack();
  await expectRows(page, 26, 50);
  assert.equal(await page.getByTestId('page-2').getAttribute('aria-current'), 'page');
  await page.reload();
  await expectRows(page, 26, 50);
}

describe('Dashboard device lists as people navigate', () => {
  test('dev shell: Back from a device and a reload show the page the user left; an unknown view offers the way back', async () => {
    const { context, page } = await loginAs(stack, 'operator', LIST);
    try {
      await backFromDevice(page);
      await page.goto(`${stack.url}/apps/shell/#/devicesFromDashboard?view=recoveredLastCentury&operationsdashboarddetails=true`);
      await page.waitForSelector('[data-testid="view-not-known"]', { timeout: WAIT_MS });
      assert.equal((await page.getByTestId('view-not-known').innerText()).trim(), 'Device Operations Dashboard view not known.');
      await page.getByTestId('view-not-known-back').click();
      await page.waitForSelector('[data-testid="dashboard"]', { timeout: WAIT_MS });
    } finally {
      await context.close();
    }
  });

  test('platform UI: Back from a device and a reload show the page the user left', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    try {
      await platformLogin(page, `${stack.url}/apps/devicemanagement/#${LIST}`, 'operator');
      await backFromDevice(page);
    } finally {
      await context.close();
    }
  });
});
