/**
 * Software repository and device profiles as people navigate: a reload, Back and a bookmarked
 * link show what the user chose (the repository's device type and filter, the profile list's and
 * the rollouts' filter, 'Show archived'), and a
 * link to a profile that no longer exists says so with a way back.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { adminApi, loginAs, startStack, type Stack } from './harness';

let stack: Stack;
const WAIT = { timeout: 20_000 };

describe('software repository and device profiles: reload, Back, deep links', () => {
  before(async () => {
    stack = await startStack({ devices: 20, simulate: 'off' });
  });
  after(async () => {
    await stack?.close();
  });

  it('keeps the chosen device type of the software repository across a reload and Back', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/software');
    const select = page.getByTestId('device-type');
    await page.getByTestId('software-repository').waitFor(WAIT);
    assert.equal(await select.inputValue(), 'iotconnector');
    await select.selectOption('celosos_x64');
    await page.waitForURL(/#\/software\?deviceType=celosos_x64$/, WAIT);
    await select.selectOption('celosos_aarch64');
    await page.waitForURL(/deviceType=celosos_aarch64$/, WAIT);
    await page.getByRole('searchbox').fill('agent');
    await page.waitForURL(/deviceType=celosos_aarch64&filter=agent$/, WAIT);
    // A reload shows the type chosen, not the default one, and the filter.
    await page.reload();
    await page.getByTestId('software-repository').waitFor(WAIT);
    assert.equal(await select.inputValue(), 'celosos_aarch64');
    assert.equal(await page.getByRole('searchbox').inputValue(), 'agent');
    // Back goes to the type before, with its select saying so.
    await page.goBack();
    await page.waitForURL(/deviceType=celosos_x64$/, WAIT);
    await page.waitForFunction(() => (document.querySelector('[data-testid="device-type"]') as HTMLSelectElement | null)?.value === 'celosos_x64', null, WAIT);
    await context.close();
  });

  it('keeps the filter of the device profile list when the user comes Back from a profile or reloads', async () => {
    const profiles = await adminApi<{ id: string; name: string }[]>(stack, '/service/create-software-ng/deviceProfile');
    assert.ok(profiles.length >= 2, 'the demo data has profiles to filter');
    const target = profiles[profiles.length - 1];
    const { page, context } = await loginAs(stack, 'admin', '/device-profiles-v2');
    await page.getByTestId('device-profile-list').waitFor(WAIT);
    await page.getByRole('searchbox').fill(target.name);
    const rows = page.getByTestId('profile-row');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="profile-row"]').length === n, profiles.filter((p) => p.name.toLowerCase().includes(target.name.toLowerCase())).length, WAIT);
    await rows.getByRole('link', { name: target.name, exact: true }).click();
    await page.getByTestId('device-profile-detail').waitFor(WAIT);
    await page.goBack();
    await page.getByTestId('device-profile-list').waitFor(WAIT);
    assert.equal(await page.getByRole('searchbox').inputValue(), target.name);
    assert.ok((await rows.count()) < profiles.length, 'the list is still filtered');
    await page.reload();
    await page.getByTestId('device-profile-list').waitFor(WAIT);
    assert.equal(await page.getByRole('searchbox').inputValue(), target.name);
    await context.close();
  });

  it('keeps the filter and "Show archived" of the software rollouts across a reload and Back', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/softwarerollout');
    await page.getByTestId('software-rollouts').waitFor(WAIT);
    const archived = page.getByTestId('show-archived').getByRole('switch');
    assert.equal(await archived.isChecked(), false);
    await page.getByTestId('show-archived').getByText('Show archived').click();
    await page.getByRole('searchbox').fill('no rollout is named so');
    await page.waitForURL(/#\/softwarerollout\?archived=true&filter=no\+rollout\+is\+named\+so$/, WAIT);
    await page.reload();
    await page.getByTestId('software-rollouts').waitFor(WAIT);
    assert.equal(await page.getByRole('searchbox').inputValue(), 'no rollout is named so');
    assert.equal(await archived.isChecked(), true);
    // Away to another page and Back: the same.
    await page.getByTestId('navigator').getByRole('link', { name: 'Device Profiles' }).click();
    await page.getByTestId('device-profile-list').waitFor(WAIT);
    await page.goBack();
    await page.getByTestId('software-rollouts').waitFor(WAIT);
    assert.equal(await page.getByRole('searchbox').inputValue(), 'no rollout is named so');
    assert.equal(await archived.isChecked(), true);
    await context.close();
  });

  it('says that a bookmarked profile that no longer exists could not be loaded, with a way back', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/device-profiles-v2/99999999');
    const error = page.getByTestId('profile-load-error');
    await error.waitFor(WAIT);
    assert.match(await error.innerText(), /The device profile could not be loaded/);
    await page.getByTestId('content').getByRole('link', { name: 'Device Profiles' }).click();
    await page.getByTestId('device-profile-list').waitFor(WAIT);
    await context.close();
  });
});
