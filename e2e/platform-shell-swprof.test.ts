/**
 * Software repository and device profiles inside the real platform UI (session 23): Enter in the
 * profile dialogs and form, the focus of Add device profile, and choices deleted by another user
 * while a dialog offered them (a profile's software, a dependency); session 24: an edited profile asks
 * before the navigator or Back leaves it. Needs `npm run build`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { adminApi, platformLogin, snap, startStack, type DemoUser, type Stack } from './harness';
import { untilUsable } from './screens';

type Json = Record<string, unknown>;
const WAIT_MS = 30_000;
const APP = 'devicemanagement';
const SERVICE = '/service/create-software-ng';
const api = <T = Json>(stack: Stack, method: string, path: string, body?: unknown): Promise<T> =>
  adminApi<T>(stack, path, { method, ...(body ? { body: JSON.stringify(body) } : {}) });

/** The real platform UI at `hash` as `user`, 1280 px wide; `errors` collects page errors and 5xx answers. */
async function open(stack: Stack, user: DemoUser, hash: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => r.status() >= 500 && errors.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`));
  await platformLogin(page, `${stack.url}/apps/${APP}/#${hash}`, user);
  await page.waitForURL(new RegExp(`/apps/${APP}/`), { timeout: WAIT_MS });
  await page.locator('c8y-navigator-outlet').waitFor({ timeout: WAIT_MS });
  return { page, errors, close: () => context.close() };
}

