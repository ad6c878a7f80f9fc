/**
 * Device operations as people navigate them (session 22): Back under an open dialog, and links
 * (bookmarks) to a group or a device's alarms that no longer exist. Build first: `npx webpack --env only=device-operations,shell`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loginAs, startStack, type Stack } from './harness';

let stack: Stack;

before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.close();
});

describe('device list navigation', () => {
  it('Back under an open Select software dialog closes it and sends nothing for the filter left', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/views/iotconnector');
    try {
      await page.waitForFunction(() => /^\d+ devices$/.test(document.querySelector('[data-testid="list-count"]')?.textContent ?? ''), undefined, { timeout: 15000 });
      // The filter is a step of the list's history, as a filter the user applies is.
      await page.evaluate(() => (location.hash = '#/views/iotconnector?f.name=IoTconnector%20NB26000*'));
      await page.waitForFunction(() => /^Filtered \d+ of/.test(document.querySelector('[data-testid="list-count"]')?.textContent ?? ''), undefined, { timeout: 15000 });
      await page.waitForSelector('[data-testid="device-grid"][aria-busy="false"]');
      await page.locator('[data-testid="select-page"]').dispatchEvent('click');
      await page.locator('[data-testid="select-all-matching"]').dispatchEvent('click');
      await page.locator('[data-testid="action-select-software"]').dispatchEvent('click');
      await page.waitForSelector('[data-testid="select-software-dialog"]');
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/service/create-software-ng/')) posts.push(r.url());
      });
      await page.goBack();
      await page.waitForFunction(() => /^\d+ devices$/.test(document.querySelector('[data-testid="list-count"]')?.textContent ?? ''), undefined, { timeout: 15000 });
      await page.waitForSelector('[data-testid="select-software-dialog"]', { state: 'detached', timeout: 5000 });
      assert.deepEqual(posts, []);
    } finally {
      await context.close();
    }
  });

  it("a link to a group that does not exist says so once: no sub-assets table, pager or Select Software", async () => {
    const { page, context } = await loginAs(stack, 'admin', '/group/999999999/sub-assets');
    try {
      await page.getByTestId('group-error').waitFor({ timeout: 15000 });
      assert.equal(await page.getByTestId('group-error').textContent(), 'This group does not exist; another user may have deleted it.');
      assert.equal(await page.getByTestId('sub-assets-table').count(), 0);
      assert.equal(await page.getByTestId('group-select-software').count(), 0);
      assert.equal(await page.getByText(/Could not find managed object/).count(), 0);
    } finally {
      await context.close();
    }
  });

  it("a link to the alarms of a device that no longer exists says so, not 'No alarms to display'", async () => {
    const { page, context } = await loginAs(stack, 'admin', '/alarmDetails?severity=critical&deviceId=999999999');
    try {
      await page.getByTestId('alarm-details-title').waitFor({ timeout: 15000 });
      assert.equal(await page.getByTestId('alarm-details-title').textContent(), 'Critical alarms');
      await page.getByTestId('alarm-details-device-gone').waitFor({ timeout: 15000 });
      assert.equal(await page.getByTestId('alarm-details-device-gone').textContent(), 'This device does not exist; another user may have deleted it.');
      assert.equal(await page.getByText('No alarms to display').count(), 0);
    } finally {
      await context.close();
    }
  });
});
