/**
 * The modal is a native <dialog> shown with showModal() (issue 22): in Chromium, a dialog opened
 * from a dialog is on top of it in the top layer; the page and the dialog beneath are inert (a
 * click or Tab cannot reach them); Escape closes only the top dialog and focus goes back to the
 * control that opened it; an alert raised while a dialog is open shows inside the top dialog and can
 * be closed; the design system's look is kept (no browser dialog border, its own backdrop), checked
 * at 1280 and 1920 px in English and German; and the same dialog works inside the real platform UI.
 * Needs a build and Debian's chromium.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { adminApi, platformLogin, snap, startStack, type Stack } from './harness';
import { WAIT_MS, chooseLanguage, go, logIn, restoreEnglish } from './screens';

const SELECT = '[data-testid="select-software-dialog"]';
const ROLLOUT = '[data-testid="rollout-dialog"]';
const OPENER = '[data-testid="action-select-software"]';
const CSNG = '/service/create-software-ng';
/** A navigator entry that leads elsewhere (clicked, it would change the route). */
const NAV_LINK = '[data-testid="navigator"] a[href]:not([aria-current])';

let stack: Stack;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

const activeIs = (p: Page, selector: string) => p.evaluate((sel) => !!document.activeElement?.matches(sel), selector);

/** The open modal <dialog>s (the top layer), each named by the test id of its box. */
const modalDialogs = (p: Page) =>
  p.evaluate(() =>
    [...document.querySelectorAll('dialog')]
      .filter((d) => d.matches(':modal'))
      .map((d) => d.querySelector('[data-testid]')?.getAttribute('data-testid') ?? d.getAttribute('data-testid') ?? '?'),
  );

/** The test id of the box (or the dialog) that the element hit at the centre of `selector` belongs to. */
const hitAt = (p: Page, selector: string) =>
  p.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return 'missing';
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit) return 'nothing';
    if (el.contains(hit)) return 'itself';
    const dialog = hit.closest('dialog');
    return dialog ? `dialog:${dialog.querySelector('[data-testid]')?.getAttribute('data-testid') ?? '?'}` : `page:${hit.tagName.toLowerCase()}`;
  }, selector);

/** The IoTconnector list with its first page selected, then Select software opened by a click. */
async function openSelectSoftware(p: Page): Promise<void> {
  await p.locator('[data-testid="select-page"]').waitFor({ timeout: WAIT_MS });
  // The design system draws the checkbox over a hidden input: the click is dispatched to the input (as screens.ts does).
  if ((await p.locator('[data-testid="selected-count"]').count()) === 0) await p.locator('[data-testid="select-page"]').dispatchEvent('click');
  await p.locator('[data-testid="selected-count"]').waitFor({ timeout: WAIT_MS });
  await p.locator(OPENER).click();
  await p.locator(`${SELECT} [data-testid="software-table"] tbody input[type="radio"]`).first().waitFor({ timeout: WAIT_MS });
}

/** The look the design system gives .modal, kept on the <dialog>: no browser border/padding/background, full-viewport backdrop. */
async function assertLook(p: Page, selector: string): Promise<void> {
  const look = await p.evaluate((sel) => {
    const box = document.querySelector(sel) as HTMLElement;
    const dialog = box.closest('dialog') as HTMLDialogElement;
    const style = getComputedStyle(dialog);
    const backdrop = dialog.querySelector(':scope > .modal-backdrop') as HTMLElement;
    const b = backdrop.getBoundingClientRect();
    const r = box.getBoundingClientRect();
    return {
      border: style.borderTopWidth,
      padding: style.paddingTop,
      background: style.backgroundColor,
      pseudoBackdrop: getComputedStyle(dialog, '::backdrop').backgroundColor,
      backdropCovers: b.left <= 0 && b.top <= 0 && b.right >= innerWidth - 1 && b.bottom >= innerHeight - 1,
      backdropOpacity: Number(getComputedStyle(backdrop).opacity),
      backdropColour: getComputedStyle(backdrop).backgroundColor,
      centred: Math.abs(r.left - (innerWidth - r.right)) <= 20,
      inside: r.left >= 0 && r.right <= innerWidth,
    };
  }, selector);
  assert.equal(look.border, '0px', `${selector}: no browser dialog border (${JSON.stringify(look)})`);
  assert.equal(look.padding, '0px', `${selector}: no browser dialog padding`);
  assert.equal(look.background, 'rgba(0, 0, 0, 0)', `${selector}: the dialog element itself is transparent`);
  assert.equal(look.pseudoBackdrop, 'rgba(0, 0, 0, 0)', `${selector}: no browser ::backdrop tint on top of the design system's`);
  assert.ok(look.backdropCovers && look.backdropOpacity > 0 && look.backdropColour !== 'rgba(0, 0, 0, 0)', `${selector}: the design system's backdrop covers the page (${JSON.stringify(look)})`);
  assert.ok(look.centred && look.inside, `${selector}: the box is centred and inside the viewport (${JSON.stringify(look)})`);
}

