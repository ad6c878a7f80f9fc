/**
 * The software repository and device profiles on an imperfect day, in Chromium: a slow network
 * (answers held 3 s), data another user deleted meanwhile, a session that ended mid-task.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { adminApi, loginAs, startStack, type Stack } from './harness';

let stack: Stack;
const CSNG = '/service/create-software-ng';
const api = <T>(path: string, init?: RequestInit) => adminApi<T>(stack, path, init);
const hold = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('software repository and device profiles on an imperfect day', () => {
  before(async () => {
    stack = await startStack({ devices: 50, simulate: 'off' });
  });
  after(async () => {
    await stack?.close();
  });

  it('Add device profile on a slow network stays open until the profile is created, with one request', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/device-profiles-v2');
    let posts = 0;
    await page.route('**/service/create-software-ng/deviceProfile', async (route) => {
      if (route.request().method() === 'POST') {
        posts += 1;
        await hold(3000);
      }
      await route.continue();
    });
    await page.getByTestId('device-profile-list').waitFor();
    await page.getByTestId('add-device-profile').click();
    const modal = page.getByTestId('add-profile-modal');
    await page.waitForFunction(() => document.querySelector('[data-testid="add-profile-modal"] fieldset:not([disabled])'));
    await modal.getByRole('textbox', { name: 'Name', exact: true }).fill('Slow network e2e');
    await modal.getByRole('combobox', { name: 'Device type', exact: true }).selectOption({ label: 'CELOS OS (aarch64)' });
    await page.getByTestId('add-profile-continue').click();
    // While the create runs the dialog cannot be left (it jumped to the new profile later) and says why.
    assert.equal(await page.getByTestId('add-profile-cancel').isDisabled(), true);
    assert.equal(await page.getByTestId('add-profile-cancel').getAttribute('title'), 'The device profile is being created.');
    await page.keyboard.press('Escape');
    assert.equal(await modal.isVisible(), true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/device-profiles-v2\/\d+$/, { timeout: 15000 });
    await page.getByTestId('device-profile-detail').waitFor();
    assert.equal(posts, 1);
    await context.close();
  });

  it('a software package another user deleted: Delete names it and the card leaves the list', async () => {
    await api(`${CSNG}/softwarePackage`, {
      method: 'POST',
      body: JSON.stringify({
        inventoryRequest: { name: 'ghost-e2e', version: '1.0.0', md5: 'a', sha256: 'b', apptype: 'APPLICATION', category: 'normal', password: 'password1', url: 'https://store.example/ghost.zip', deviceType: 'adamos_NETbox' },
      }),
    });
    const listed = (await api<{ softwarePackageList: { id: string; name: string }[] }>(`${CSNG}/softwarePackage?deviceType=adamos_NETbox`)).softwarePackageList;
    const ghost = listed.find((p) => p.name === 'ghost-e2e');
    assert.ok(ghost, 'the package was created');
    const { page, context } = await loginAs(stack, 'admin', '/software');
    const card = page.getByTestId(`software-card-${ghost.id}`);
    await card.waitFor({ timeout: 20000 });
    await api(`${CSNG}/softwarePackage?inventoryId=${ghost.id}`, { method: 'DELETE' });
    await card.locator('[data-face="front"] [data-testid="card-menu"]').click();
    await card.getByTestId('delete-software').click();
    await page.getByTestId('confirm-ok').click();
    const alert = page.locator('.alert', { hasText: 'Error removing software.' });
    await alert.waitFor({ timeout: 15000 });
    assert.match(await alert.innerText(), /ghost-e2e 1\.0\.0 is no longer in the software repository: another user deleted it\. The list is read again\./);
    await card.waitFor({ state: 'detached', timeout: 15000 });
    await context.close();
  });

  it('a profile edit when the session ended: the login says so (what was typed is not kept: see the report)', async () => {
    const profiles = await api<{ id: string; name: string }[]>(`${CSNG}/deviceProfile`);
    const { page, context } = await loginAs(stack, 'admin', `/device-profiles-v2/${profiles[0].id}`);
    await page.getByTestId('profile-edit').click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${profiles[0].name} renamed`);
    await context.clearCookies();
    await page.getByTestId('profile-save').click();
    await page.getByText('Your session has ended. Please log in again.').waitFor({ timeout: 15000 });
    const stored = await api<{ name: string }>(`${CSNG}/deviceProfile/${profiles[0].id}`);
    assert.equal(stored.name, profiles[0].name);
    await context.close();
  });
});
