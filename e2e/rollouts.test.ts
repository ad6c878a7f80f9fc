/**
 * Rollouts that watch themselves (issue 20) in Chromium on the stand-in with the simulator off,
 * so no device ever answers: the card's batch n of m, countdown to the next batch and latest end,
 * the time-out failing silent devices, the error threshold pausing with its reason, the failed
 * counter opening its devices with "no answer from device", cancel with a confirmation naming
 * the rollout (from PAUSED and from ONGOING, declined and confirmed), the rollout dialog's new
 * parameters validated, BROKEN explained, a viewer who sees why cancel is not offered, and the
 * engine's failure reasons in German (by their codes, with their values).
 * Build first: `npm run build`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { loginAs, snap, startStack, type Stack, adminApi } from './harness';
import { chooseLanguage } from './screens';

let stack: Stack;
const CSNG = '/service/create-software-ng';
const NO_ANSWER = 'no answer from device';

const api = <T>(path: string, init?: RequestInit) => adminApi<T>(stack, path, init);

interface Rollout {
  id: string;
  status: string;
  counters: Record<string, number>;
  rolloutParameters: Record<string, unknown>;
}
interface Op {
  id: string;
  status: string;
  failureReason?: string;
  creationTime: string;
}

const rollout = (id: string) => api<Rollout>(`/inventory/managedObjects/${id}`);
let used = 0;

/** Online IoTconnectors no earlier test of this file has used (a device gets one registration per rollout). */
async function freshDevices(count: number): Promise<string[]> {
  const page = await api<{ managedObjects: { id: string; c8y_Availability?: { status?: string } }[] }>(`/inventory/managedObjects?type=adamos_NETbox&pageSize=200`);
  const ids = page.managedObjects.filter((d) => d.c8y_Availability?.status === 'AVAILABLE').map((d) => d.id);
  assert.ok(ids.length >= used + count, 'enough online devices');
  const out = ids.slice(used, used + count);
  used += count;
  return out;
}

async function createPackage(name: string): Promise<string> {
  const pkg = await api<{ id: string }>(`${CSNG}/softwarePackage`, {
    method: 'POST',
    body: JSON.stringify({
      inventoryRequest: { name, version: '1.0.0', md5: 'a', sha256: 'b', apptype: 'APPLICATION', category: 'normal', password: 'password1', url: `https://store.example/${name}.zip`, deviceType: 'adamos_NETbox' },
    }),
  });
  return pkg.id;
}

async function createRollout(name: string, devices: string[], softwareId: string, rolloutParameters: Record<string, unknown>): Promise<string> {
  const r = await api<{ id: string }>(`${CSNG}/createSoftwareRollout`, {
    method: 'POST',
    body: JSON.stringify({ name, devices, softwareId, forceInstallation: true, rolloutParameters: { automaticPauseLimits: [], ...rolloutParameters } }),
  });
  return r.id;
}

/** Registration operations a device got since `from`. */
async function registrations(deviceId: string, from: string): Promise<Op[]> {
  const res = await api<{ operations: Op[] }>(`/devicecontrol/operations?deviceId=${deviceId}&fragmentType=netbox_RegisterSoftwarePackage&dateFrom=${encodeURIComponent(from)}&pageSize=100`);
  return res.operations;
}

const card = (page: Page, id: string) => page.locator(`[data-testid="rollout-card-${id}"]`);

async function waitStatus(page: Page, id: string, status: string, timeout = 60000) {
  await page.waitForFunction(([i, s]) => document.querySelector(`[data-testid="rollout-card-${i}"]`)?.getAttribute('data-status') === s, [id, status] as const, { timeout });
}

async function actions(c: Locator): Promise<string[]> {
  const ids = await c.locator('[data-face="front"] [data-testid^="rollout-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') as string));
  return ids.filter((i) => ['rollout-start', 'rollout-pause', 'rollout-cancel', 'rollout-archive', 'rollout-delete'].includes(i)).sort();
}

