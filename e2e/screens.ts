/**
 * Walking the screens and main dialogs the way the screen-by-screen checks do (accessibility,
 * German): log in, find demo devices of each kind, open a hash and wait until it has settled,
 * open each main dialog, close what is open.
 */
import assert from 'node:assert/strict';
import { errors, type Page } from 'playwright-core';
import { MIN_AGENT_VERSION_RESTART } from '../shared/domain/constants';
import { isAtLeast } from '../shared/domain/version';
import type { Device } from '../shared/plugin-api/types';
import { DEMO, type DemoUser } from './harness';

export const WAIT_MS = 20_000;
/** Time for late renders (charts, second queries) after the spinners are gone. */
export const SETTLE_MS = 600;

const ROUTER_OPERATIONS = ['Restart', 'StartMonitoring', 'UpdateFirmware', 'UpdateProfile'].map((o) => `adamos_MobileRouter_${o}`);

const SPINNERS = '[data-testid="contribution-loading"], .spinner, [data-testid="spinner"], .icon-spin';

/**
 * Waits for the navigator and until no spinner is left, then a moment for late renders. A spinner
 * still there after WAIT_MS does not fail here (the test's own assertions decide what the screen
 * must show) but is logged with the page and the element, so a check made on a screen that had
 * not settled can be traced; any other failure (page closed or crashed) is thrown.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="navigator"]', { timeout: WAIT_MS });
  await page.waitForSelector('[data-testid="navigator-loading"]', { state: 'detached', timeout: WAIT_MS });
  try {
    await page.waitForFunction((sel) => !document.querySelector(sel), SPINNERS, { timeout: WAIT_MS });
  } catch (e) {
    if (!(e instanceof errors.TimeoutError)) throw e;
    const left = await page.evaluate((sel) => document.querySelector(sel)?.outerHTML.slice(0, 200), SPINNERS);
    console.warn(`settled(): a spinner still shows after ${WAIT_MS} ms at ${page.url()}, going on: ${left ?? '(gone meanwhile)'}`);
  }
  await page.waitForTimeout(SETTLE_MS);
}

/**
 * Waits until the element at `selector` is there and can be used: not :disabled (a fieldset too)
 * and not aria-disabled (a state-blocked action stays focusable). A wait for "not disabled" alone
 * passed before the element existed, and the test went on from a screen it had not seen.
 */
export async function untilUsable(page: Page, selector: string, timeout = WAIT_MS): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return !!el && !el.matches(':disabled') && el.getAttribute('aria-disabled') !== 'true';
    },
    selector,
    { timeout },
  );
}

/**
 * Presses `key` on the focused control at `selector` and waits for its work to be done: the control
 * went disabled (seen by a MutationObserver installed before the key, so a quick fetch is not
 * missed) and is usable again. A wait for "usable" alone passed before the work had started
 * (react-query reports the fetch a tick after the click), and the test then met the disabled button.
 */
export async function pressAndAwaitWork(page: Page, selector: string, key = 'Enter', timeout = WAIT_MS): Promise<void> {
  await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) throw new Error(`${sel} is not on the screen`);
    const w = window as unknown as { __wentBusy?: boolean };
    w.__wentBusy = el.matches(':disabled');
    const observer = new MutationObserver(() => {
      if (el.matches(':disabled')) {
        w.__wentBusy = true;
        observer.disconnect();
      }
    });
    observer.observe(el, { attributes: true, attributeFilter: ['disabled'] });
  }, selector);
  await page.keyboard.press(key);
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return (window as unknown as { __wentBusy?: boolean }).__wentBusy === true && !!el && !el.matches(':disabled');
    },
    selector,
    { timeout },
  );
}

/** Opens a hash route of the shell and waits until it has settled. */
export async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => (location.hash = h), hash);
  await settled(page);
}

