/**
 * Device operations with work in progress and other people (session 24): the Info tab asks before a
 * menu click (dev shell) or a device tab click (platform UI) throws away typed notes; a tab whose realtime updates
 * do not arrive saves only what its user changed; Acknowledge on an alarm another user cleared and
 * Unassign from a group another user already left write nothing and say so, as does a second
 * restart of a device the other tab is restarting.
 * Build first: `npm run build`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { adminApi, loginAs, platformLogin, startStack, type Stack } from './harness';
import { untilUsable } from './screens';

let stack: Stack;
const api = <T>(path: string, init?: RequestInit) => adminApi<T>(stack, path, init);

type Mo = { id: string; name?: string; c8y_Notes?: string; c8y_RequiredAvailability?: { responseInterval: number }; c8y_Availability?: { status: string }; c8y_Agent?: { version: string } };

const netboxes = async () =>
  (await api<{ managedObjects: Mo[] }>(`/inventory/managedObjects?pageSize=50&query=${encodeURIComponent("$filter=(type eq 'adamos_NETbox')")}`)).managedObjects;
const device = (id: string) => api<Mo>(`/inventory/managedObjects/${id}`);
const DISCARD = 'You are about to leave this page and discard the changes made. Do you want to proceed?';

/** This context hears nothing in realtime (as when its connection is down or a push is still on its way). */
const withoutRealtime = (context: BrowserContext) =>
  context.route('**/notification/realtime', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' }));

async function openTab(page: Page, id: string, tab: string) {
  await page.evaluate((h) => (window.location.hash = h), `#/device/${id}/${tab}`);
}

before(async () => {
  stack = await startStack({ simulate: 'off', devices: 60 });
});
after(async () => {
  await stack?.close();
});

describe('unsaved edits on the Info tab', () => {
  it('a menu click with typed notes asks first: Cancel stays on the tab with the notes; once saved, the menu goes at once', async () => {
    const target = (await netboxes())[0];
    const { page, context } = await loginAs(stack, 'admin');
    try {
      // The start route (the IoTconnector list) opens the navigator's Devices group; a device page
      // opened before it had come (a loaded machine) leaves the group closed, its entries hidden.
      const menuEntry = page.getByTestId('navigator').getByRole('link', { name: 'IoTconnectors' });
      await menuEntry.waitFor();
      await openTab(page, target.id, 'info');
      await page.getByTestId('device-info-tab').waitFor();
      await page.locator('#device-notes').fill('Half-written note');
      await menuEntry.click();
      const question = page.getByRole('dialog', { name: 'Discard changes' });
      await question.waitFor();
      assert.match(await question.innerText(), new RegExp(DISCARD.replace(/[?.]/g, '\\$&')));
      await question.getByRole('button', { name: 'Cancel' }).click();
      await question.waitFor({ state: 'detached' });
      assert.match(await page.evaluate(() => location.hash), new RegExp(`^#/device/${target.id}/info`));
      assert.equal(await page.locator('#device-notes').inputValue(), 'Half-written note');

      // Saved, the tab is clean again: the menu goes without a question.
      await page.getByTestId('save-device').click();
      await page.getByText('Device updated successfully').waitFor();
      await menuEntry.click();
      await page.waitForFunction(() => location.hash.startsWith('#/views/iotconnector'));
      assert.equal(await page.getByRole('dialog', { name: 'Discard changes' }).count(), 0);
      assert.equal((await device(target.id)).c8y_Notes, 'Half-written note');
    } finally {
      await context.close();
    }
  });

  it('in the platform UI, a device tab click with a changed interval asks first; Cancel keeps the interval on the Info tab', async () => {
    const target = (await netboxes())[1];
    const context = await stack.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    try {
      await platformLogin(page, `${stack.url}/apps/devicemanagement/#/device/${target.id}/info`, 'admin');
      await page.getByTestId('device-info-tab').waitFor({ timeout: 30_000 });
      const typed = String(Math.abs(target.c8y_RequiredAvailability?.responseInterval ?? 0) + 7);
      await page.locator('#required-interval').fill(typed);
      await page.locator(`a[href="#/device/${target.id}/software"]`).first().click();
      const question = page.getByRole('dialog', { name: 'Discard changes' });
      await question.waitFor();
      await question.getByRole('button', { name: 'Cancel' }).click();
      await question.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => location.hash), `#/device/${target.id}/info`);
      assert.equal(await page.locator('#required-interval').inputValue(), typed);
    } finally {
      await context.close();
    }
  });
});

