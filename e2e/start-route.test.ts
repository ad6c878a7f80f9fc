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

/**
 * A host page without the shell's inline early script (a hand-written index.html, or one whose
 * Content-Security-Policy forbids inline scripts): the entry chunk starts the early requests
 * itself (shell-dev/app/index.ts), the session and the tenant's plugin set are asked for once
 * each, and the start route shows.
 */
describe('a host page without the inline early script', () => {
  before(async () => {
    stack = await startStack({ devices: 30, simulate: 'off' });
  });
  after(async () => {
    await stack?.close();
  });

  it('starts all the same: the device list and the dashboard show, the session and the plugin set asked for once each', async () => {
    const { page, context } = await loginAs(stack, 'operator');
    try {
      let stripped = 0;
      await page.route(/\/apps\/shell\/(index\.html)?(\?[^#]*)?$/, async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        // The one inline script: a <script> without src.
        const withoutInline = html.replace(/<script>[\s\S]*?<\/script>/, () => {
          stripped++;
          return '';
        });
        await route.fulfill({ response, body: withoutInline });
      });
      for (const [hash, screen] of [
        ['#/views/iotconnector', '[data-testid="device-list"] [data-testid="list-count"]'],
        ['#/deviceOperationsDashboard', '[data-testid="dashboard"] [data-testid="dashboard-widget"]'],
      ] as const) {
        const asked: string[] = [];
        const count = (r: { url(): string }) => {
          const path = new URL(r.url()).pathname;
          if (path === '/user/currentUser' || path === '/application/applications') asked.push(path);
        };
        page.on('request', count);
        const before = stripped;
        // From another page: a hash change alone would not load the page again.
        await page.goto('about:blank');
        await page.goto(`${stack.url}/apps/shell/${hash}`);
        await page.locator(screen).first().waitFor({ timeout: WAIT_MS });
        page.off('request', count);
        assert.equal(stripped, before + 1, `${hash}: the page came without its inline script`);
        assert.equal(await page.evaluate(() => document.querySelectorAll('script:not([src])').length), 0, `${hash}: no inline script on the page`);
        assert.deepEqual(asked.sort(), ['/application/applications', '/user/currentUser'], `${hash}: the session and the plugin set asked for once each`);
        // By the entry's early start (its page-global answers exist), not only later by the shell's own lookups.
        assert.equal(await page.evaluate(() => Symbol.for('adamos.shell.early') in window), true, `${hash}: the entry started the early requests`);
      }
    } finally {
      await context.close();
    }
  });
});
