/**
 * Device operations on a brand-new tenant (no devices, no alarms, no events) and on a large one
 * (5,000 devices, about 3,000 IoTconnectors): the empty screens say that there is nothing yet, with
 * no action that can only fail (nor a CSV export of nothing); the large lists write their counts as
 * the language does and an action on every matching device says how many it means before it writes.
 * What is asked of the large fleet is thousands of devices in one list (a thousands separator, a
 * select-all of thousands said before it writes): 5,000 devices give that as 20,000 did, in a
 * quarter of the seeding. One stand-in at a time. Build first: `npm run build`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { adminApi, loginAs, startStack, type Stack } from './harness';
import { WAIT_MS, chooseLanguage, go, restoreEnglish } from './screens';

const count = (page: Page) => page.getByTestId('list-count');

/** `steps` on a page logged in as the admin; the context closed whatever they end with. */
async function asAdmin(stack: Stack, steps: (page: Page) => Promise<void>): Promise<void> {
  const { page, context } = await loginAs(stack, 'admin');
  try {
    await steps(page);
  } finally {
    await context.close();
  }
}

/** Waits until the list's count reads `pattern` (the grid settled under it). */
async function countReads(page: Page, pattern: RegExp): Promise<string> {
  await page.waitForFunction((src) => new RegExp(src).test(document.querySelector('[data-testid="list-count"]')?.textContent ?? ''), pattern.source, { timeout: WAIT_MS * 2 });
  return (await count(page).textContent()) ?? '';
}

describe('a brand-new tenant', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ devices: 0, simulate: 'off' });
  });
  after(async () => {
    await stack?.close();
  });

  it('each device list says 0 devices and "No devices to display", its bulk actions off', async () => {
    await asAdmin(stack, async (page) => {
      for (const [type, title] of [['iotconnector', 'IoTconnectors'], ['celosos_x64', 'CELOS OS (IPC x64)'], ['celosos_aarch64', 'CELOS OS (IOT2050)']] as const) {
        await go(page, `/views/${type}`);
        await page.getByTestId('list-heading').getByText(title).waitFor({ timeout: WAIT_MS });
        assert.equal(await countReads(page, /^0 devices$/), '0 devices');
        await page.getByText('No devices to display').waitFor({ timeout: WAIT_MS });
        for (const id of ['action-select-software', 'action-clear-pending']) assert.ok(await page.getByTestId(id).isDisabled(), `${type}: ${id} is off without devices`);
        // No header-only file: the export is off and says why.
        const csv = page.getByTestId('csv-export');
        assert.ok(await csv.isDisabled(), `${type}: Export CSV is off without devices`);
        assert.equal(await csv.getAttribute('title'), 'No devices match the list: there is nothing to export.');
        // No filter: no smart group of nothing.
        assert.equal(await page.getByTestId('action-smart-group').count(), 0);
      }
    });
  });

  it('alarms, events and configuration say that there is nothing, with 0 counters', async () => {
    await asAdmin(stack, async (page) => {
      await go(page, '/alarms');
      await page.getByTestId('alarms-view').waitFor({ timeout: WAIT_MS });
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="alarm-counter"]')].map((e) => e.textContent).join() === '0,0,0,0', undefined, { timeout: WAIT_MS });
      assert.equal(await page.getByText('No alarms to display').count(), 4);
      assert.ok(await page.getByTestId('alarms-clear-all').isDisabled(), 'Clear all is off with nothing to clear');
      await go(page, '/events');
      await page.getByText('No events to display').waitFor({ timeout: WAIT_MS });
      await go(page, '/admin/configuration');
      await page.getByText('No configurations to display.').waitFor({ timeout: WAIT_MS });
    });
  });
});

describe('a large tenant (5,000 devices)', () => {
  let stack: Stack;
  let connectors = 0;
  before(async () => {
    stack = await startStack({ devices: 5_000, simulate: 'off' });
    const res = await adminApi<{ statistics: { totalElements: number } }>(stack, `/inventory/managedObjects?pageSize=1&withTotalElements=true&query=${encodeURIComponent("type eq 'adamos_NETbox'")}`);
    connectors = res.statistics.totalElements;
    assert.ok(connectors >= 1000, `the fleet has thousands of IoTconnectors (${connectors})`);
  });
  after(async () => {
    await stack?.close();
  });

  it('writes the list total with the thousands separator, in English and German', async () => {
    await asAdmin(stack, async (page) => {
      try {
        await go(page, '/views/iotconnector');
        assert.equal(await countReads(page, /devices$/), `${connectors.toLocaleString('en')} devices`);
        await chooseLanguage(page, 'Deutsch');
        assert.equal(await countReads(page, /Geräte$/), `${connectors.toLocaleString('de')} Geräte`);
      } finally {
        await restoreEnglish(page);
      }
    });
  });

  it('Clear Pending Assignments on every matching device says how many and, cancelled, sends nothing', async () => {
    await asAdmin(stack, async (page) => {
      await go(page, '/views/iotconnector');
      await countReads(page, /devices$/);
      await page.waitForSelector('[data-testid="device-grid"][aria-busy="false"]');
      await page.getByTestId('select-page').dispatchEvent('click');
      await page.getByTestId('select-all-matching').dispatchEvent('click');
      await page.getByTestId('selected-count').getByText(new RegExp(`^${connectors}|${connectors.toLocaleString('en')} selected`)).waitFor({ timeout: WAIT_MS });
      const writes: string[] = [];
      page.on('request', (r) => {
        if (r.method() !== 'GET' && r.url().includes('/service/create-software-ng/')) writes.push(r.url());
      });
      await page.getByTestId('action-clear-pending').click();
      const dialog = page.getByRole('dialog', { name: 'Clear Pending Assignments' });
      await dialog.getByText(`Clear the pending software assignments of ${connectors.toLocaleString('en')} devices?`).waitFor({ timeout: WAIT_MS });
      await dialog.getByTestId('confirm-cancel').click();
      await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });
      await page.waitForTimeout(500);
      assert.deepEqual(writes, []);
    });
  });
});
