/**
 * Issue 19 item 21 in a browser: on the router route (device/{id}/adamos-connection) and the
 * connection-checks route the spec re-adds the standard tabs; the dev shell brings the platform's
 * Identity, Logs and Control (the plugins bring the others). Each shows the platform's data for the
 * device, for every role, in English and German, at 1280 and 1920 px.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginAs, snap, startStack, type DemoUser, type Stack, adminApi } from './harness';
import { chooseLanguage } from './screens';

const WAIT_MS = 30_000;
/** The spec's re-added tabs (paths), Device Control aside: it follows the agent version (device-operations spec). */
const RE_ADDED = ['identity', 'logs', 'events', 'services', 'software', 'control', 'alarm', 'info'];

let stack: Stack;

interface Mo {
  id: string;
  [k: string]: unknown;
}

const api = <T>(path: string, init?: RequestInit) => adminApi<T>(stack, path, init);
const query = async (q: string) => (await api<{ managedObjects: Mo[] }>(`/inventory/managedObjects?pageSize=5&query=${encodeURIComponent(q)}`)).managedObjects;

const tabPaths = (page: Page) => page.locator('[data-testid="device-tab"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab') ?? ''));

async function openTab(page: Page, deviceId: string, tab: string) {
  await page.goto(`${stack.url}/apps/shell/#/device/${deviceId}/${tab}`);
  await page.waitForSelector(`[data-testid="device-tab"][data-tab="${tab}"][aria-selected="true"]`, { timeout: WAIT_MS });
}