describe('software repository and device profiles in the real platform UI: Enter, focus, deleted choices', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ devices: 40 });
  });
  after(async () => {
    await stack?.close();
  });

  it('Add device profile: Name has the focus once the dialog is ready, and Enter in it continues to the new profile', async () => {
    const { page, errors, close } = await open(stack, 'admin', '/device-profiles-v2');
    try {
      await page.getByTestId('add-profile').or(page.getByRole('button', { name: 'Add device profile' })).first().click({ timeout: WAIT_MS });
      const dialog = page.getByRole('dialog', { name: 'Add device profile' });
      await dialog.waitFor({ timeout: WAIT_MS });
      const name = dialog.getByLabel('Name');
      await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent === 'Name *', undefined, { timeout: WAIT_MS });
      // Typed without clicking into the field first: the focus is there.
      await page.keyboard.type('Enter-made profile');
      assert.equal(await name.inputValue(), 'Enter-made profile');
      await dialog.getByLabel('Device type').selectOption('adamos_NETbox');
      await dialog.getByLabel('Device Group').selectOption({ index: 1 });
      await name.press('Enter');
      await page.getByTestId('device-profile-detail').waitFor({ timeout: WAIT_MS });
      assert.equal(await page.getByTestId('profile-title').innerText(), 'Enter-made profile');
      assert.match(page.url(), /#\/device-profiles-v2\/\d+$/);

      // The detail's form: Enter in Name saves once Save could be pressed.
      await page.getByTestId('profile-edit').click();
      const field = page.getByTestId('device-profile-detail').getByLabel('Name');
      await field.fill('Enter-saved profile');
      await untilUsable(page, '[data-testid="profile-save"]', WAIT_MS);
      await field.press('Enter');
      await page.getByText('Device profile updated').first().waitFor({ timeout: WAIT_MS }).catch(async (e: unknown) => {
        await snap(page, 'platform-shell-swprof-profile-enter-failed');
        throw e;
      });
      await page.getByTestId('profile-edit').waitFor({ timeout: WAIT_MS });
      assert.equal(await page.getByTestId('profile-title').innerText(), 'Enter-saved profile');
      await snap(page, 'platform-shell-swprof-profile-enter');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  it("the repository's cards of a row are equally tall with Details in line; Add software's drop area holds its text inside its dashed box", async () => {
    const { page, errors, close } = await open(stack, 'admin', '/software');
    try {
      await page.getByTestId('software-repository').waitFor({ timeout: WAIT_MS });
      await page.locator('[data-testid="card-dependency-count"]').first().waitFor({ timeout: WAIT_MS });
      // Fronts with a dependency line or an approval label were taller than their neighbours, Details out of line.
      const rows = await page.$$eval('[data-testid^="software-card-"]', (cards) => {
        const byTop = new Map<number, string[]>();
        for (const card of cards) {
          const top = Math.round(card.getBoundingClientRect().top);
          const front = card.querySelector('[data-face="front"] .card')!.getBoundingClientRect();
          const details = card.querySelector('[data-face="front"] [data-testid="details"]')!.getBoundingClientRect();
          byTop.set(top, [...(byTop.get(top) ?? []), `card ${Math.round(front.height)} px, Details at ${Math.round(details.top - top)} px`]);
        }
        return [...byTop.values()];
      });
      assert.ok(rows.length > 2, `rows of cards: ${rows.length}`);
      const uneven = rows.filter((row) => new Set(row).size > 1);
      assert.deepEqual(uneven, [], 'every card of a row as tall as the others, Details at the same height');
      await snap(page, 'platform-shell-swprof-cards');
      // The back side's Back: a clean button without padding had its focus ring on its text.
      await page.locator('[data-face="front"] [data-testid="details"]').first().click();
      const back = page.getByTestId('back');
      await back.waitFor({ timeout: WAIT_MS });
      // Measured once the card has turned: mid-turn its box is the rotated one (narrower, taller).
      const turning = (await back.elementHandle())!;
      await page.waitForFunction((el) => getComputedStyle(el.closest('[data-side]')!.firstElementChild!).transform.startsWith('matrix3d(-1, 0,'), turning, { timeout: WAIT_MS });
      await back.focus();
      const room = await back.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        const style = getComputedStyle(el);
        return { left: Math.round(text.left - box.left), right: Math.round(box.right - text.right), height: Math.round(box.height), ring: style.outlineStyle !== 'none' || style.boxShadow !== 'none' };
      });
      await snap(page, 'platform-shell-swprof-card-back');
      assert.ok(room.left >= 6 && room.right >= 6 && room.height >= 24 && room.ring, `Back: ${JSON.stringify(room)}`);
      await back.click();
      await page.getByTestId('back').waitFor({ state: 'detached', timeout: WAIT_MS });
      await page.getByTestId('add-software').click();
      const zone = page.getByTestId('drop-zone');
      await zone.waitFor({ timeout: WAIT_MS });
      const fit = await zone.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        return { box: [Math.round(box.top), Math.round(box.bottom)], text: [Math.round(text.top), Math.round(text.bottom)], overflow: el.scrollHeight - el.clientHeight };
      });
      await snap(page, 'platform-shell-swprof-drop-zone');
      assert.ok(fit.text[0] >= fit.box[0] && fit.text[1] <= fit.box[1] && fit.overflow <= 0, `the text (${fit.text.join('..')}) lies within its box (${fit.box.join('..')}), overflow ${fit.overflow} px`);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  it("device profiles: the list's row actions and a profile's Remove are 24 px targets with 12 px text; the profile's hint stands apart from its Name", async () => {
    const { page, errors, close } = await open(stack, 'admin', '/device-profiles-v2');
    try {
      await page.getByTestId('profile-row').first().waitFor({ timeout: WAIT_MS });
      // They were the platform's extra-small buttons: 16 px high with 10 px text.
      const size = (sel: string) =>
        page.$$eval(sel, (bs) => bs.map((b) => ({ text: b.textContent?.trim(), height: Math.round(b.getBoundingClientRect().height), font: parseFloat(getComputedStyle(b).fontSize) })));
      const rowActions = await size('[data-testid="profile-row"] button');
      assert.ok(rowActions.length >= 3, `row actions: ${rowActions.length}`);
      const small = (bs: Awaited<ReturnType<typeof size>>) => bs.filter((b) => b.height < 24 || b.font < 12).map((b) => `${b.text}: ${b.height} px, ${b.font} px text`);
      assert.deepEqual(small(rowActions), []);
      const withSoftware = (await api<Json[]>(stack, 'GET', `${SERVICE}/deviceProfile`)).find((p) => ((p.c8y_DeviceProfile as { software?: unknown[] } | undefined)?.software ?? []).length > 0);
      assert.ok(withSoftware, 'a profile with software');
      await page.evaluate((id) => (window.location.hash = `#/device-profiles-v2/${id}`), String(withSoftware.id));
      await page.getByTestId('profile-software').waitFor({ timeout: WAIT_MS });
      assert.deepEqual(small(await size('[data-testid="profile-software"] button')), []);
      const gap = await page.getByTestId('profile-hint').evaluate((hint) => {
        const label = hint.parentElement!.querySelector('label')!;
        return Math.round(label.getBoundingClientRect().top - hint.getBoundingClientRect().bottom);
      });
      assert.ok(gap >= 8, `the hint ends ${gap} px above the Name label`);
      await snap(page, 'platform-shell-swprof-profile-sizes');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  it('a dependency chosen in the Dependency modal and deleted by another user before Save is named, taken out and nothing is sent', async () => {
    const extra = await api<Json>(stack, 'POST', `${SERVICE}/softwarePackage`, {
      inventoryRequest: {
        name: 'zz-doomed-dependency', version: '1.0.0', md5: 'a'.repeat(32), sha256: 'b'.repeat(64), apptype: 'APPLICATION', category: 'normal',
        password: 'password123', url: 'https://example.com/zz-doomed-dependency-1.0.0.zip', full_packagename: 'zz-doomed-dependency-1.0.0.zip', deviceType: 'adamos_NETbox',
        installation_requires_approval: false, type: 'c8y_Software',
      },
    });
    const list = (await api<{ softwarePackageList: Json[] }>(stack, 'GET', `${SERVICE}/softwarePackage?deviceType=adamos_NETbox`)).softwarePackageList;
    const doomed = list.find((p) => p.name === 'zz-doomed-dependency');
    assert.ok(doomed, `the package was created: ${JSON.stringify(extra).slice(0, 200)}`);
    const edited = list.find((p) => p.name !== 'zz-doomed-dependency' && !(p.dependencies as unknown[] | undefined)?.length);
    assert.ok(edited, 'a package without dependencies to edit');
    const { page, errors, close } = await open(stack, 'admin', '/software');
    try {
      const card = page.getByTestId(`software-card-${String(edited.id)}`);
      await card.locator('[data-face="front"] [data-testid="card-menu"]').click({ timeout: WAIT_MS });
      await card.getByTestId('edit-dependencies').click();
      const modal = page.getByTestId('dependency-modal');
      await modal.getByTestId(`available-${String(doomed.id)}`).click({ timeout: WAIT_MS });
      await modal.getByTestId(`chosen-${String(doomed.id)}`).waitFor();
      await api(stack, 'DELETE', `${SERVICE}/softwarePackage?inventoryId=${String(doomed.id)}`);
      const puts: string[] = [];
      page.on('request', (r) => r.method() === 'PUT' && r.url().includes('/dependencies') && puts.push(r.url()));
      await modal.getByTestId('dependencies-save').click();
      const problem = modal.getByTestId('dependency-problem');
      await problem.waitFor({ timeout: WAIT_MS });
      assert.match(await problem.innerText(), /^zz-doomed-dependency 1\.0\.0 is no longer in the software repository: another user deleted it\. Nothing was saved\./);
      assert.equal(await modal.getByTestId(`chosen-${String(doomed.id)}`).count(), 0);
      assert.deepEqual(puts, [], 'nothing sent');
      await snap(page, 'platform-shell-swprof-dependency-deleted');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  it("an edited profile asks before the platform's navigator (buttons that route by themselves) or Back leaves it; Cancel keeps the edit, Discard goes", async () => {
    const group = await api<{ id: string }>(stack, 'POST', '/inventory/managedObjects', { name: 'Leave guard group', c8y_IsDeviceGroup: {} });
    const created = await api<{ ok: { id: string } }>(stack, 'POST', `${SERVICE}/deviceProfile`, { name: 'Leave guard profile', deviceType: 'adamos_NETbox', deviceGroup: group.id });
    const { page, errors, close } = await open(stack, 'admin', '/software');
    try {
      await page.getByTestId('software-repository').waitFor({ timeout: WAIT_MS });
      await page.evaluate((id) => (window.location.hash = `#/device-profiles-v2/${id}`), created.ok.id);
      await page.getByTestId('device-profile-detail').waitFor({ timeout: WAIT_MS });
      await page.getByTestId('profile-edit').click();
      const name = page.getByTestId('device-profile-detail').getByRole('textbox', { name: 'Name', exact: true });
      await name.fill('Leave guard profile renamed');
      const question = page.getByRole('dialog', { name: 'Discard changes' });
      const entry = page.locator('c8y-navigator-outlet c8y-navigator-node button[title="Software Rollouts"]');

      await entry.click({ timeout: WAIT_MS });
      await question.waitFor({ timeout: WAIT_MS });
      assert.match(await question.innerText(), /You are about to leave this page and discard the changes made\. Do you want to proceed\?/);
      await snap(page, 'platform-shell-swprof-leave-question');
      await question.getByRole('button', { name: 'Cancel', exact: true }).click();
      await question.waitFor({ state: 'detached', timeout: WAIT_MS });
      assert.match(page.url(), new RegExp(`#/device-profiles-v2/${created.ok.id}$`));
      assert.equal(await name.inputValue(), 'Leave guard profile renamed');

      // Back: asked before it goes (here or by the route's guard), the edit kept on Cancel.
      await page.goBack({ timeout: 5_000 }).catch((e: unknown) => assert.match(String(e), /Timeout/));
      await question.waitFor({ timeout: WAIT_MS });
      await question.getByRole('button', { name: 'Cancel', exact: true }).click();
      await question.waitFor({ state: 'detached', timeout: WAIT_MS });
      assert.match(page.url(), new RegExp(`#/device-profiles-v2/${created.ok.id}$`));
      assert.equal(await name.inputValue(), 'Leave guard profile renamed');

      await entry.click();
      await question.getByRole('button', { name: 'Discard', exact: true }).click({ timeout: WAIT_MS });
      await page.waitForURL(/#\/softwarerollout/, { timeout: WAIT_MS });
      assert.equal(await question.count(), 0, 'asked once');
      assert.equal((await api<{ name: string }>(stack, 'GET', `${SERVICE}/deviceProfile/${created.ok.id}`)).name, 'Leave guard profile', 'nothing saved');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
});