/** Fills the login form (the page shows it) and waits for the shell. */
export async function logIn(page: Page, user: DemoUser): Promise<void> {
  await page.getByLabel('Tenant').fill(DEMO.tenant);
  await page.getByLabel('User').fill(user);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await settled(page);
}

export interface DemoDevices {
  /** A device with neither URL checks nor a mobile router (an IoTconnector where there is one). */
  plain: Device;
  router: Device;
  withUrlChecks: Device;
}

/** One device of each kind the device tabs need, read from the logged-in page's inventory. */
export async function demoDevices(page: Page): Promise<DemoDevices> {
  const all = await page.evaluate(async () => {
    const res = await fetch('/inventory/managedObjects?fragmentType=c8y_IsDevice&pageSize=2000', { headers: { Accept: 'application/json' } });
    return ((await res.json()) as { managedObjects: Device[] }).managedObjects;
  });
  const hasUrl = (d: Device) => ((d.adamos_IoTconnector_URLChecks as { results?: unknown[] } | undefined)?.results?.length ?? 0) > 0;
  const isRouter = (d: Device) => ((d.c8y_SupportedOperations as string[] | undefined) ?? []).some((o) => ROUTER_OPERATIONS.includes(o));
  // Online, with an agent that has the Device Control tab and its restarts: every plain tab shows.
  const hasEveryTab = (d: Device) =>
    (d.c8y_Availability as { status?: string } | undefined)?.status === 'AVAILABLE' && isAtLeast((d.c8y_Agent as { version?: string } | undefined)?.version, MIN_AGENT_VERSION_RESTART);
  const plain = all.find((d) => d.type === 'adamos_NETbox' && !hasUrl(d) && !isRouter(d) && hasEveryTab(d));
  const router = all.find(isRouter);
  const withUrlChecks = all.find(hasUrl);
  assert.ok(plain && router && withUrlChecks, 'demo fleet has an online IoTconnector with agent 0.4.0 or later, router and URL-check devices');
  return { plain, router, withUrlChecks };
}

/**
 * The device tabs every plain device shows (the router and URL-check tabs need their own device):
 * the plugins' and the dev shell's standard Control, Logs and Identity.
 */
export const PLAIN_DEVICE_TABS = ['admin-info', 'info', 'software', 'services', 'events', 'device_control', 'alarm', 'control', 'logs', 'identity'] as const;

/** What shows each plain device tab is there, with its content (not only its frame) loaded. */
export const DEVICE_TAB_READY: Record<(typeof PLAIN_DEVICE_TABS)[number], string> = {
  'admin-info': '[data-testid="customer-card"]',
  info: '[data-testid="device-info-tab"]',
  software: '[data-testid="software-tab"]',
  services: '[data-testid="services-tab"]',
  events: '[data-testid="events-list"]',
  device_control: '[data-testid="device-control-tab"]',
  alarm: '[data-testid="alarms-view"]',
  control: '[data-testid="control-tab"] :is([data-testid="device-operations"], .c8y-empty-state)',
  logs: '[data-testid="logs-tab"] :is([data-testid="log-requests"], .c8y-empty-state)',
  identity: '[data-testid="identity-tab"] :is([data-testid="external-ids"], .c8y-empty-state)',
};

/** The routes both walks visit after the device lists and tabs: name, hash and what shows it is there. */
export const PAGES: readonly { name: string; hash: string; ready?: string }[] = [
  { name: 'alarms', hash: '/alarms' },
  { name: 'alarm details critical', hash: '/alarmDetails?severity=critical&operationsdashboarddetails=true' },
  { name: 'operations dashboard', hash: '/deviceOperationsDashboard', ready: '[data-testid="dashboard"]' },
  { name: 'devices from dashboard', hash: '/devicesFromDashboard?view=totalDevices&operationsdashboarddetails=true' },
  { name: 'software repository', hash: '/software' },
  { name: 'software rollouts', hash: '/softwarerollout' },
  { name: 'device profiles', hash: '/device-profiles-v2' },
];

