/**
 * Device operations when the connection goes away and comes back (session 23, round 2): a bulk
 * software assignment whose status polls fail while the browser is offline keeps waiting for the
 * job (which runs on the server regardless), says that the connection is lost, and shows the
 * job's result once the connection is back; it is not reported as an unexpected error.
 * Build first: `npm run build`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loginAs, snap, startStack, type Stack } from './harness';
import { go, WAIT_MS } from './screens';

let stack: Stack;

/** The admin on the IoTconnector list, its first page selected. */
async function onFirstPageSelected() {
  const { page, context } = await loginAs(stack, 'admin');
  await go(page, '/views/iotconnector');
  await page.locator('[data-testid="select-page"]').waitFor({ timeout: WAIT_MS });
  await page.locator('[data-testid="select-page"]').dispatchEvent('click');
  await page.locator('[data-testid="selected-count"]').waitFor();
  return { page, context };
}

describe('device lists: a server job while the connection drops', () => {
  before(async () => {
    stack = await startStack({ simulate: 'off' });
  });
  after(async () => {
    await stack?.close();
  });

  it('keeps the overlay through 12 s offline, says the job goes on on the server, then shows the result', async () => {
    const { page, context } = await onFirstPageSelected();
    try {
      await page.locator('[data-testid="action-select-software"]').dispatchEvent('click');
      const dialog = page.getByTestId('select-software-dialog');
      const firstRow = dialog.locator('[data-testid="software-table"] tbody tr').first();
      await firstRow.waitFor({ timeout: WAIT_MS });
      await firstRow.click();
      // The connection drops right after the server took the assignment, before the page reads
      // the job's first status: the answer reaches the page, every status read after it fails.
      let answered = 0;
      await page.route('**/createSoftwareAssignment', async (route) => {
        const response = await route.fetch();
        answered = response.status();
        await context.setOffline(true);
        await route.fulfill({ response });
      });
      await dialog.getByTestId('software-ok').click();
      const message = page.getByTestId('loading-overlay-message');
      await message.filter({ hasText: 'The connection to the server was lost. The operation goes on on the server; waiting for the connection…' }).waitFor({ timeout: 15_000 });
      assert.equal(answered, 200);
      await page.waitForTimeout(8_000);
      await snap(page, 'offline-devops-job-connection-lost');
      // Still waiting, nothing reported as failed.
      assert.equal(await page.getByTestId('loading-overlay').count(), 1);
      assert.equal(await page.getByText(/An unexpected error occured/).count(), 0);
      await context.setOffline(false);
      await page.getByText(/^Software assignment (successful|failed)/).first().waitFor({ timeout: 20_000 });
      assert.equal(await page.getByTestId('loading-overlay').count(), 0);
      assert.equal(await page.getByText(/An unexpected error occured/).count(), 0);
    } finally {
      await context.close();
    }
  });

  it('Select software while the browser is offline says the platform cannot be reached at once (no endless overlay); online again it opens', async () => {
    const { page, context } = await onFirstPageSelected();
    try {
      await context.setOffline(true);
      await page.locator('[data-testid="action-select-software"]').dispatchEvent('click');
      // The read is tried (and retried: 1, 2, 4 s) and then said; the page is not held behind the overlay.
      await page.getByText('Error: The platform cannot be reached. Check the connection and try again.').waitFor({ timeout: 15_000 });
      assert.equal(await page.getByTestId('loading-overlay').count(), 0);
      assert.equal(await page.getByTestId('select-software-dialog').count(), 0);
      await context.setOffline(false);
      await page.locator('[data-testid="action-select-software"]').dispatchEvent('click');
      await page.getByTestId('select-software-dialog').waitFor({ timeout: WAIT_MS });
    } finally {
      await context.close();
    }
  });
});