/** The rollouts page has rendered its cards (the screen this file is about), before anything else. */
async function rolloutsScreen(page: Page) {
  await page.locator('[data-testid="software-rollouts"]').waitFor();
  await page.locator('[data-testid="rollout-cards"]').waitFor();
}

before(async () => {
  stack = await startStack({ simulate: 'off' });
});

after(async () => {
  await stack?.close();
});

describe('rollouts that watch themselves', () => {
  it('shows batches and the next batch, times out silent devices, pauses at the threshold with its reason, lists failed devices, cancels after a confirmation', async () => {
    const started = new Date().toISOString();
    const devices = await freshDevices(4);
    const sw = await createPackage('e2e-watch');
    const id = await createRollout('e2e rollout watch', devices, sw, { batchSize: 2, batchGapSeconds: 600, operationTimeoutSeconds: 10, errorThresholdPercent: 10 });
    const { page, context } = await loginAs(stack, 'admin', '/softwarerollout');
    await rolloutsScreen(page);
    const c = card(page, id);
    await c.waitFor();
    await waitStatus(page, id, 'CREATED');

    await c.locator('[data-testid="rollout-start"]').click();
    await waitStatus(page, id, 'ONGOING');
    await c.locator('[data-testid="rollout-batch"]', { hasText: 'Batch 1 of 2' }).waitFor({ timeout: 15000 });
    const next = await c.locator('[data-testid="rollout-next-batch"]').textContent();
    assert.match(String(next), /next batch in (9 min|10 min)/, 'the second batch is about 10 minutes away');
    assert.match(String(await c.locator('[data-testid="rollout-eta"]').textContent()), /done by .+ at the latest \(in (9|10) min/);
    assert.equal(await c.locator('[data-testid="progress-waiting"]').count(), 1, 'the bar shows the waiting devices');
    assert.deepEqual(await actions(c), ['rollout-cancel', 'rollout-pause'], 'a running rollout can be paused or cancelled');
    await snap(page, 'rollouts-ongoing-1280');

    // Nobody answers: after 10 s both devices of batch 1 fail, 2 of 2 is past 10 %.
    await waitStatus(page, id, 'PAUSED', 60000);
    const reason = c.locator('[data-testid="rollout-pause-reason"]');
    await reason.waitFor();
    assert.match(String(await reason.textContent()), /Paused: error threshold passed\. 2 of 2 processed devices failed, more than the error threshold of 10 %/);
    await c.locator('[data-testid="progress-failed"]').waitFor();
    await page.setViewportSize({ width: 1920, height: 1000 });
    await snap(page, 'rollouts-paused-threshold-1920');
    await page.setViewportSize({ width: 1280, height: 900 });

    await c.locator('[data-testid="rollout-expand"]').click();
    assert.equal(Number(await c.locator('[data-testid="counter-failed"]').textContent()), 2);
    await c.locator('[data-testid="counter-open-failed"]').click();
    const dialog = page.locator('[data-testid="rollout-devices-dialog"]');
    await dialog.getByText('Devices of "e2e rollout watch": Failed').waitFor();
    await dialog.locator('[data-testid="rollout-device-row"]').nth(1).waitFor();
    assert.deepEqual(await dialog.locator('[data-testid="rollout-device-reason"]').allTextContents(), [NO_ANSWER, NO_ANSWER]);
    await snap(page, 'rollouts-failed-devices');
    await dialog.locator('[data-testid="rollout-devices-close"]').click();
    await dialog.waitFor({ state: 'detached' });

    await c.locator('[data-testid="rollout-cancel"]').click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Cancel software rollout?').waitFor();
    await confirm.getByText('Do you really want to cancel the software rollout "e2e rollout watch"?', { exact: false }).waitFor();
    await snap(page, 'rollouts-cancel-confirm');
    await page.click('[data-testid="confirm-ok"]');
    await waitStatus(page, id, 'CANCELLED');
    assert.deepEqual(await actions(c), ['rollout-archive', 'rollout-delete']);

    const after = await rollout(id);
    assert.equal(after.counters.failed, 2);
    assert.equal(after.counters.cancelled, 2, 'the unsent batch is counted as cancelled');
    for (const d of devices.slice(0, 2)) assert.deepEqual((await registrations(d, started)).map((o) => [o.status, o.failureReason]), [['FAILED', NO_ANSWER]]);
    for (const d of devices.slice(2)) assert.deepEqual(await registrations(d, started), [], 'devices of the unsent batch get nothing');
    await context.close();
  });

  it('cancels from ONGOING only after the confirmation, failing operations the devices have not started', async () => {
    const started = new Date().toISOString();
    const devices = await freshDevices(3);
    const sw = await createPackage('e2e-cancel-ongoing');
    const id = await createRollout('e2e rollout running', devices, sw, { batchSize: 3, batchGapSeconds: 60 });
    await api(`${CSNG}/updateSoftwareRolloutStatus/${id}/start`, { method: 'PUT' });
    const { page, context } = await loginAs(stack, 'admin', '/softwarerollout');
    await rolloutsScreen(page);
    const c = card(page, id);
    await waitStatus(page, id, 'ONGOING');
    await c.locator('[data-testid="rollout-batch"]', { hasText: 'Batch 1 of 1' }).waitFor({ timeout: 15000 });

    await c.locator('[data-testid="rollout-cancel"]').click();
    await page.getByRole('dialog').getByText('Do you really want to cancel the software rollout "e2e rollout running"?', { exact: false }).waitFor();
    await page.click('[data-testid="confirm-cancel"]');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal((await rollout(id)).status, 'ONGOING', 'declining the confirmation changes nothing');

    await c.locator('[data-testid="rollout-cancel"]').click();
    await page.click('[data-testid="confirm-ok"]');
    await waitStatus(page, id, 'CANCELLED');
    for (const d of devices) {
      assert.deepEqual((await registrations(d, started)).map((o) => [o.status, o.failureReason]), [['FAILED', 'Software rollout cancelled before the device started']]);
    }
    await context.close();
  });

  it('the rollout dialog validates the time-out and the error threshold like the other parameters', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/views/iotconnector');
    await page.waitForSelector('[data-testid="device-grid"][aria-busy="false"]');
    await page.locator('[data-testid="select-page"]').dispatchEvent('click');
    await page.click('[data-testid="action-select-software"]');
    await page.waitForSelector('[data-testid="select-software-dialog"]');
    await page.locator('[data-testid="software-table"] tbody input[type="radio"]').first().check({ force: true });
    await page.click('[data-testid="software-rollout"]');
    const dialog = page.locator('[data-testid="rollout-dialog"]');
    await dialog.waitFor();
    assert.equal(await page.inputValue('[data-testid="rollout-operationTimeoutSeconds"]'), '3600');
    assert.equal(await page.inputValue('[data-testid="rollout-errorThresholdPercent"]'), '');

    await page.fill('[data-testid="rollout-operationTimeoutSeconds"]', '5');
    await dialog.getByText('Operation time-out must be a whole number of seconds from 10 to 604800.').waitFor();
    assert.equal(await page.locator('[data-testid="rollout-create"]').isDisabled(), true);
    await page.fill('[data-testid="rollout-operationTimeoutSeconds"]', '120');
    await page.fill('[data-testid="rollout-errorThresholdPercent"]', '101');
    await dialog.getByText('Error threshold must be empty or a whole number of percent from 1 to 100.').waitFor();
    assert.equal(await page.locator('[data-testid="rollout-create"]').isDisabled(), true);
    await page.fill('[data-testid="rollout-errorThresholdPercent"]', '10');
    await dialog.locator('[data-testid="plan-timeout"]', { hasText: '2 min' }).waitFor();
    await dialog.locator('[data-testid="plan-threshold"]', { hasText: '10 %' }).waitFor();
    await snap(page, 'rollouts-dialog-parameters');
    await page.click('[data-testid="rollout-create"]');
    await page.locator('.alert', { hasText: 'Software rollout creation successful - needs to be started' }).first().waitFor({ timeout: 15000 });

    const list = await api<{ managedObjects: Rollout[] & { creationTime: string }[] }>('/inventory/managedObjects?type=adamos_software_rollout_object&pageSize=200');
    const newest = (list.managedObjects as (Rollout & { creationTime: string })[]).sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
    assert.equal(newest.rolloutParameters.operationTimeoutSeconds, 120);
    assert.equal(newest.rolloutParameters.errorThresholdPercent, 10);
    await context.close();
  });

  it('explains BROKEN, and shows a viewer why cancel is not theirs', async () => {
    const devices = await freshDevices(2);
    const sw = await createPackage('e2e-broken');
    const broken = await createRollout('e2e rollout broken', devices, sw, { batchSize: 1, batchGapSeconds: 1 });
    await api(`${CSNG}/updateSoftwareRolloutStatus/${broken}/start`, { method: 'PUT' });
    await api(`${CSNG}/softwarePackage?inventoryId=${sw}`, { method: 'DELETE' });
    const running = await createRollout('e2e rollout viewer', await freshDevices(1), await createPackage('e2e-viewer'), { batchSize: 1 });
    await api(`${CSNG}/updateSoftwareRolloutStatus/${running}/start`, { method: 'PUT' });
    // The engine's own reasons, at once: a device of another type, an offline device (the German part below).
    const [flex] = (await api<{ managedObjects: { id: string }[] }>('/inventory/managedObjects?type=adamos_iotconnectorflex&pageSize=1')).managedObjects;
    const offline = (await api<{ managedObjects: { id: string; c8y_Availability?: { status?: string } }[] }>('/inventory/managedObjects?type=adamos_NETbox&pageSize=2000')).managedObjects.find(
      (d) => d.c8y_Availability?.status === 'UNAVAILABLE',
    );
    assert.ok(flex && offline, 'an IOT2050 device and an offline IoTconnector');
    const reasons = await createRollout('e2e rollout reasons', [flex.id, offline.id], await createPackage('e2e-reasons'), { batchSize: 2 });
    await api(`${CSNG}/updateSoftwareRolloutStatus/${reasons}/start`, { method: 'PUT' });

    const { page, context } = await loginAs(stack, 'viewer', '/softwarerollout');
    await rolloutsScreen(page);
    await waitStatus(page, broken, 'BROKEN', 30000);
    const text = String(await card(page, broken).locator('[data-testid="rollout-broken-reason"]').textContent());
    assert.match(text, /the software e2e-broken 1\.0\.0 was deleted from the software repository while the rollout ran/);
    assert.match(text, /create a new rollout for the devices that did not get it/);

    const c = card(page, running);
    await waitStatus(page, running, 'ONGOING');
    // One device: the noun in the singular (it said "0 of 1 devices processed").
    assert.match(String(await c.locator('[data-testid="rollout-progress"]').textContent()), /^\d of 1 device processed/);
    const cancel = c.locator('[data-testid="rollout-cancel"]');
    assert.equal(await cancel.getAttribute('aria-disabled'), 'true', "a viewer's cancel is inert");
    assert.ok(String(await cancel.getAttribute('title')).length > 0, 'and names the missing permission');
    // Playwright refuses to click an aria-disabled button; the user can, and nothing must happen.
    await cancel.click({ force: true });
    assert.equal(await page.getByRole('dialog').count(), 0, 'no confirmation opens for a viewer');
    await snap(page, 'rollouts-viewer-broken');

    // The same card in German (the language is kept per user: back to English at the end).
    await chooseLanguage(page, 'Deutsch');
    try {
      await page.reload();
      await rolloutsScreen(page);
      const de = String(await card(page, broken).locator('[data-testid="rollout-broken-reason"]').textContent());
      assert.match(de, /^Defekt: Die Software e2e-broken 1\.0\.0 wurde während des Rollouts aus dem Software-Repository gelöscht\./);
      await card(page, running).locator('[data-testid="rollout-batch"]', { hasText: 'Batch 1 von 1' }).waitFor();
      assert.match(String(await card(page, running).locator('[data-testid="rollout-progress"]').textContent()), /^\d von 1 Gerät verarbeitet/);
      await snap(page, 'rollouts-viewer-de');

      // The engine's failure reasons in German, with their values (the server's texts are English).
      const r = card(page, reasons);
      await waitStatus(page, reasons, 'COMPLETED', 30000);
      await r.locator('[data-testid="rollout-expand"]').click();
      const dialog = page.locator('[data-testid="rollout-devices-dialog"]');
      for (const [counter, title, text] of [
        ['failed', 'Fehlgeschlagen', 'Gerätetyp adamos_iotconnectorflex nimmt keine Software für adamos_NETbox an'],
        ['disabled', 'Deaktiviert', 'Das Gerät war nicht verfügbar, als sein Batch gesendet wurde'],
      ]) {
        await r.locator(`[data-testid="counter-open-${counter}"]`).click();
        await dialog.getByText(`„e2e rollout reasons“: ${title}`, { exact: false }).waitFor();
        await dialog.locator('[data-testid="rollout-device-row"]').first().waitFor();
        try {
          assert.deepEqual(await dialog.locator('[data-testid="rollout-device-reason"]').allTextContents(), [text]);
          if (counter === 'failed') await snap(page, 'rollouts-reasons-de');
        } finally {
          // Closed also after a failed check: the language switch below needs the page, and the check's message is the one reported.
          await dialog.locator('[data-testid="rollout-devices-close"]').click();
          await dialog.waitFor({ state: 'detached' });
        }
      }
    } finally {
      await chooseLanguage(page, 'English');
    }
    await context.close();
  });

  it('by keyboard: Start, Pause, Cancel (after its confirmation) and Archive pass the focus on, never to the page', async () => {
    const id = await createRollout('e2e rollout keyboard', await freshDevices(2), await createPackage('e2e-keyboard'), { batchSize: 1, batchGapSeconds: 600, operationTimeoutSeconds: 600 });
    const { page, context } = await loginAs(stack, 'admin', '/softwarerollout');
    try {
      await rolloutsScreen(page);
      const c = card(page, id);
      await c.waitFor();
      await waitStatus(page, id, 'CREATED');
      /** Where the focus is: 'body', or the card's test id and the control's. */
      const focused = () =>
        page.evaluate(() => {
          const a = document.activeElement;
          if (!a || a === document.body) return 'body';
          return `${a.closest('[data-testid^="rollout-card-"]')?.getAttribute('data-testid') ?? '-'} ${a.getAttribute('data-testid') ?? a.getAttribute('role') ?? a.tagName}`;
        });
      const focusComesTo = async (expected: RegExp, what: string) => {
        let at = '';
        for (const end = Date.now() + 10_000; Date.now() < end; await page.waitForTimeout(100)) if (expected.test((at = await focused()))) return;
        assert.fail(`${what}: the focus is on ${at}`);
      };
      const press = async (testId: string) => {
        await c.locator(`[data-face="front"] [data-testid="${testId}"]`).focus();
        await page.keyboard.press('Enter');
      };

      await press('rollout-start');
      await waitStatus(page, id, 'ONGOING');
      await focusComesTo(new RegExp(`^rollout-card-${id} rollout-pause$`), 'after Start, Pause');
      await page.keyboard.press('Enter');
      await waitStatus(page, id, 'PAUSED');
      await focusComesTo(new RegExp(`^rollout-card-${id} rollout-start$`), 'after Pause, Start');
      await press('rollout-cancel');
      await page.getByRole('dialog').getByText('Cancel software rollout?').waitFor();
      await page.locator('[data-testid="confirm-ok"]').focus();
      await page.keyboard.press('Enter');
      await waitStatus(page, id, 'CANCELLED');
      await focusComesTo(new RegExp(`^rollout-card-${id} rollout-archive$`), 'after Cancel, Archive');
      await page.keyboard.press('Enter');
      // Archived ones are hidden: the card goes, the focus goes to another card's first action (or its Details), else 'Show archived'.
      await c.waitFor({ state: 'detached' });
      await focusComesTo(/^(rollout-card-\d+ (rollout-(start|pause|cancel|archive)|rollout-details-button)|- switch)$/, 'after Archive, the next card');
    } finally {
      await context.close();
    }
  });

  it("keeps the devices dialog's page in the address: Back from a device and a reload show that page; an opened rollout hidden by the filter says so", async () => {
    const all = await api<{ managedObjects: (Rollout & { name: string })[] }>('/inventory/managedObjects?type=adamos_software_rollout_object&pageSize=100');
    const done = all.managedObjects.find((r) => r.name === 'mdc-collector 2.5.0 Bielefeld');
    assert.ok(done, 'the demo has the completed mdc-collector rollout (40 devices)');
    const { page, context } = await loginAs(stack, 'admin', `/softwarerollout?expanded=${done.id}`);
    try {
      await rolloutsScreen(page);
      const c = card(page, done.id);
      await c.getByTestId('counter-open-processed').click();
      const dialog = page.getByTestId('rollout-devices-dialog');
      await dialog.locator('[data-testid="rollout-device-row"]').first().waitFor();
      await dialog.getByTestId('page-size').selectOption('10');
      await dialog.getByTestId('page-3').click();
      await page.waitForFunction(() => /[?&]page=3(&|$)/.test(location.hash) && /[?&]size=10(&|$)/.test(location.hash));
      await dialog.locator('[data-testid="page-3"][aria-current="page"]').waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-testid="rollout-devices-table"][aria-busy="true"]'));
      const rows = () => dialog.locator('[data-testid="rollout-device-row"] a').allInnerTexts();
      const onPage3 = await rows();
      assert.equal(onPage3.length, 10);

      await dialog.locator('[data-testid="rollout-device-row"] a').first().click();
      await page.waitForFunction(() => /^#\/device\//.test(location.hash));
      await page.goBack();
      await rolloutsScreen(page);
      await dialog.locator('[data-testid="page-3"][aria-current="page"]').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="rollout-device-row"]').length === 10 && !document.querySelector('[aria-busy="true"]'));
      assert.deepEqual(await rows(), onPage3, 'Back from a device shows page 3 again (it showed page 1)');

      await page.reload();
      await rolloutsScreen(page);
      await dialog.locator('[data-testid="page-3"][aria-current="page"]').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="rollout-device-row"]').length === 10 && !document.querySelector('[aria-busy="true"]'));
      assert.deepEqual(await rows(), onPage3, 'a reload shows page 3 again');
      await dialog.getByTestId('rollout-devices-close').click();

      // The opened rollout, but a filter that hides it (a bookmark, or typed since): said, with Clear filter.
      await page.evaluate((id) => (location.hash = `#/softwarerollout?expanded=${id}&filter=no-such-rollout`), done.id);
      await page.reload();
      // No card matches: the page shows its empty state, not the grid.
      await page.getByTestId('software-rollouts').waitFor();
      const notice = page.getByTestId('rollout-filtered');
      await notice.waitFor();
      assert.equal(
        (await notice.locator('span').innerText()).trim(),
        'The opened software rollout "mdc-collector 2.5.0 Bielefeld" does not match the filter "no-such-rollout": clear the filter to see it.',
      );
      await notice.getByTestId('rollout-filtered-clear').click();
      await c.getByTestId('rollout-counters').waitFor();
      assert.equal(await page.getByTestId('rollout-filtered').count(), 0);
    } finally {
      await context.close();
    }
  });
});