describe('two people at once', () => {
  it("a tab that has not heard of another tab's new interval saves its notes without putting the old interval back", async () => {
    const target = (await netboxes())[2];
    const before = Math.abs(target.c8y_RequiredAvailability?.responseInterval ?? 0);
    const theirs = before + 45;
    const first = await loginAs(stack, 'admin');
    const second = await loginAs(stack, 'admin');
    try {
      await withoutRealtime(second.context);
      await openTab(second.page, target.id, 'info');
      await second.page.getByTestId('device-info-tab').waitFor();
      await second.page.locator('#device-notes').fill('Note from the second tab');
      // Meanwhile the first tab sets the interval.
      await openTab(first.page, target.id, 'info');
      await first.page.getByTestId('device-info-tab').waitFor();
      await first.page.locator('#required-interval').fill(String(theirs));
      await first.page.getByTestId('save-device').click();
      await first.page.getByText('Device updated successfully').waitFor();
      // The second tab still shows the interval it read, and saves its notes.
      assert.equal(await second.page.locator('#required-interval').inputValue(), String(before));
      await second.page.getByTestId('save-device').click();
      await second.page.getByText('Device updated successfully').waitFor();
      const saved = await device(target.id);
      assert.equal(saved.c8y_Notes, 'Note from the second tab');
      assert.deepEqual(saved.c8y_RequiredAvailability, { responseInterval: theirs });
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  it('Acknowledge on an alarm the other tab cleared meanwhile does not reopen it, and says so', async () => {
    const { alarms } = await api<{ alarms: { id: string; source: { id: string } }[] }>('/alarm/alarms?status=ACTIVE&pageSize=1');
    const alarm = alarms[0];
    assert.ok(alarm, 'the demo data has an active alarm');
    const first = await loginAs(stack, 'admin');
    const second = await loginAs(stack, 'admin');
    const item = (page: Page) => page.locator(`[data-testid="alarm-item"][data-alarm-id="${alarm.id}"]`);
    try {
      await withoutRealtime(second.context);
      await openTab(second.page, alarm.source.id, 'alarm');
      await item(second.page).waitFor();
      await openTab(first.page, alarm.source.id, 'alarm');
      await item(first.page).getByRole('button', { name: 'Clear' }).click();
      await first.page.getByText('Alarm status changed to "CLEARED".').waitFor();
      await item(second.page).getByRole('button', { name: 'Acknowledge' }).click();
      await second.page.getByText('The alarm was already "CLEARED" (another user may have changed it): nothing was changed.').waitFor();
      assert.equal((await api<{ status: string }>(`/alarm/alarms/${alarm.id}`)).status, 'CLEARED');
      assert.equal(await second.page.getByText('Alarm status changed to "ACKNOWLEDGED".').count(), 0);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  it('Unassign from a group the other tab already removed the device from says so, not "not found"', async () => {
    const groups = (await api<{ managedObjects: { id: string; name: string }[] }>('/inventory/managedObjects?fragmentType=c8y_IsDeviceGroup&pageSize=50')).managedObjects;
    let pair: { group: { id: string; name: string }; deviceId: string } | undefined;
    for (const group of groups) {
      const { references } = await api<{ references: { managedObject: { id: string; type?: string } }[] }>(`/inventory/managedObjects/${group.id}/childAssets?pageSize=50`);
      const member = references.find((r) => r.managedObject.type === 'adamos_NETbox');
      if (member) {
        pair = { group, deviceId: member.managedObject.id };
        break;
      }
    }
    assert.ok(pair, 'the demo data has an IoTconnector in a group');
    const first = await loginAs(stack, 'admin');
    const second = await loginAs(stack, 'admin');
    const unassign = (page: Page) => page.getByTestId('groups-card').getByRole('button', { name: `Unassign from ${pair.group.name}` });
    try {
      await openTab(second.page, pair.deviceId, 'admin-info');
      await unassign(second.page).waitFor();
      await openTab(first.page, pair.deviceId, 'admin-info');
      await unassign(first.page).click();
      await first.page.getByText('Device removed from group').waitFor();
      await unassign(second.page).click();
      await second.page.getByText(`The device is no longer in the group "${pair.group.name}": another user may have removed it. The groups have been read again.`).waitFor();
      await unassign(second.page).waitFor({ state: 'detached' });
      assert.equal(await second.page.getByText(/Could not find|Not Found/i).count(), 0);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  it('Restart agent in a tab that has not heard of the restart the other tab started sends no second one, and says so', async () => {
    // With the simulator off nobody answers: the first restart stays pending.
    const target = (await netboxes()).find((d) => d.c8y_Availability?.status === 'AVAILABLE' && Number((d.c8y_Agent?.version ?? '0.0').split('.')[1]) >= 4)!;
    assert.ok(target, 'an online IoTconnector with agent 0.4 or higher');
    const restarts = async () =>
      (await api<{ operations: unknown[] }>(`/devicecontrol/operations?deviceId=${target.id}&fragmentType=netbox_RestartAgentOperation&pageSize=50`)).operations.length;
    const already = await restarts();
    const first = await loginAs(stack, 'admin');
    const second = await loginAs(stack, 'admin');
    const button = (page: Page) => page.getByTestId('restart-agent').getByRole('button', { name: 'Restart agent' });
    try {
      await withoutRealtime(second.context);
      await openTab(second.page, target.id, 'device_control');
      // The second tab has read the newest restarts (none runs) before the first tab starts one.
      await untilUsable(second.page, '[data-testid="restart-agent"] button', 30_000);
      await openTab(first.page, target.id, 'device_control');
      await button(first.page).click();
      await first.page.getByTestId('restart-agent').getByText('Restart operation is pending.').waitFor();
      await button(second.page).click();
      await second.page.getByText('A restart was already started (another user may have started it): no second one was sent.').waitFor();
      await second.page.getByTestId('restart-agent').getByText('Restart operation is pending.').waitFor();
      assert.equal(await restarts(), already + 1);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
