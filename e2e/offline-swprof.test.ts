/**
 * The software repository, device profiles and the adamos Connection tab when the connection goes
 * away and comes back (the browser offline, in Chromium): what the screen says meanwhile, that
 * nothing typed is lost, and that no write is sent twice once it is back.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { adminApi, loginAs, startStack, type Stack } from './harness';

let stack: Stack;
const api = <T>(path: string) => adminApi<T>(stack, path);
const count = async (query: string) => (await api<{ managedObjects: unknown[] }>(`/inventory/managedObjects?pageSize=2000&query=${encodeURIComponent(query)}`)).managedObjects.length;

/** Opens Add software and fills it for `name` with a chosen file of that name. */
async function fillAddSoftware(page: Page, name: string) {
  await page.getByTestId('software-cards').waitFor();
  await page.getByTestId('add-software').click();
  const form = page.getByTestId('add-software-form');
  for (const [id, value] of [['field-name', name], ['field-version', '1.0'], ['field-md5', 'm'], ['field-sha256', 's'], ['field-password', 'password1']]) await form.getByTestId(id).fill(value);
  await form.getByTestId('field-apptype').selectOption('APPLICATION');
  await form.getByTestId('field-category').selectOption('normal');
  await form.getByTestId('file-input').setInputFiles({ name: `${name}-1.0.zip`, mimeType: 'application/zip', buffer: Buffer.alloc(100_000, 7) });
  await form.getByTestId('field-full_packagename').fill(`${name}-1.0.zip`);
  return form;
}

/** Save, where the file is uploaded and the package's create meets the dropped connection (and so does the clean-up). */
async function saveCutAfterUpload(page: Page, context: BrowserContext, form: Locator) {
  await page.route('**/service/create-software-ng/softwarePackage', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await context.setOffline(true);
    await route.abort('internetdisconnected');
  });
  await form.getByTestId('add-save').click();
  await page.getByText('Error creating software.').waitFor();
}

