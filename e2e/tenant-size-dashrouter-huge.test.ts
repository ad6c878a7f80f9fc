/**
 * The Device Operations Dashboard and its device lists on a huge tenant (session 24's angle "the
 * tenant's size"): the figures paint, a computed list of thousands pages, and a smart group that
 * would name thousands of devices by id is refused before it is made (its query could never be
 * read back). 5,000 devices (20,000 took 43 s to seed): the limits at stake are the smart group's
 * 200 ids and the platform's page of at most 2,000, both far below the fleet and its waiting-for-
 * approval list either way; nothing in the dashboard or its lists changes between 5,000 and 20,000.
 * Build first (`npm run build`).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loginAs, startStack, type Stack } from './harness';

const DEVICES = 5_000;
const WAIT_MS = 60_000;
let stack: Stack;

before(async () => {
  stack = await startStack({ devices: DEVICES, simulate: 'off' });
});
after(async () => {
  await stack?.close();
});

describe(`a tenant of ${DEVICES} devices`, () => {
  it('the dashboard shows its figures (no error, no NaN)', async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      await page.evaluate(() => (location.hash = '#/deviceOperationsDashboard'));
      const number = page.getByTestId('devices-online-number');
      await number.waitFor({ timeout: WAIT_MS });
      assert.match(await number.innerText(), new RegExp(`online from ${DEVICES} devices`));
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="dashboard-widget"] canvas').length >= 3, undefined, { timeout: WAIT_MS });
      assert.equal(await page.locator('[data-testid="widget-error"]').count(), 0);
      assert.doesNotMatch((await page.locator('[data-testid="dashboard-widget"]').allInnerTexts()).join('\n'), /NaN|undefined/);
    } finally {
      await context.close();
    }
  });

  it('Create smart group of a computed list of thousands says why it cannot be one; a selected page can', async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      await page.evaluate(() => (location.hash = '#/devicesFromDashboard?view=devicesWaitingForApproval&operationsdashboarddetails=true'));
      const list = page.locator('[data-testid="devices-from-dashboard"][data-view="devicesWaitingForApproval"]');
      await list.locator('[data-testid="device-grid"] .ag-row').first().waitFor({ timeout: WAIT_MS });
      const count = Number((await list.getByTestId('list-count').innerText()).replace(/\D/g, ''));
      assert.ok(count > 200, `a list of thousands (${count})`);
      const action = list.getByTestId('action-smart-group');
      assert.ok(await action.isDisabled());
      assert.equal(await action.getAttribute('title'), `A smart group of this list names its devices one by one: at most 200 devices, not ${count}. Select the devices for the group.`);
      // The rows of one page: a group of ids that can be read back.
      await list.getByLabel('Select all on this page').click();
      await list.getByTestId('selected-count').filter({ hasText: '25 selected' }).waitFor({ timeout: WAIT_MS });
      assert.ok(await action.isEnabled());
      await action.click();
      const dialog = page.getByTestId('smart-group-dialog');
      await dialog.waitFor({ timeout: WAIT_MS });
      assert.match(await dialog.innerText(), /The smart group will contain the 25 devices of this list\./);
    } finally {
      await context.close();
    }
  });
});
