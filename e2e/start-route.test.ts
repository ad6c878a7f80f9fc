/**
 * Issue 19 item 16: where an empty hash lands. The two specs disagree (device operations:
 * #/views/iotconnector; dashboards: #/devicesFromDashboard). The bundle keeps the IoTconnector
 * list: #/devicesFromDashboard without a view is, by the dashboards spec itself, the error 'Device
 * Operations Dashboard view not known.', and the list is the screen every role can use at once
 * (shell-dev/app/constants.ts DEFAULT_PATH; the README's decisions).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loginAs, startStack, type DemoUser, type Stack } from './harness';

const WAIT_MS = 30_000;
let stack: Stack;

describe('an empty hash', () => {
  before(async () => {
    stack = await startStack({ devices: 60, simulate: 'off' });
  });
  after(async () => {
    await stack?.close();
  });

  for (const who of ['admin', 'operator', 'viewer'] as DemoUser[]) {
    it(`${who}: after login lands on the IoTconnector list, also from #/ and a bare #`, async () => {
      const { page, context } = await loginAs(stack, who);
      try {
        for (const start of ['', '#/', '#']) {
          await page.goto(`${stack.url}/apps/shell/${start}`);
          await page.locator('[data-testid="device-list"] h1', { hasText: 'IoTconnector' }).waitFor({ timeout: WAIT_MS });
          assert.equal(new URL(page.url()).hash, '#/views/iotconnector', `start ${start || '(none)'}`);
          await page.waitForSelector('[data-testid="list-count"]', { timeout: WAIT_MS });
          assert.equal(await page.locator('[data-testid="devices-from-dashboard"]').count(), 0);
        }
      } finally {
        await context.close();
      }
    });
  }
});
