/**
 * Keyboard and screen-reader users (issue 26): the device list's column filters, a device page's
 * tabs and Save, the dialogs and the dashboard driven by the keyboard alone, and at every stop the
 * focused element shows a visible indicator (computed outline or box-shadow, not `none`, the outline
 * at least 3:1 against what is behind it), distinct from "current page" and "selected".
 * Needs a build and Debian's chromium.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { Device } from '../shared/plugin-api/types';
import { ROOT, platformLogin, snap, startStack, type Stack } from './harness';
import { WAIT_MS, demoDevices, go, logIn } from './screens';

interface Focused {
  tag: string;
  testid: string | null;
  name: string;
  outline: string;
  outlineWidth: number;
  boxShadow: string;
  /** Contrast of the outline's colour against the first opaque background behind the element (0 without an outline). */
  contrast: number;
}

/**
 * What has focus, and how it shows. A string, not a function: tsx would wrap the named helpers of a
 * function in a Node-only __name() that the page does not have.
 */
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  // rgb()/rgba() in 0-255, or color(srgb r g b [/ a]) in 0-1 (what colour-mix()ed backgrounds compute to).
  const rgb = (c) => {
    const n = (c.match(/[\\d.]+/g) || []).map(Number);
    return c.startsWith('color(srgb') ? [n[0] * 255, n[1] * 255, n[2] * 255, n.length > 3 ? n[3] : 1] : n;
  };
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  let bg = [255, 255, 255];
  for (let n = el.parentElement; n; n = n.parentElement) {
    const c = rgb(getComputedStyle(n).backgroundColor);
    if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) {
      bg = c;
      break;
    }
  }
  const hasOutline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  const [l1, l2] = [lum(rgb(style.outlineColor)), lum(bg)].sort((a, b) => b - a);
  return {
    tag: el.tagName.toLowerCase(),
    testid: el.getAttribute('data-testid'),
    name: (el.getAttribute('aria-label') || el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 80),
    outline: style.outlineStyle,
    outlineWidth: parseFloat(style.outlineWidth),
    outlineColor: style.outlineColor,
    background: bg.join(','),
    // The design system's checkboxes and radios hide the input and show focus on the box drawn after it.
    boxShadow: el.matches('input[type=checkbox], input[type=radio]') && el.nextElementSibling
      ? getComputedStyle(el.nextElementSibling).boxShadow
      : style.boxShadow,
    contrast: hasOutline ? (l1 + 0.05) / (l2 + 0.05) : 0,
  };
})()`;
const focused = (page: Page): Promise<Focused | null> => page.evaluate(FOCUSED) as Promise<Focused | null>;

/** The focused element shows where it is: an outline of >= 2px at >= 3:1, or (form fields) the design system's inset shadow. */
async function assertIndicator(page: Page, what: string): Promise<Focused> {
  const f = await focused(page);
  assert.ok(f, `${what}: something has focus`);
  const outlined = f.outline !== 'none' && f.outlineWidth >= 2 && f.tag !== 'input';
  assert.ok(outlined || f.boxShadow !== 'none', `${what}: focus indicator visible (${JSON.stringify(f)})`);
  if (outlined) assert.ok(f.contrast >= 3, `${what}: focus outline contrast ${f.contrast.toFixed(2)} >= 3:1 (${JSON.stringify(f)})`);
  return f;
}

const AXE = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

interface AxeFinding {
  id: string;
  impact: string | null;
  /** Nodes inside our plugins' content, and the platform's own (its chrome is not ours to fix). */
  ours: string[];
  platform: string[];
  /**
   * Our text in the tenant's brand colour where that colour is the platform's default green (#119d11,
   * 3.6:1 on white): the tenant's branding decides it (the dev shell applies the branding a tenant
   * sets for AA, index.html), so it is reported with the platform's findings.
   */
  branding: string[];
}

/** axe on the whole page, each violation's nodes split by whether they are inside `ours`. */
async function axeSplit(page: Page, ours: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => {
      const inside = v.nodes.filter((n) => n.target.length === 1 && document.querySelector(n.target[0])?.closest(sel));
      const rest = v.nodes.filter((n) => !inside.includes(n));
      const brand = inside.filter((n) => v.id === 'color-contrast' && /#119d11/i.test(n.failureSummary ?? ''));
      return {
        id: v.id,
        impact: v.impact,
        ours: inside.filter((n) => !brand.includes(n)).map((n) => `${n.target.join(' ')} :: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)}`),
        platform: rest.map((n) => n.target.join(' ')),
        branding: brand.map((n) => n.target.join(' ')),
      };
    });
  }, ours);
}

describe('keyboard only', () => {
  let stack: Stack;
  let ctx: BrowserContext;
  let page: Page;
  let plain: Device;
  const errors: string[] = [];

  const press = (key: string) => page.keyboard.press(key);
  const activeIs = (selector: string) => page.evaluate((sel) => !!document.activeElement?.matches(sel), selector);
  /** Presses Tab (or Shift+Tab) until the focused element matches `selector`; returns how many presses it took. */
  const tabTo = async (selector: string, opts: { back?: boolean; max?: number } = {}): Promise<number> => {
    const max = opts.max ?? 250;
    for (let i = 0; i <= max; i++) {
      if (await activeIs(selector)) return i;
      if (i < max) await press(opts.back ? 'Shift+Tab' : 'Tab');
    }
    const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
    return assert.fail(`${selector} not reached in ${max} Tabs (focus stays at ${at})`);
  };
  /** Opens a route and starts from the top, as a keyboard user does after navigating. */
  const open = async (hash: string, ready: string) => {
    await go(page, hash);
    await page.waitForSelector(ready, { timeout: WAIT_MS });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  };

  before(async () => {
    stack = await startStack({ devices: 80 });
    ctx = await stack.browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${stack.url}/apps/shell/`);
    await page.getByTestId('login-page').waitFor({ timeout: WAIT_MS });
    await logIn(page, 'admin');
    ({ plain } = await demoDevices(page));
  });
  after(async () => {
    await ctx?.close().catch((e) => console.error('closing the browser context failed:', e));
    await stack?.close();
  });

  test('navigator: the focused entry is outlined, the current page is not (grey and a bar only)', async () => {
    await open('/views/iotconnector', '[data-testid="device-list"]');
    const current = '[data-testid="navigator"] a[aria-current="page"]';
    assert.equal(await page.locator(current).count(), 1, 'one entry is the current page');
    const unfocused = await page.locator(current).evaluate((el) => getComputedStyle(el).outlineStyle);
    assert.equal(unfocused, 'none', 'the current page itself carries no focus ring');
    await tabTo('[data-testid="navigator"] a[href]');
    await assertIndicator(page, 'first navigator entry');
    await tabTo(current);
    await assertIndicator(page, 'navigator entry of the current page');
    // One control per name: a group is one toggle, an entry with children its link plus a named toggle.
    const names = await page.$$eval('[data-testid="navigator"] a, [data-testid="navigator"] button', (els) =>
      els.map((e) => (e.getAttribute('aria-label') ?? e.textContent ?? '').replace(/\s+/g, ' ').trim()),
    );
    assert.deepEqual(names.filter((n, i) => names.indexOf(n) !== i), [], 'navigator control names are unique');
  });

  test('device list: column filters open, close on Escape, apply, and give focus back to their button', async () => {
    await open('/views/iotconnector', '[data-testid="select-page"]');
    const status = '[data-testid="filter-status"]';
    assert.equal(await page.locator(status).getAttribute('aria-haspopup'), 'dialog');
    assert.equal(await page.locator(status).getAttribute('aria-expanded'), 'false');
    await tabTo('[data-testid="select-page"]');
    const tabs = await tabTo(status, { max: 12 });
    assert.ok(tabs <= 12, `Status filter ${tabs} Tabs after the select-all checkbox`);
    await assertIndicator(page, 'Status filter button');

    // Enter opens it with focus inside; Escape closes it and focus is back on the button.
    await press('Enter');
    await page.getByTestId('column-filter').waitFor({ timeout: WAIT_MS });
    assert.ok(await activeIs('[data-testid="column-filter"] *'), 'focus moved into the Status filter');
    assert.equal(await page.locator(status).getAttribute('aria-expanded'), 'true');
    await press('Escape');
    await page.getByTestId('column-filter').waitFor({ state: 'detached', timeout: WAIT_MS });
    assert.ok(await activeIs(status), 'Escape gives focus back to the Status filter button');
    assert.equal(await page.locator(status).getAttribute('aria-expanded'), 'false');

    // The popup sits after its button in the Tab order: Shift+Tab from its first control is the button.
    await press('Enter');
    await page.getByTestId('column-filter').waitFor({ timeout: WAIT_MS });
    await press('Shift+Tab');
    await page.getByTestId('column-filter').waitFor({ state: 'detached', timeout: WAIT_MS });
    assert.ok(await activeIs(status), 'Shift+Tab out of the popup lands on its button');

    // Choose one state by keyboard and apply: the list is filtered, focus is back on the button, the result announced.
    await press('Enter');
    await page.getByTestId('column-filter').waitFor({ timeout: WAIT_MS });
    await tabTo('[data-testid="filter-option-AVAILABLE"]', { max: 5 });
    await assertIndicator(page, 'a checkbox in the Status filter');
    await press('Space');
    await tabTo('[data-testid="filter-apply"]', { max: 10 });
    await assertIndicator(page, 'Apply');
    await press('Enter');
    await page.getByTestId('column-filter').waitFor({ state: 'detached', timeout: WAIT_MS });
    assert.ok(await activeIs(status), 'Apply gives focus back to the Status filter button');
    await page.waitForFunction(() => /^Filtered/.test(document.querySelector('[data-testid="list-count"]')?.textContent ?? ''), undefined, { timeout: WAIT_MS });
    await page.waitForFunction(
      () => {
        const said = document.querySelector('[data-testid="live-region"]')?.textContent ?? '';
        return said !== '' && said === document.querySelector('[data-testid="list-count"]')?.textContent;
      },
      undefined,
      { timeout: WAIT_MS },
    );
    assert.equal(await page.locator('[data-testid="live-region"]').getAttribute('aria-live'), 'polite');
    await snap(page, 'keyboard-status-filter-applied');

    // The next Tab goes on from the button, not from the top of the page.
    await press('Tab');
    assert.ok(await activeIs('[data-testid="device-grid"] *, [data-testid="device-list"] *'), 'Tab after applying stays in the list');

    // A text filter: Tab past its last control goes on to what follows the button, and the filter closes.
    await tabTo('[data-testid="filter-name"]', { back: true });
    await press('Enter');
    await page.getByTestId('filter-text').waitFor({ timeout: WAIT_MS });
    assert.ok(await activeIs('[data-testid="filter-text"]'), 'the text field has focus');
    await page.keyboard.type('IoTconnector NB2*');
    await press('Enter');
    await page.getByTestId('column-filter').waitFor({ state: 'detached', timeout: WAIT_MS });
    assert.ok(await activeIs('[data-testid="filter-name"]'), 'Enter in the field applies and gives focus back');
    await press('Enter');
    await page.getByTestId('filter-text').waitFor({ timeout: WAIT_MS });
    await tabTo('[data-testid="filter-apply"]', { max: 5 });
    await press('Tab');
    await page.getByTestId('column-filter').waitFor({ state: 'detached', timeout: WAIT_MS });
    const after = await page.evaluate(() => {
      const button = document.querySelector('[data-testid="filter-name"]');
      const active = document.activeElement;
      return !!button && !!active && active !== button && !!(button.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING) && !!active.closest('[data-testid="device-grid"]');
    });
    assert.ok(after, 'Tab past the popup goes on to the control after its button');
    await tabTo('[data-testid="action-clear-filters"]', { back: true });
    await press('Enter');
    await page.waitForFunction(() => !/^Filtered/.test(document.querySelector('[data-testid="list-count"]')?.textContent ?? 'Filtered'), undefined, { timeout: WAIT_MS });
  });

  test('device page: tabs by arrow keys (focus only), Enter opens; the selected tab shows focus; Save keeps focus', async () => {
    await open(`/device/${plain.id}/info`, '[data-testid="device-info-tab"]');
    const tabs = await page.$$eval('[role="tab"]', (els) => els.map((e) => ({ tab: e.getAttribute('data-tab'), tabindex: e.getAttribute('tabindex') })));
    assert.ok(tabs.length >= 4, 'the device has several tabs');
    assert.deepEqual(
      tabs.filter((t) => t.tabindex === '0').map((t) => t.tab),
      ['info'],
      'only the selected tab is in the Tab order',
    );
    assert.equal(await page.locator('[role="tabpanel"]').getAttribute('aria-labelledby'), 'device-tab-info');
    const selected = '[role="tab"][aria-selected="true"]';
    await tabTo(selected);
    await assertIndicator(page, 'the selected device tab');
    const index = tabs.findIndex((t) => t.tab === 'info');
    await press('ArrowRight');
    const next = tabs[(index + 1) % tabs.length].tab;
    assert.ok(await activeIs(`[role="tab"][data-tab="${next}"]`), 'ArrowRight moves focus to the next tab');
    assert.ok(await page.evaluate(() => location.hash.endsWith('/info')), 'moving focus does not open the tab');
    await assertIndicator(page, 'a device tab that is not selected');
    await press('End');
    assert.ok(await activeIs(`[role="tab"][data-tab="${tabs[tabs.length - 1].tab}"]`), 'End: the last tab');
    await press('Home');
    assert.ok(await activeIs(`[role="tab"][data-tab="${tabs[0].tab}"]`), 'Home: the first tab');
    await press('ArrowLeft');
    assert.ok(await activeIs(`[role="tab"][data-tab="${tabs[tabs.length - 1].tab}"]`), 'ArrowLeft wraps to the last tab');
    // Back to Info by arrows, then Enter opens it (it is open already: open the one after it instead).
    for (let i = 0; i < tabs.length && !(await activeIs(`[role="tab"][data-tab="${next}"]`)); i++) await press('ArrowRight');
    await press('Enter');
    await page.waitForFunction((t) => location.hash.endsWith(`/${t}`), next, { timeout: WAIT_MS });
    await page.waitForSelector(`[role="tab"][data-tab="${next}"][aria-selected="true"]`, { timeout: WAIT_MS });

    // Save changes: edit the notes by keyboard, save with Enter, focus stays on the button.
    await open(`/device/${plain.id}/info`, '[data-testid="device-info-tab"]');
    await tabTo('#device-notes');
    await assertIndicator(page, 'the Notes field');
    await page.keyboard.type(` keyboard ${Date.now()}`);
    await tabTo('[data-testid="save-device"]', { back: true });
    await assertIndicator(page, 'Save changes');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/inventory/managedObjects/${plain.id}`));
    await press('Enter');
    assert.equal((await saved).status(), 200);
    await page.getByText('Device updated successfully').waitFor({ timeout: WAIT_MS });
    assert.ok(await activeIs('[data-testid="save-device"]'), 'focus stays on Save changes after saving');
    assert.equal(await page.getByTestId('save-device').getAttribute('aria-disabled'), 'true', 'nothing left to save');
    await snap(page, 'keyboard-device-info-saved');
  });

  test('dialog stack: Configure software rollout on top of Select software, each Escape closes only the top one', async () => {
    await open('/views/iotconnector', '[data-testid="select-page"]');
    await tabTo('[data-testid="select-page"]');
    await press('Space');
    await tabTo('[data-testid="action-select-software"]', { back: true });
    await press('Enter');
    await page.waitForSelector('[data-testid="select-software-dialog"]', { timeout: WAIT_MS });
    assert.ok(await activeIs('[data-testid="select-software-dialog"] *'), 'focus moves into Select software');
    await assertIndicator(page, 'the first control of Select software');
    await page.locator('[data-testid="software-table"] tbody input[type="radio"]').first().waitFor({ timeout: WAIT_MS });
    await tabTo('[data-testid="software-table"] tbody input[type="radio"]');
    await press('Space');
    await tabTo('[data-testid="software-rollout"]:not([disabled])');
    await press('Enter');
    await page.waitForSelector('[data-testid="rollout-dialog"]', { timeout: WAIT_MS });
    assert.ok(await activeIs('[data-testid="rollout-dialog"] *'), 'focus moves into Configure software rollout');
    assert.equal(await page.locator('[data-testid="select-software-dialog"]').count(), 1, 'Select software stays open beneath');

    await press('Escape');
    await page.waitForSelector('[data-testid="rollout-dialog"]', { state: 'detached', timeout: WAIT_MS });
    assert.equal(await page.locator('[data-testid="select-software-dialog"]').count(), 1, 'one Escape closes only the top dialog');
    assert.ok(await activeIs('[data-testid="software-rollout"]'), 'focus back on Create Software Rollout');
    assert.ok(await page.locator('[data-testid="software-table"] tbody input[type="radio"]:checked').count(), 'the chosen package is still chosen');

    // The chosen package is an edit: Escape asks first, with focus on the safe answer; Discard by keyboard.
    await press('Escape');
    await page.getByRole('dialog', { name: 'Discard changes' }).waitFor({ timeout: WAIT_MS });
    assert.ok(await activeIs('[data-testid="confirm-cancel"]'), 'focus on Cancel in the question');
    await tabTo('[data-testid="confirm-ok"]');
    await press('Enter');
    await page.waitForSelector('[data-testid="select-software-dialog"]', { state: 'detached', timeout: WAIT_MS });
    assert.ok(await activeIs('[data-testid="action-select-software"]'), 'focus back on Select software');
    await assertIndicator(page, 'Select software after its dialog closed');
    await page.getByText('No software assigned').first().waitFor({ timeout: WAIT_MS });
  });

  test('a bulk action by keyboard: focus goes to its result once its button is disabled', async () => {
    await open('/views/iotconnector', '[data-testid="select-page"]');
    await tabTo('[data-testid="select-page"]');
    // The selection outlives the dialog cancelled before: select the page only if it is not.
    if (!(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.checked))) await press('Space');
    await page.locator('[data-testid="action-clear-pending"]:not([disabled])').waitFor({ timeout: WAIT_MS });
    await tabTo('[data-testid="action-clear-pending"]', { back: true });
    // Alerts of earlier tests may still show: only one raised by this action is its result (an old
    // one let the checks below run while focus was still on the button, about to be disabled).
    const result = '[data-testid="alerts"] .alert:not([data-earlier])';
    await page.$$eval('[data-testid="alerts"] .alert', (els) => els.forEach((e) => e.setAttribute('data-earlier', '')));
    await press('Enter');
    await page.locator(result).first().waitFor({ timeout: 60_000 });
    await page.waitForFunction((sel) => !!document.activeElement?.matches(`${sel}, [data-testid="action-clear-pending"]`), result, { timeout: WAIT_MS });
    const where = await page.evaluate(() => document.activeElement?.textContent?.trim().slice(0, 80) ?? '');
    assert.ok(where.length > 0, 'focus is on the action or its result, not on the page');
    await assertIndicator(page, 'the result of Clear Pending Assignments');
  });

  test('dashboard: figures named with what they count, unique region names, edit mode by keyboard', async () => {
    await open('/deviceOperationsDashboard', '[data-testid="dashboard"] [data-testid="dashboard-section"]');
    await page.locator('[data-testid="figure-online"]').first().waitFor({ timeout: WAIT_MS });
    const figure = await page.locator('[data-testid="figure-online"]').first().evaluate((a) => ({ name: a.getAttribute('aria-label') ?? '', text: a.textContent?.trim() ?? '' }));
    assert.match(figure.name, /^\d+ online$/, 'the big number says what it counts');
    assert.ok(figure.name.startsWith(figure.text), 'the name starts with the figure shown (label in name)');
    const regions = await page.$$eval('[data-testid="dashboard"] [role="region"]', (els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    assert.ok(regions.length > 5);
    assert.deepEqual(regions.filter((n, i) => regions.indexOf(n) !== i), [], `region names are unique: ${regions.join(', ')}`);

    await tabTo('[data-testid="figure-online"]');
    await assertIndicator(page, 'the Devices online figure');
    await tabTo('[data-testid="dashboard-edit"]', { back: true });
    await assertIndicator(page, 'Edit dashboard');
    await press('Enter');
    await page.locator('[data-testid="widget-wider"]').first().waitFor({ timeout: WAIT_MS });
    const firstWidget = '[data-testid="dashboard-widget"]';
    const width = () => page.locator(firstWidget).first().evaluate((el) => (el.parentElement as HTMLElement).style.gridColumn);
    const before = await width();
    await tabTo('[data-testid="widget-wider"]');
    await assertIndicator(page, 'a widget edit button');
    await press('Enter');
    await page.waitForFunction(
      ([sel, b]) => (document.querySelector(sel)?.parentElement as HTMLElement | null)?.style.gridColumn !== b,
      [firstWidget, before] as const,
      { timeout: WAIT_MS },
    );
    assert.ok(await activeIs('[data-testid="widget-wider"]'), 'focus stays on the button after resizing');
    await tabTo('[data-testid="widget-narrower"]', { back: true, max: 3 });
    await press('Enter');
    await page.waitForFunction(
      ([sel, b]) => (document.querySelector(sel)?.parentElement as HTMLElement | null)?.style.gridColumn === b,
      [firstWidget, before] as const,
      { timeout: WAIT_MS },
    );
    // Remove asks first: Escape closes that dialog only, focus back on Remove, the widget stays.
    const widgets = await page.locator(firstWidget).count();
    await tabTo('[data-testid="widget-remove"]', { max: 40 });
    await press('Enter');
    await page.getByTestId('widget-remove-confirm').waitFor({ timeout: WAIT_MS });
    assert.ok(await activeIs('[data-testid="widget-remove-confirm"] *'), 'focus moves into the confirmation');
    await press('Escape');
    await page.getByTestId('widget-remove-confirm').waitFor({ state: 'detached', timeout: WAIT_MS });
    assert.ok(await activeIs('[data-testid="widget-remove"]'), 'focus back on Remove');
    assert.equal(await page.locator(firstWidget).count(), widgets, 'nothing removed');
    await tabTo('[data-testid="dashboard-edit"]', { back: true });
    await press('Enter');
    await page.locator('[data-testid="widget-wider"]').first().waitFor({ state: 'detached', timeout: WAIT_MS });
    await snap(page, 'keyboard-dashboard');
  });

  test('every screen has exactly one h1', async () => {
    for (const [hash, ready] of [
      ['/views/iotconnector', '[data-testid="device-list"]'],
      [`/device/${plain.id}/info`, '[data-testid="device-info-tab"]'],
      ['/alarms', '[data-testid="alarms-view"]'],
      ['/deviceOperationsDashboard', '[data-testid="dashboard"]'],
      ['/software', '[data-testid="software-repository"]'],
      ['/plugins', '[data-testid="plugins-page"]'],
    ] as const) {
      await open(hash, ready);
      await page.waitForTimeout(300);
      const h1 = await page.$$eval('h1', (els) => els.map((e) => e.textContent?.trim() ?? ''));
      assert.equal(h1.length, 1, `${hash}: one h1 (${JSON.stringify(h1)})`);
      assert.ok(h1[0].length > 0, `${hash}: the h1 names the screen`);
    }
  });

  test('no uncaught page error', () => {
    assert.deepEqual(errors, []);
  });

  describe('inside the real platform UI (/apps/devicemanagement/): our screens, the same checks', () => {
    let pctx: BrowserContext;
    let ppage: Page;
    const OURS = '.adamos-contribution';
    const pActiveIs = (selector: string) => ppage.evaluate((sel) => !!document.activeElement?.matches(sel), selector);
    const report = (screen: string, findings: AxeFinding[]) => {
      const platform = findings.filter((f) => f.platform.length);
      const branding = findings.filter((f) => f.branding.length);
      // The platform's chrome is not ours: its findings are printed for a person, not failed on.
      if (platform.length) console.log(`[platform UI] ${screen}, the platform's own findings:\n  ${platform.map((f) => `${f.impact} ${f.id}: ${f.platform.slice(0, 3).join(', ')}`).join('\n  ')}`);
      if (branding.length) console.log(`[platform UI] ${screen}, text in the default brand green (tenant branding): ${branding.flatMap((f) => f.branding).length} nodes, e.g. ${branding[0].branding.slice(0, 3).join(', ')}`);
      return findings.filter((f) => f.ours.length && (f.impact === 'serious' || f.impact === 'critical' || f.id === 'landmark-unique'));
    };

    before(async () => {
      pctx = await stack.browser.newContext({ viewport: { width: 1400, height: 900 } });
      ppage = await pctx.newPage();
      ppage.on('pageerror', (e) => errors.push(`[platform UI] ${e.message}`));
      await platformLogin(ppage, `${stack.url}/apps/devicemanagement/#/views/iotconnector`, 'admin');
      await ppage.waitForURL(/\/apps\/devicemanagement\//, { timeout: WAIT_MS });
    });
    after(async () => {
      await pctx?.close().catch((e) => console.error('closing the platform UI browser context failed:', e));
    });

    test('the IoTconnector list: axe clean inside our content, the Status filter by keyboard', async () => {
      await ppage.locator(`${OURS} [data-testid="device-grid"] .ag-row`).first().waitFor({ timeout: 30_000 });
      await ppage.waitForTimeout(600);
      const blocking = report('IoTconnector list', await axeSplit(ppage, OURS));
      assert.deepEqual(blocking, [], 'no serious or critical finding inside our content');

      const status = `${OURS} [data-testid="filter-status"]`;
      await ppage.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      for (let i = 0; i < 300 && !(await pActiveIs(status)); i++) await ppage.keyboard.press('Tab');
      assert.ok(await pActiveIs(status), 'the Status filter is reachable by Tab in the platform UI');
      await assertIndicator(ppage, 'Status filter button in the platform UI');
      await ppage.keyboard.press('Enter');
      await ppage.getByTestId('column-filter').waitFor({ timeout: WAIT_MS });
      assert.ok(await pActiveIs('[data-testid="column-filter"] *'), 'focus moved into the popup');
      await assertIndicator(ppage, 'the first control of the Status filter in the platform UI');
      await ppage.keyboard.press('Escape');
      await ppage.getByTestId('column-filter').waitFor({ state: 'detached', timeout: WAIT_MS });
      assert.ok(await pActiveIs(status), 'Escape gives focus back to its button in the platform UI');
      await snap(ppage, 'keyboard-platform-ui-device-list');
    });

    test('the Operations Dashboard and the Software repository: axe clean inside our content', async () => {
      for (const [hash, ready] of [
        ['/deviceOperationsDashboard', '[data-testid="platform-dashboard"] [data-testid="dashboard-widget"]'],
        ['/software', `${OURS} [data-testid="software-repository"]`],
        ['/alarms', `${OURS} [data-testid="alarms-view"]`],
      ] as const) {
        await ppage.evaluate((h) => (location.hash = h), hash);
        await ppage.locator(ready).first().waitFor({ timeout: 30_000 });
        await ppage.waitForTimeout(800);
        const blocking = report(hash, await axeSplit(ppage, `${OURS}, [data-testid="platform-dashboard"]`));
        assert.deepEqual(blocking, [], `${hash}: no serious or critical finding inside our content`);
      }
    });
  });
});
