/**
 * The dev shell's Logs device tab requests a log file as the platform's does: an operator asks a
 * simulated device for its system log; the agent answers with the device's own records as an
 * uploaded file, which the tab lists and shows. Bad input is refused on the form; a viewer is not
 * offered the request. In English and German, at 1280 and 1920 px.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { adminApi, loginAs, snap, startStack, type Stack } from './harness';
import { chooseLanguage, restoreEnglish } from './screens';

const WAIT_MS = 30_000;
let stack: Stack;

interface Mo {
  id: string;
  name: string;
}

async function openLogs(page: Page, deviceId: string) {
  await page.goto(`${stack.url}/apps/shell/#/device/${deviceId}/logs`);
  await page.waitForSelector('[data-testid="device-tab"][data-tab="logs"][aria-selected="true"]', { timeout: WAIT_MS });
  await page.getByTestId('logs-tab').waitFor({ timeout: WAIT_MS });
}

describe('Logs tab: request a log file', () => {
  let device: Mo;
  before(async () => {
    // The simulator answers: it is what uploads the log.
    stack = await startStack({ devices: 60, simulate: 'on' });
    const { managedObjects } = await adminApi<{ managedObjects: Mo[] }>(stack, `/inventory/managedObjects?pageSize=50&query=${encodeURIComponent("type eq 'adamos_NETbox'")}`);
    // Ids ending in 7 never answer (shell-dev/server/simulator/fate.ts).
    device = managedObjects.find((d) => !d.id.endsWith('7'))!;
    assert.ok(device, 'the demo fleet has an IoTconnector that answers');
  });
  after(async () => {
    await stack?.close();
  });

  it('operator: asks for the system log, follows the request and reads the uploaded file', async () => {
    const marker = `e2e-log-marker-${Date.now()}`;
    await adminApi(stack, '/event/events', {
      method: 'POST',
      body: JSON.stringify({ source: { id: device.id }, type: 'e2e_LogTest', text: marker, time: new Date(Date.now() - 60_000).toISOString() }),
    });
    const { page, context } = await loginAs(stack, 'operator');
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openLogs(page, device.id);
      assert.match(await page.getByTestId('supported-logs').innerText(), /agent, syslog/);

      // Bad input: refused on the form, with the reason, and nothing sent.
      await page.getByTestId('log-maximumLines').fill('0');
      assert.equal((await page.getByTestId('log-maximumLines-problem').innerText()).trim(), 'Enter a whole number from 1 to 10000.');
      assert.equal(await page.getByTestId('log-request').isDisabled(), true);
      await page.getByTestId('log-maximumLines').fill('50');

      await page.getByTestId('log-logFile').selectOption('syslog');
      await page.getByTestId('log-searchText').fill(marker);
      await page.getByTestId('log-request').click();
      await page.getByTestId('log-request-result').getByText('Log file requested.', { exact: false }).waitFor({ timeout: WAIT_MS });

      // The request is followed until the agent answers (PENDING -> EXECUTING -> SUCCESSFUL).
      const row = page.locator('[data-testid="log-requests"] tbody tr').first();
      await row.locator('td').first().getByText('SUCCESSFUL').waitFor({ timeout: WAIT_MS });
      assert.match(await row.innerText(), new RegExp(marker));
      // The form is ready for the next request.
      assert.equal(await page.getByTestId('log-request').isDisabled(), false);
      await row.getByTestId('log-view').click();
      const text = (await page.getByTestId('log-file-text').innerText()).trim();
      await snap(page, 'logs-tab-file-1280');

      // What the tab shows is the file the agent uploaded: the device's event, found by the search text.
      const opId = await row.getAttribute('data-operation-id');
      const op = await adminApi<{ status: string; c8y_LogfileRequest: { file: string; searchText: string; maximumLines: number } }>(stack, `/devicecontrol/operations/${opId}`);
      assert.equal(op.status, 'SUCCESSFUL');
      assert.deepEqual([op.c8y_LogfileRequest.searchText, op.c8y_LogfileRequest.maximumLines], [marker, 50]);
      const res = await fetch(`${stack.url}${op.c8y_LogfileRequest.file}`, { headers: { Authorization: `Basic ${Buffer.from('demo/admin:demo').toString('base64')}` } });
      assert.equal(res.ok, true);
      assert.equal(text, (await res.text()).trim());
      const lines = text.split('\n');
      assert.equal(lines.length, 1, text);
      assert.match(lines[0], new RegExp(`syslog: e2e_LogTest: ${marker}$`));

      // A range that ends before it starts is refused on the form.
      await page.getByTestId('log-dateTo').fill('2020-01-01T00:00');
      assert.equal((await page.getByTestId('log-dateTo-problem').innerText()).trim(), 'The end must be after the start.');
      assert.equal(await page.getByTestId('log-request').isDisabled(), true);
    } finally {
      await context.close();
    }
  });

  it('viewer: sees the requests but is not offered a request, and is told why', async () => {
    const { page, context } = await loginAs(stack, 'viewer');
    try {
      await openLogs(page, device.id);
      const button = page.getByTestId('log-request');
      assert.equal(await button.getAttribute('aria-disabled'), 'true');
      assert.match((await button.getAttribute('title')) ?? '', /Not permitted/);
      const before = (await adminApi<{ operations: unknown[] }>(stack, `/devicecontrol/operations?deviceId=${device.id}&fragmentType=c8y_LogfileRequest&pageSize=100`)).operations.length;
      // Neither a click (forced: the button is aria-disabled) nor Enter in a field sends anything.
      await button.click({ force: true });
      await page.getByTestId('log-searchText').press('Enter');
      await page.waitForTimeout(500);
      const afterCount = (await adminApi<{ operations: unknown[] }>(stack, `/devicecontrol/operations?deviceId=${device.id}&fragmentType=c8y_LogfileRequest&pageSize=100`)).operations.length;
      assert.equal(afterCount, before, 'a viewer click sends nothing');
      await page.waitForSelector('[data-testid="log-requests"] tbody tr', { timeout: WAIT_MS });
    } finally {
      await context.close();
    }
  });

  it('reads in German and fits at 1280 and 1920 px', async () => {
    const { page, context } = await loginAs(stack, 'operator');
    try {
      await chooseLanguage(page, 'Deutsch');
      for (const width of [1280, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        await openLogs(page, device.id);
        assert.equal((await page.getByTestId('log-request').innerText()).trim(), 'Logdatei anfordern');
        await page.waitForSelector('[data-testid="log-requests"] tbody tr', { timeout: WAIT_MS });
        await snap(page, `logs-tab-de-${width}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
        assert.equal(overflow, false, `no horizontal scroll at ${width}`);
      }
    } finally {
      await restoreEnglish(page);
      await context.close();
    }
  });
});
