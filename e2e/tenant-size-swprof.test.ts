/**
 * A brand-new tenant (no devices, no software, no profiles, no rollouts) on the Software
 * repository, Software Rollouts and Device Profiles screens: each says plainly that there is
 * nothing yet, with the next step, and offers no action that can only fail.
 * Build first: `npm run build`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { adminApi, loginAs, platformLogin, snap, startStack, type Stack } from './harness';
import { WAIT_MS } from './screens';

let stack: Stack;
const PROFILES = '/service/create-software-ng/deviceProfile';

const emptyState = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"] .c8y-empty-state`);
/** An element's text, its lines once each (the empty state's title and hint). */
const lines = async (locator: Locator) => (await locator.innerText()).replace(/\n+/g, '\n').trim();

describe('a brand-new tenant: software repository, rollouts and device profiles', () => {
  before(async () => {
    stack = await startStack({ devices: 0, simulate: 'off' });
    // The stand-in seeds software, profiles, rollouts and groups even without devices: an empty tenant has none.
    for (;;) {
      const all = await adminApi<{ managedObjects: { id: string }[] }>(stack, '/inventory/managedObjects?pageSize=2000');
      if (!all.managedObjects.length) break;
      for (const mo of all.managedObjects) await adminApi(stack, `/inventory/managedObjects/${mo.id}`, { method: 'DELETE' });
    }
  });
  after(async () => {
    await stack?.close();
  });

  it('each list says there is nothing yet and where to start, with no error and no action on nothing', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/software');
    try {
      await page.getByTestId('software-repository').waitFor({ timeout: WAIT_MS });
      const software = emptyState(page, 'software-repository');
      await software.waitFor({ timeout: WAIT_MS });
      assert.equal(await lines(software), 'No software to display.\nAdd software using the button on the toolbar.');
      assert.equal(await page.locator('[role="alert"]').count(), 0, 'no error on the empty repository');

      await page.evaluate(() => (location.hash = '#/softwarerollout'));
      await page.getByTestId('software-rollouts').waitFor({ timeout: WAIT_MS });
      const rollouts = emptyState(page, 'software-rollouts');
      await rollouts.waitFor({ timeout: WAIT_MS });
      assert.equal(
        await lines(rollouts),
        'No software rollouts available\nA software rollout is created in a device list: select the devices, then "Select software" and "Create Software Rollout".',
        'the empty rollouts page says where a rollout is made',
      );
      assert.equal(await page.locator('[data-testid^="rollout-card-"], [data-action]').count(), 0, 'no card and no Start on nothing');
      await snap(page, 'tenant-size-swprof-empty-rollouts');

      await page.evaluate(() => (location.hash = '#/device-profiles-v2'));
      const profiles = page.locator('.c8y-empty-state');
      await profiles.waitFor({ timeout: WAIT_MS });
      assert.equal(await lines(profiles), 'No device profiles to display.\nAdd a device profile using the button on the toolbar.');
    } finally {
      await context.close();
    }
  });

  it("a new profile's 'Add software' with an empty repository says so and leads to the repository at the profile's device type", async () => {
    const created = await adminApi<{ ok?: { id: string } }>(stack, PROFILES, { method: 'POST', body: JSON.stringify({ name: 'First profile', deviceType: 'adamos_ipc-x64', deviceGroup: null }) });
    const id = created.ok?.id;
    assert.ok(id, 'the profile was created');
    const { page, context } = await loginAs(stack, 'admin', `/device-profiles-v2/${id}`);
    try {
      await page.getByTestId('device-profile-detail').waitFor({ timeout: WAIT_MS });
      await page.waitForFunction(() => document.querySelector('[data-testid="devices-using"]')?.textContent === '0', undefined, { timeout: WAIT_MS });
      assert.match(await page.getByTestId('device-profile-detail').innerText(), /No software in this profile\./);
      await page.getByTestId('add-software').click();
      const dialog = page.getByTestId('software-selection-dialog');
      const link = dialog.getByTestId('software-selection-repository');
      await link.waitFor({ timeout: WAIT_MS });
      assert.match(await dialog.innerText(), /The software repository has no software for CELOS OS \(IPC x64\) yet: add it there, then select it here\./);
      await snap(page, 'tenant-size-swprof-empty-select-software');
      await link.click();
      await page.getByTestId('software-repository').waitFor({ timeout: WAIT_MS });
      assert.equal(await page.getByTestId('device-type').inputValue(), 'celosos_x64', "the repository opens at the profile's device type");
      assert.equal(await page.getByTestId('software-selection-dialog').count(), 0, 'the dialog is gone with its page');
    } finally {
      await context.close();
    }
  });

  it('in the real platform UI the empty rollouts page says the same', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await platformLogin(page, `${stack.url}/apps/devicemanagement/#/softwarerollout`, 'admin');
      await page.getByTestId('software-rollouts').waitFor({ timeout: 60_000 });
      const rollouts = emptyState(page, 'software-rollouts');
      await rollouts.waitFor({ timeout: WAIT_MS });
      assert.match(await rollouts.innerText(), /A software rollout is created in a device list/);
    } finally {
      await context.close();
    }
  });
});