before(async () => {
  stack = await startStack({ devices: 200 });
  context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${stack.url}/apps/shell/#/views/iotconnector`);
  await logIn(page, 'admin');
});
after(async () => {
  await context?.close().catch((e) => console.error('closing the browser context failed:', e));
  await stack?.close();
});

describe('dialogs are native modal <dialog>s', () => {
  test('a dialog over a dialog: top layer, inert page and dialog beneath, Escape closes only the top one, focus back to its opener', async () => {
    await go(page, '/views/iotconnector');
    await page.locator('[data-testid="device-grid"]').waitFor({ timeout: WAIT_MS });
    await openSelectSoftware(page);
    assert.deepEqual(await modalDialogs(page), ['select-software-dialog'], 'Select software is a modal dialog in the top layer');
    assert.ok(await activeIs(page, `${SELECT} *`), 'focus moved into Select software');
    await assertLook(page, SELECT);

    await page.locator(`${SELECT} [data-testid="software-table"] tbody tr`).first().click();
    await page.locator(`${SELECT} [data-testid="software-rollout"]`).click();
    await page.locator(ROLLOUT).waitFor({ timeout: WAIT_MS });
    assert.deepEqual(await modalDialogs(page), ['select-software-dialog', 'rollout-dialog'], 'Configure software rollout is shown on top of Select software');
    assert.ok(await activeIs(page, `${ROLLOUT} *`), 'focus moved into Configure software rollout');
    assert.equal(await hitAt(page, `${ROLLOUT} .modal-title`), 'itself', 'the top dialog is hit where it is');

    // The dialog beneath and the page are covered by the top dialog: a click there lands on it, and does nothing.
    assert.equal(await hitAt(page, `${SELECT} [data-testid="software-cancel"]`), 'dialog:rollout-dialog', "Select software's Cancel is beneath the top dialog");
    assert.equal(await hitAt(page, NAV_LINK), 'dialog:rollout-dialog', 'the navigator is beneath the top dialog');
    const hash = await page.evaluate(() => location.hash);
    const cancel = await page.locator(`${SELECT} [data-testid="software-cancel"]`).boundingBox();
    const link = await page.locator(NAV_LINK).first().boundingBox();
    assert.ok(cancel && link);
    await page.mouse.click(cancel.x + cancel.width / 2, cancel.y + cancel.height / 2);
    await page.mouse.click(link.x + link.width / 2, link.y + link.height / 2);
    await page.waitForTimeout(300);
    assert.deepEqual(await modalDialogs(page), ['select-software-dialog', 'rollout-dialog'], 'clicks beneath the top dialog closed nothing');
    assert.equal(await page.evaluate(() => location.hash), hash, 'a click on the navigator beneath did not navigate');
    // .inert is not set by showModal(); what counts is that the browser treats the rest as inert:
    // Tab and Shift+Tab never reach the dialog beneath or the page.
    const outside: string[] = [];
    let inside = 0;
    for (const key of [...Array(25).fill('Tab'), ...Array(25).fill('Shift+Tab')] as string[]) {
      await page.keyboard.press(key);
      const where = await page.evaluate((rollout) => {
        const a = document.activeElement;
        if (!a || a === document.body) return 'page';
        if (a.closest(rollout)) return 'top';
        return `${a.tagName.toLowerCase()}[data-testid=${a.getAttribute('data-testid')}] ${a.closest('dialog') ? 'in the dialog beneath' : 'on the page'}`;
      }, ROLLOUT);
      if (where === 'top') inside++;
      else if (where !== 'page') outside.push(where);
    }
    assert.deepEqual(outside, [], 'Tab never leaves the top dialog for the dialog beneath or the page');
    assert.ok(inside >= 40, `Tab moved between the top dialog's controls (${inside} of 50 stops inside)`);
    await snap(page, 'dialog-stack-1280');

    // Escape closes only the top dialog, focus goes back to the button that opened it.
    await page.locator(`${ROLLOUT} input, ${ROLLOUT} button`).first().focus();
    await page.keyboard.press('Escape');
    await page.locator(ROLLOUT).waitFor({ state: 'detached', timeout: WAIT_MS });
    assert.deepEqual(await modalDialogs(page), ['select-software-dialog'], 'one Escape closed only the top dialog');
    assert.ok(await activeIs(page, '[data-testid="software-rollout"]'), 'focus back on Create Software Rollout');
    // Select software holds a chosen row: Escape asks before throwing it away, on top of it.
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard changes' });
    await question.waitFor({ timeout: WAIT_MS });
    assert.equal(await hitAt(page, `${SELECT} [data-testid="software-cancel"]`), 'dialog:confirm-cancel', 'the question is on top of Select software');
    await question.getByRole('button', { name: 'Discard', exact: true }).click();
    await page.locator(SELECT).waitFor({ state: 'detached', timeout: WAIT_MS });
    assert.deepEqual(await modalDialogs(page), [], 'no dialog left open');
    assert.ok(await activeIs(page, OPENER), 'focus back on Select software');
    assert.equal(await page.evaluate(() => document.body.classList.contains('modal-open')), false, 'the page scrolls again');
    await page.getByText('No software assigned').first().waitFor({ timeout: WAIT_MS });
  });

  test('an alert raised while a dialog is open shows inside it, on top, and closes; the dialog stays', async () => {
    const create = async (name: string) => {
      await adminApi(stack, `${CSNG}/softwarePackage`, {
        method: 'POST',
        body: JSON.stringify({
          inventoryRequest: { name, version: '1.0.0', md5: 'a', sha256: 'b', apptype: 'APPLICATION', category: 'normal', password: 'password1', url: `https://store.example/${name}.zip`, deviceType: 'adamos_NETbox' },
        }),
      });
      const list = await adminApi<{ softwarePackageList: { id: string; name: string }[] }>(stack, `${CSNG}/softwarePackage?deviceType=iotconnector`);
      const pkg = list.softwarePackageList.find((p) => p.name === name);
      assert.ok(pkg, `${name} was created`);
      return pkg;
    };
    const edited = await create('e2e-dialog-edited');
    const gone = await create('e2e-dialog-gone');
    await go(page, '/software');
    const card = page.locator(`[data-testid="software-card-${edited.id}"]`);
    await card.waitFor({ timeout: WAIT_MS });
    await card.locator('[data-face="front"] [data-testid="card-menu"]').click();
    await card.locator('[data-testid="edit-dependencies"]').click();
    const modal = page.locator('[data-testid="dependency-modal"]');
    await modal.getByText('Available Packages').waitFor({ timeout: WAIT_MS });
    await modal.locator(`[data-testid="available-${gone.id}"]`).click();
    await modal.locator(`[data-testid="chosen-${gone.id}"]`).waitFor();
    // The service fails the save (a 500 once): the page's alert says so (the spec's text), and the
    // dialog stays open with the alert inside it. (A package deleted meanwhile is said inside the
    // modal itself since the modal checks its choices before sending: no page alert to test with.)
    const saveUrl = `**${CSNG}/dependencies`;
    await page.route(saveUrl, (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'create-software-ng/failed', message: 'Service down' }) }) : route.fallback(),
    );
    await modal.locator('[data-testid="dependencies-save"]').click();
    const alert = page.locator('.alert', { hasText: 'Something went wrong. please try again later.' });
    await alert.waitFor({ timeout: WAIT_MS });
    await page.unroute(saveUrl);
    assert.deepEqual(await modalDialogs(page), ['dependency-modal'], 'the dialog is still open');
    assert.equal(await alert.evaluate((el) => !!el.closest('dialog')?.querySelector('[data-testid="dependency-modal"]')), true, 'the alert is rendered inside the open dialog');
    assert.equal(await hitAt(page, '.alert-danger .close'), 'itself', "the alert's close button is on top, not beneath the dialog's backdrop");
    await snap(page, 'dialog-alert-over-dialog-1280');
    await alert.locator('.close').click();
    await alert.waitFor({ state: 'detached', timeout: WAIT_MS });
    assert.deepEqual(await modalDialogs(page), ['dependency-modal'], 'closing the alert left the dialog open');
    await modal.locator('[data-testid="dependencies-cancel"]').click();
    await modal.waitFor({ state: 'detached', timeout: WAIT_MS });
    // Raised after the dialog closed, the next alert is on the page again.
    const info = page.locator('.alert', { hasText: 'No software dependency added' });
    await info.waitFor({ timeout: WAIT_MS });
    assert.equal(await info.evaluate((el) => el.closest('dialog')), null, 'with no dialog open, alerts are on the page');
  });

  test('the look is kept at 1280 and 1920 px, in English and German', async () => {
    try {
      for (const language of ['English', 'Deutsch'] as const) {
        if (language === 'Deutsch') await chooseLanguage(page, 'Deutsch');
        for (const width of [1280, 1920]) {
          await page.setViewportSize({ width, height: width === 1280 ? 800 : 1080 });
          await go(page, '/views/iotconnector');
          await openSelectSoftware(page);
          const title = await page.locator(`${SELECT} .modal-title`).innerText();
          assert.equal(title, language === 'Deutsch' ? 'Software auswählen' : 'Select software', `the dialog's title in ${language}`);
          await assertLook(page, SELECT);
          await page.locator(`${SELECT} [data-testid="software-table"] tbody tr`).first().click();
          await page.locator(`${SELECT} [data-testid="software-rollout"]`).click();
          await page.locator(ROLLOUT).waitFor({ timeout: WAIT_MS }).catch(async (e: unknown) => {
            // What the screen showed instead (seen once on a loaded machine, not yet explained).
            const shown = await page.evaluate(() => ({
              dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => d.querySelector('[data-testid]')?.getAttribute('data-testid')),
              checked: document.querySelectorAll('[data-testid="software-table"] tbody input:checked').length,
              rolloutButton: (document.querySelector('[data-testid="software-rollout"]') as HTMLButtonElement | null)?.outerHTML.slice(0, 300),
              alerts: [...document.querySelectorAll('.alert')].map((a) => a.textContent),
            }));
            await snap(page, `dialog-stack-failed-${language}-${width}`);
            throw new Error(`no rollout dialog (${language}, ${width} px): ${JSON.stringify(shown)}`, { cause: e });
          });
          await assertLook(page, ROLLOUT);
          await snap(page, `dialog-stack-${language === 'Deutsch' ? 'de' : 'en'}-${width}`);
          await page.keyboard.press('Escape');
          await page.locator(ROLLOUT).waitFor({ state: 'detached', timeout: WAIT_MS });
          // Cancel: a chosen row makes Escape ask first (the test above).
          await page.locator(`${SELECT} [data-testid="software-cancel"]`).click();
          await page.locator(SELECT).waitFor({ state: 'detached', timeout: WAIT_MS });
        }
      }
    } finally {
      await restoreEnglish(page);
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  test('inside the real platform UI: our dialog is on top of the platform chrome, which is inert; Escape closes it', async () => {
    const pctx = await stack.browser.newContext({ viewport: { width: 1400, height: 900 } });
    try {
      const ppage = await pctx.newPage();
      ppage.on('pageerror', (e) => errors.push(`[platform UI] ${e.message}`));
      await platformLogin(ppage, `${stack.url}/apps/devicemanagement/#/views/iotconnector`, 'admin');
      await ppage.waitForURL(/\/apps\/devicemanagement\//, { timeout: WAIT_MS });
      await ppage.locator('.adamos-contribution [data-testid="device-grid"] .ag-row').first().waitFor({ timeout: 30_000 });
      await openSelectSoftware(ppage);
      assert.deepEqual(await modalDialogs(ppage), ['select-software-dialog'], 'Select software is a modal dialog in the platform UI');
      assert.ok(await activeIs(ppage, `${SELECT} *`), 'focus moved into Select software');
      await assertLook(ppage, SELECT);
      // The platform's header is ours no longer to reach: it lies beneath the dialog.
      assert.equal(await hitAt(ppage, 'c8y-header-bar, .header-bar, header'), 'dialog:select-software-dialog', "the platform's header is beneath our dialog");
      await snap(ppage, 'dialog-platform-ui');
      await ppage.keyboard.press('Escape');
      await ppage.locator(SELECT).waitFor({ state: 'detached', timeout: WAIT_MS });
      assert.ok(await activeIs(ppage, `.adamos-contribution ${OPENER}`), 'focus back on Select software in the platform UI');
    } finally {
      await pctx.close().catch((e) => console.error('closing the platform UI browser context failed:', e));
    }
  });

  test('no uncaught page error', () => {
    assert.deepEqual(errors, []);
  });
});