/** The page's alert texts, one line each. */
const alertTexts = async (page: Page) => (await page.locator('.alert').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

describe('software repository, device profiles and mobile router without a connection', () => {
  before(async () => {
    stack = await startStack({ devices: 60, simulate: 'off' });
  });
  after(async () => {
    await stack?.close();
  });

  it('an upload cut by the connection says so, keeps the form, and Save once it is back adds the software once', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/software');
    const form = await fillAddSoftware(page, 'offline-upload');
    // The upload is under way when the connection drops.
    await page.route('**/inventory/binaries', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Continued after the connection dropped, the request fails: that failure is what the test is about (the page says it).
      await route.continue().catch((e: Error) => console.log(`the cut upload ended: ${e.message}`));
    });
    await form.getByTestId('add-save').click();
    await page.waitForTimeout(300);
    await context.setOffline(true);
    await page.getByText('Error uploading file').waitFor();
    assert.ok((await alertTexts(page)).some((t) => t.includes('Error uploading file') && t.includes('The platform cannot be reached. Check the connection and try again.')), 'the alert names the upload and the connection');
    assert.equal(await form.getByTestId('field-name').inputValue(), 'offline-upload', 'what was typed stays');
    assert.match(await form.getByTestId('chosen-file').innerText(), /offline-upload-1\.0\.zip/);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await form.getByTestId('add-save').click();
    await page.getByText('Software successfully added.').waitFor();
    assert.deepEqual((await alertTexts(page)).filter((t) => t.includes('Error')), [], "the failed Save's alert went with the Save tried again");
    assert.equal(await count("name eq 'offline-upload'"), 1, 'one package');
    assert.equal(await count("has(c8y_IsBinary) and name eq 'offline-upload-1.0.zip'"), 1, 'one file');
    await context.close();
  });

  it('the connection dropped after the upload: Save once it is back uses the uploaded file, it is not uploaded a second time', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/software');
    const form = await fillAddSoftware(page, 'offline-create');
    let uploads = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/inventory/binaries')) uploads += 1;
    });
    await saveCutAfterUpload(page, context, form);
    assert.ok((await alertTexts(page)).some((t) => t.includes('Error creating software.') && t.includes('The platform cannot be reached. Check the connection and try again.')));
    assert.equal(await form.getByTestId('field-name').inputValue(), 'offline-create', 'what was typed stays');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await form.getByTestId('add-save').click();
    await page.getByText('Software successfully added.').waitFor();
    assert.equal(uploads, 1, 'the file went up once');
    assert.equal(await count("name eq 'offline-create'"), 1, 'one package');
    assert.equal(await count("has(c8y_IsBinary) and name eq 'offline-create-1.0.zip'"), 1, 'no file left without its package');
    await context.close();
  });

  it('the file a cut Save left is removed when the form is cancelled', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/software');
    const form = await fillAddSoftware(page, 'offline-cancel');
    await saveCutAfterUpload(page, context, form);
    assert.equal(await count("has(c8y_IsBinary) and name eq 'offline-cancel-1.0.zip'"), 1, 'the file stayed (the clean-up met the dropped connection)');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await form.getByTestId('add-cancel').click();
    await form.waitFor({ state: 'detached' });
    for (let i = 0; i < 50 && (await count("has(c8y_IsBinary) and name eq 'offline-cancel-1.0.zip'")) > 0; i++) await page.waitForTimeout(100);
    assert.equal(await count("has(c8y_IsBinary) and name eq 'offline-cancel-1.0.zip'"), 0, 'Cancel removed the file');
    await context.close();
  });

  /** The adamos Connection tab's chunk is loaded on one router device first (opening a tab offline whose code is not loaded yet is the shell's case). */
  async function routerDevices(): Promise<[string, string]> {
    const list = await api<{ managedObjects: { id: string }[] }>(`/inventory/managedObjects?pageSize=2&query=${encodeURIComponent("c8y_SupportedOperations eq 'adamos_MobileRouter_Restart'")}`);
    assert.equal(list.managedObjects.length, 2, 'two router devices in the demo fleet');
    return [list.managedObjects[0].id, list.managedObjects[1].id];
  }

  it('the adamos Connection tab whose load meets a dropped connection waits for it (not "No mobile router to display.") and loads once it is back', async () => {
    const [first, second] = await routerDevices();
    const { page, context } = await loginAs(stack, 'operator', `/device/${first}/adamos-connection`);
    await page.getByTestId('mobile-router').waitFor();
    // The connection drops while the second device's router is read: the read fails, its retry waits for the connection.
    await page.route(`**/inventory/managedObjects/${second}?*withChildren=true*`, async (route) => {
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await page.evaluate((h) => (location.hash = h), `/device/${second}/adamos-connection`);
    await page.waitForFunction(() => !document.querySelector('[data-testid="mobile-router"]'));
    const tab = page.getByTestId('mobile-router-tab');
    await tab.waitFor();
    await page.waitForTimeout(2000);
    assert.equal(await tab.getByRole('status', { name: 'Loading…' }).count(), 1, 'the tab says it is loading');
    assert.equal(await tab.getByText('No mobile router to display.').count(), 0, 'no claim that the device has no router');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await page.getByTestId('mobile-router').waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('the Device Profiles list whose load meets a dropped connection waits for it (not "No device profiles to display.") and loads once it is back', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/software');
    await page.getByTestId('software-cards').waitFor();
    // The connection drops while the list is read: the read fails, its retry waits for the connection.
    await page.route('**/service/create-software-ng/deviceProfile**', async (route) => {
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await page.evaluate((h) => (location.hash = h), '/device-profiles-v2');
    const list = page.getByTestId('device-profile-list');
    await list.waitFor();
    await page.waitForTimeout(2000);
    assert.equal(await list.getByRole('status', { name: 'Loading…' }).count(), 1, 'the list says it is loading');
    assert.equal(await list.getByText('No device profiles to display.').count(), 0, 'no claim that there are no profiles');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await list.getByTestId('profile-row').first().waitFor({ timeout: 15_000 });
    await context.close();
  });
});
