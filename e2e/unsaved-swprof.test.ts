/**
 * Work in progress and other people on the software repository and the device profiles, in
 * Chromium on the dev shell: an edited software card, a filled 'Add software' form and an edited
 * profile ask 'Discard changes' before a menu entry throws them away, and staying keeps every edit;
 * two tabs adding the same software name to one profile: the later one is told that the other's
 * version stayed. Build first: `npm run build`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { adminApi, loginAs, snap, startStack, type Stack } from './harness';

let stack: Stack;
const WAIT = { timeout: 20_000 };
const PROFILES = '/service/create-software-ng/deviceProfile';

/** The platform's question; answers it with Cancel (stay) or Discard. */
async function answerDiscard(page: Page, discard: boolean): Promise<void> {
  const question = page.getByRole('dialog', { name: 'Discard changes' });
  await question.waitFor(WAIT);
  assert.match(await question.innerText(), /You are about to leave this page and discard the changes made\. Do you want to proceed\?/);
  await question.getByRole('button', { name: discard ? 'Discard' : 'Cancel', exact: true }).click();
  await question.waitFor({ state: 'detached', ...WAIT });
}

const menu = (page: Page, name: string) => page.getByTestId('navigator').getByRole('link', { name, exact: true });

describe('unsaved edits and two tabs: software repository and device profiles', () => {
  before(async () => {
    stack = await startStack({ devices: 20, simulate: 'off' });
  });
  after(async () => {
    await stack?.close();
  });

  it("asks before a menu entry throws away an edited software card and a filled 'Add software' form; staying keeps both", async () => {
    const { page, context } = await loginAs(stack, 'admin', '/software');
    await page.getByTestId('software-repository').waitFor(WAIT);
    const card = page.locator('[data-testid^="software-card-"]').first();
    await card.getByTestId('details').click();
    const md5 = card.getByTestId('edit-form').getByTestId('field-md5');
    await md5.fill('edited-md5-in-e2e');

    await menu(page, 'Device Profiles').click();
    await answerDiscard(page, false);
    assert.match(page.url(), /#\/software/);
    assert.equal(await md5.inputValue(), 'edited-md5-in-e2e');
    await snap(page, 'unsaved-software-card-stayed');

    // The 'Add software' form: a click beside it keeps it, a menu entry asks.
    await page.getByTestId('add-software').click();
    const form = page.getByTestId('add-software-form');
    await form.getByTestId('field-name').fill('typed-in-e2e');
    await page.getByTestId('software-repository').getByRole('toolbar').click({ position: { x: 2, y: 2 } });
    assert.equal(await form.getByTestId('field-name').inputValue(), 'typed-in-e2e');
    await menu(page, 'Software Rollouts').click();
    await answerDiscard(page, false);
    assert.equal(await form.getByTestId('field-name').inputValue(), 'typed-in-e2e');
    assert.equal(await md5.inputValue(), 'edited-md5-in-e2e');

    // Discard: the menu entry goes through, and nothing holds the next page.
    await menu(page, 'Software Rollouts').click();
    await answerDiscard(page, true);
    await page.getByTestId('software-rollouts').waitFor(WAIT);
    await menu(page, 'Device Profiles').click();
    await page.getByTestId('device-profile-list').waitFor(WAIT);
    await context.close();
  });

  it("asks before a menu entry throws away a profile's edited form; staying keeps the edit, Save releases the page", async () => {
    const group = await adminApi<{ id: string }>(stack, '/inventory/managedObjects', { method: 'POST', body: JSON.stringify({ name: 'Unsaved e2e group', c8y_IsDeviceGroup: {} }) });
    const created = await adminApi<{ ok: { id: string } }>(stack, PROFILES, { method: 'POST', body: JSON.stringify({ name: 'Unsaved e2e profile', deviceType: 'adamos_NETbox', deviceGroup: group.id }) });
    const { page, context } = await loginAs(stack, 'admin', `/device-profiles-v2/${created.ok.id}`);
    await page.getByTestId('device-profile-detail').waitFor(WAIT);
    await page.getByTestId('profile-edit').click();
    const name = page.getByTestId('device-profile-detail').getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('Unsaved e2e profile renamed');

    await menu(page, 'Software repository').click();
    await answerDiscard(page, false);
    assert.match(page.url(), new RegExp(`#/device-profiles-v2/${created.ok.id}$`));
    assert.equal(await name.inputValue(), 'Unsaved e2e profile renamed');
    // The page's own link back to the list asks too.
    await page.getByTestId('device-profile-detail').getByRole('link', { name: /Device Profiles/ }).click();
    await answerDiscard(page, false);
    assert.equal(await name.inputValue(), 'Unsaved e2e profile renamed');
    await snap(page, 'unsaved-profile-stayed');

    await page.getByTestId('profile-save').click();
    await page.getByTestId('profile-edit').waitFor(WAIT);
    await menu(page, 'Software repository').click();
    await page.getByTestId('software-repository').waitFor(WAIT);
    await context.close();
  });

  it("says in the later tab that the other tab's version of the same software stayed (a profile holds one version of a name)", async () => {
    const group = await adminApi<{ id: string }>(stack, '/inventory/managedObjects', { method: 'POST', body: JSON.stringify({ name: 'Two tabs e2e group', c8y_IsDeviceGroup: {} }) });
    const created = await adminApi<{ ok: { id: string } }>(stack, PROFILES, { method: 'POST', body: JSON.stringify({ name: 'Two tabs e2e profile', deviceType: 'adamos_NETbox', deviceGroup: group.id }) });
    const id = created.ok.id;
    const first = await loginAs(stack, 'admin', `/device-profiles-v2/${id}`);
    const second = await loginAs(stack, 'admin', `/device-profiles-v2/${id}`);

    /** Opens 'Select software' and chooses a version of set-ntp-server (not saved yet). */
    const choose = async (page: Page, version: string) => {
      await page.getByTestId('device-profile-detail').waitFor(WAIT);
      await page.getByTestId('add-software').click();
      const dialog = page.getByTestId('software-selection-dialog');
      await dialog.getByRole('button', { name: /set-ntp-server/ }).click();
      // The theme draws the radio over the input: its label takes the click.
      await dialog.getByText(version, { exact: true }).click();
      assert.equal(await dialog.getByRole('radio', { name: version, exact: true }).isChecked(), true);
      return dialog;
    };
    // Both tabs see the profile without set-ntp-server and choose a version of it.
    const later = await choose(first.page, '1.1');
    const earlier = await choose(second.page, '1.0');
    await earlier.getByTestId('software-selection-save').click();
    await second.page.getByTestId('profile-software').getByText('set-ntp-server').waitFor(WAIT);

    await later.getByTestId('software-selection-save').click();
    const warning = first.page.getByText('Another user added set-ntp-server 1.0 to this profile meanwhile. A profile holds one version of a name, so your choice was not added: set-ntp-server 1.1.');
    await warning.waitFor(WAIT);
    await first.page.getByTestId('profile-software').getByRole('cell', { name: '1.0', exact: true }).waitFor(WAIT);
    await snap(first.page, 'two-tabs-profile-software-kept');
    const stored = await adminApi<{ c8y_DeviceProfile: { software: { name: string; version: string }[] } }>(stack, `${PROFILES}/${id}`);
    assert.deepEqual(
      stored.c8y_DeviceProfile.software.map((s) => `${s.name} ${s.version}`),
      ['set-ntp-server 1.0'],
    );
    await first.context.close();
    await second.context.close();
  });
});