describe('standard device tabs on the router and connection-checks routes', () => {
  let router: Mo;
  let checks: Mo;
  before(async () => {
    stack = await startStack({ devices: 200, simulate: 'off' });
    [router] = await query("c8y_SupportedOperations eq 'adamos_MobileRouter_Restart'");
    [checks] = await query('has(adamos_IoTconnector_URLChecks)');
    assert.ok(router && checks, 'the demo fleet has a router device and one with URL checks');
  });
  after(async () => {
    await stack?.close();
  });

  for (const who of ['admin', 'operator', 'viewer'] as DemoUser[]) {
    it(`${who}: both routes show the re-added tabs, and Identity, Logs and Control show the device's data`, async () => {
      const { page, context } = await loginAs(stack, who);
      try {
        await page.setViewportSize({ width: 1280, height: 900 });
        for (const [device, own] of [
          [router, 'adamos-connection'],
          [checks, 'connection-checks'],
        ] as const) {
          await openTab(page, device.id, own);
          await page.waitForFunction((n) => document.querySelectorAll('[data-testid="device-tab"]').length >= n, RE_ADDED.length + 1, { timeout: WAIT_MS });
          const shown = await tabPaths(page);
          for (const path of [...RE_ADDED, own]) assert.ok(shown.includes(path), `${who} ${own}: tab ${path} missing in ${shown.join(', ')}`);
          // The open tab is in view even where the strip is wider than the page (it scrolls sideways).
          // (the container scrolls smoothly: waited for, not read at once)
          const inView = await page
            .waitForFunction(
              (p) => {
                const tabEl = document.querySelector(`[data-testid="device-tab"][data-tab="${p}"]`)!.getBoundingClientRect();
                const strip = document.querySelector('.tabContainer')!.getBoundingClientRect();
                return tabEl.left >= strip.left - 1 && tabEl.right <= strip.right + 1;
              },
              own,
              { timeout: 5000 },
            )
            .then(() => true, () => false);
          assert.equal(inView, true, `${who}: the open ${own} tab is visible`);
        }

        // Identity: the device's external ids, as the identity API lists them.
        const ids = (await api<{ externalIds: { externalId: string; type: string }[] }>(`/identity/globalIds/${router.id}/externalIds`)).externalIds;
        await openTab(page, router.id, 'identity');
        const identity = page.getByTestId('identity-tab');
        await identity.waitFor({ timeout: WAIT_MS });
        await page.waitForSelector('[data-testid="external-ids"] tbody tr, [data-testid="identity-tab"] .c8y-empty-state', { timeout: WAIT_MS });
        const rows = await page.locator('[data-testid="external-ids"] tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())));
        assert.deepEqual(rows, ids.map((e) => [e.externalId, e.type]));
        assert.ok(ids.length > 0, 'demo devices carry external ids');

        // Control: the newest operations of the device.
        const ops = (await api<{ operations: { id: string }[] }>(`/devicecontrol/operations?deviceId=${router.id}&revert=true&dateFrom=1970-01-01T00:00:00.000Z&pageSize=25`)).operations;
        await openTab(page, router.id, 'control');
        await page.getByTestId('control-tab').waitFor({ timeout: WAIT_MS });
        await page.waitForSelector('[data-testid="device-operations"] tbody tr, [data-testid="control-tab"] .c8y-empty-state', { timeout: WAIT_MS });
        const opIds = await page.locator('[data-testid="device-operations"] tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-operation-id')));
        assert.deepEqual(opIds, ops.map((o) => o.id));

        // Logs: the log types the device reports (none in the demo fleet: said, not left blank).
        await openTab(page, checks.id, 'logs');
        await page.getByTestId('logs-tab').waitFor({ timeout: WAIT_MS });
        const supported = await page.getByTestId('supported-logs').innerText();
        assert.ok(supported.trim().length > 0);
        await page.waitForSelector('[data-testid="log-requests"], [data-testid="logs-tab"] .c8y-empty-state', { timeout: WAIT_MS });
        assert.equal(await page.getByTestId('standard-tab-error').count(), 0);
      } finally {
        await context.close();
      }
    });
  }

  it('reads in German and keeps every tab inside the page at 1280 and 1920 px', async () => {
    const { page, context } = await loginAs(stack, 'operator');
    try {
      // Saved for the user: the last test of this file's stack.
      await chooseLanguage(page, 'Deutsch');
      for (const width of [1280, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        await openTab(page, router.id, 'identity');
        await page.getByTestId('identity-tab').waitFor({ timeout: WAIT_MS });
        await page.waitForSelector('[data-testid="external-ids"]', { timeout: WAIT_MS });
        await snap(page, `standard-tabs-identity-de-${width}`);
        const label = (path: string) => page.locator(`[data-testid="device-tab"][data-tab="${path}"]`).innerText();
        assert.deepEqual([(await label('identity')).trim(), (await label('control')).trim()], ['Identität', 'Steuerung']);
        assert.match(await page.getByTestId('identity-tab').innerText(), /Externe ID/i);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
        assert.equal(overflow, false, `no horizontal scroll at ${width}`);
      }
    } finally {
      await context.close();
    }
  });

  it("in German at 1280 px the admin's eleven router tabs scroll sideways with the platform's slider buttons; the open tab is whole", async () => {
    const { page, context } = await loginAs(stack, 'admin');
    try {
      // Saved for the user, as above: the stack ends with this file.
      await page.setViewportSize({ width: 1280, height: 900 });
      await openTab(page, router.id, 'adamos-connection');
      await chooseLanguage(page, 'Deutsch');
      await page.locator('[data-testid="device-tab"][data-tab="identity"]', { hasText: 'Identität' }).waitFor({ timeout: WAIT_MS });
      assert.equal((await tabPaths(page)).length, 11, 'admin-info and the re-added tabs, device control and adamos Connection');
      // Whole: inside the strip and clear of its slider buttons, and inside the window (the strip scrolls smoothly: waited for).
      const whole = (path: string) =>
        page
          .waitForFunction(
            (p) => {
              const tab = document.querySelector(`[data-testid="device-tab"][data-tab="${p}"]`)!.getBoundingClientRect();
              const strip = document.querySelector('.tabContainer')!.getBoundingClientRect();
              const sliders = [...document.querySelectorAll('.tabs-slider')].map((s) => s.getBoundingClientRect());
              const clear = sliders.every((s) => tab.right <= s.left + 1 || tab.left >= s.right - 1);
              return tab.left >= strip.left - 1 && tab.right <= strip.right + 1 && tab.right <= window.innerWidth && clear;
            },
            path,
            { timeout: 5000 },
          )
          .then(
            () => true,
            () => false,
          );
      assert.equal(await whole('adamos-connection'), true, 'the open tab, the last, is whole after the labels turned German');
      const left = page.getByTestId('tabs-slider-left');
      const right = page.getByTestId('tabs-slider-right');
      assert.equal(await left.getAttribute('title'), 'Nach links scrollen');
      await page.waitForFunction(() => (document.querySelector('[data-testid="tabs-slider-right"]') as HTMLButtonElement | null)?.disabled === true, undefined, { timeout: 5000 });
      assert.equal(await left.isEnabled(), true, 'tabs are hidden to the left');
      await snap(page, 'device-tabs-slider-de-1280');
      for (let i = 0; i < 3 && (await left.isEnabled()); i++) {
        await left.click();
        await page.waitForTimeout(400);
      }
      assert.equal(await left.isDisabled(), true, 'scrolled to the start');
      assert.equal(await right.isEnabled(), true);
      assert.equal(await whole('admin-info'), true, 'the first tab is whole at the start');
      await page.setViewportSize({ width: 1920, height: 900 });
      await page.waitForFunction(() => !document.querySelector('.tabs-slider'), undefined, { timeout: 5000 });
    } finally {
      await context.close();
    }
  });
});
