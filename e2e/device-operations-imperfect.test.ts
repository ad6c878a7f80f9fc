/**
 * Device tabs on an imperfect day, in Chromium on the stand-in: a slow network (every API answer
 * 3 s late), and objects another user deleted while the tab was open. Build first:
 * `npx webpack --env only=device-operations,shell`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { adminApi, loginAs, startStack, type Stack } from './harness';
import { demoDevices } from './screens';

let stack: Stack;
const api = <T>(path: string, init?: RequestInit) => adminApi<T>(stack, path, init);

const DELAY_MS = 3000;
const API = /\/(inventory|alarm|event|devicecontrol|service|user)\//;

/** Every API answer comes DELAY_MS late (the shell's own start is done by then). */
async function slowNetwork(page: Page): Promise<void> {
  await page.route(API, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    // The page may have closed meanwhile (the test is over): said, not thrown into the route handler.
    await route.continue().catch((e: Error) => console.warn(`slow network: ${route.request().url()} not continued: ${e.message}`));
  });
}

async function openTab(page: Page, id: string, tab: string): Promise<void> {
  await page.evaluate((h) => (window.location.hash = h), `#/device/${id}/${tab}`);
}

const createGroup = (name: string) => api<{ id: string }>('/inventory/managedObjects', { method: 'POST', body: JSON.stringify({ name, type: 'c8y_DeviceGroup', c8y_IsDeviceGroup: {} }) });

describe('device tabs on an imperfect day', () => {
  before(async () => {
    stack = await startStack();
  });
  after(async () => {
    await stack?.close();
  });

  it('slow network: the groups card says it is loading (not "in no group"), and a double-clicked Save sends one write', async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      const { plain } = await demoDevices(page);
      await slowNetwork(page);
      const puts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PUT' && r.url().includes(`/inventory/managedObjects/${plain.id}`)) puts.push(r.url());
      });
      await openTab(page, plain.id, 'admin-info');
      await page.getByTestId('device-info-tab').waitFor({ timeout: 20_000 });
      // The memberships are still being read: said, not shown as no group.
      await page.getByTestId('groups-loading').waitFor({ timeout: 2_000 });
      assert.equal(await page.getByText('The device is in no group.').count(), 0);

      await page.locator('#device-notes').fill(`slow save ${Date.now()}`);
      await page.getByTestId('save-device').dblclick();
      await page.getByText('Device updated successfully').waitFor({ timeout: 20_000 });
      assert.equal(puts.length, 1, `one PUT of the device, got ${puts.length}`);
    } finally {
      await context.close();
    }
  });

  it('slow network: a device list filter still being read after one that found nothing says it is loading, not "No devices to display"', async () => {
    const { context, page } = await loginAs(stack, 'admin', '/views/iotconnector?f.name=no-such-device-anywhere');
    try {
      await page.getByTestId('grid-empty').waitFor({ timeout: 20_000 });
      await slowNetwork(page);
      await page.evaluate(() => (window.location.hash = '#/views/iotconnector?f.name=IoTconnector'));
      // Before the answer arrives (DELAY_MS late): loading, and no empty text for the new filter.
      await page.waitForSelector('[data-testid="device-grid"][aria-busy="true"]', { timeout: DELAY_MS - 1000 });
      assert.equal(await page.getByTestId('grid-empty').count(), 0, 'no "No devices to display" before the new filter was answered');
      await page.waitForSelector('[data-testid="device-grid"][aria-busy="false"] .ag-row', { timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  it('a group another user deleted since the card read it is named, and no longer offered or listed in the Groups tree', async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      const { plain } = await demoDevices(page);
      const ghost = await createGroup('Ghost group');
      // The Groups tree lists it too.
      const tree = page.getByTestId('navigator');
      await tree.getByText('Groups', { exact: true }).click();
      await tree.getByText('Ghost group').waitFor({ timeout: 20_000 });
      await openTab(page, plain.id, 'admin-info');
      const card = page.getByTestId('groups-card');
      await card.locator('option', { hasText: 'Ghost group' }).waitFor({ state: 'attached', timeout: 20_000 });
      await card.locator('select').selectOption({ label: 'Ghost group' });
      await api(`/inventory/managedObjects/${ghost.id}`, { method: 'DELETE' });
      await card.getByRole('button', { name: 'Add to group' }).click();
      await page.getByText('The group "Ghost group" no longer exists: another user may have deleted it. The groups have been read again.').waitFor({ timeout: 10_000 });
      await card.locator('option', { hasText: 'Ghost group' }).waitFor({ state: 'detached', timeout: 10_000 });
      assert.equal(await card.locator('select').inputValue(), '');
      await tree.getByText('Ghost group').waitFor({ state: 'detached', timeout: 10_000 });
    } finally {
      await context.close();
    }
  });

  it('a device another user deletes while its Info tab is open is said on the tab; the typed notes stay', async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      const { withUrlChecks: victim } = await demoDevices(page);
      const subscribed = page.waitForResponse(
        (r) => r.url().includes('/realtime') && (r.request().postData() ?? '').includes(`"subscription":"/managedobjects/${victim.id}"`),
        { timeout: 20_000 },
      );
      await openTab(page, victim.id, 'info');
      await page.getByTestId('device-info-tab').waitFor({ timeout: 20_000 });
      await subscribed;
      assert.equal(await page.getByTestId('device-deleted').count(), 0);
      await page.locator('#device-notes').fill('typed by me');
      await api(`/inventory/managedObjects/${victim.id}`, { method: 'DELETE' });
      const notice = page.getByTestId('device-deleted');
      await notice.waitFor({ timeout: 10_000 });
      assert.match(await notice.innerText(), /This device no longer exists: another user may have deleted it\./);
      assert.equal(await page.locator('#device-notes').inputValue(), 'typed by me');
    } finally {
      await context.close();
    }
  });
});