/** Opens the first device profile's detail from the list. */
export async function openProfileDetail(page: Page): Promise<void> {
  await go(page, '/device-profiles-v2');
  const link = page.getByTestId('profile-row').first().locator('a').first();
  await link.waitFor({ timeout: WAIT_MS });
  await link.click();
  await page.waitForFunction(() => /device-profiles-v2\/\w+/.test(location.hash), undefined, { timeout: WAIT_MS });
  await settled(page);
}

/** Presses Escape until no dialog is open (nested ones included). */
export async function closeDialogs(page: Page): Promise<void> {
  for (let i = 0; i < 3 && (await page.locator('.modal.in, .modal[style*="block"], [role="dialog"]').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
  }
}

/** Checks one dialog once it shows `selector`. */
export type DialogCheck = (name: string, selector: string) => Promise<void>;

/** The IoTconnector list with its first page selected. */
async function selectFirstPage(page: Page): Promise<void> {
  await go(page, '/views/iotconnector');
  await page.locator('[data-testid="select-page"]').waitFor({ timeout: WAIT_MS });
  if ((await page.locator('[data-testid="selected-count"]').count()) === 0) await page.locator('[data-testid="select-page"]').dispatchEvent('click');
}

/** Select software for the selected devices, then Configure software rollout for its first row. */
export async function walkSelectSoftwareAndRollout(page: Page, check: DialogCheck): Promise<void> {
  await selectFirstPage(page);
  await page.locator('[data-testid="action-select-software"]').dispatchEvent('click');
  await page.locator('[data-testid="software-table"] tbody tr').first().waitFor({ timeout: WAIT_MS });
  await check('Select software', '[data-testid="select-software-dialog"]');
  await page.locator('[data-testid="software-table"] tbody tr').first().click();
  await page.locator('[data-testid="software-rollout"]').dispatchEvent('click');
  await check('Configure software rollout', '[data-testid="rollout-dialog"]');
  await closeDialogs(page);
}

export async function walkSetTimezone(page: Page, check: DialogCheck): Promise<void> {
  await selectFirstPage(page);
  await page.locator('[data-testid="action-set-timezone"]').dispatchEvent('click');
  await check('Set timezone', '[data-testid="set-timezone-dialog"]');
  await closeDialogs(page);
}

export async function walkAddDeviceProfile(page: Page, check: DialogCheck): Promise<void> {
  await go(page, '/device-profiles-v2');
  await page.getByTestId('add-device-profile').click();
  await check('add device profile', '[data-testid="add-profile-modal"]');
  await closeDialogs(page);
}

/**
 * Picks a language in the user menu and waits until the choice is stored on the user (GET then
 * PUT /user/currentUser), so a reload right after keeps it, and until the page shows it: the
 * shell saves the choice first, then loads every plugin's texts in it, then changes the page's
 * language (<html lang>), and React draws the new texts in a later task. A test that read the
 * page right after the save met the old language now and then.
 */
export async function chooseLanguage(page: Page, label: 'Deutsch' | 'English'): Promise<void> {
  await page.getByTestId('user-menu').click();
  const saved = page.waitForResponse((r) => r.url().includes('/user/currentUser') && r.request().method() === 'PUT', { timeout: WAIT_MS });
  await page.getByRole('menuitemradio', { name: label }).click();
  await saved;
  await page.waitForFunction((lang) => document.documentElement.lang === lang, label === 'Deutsch' ? 'de' : 'en', { timeout: WAIT_MS });
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/**
 * The language is kept per user: a test that switched to German switches back in its `finally`.
 * A failure there is logged with its cause but not thrown, so it does not hide the test's own
 * failure; a later test that then meets German says so in its own assertion.
 */
export async function restoreEnglish(page: Page): Promise<void> {
  try {
    await chooseLanguage(page, 'English');
  } catch (e) {
    console.error('could not switch the user back to English; later tests may meet German:', e);
  }
}
