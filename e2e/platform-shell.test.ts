/**
 * The bundle inside the real platform UI (issue 24): the Device Management application built from
 * Cumulocity's own packages (@c8y/ngx-components 1023.77.1, AOT, shell-dev/platform-shell) served by
 * the stand-in at /apps/devicemanagement/, loading the six plugins from the application's
 * config.remotes as a tenant's UI does. Logs in through the stand-in's login app, as admin,
 * operator and viewer. Needs `npm run build` (which builds that shell) and Debian's chromium.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO, launchBrowser, platformLogin, snap, startStack, type DemoUser, type Stack } from './harness';

const WAIT_MS = 30_000;
const APP = 'devicemanagement';
const PLUGINS = ['device-operations', 'dashboard-widgets', 'software-repository', 'device-profiles', 'mobile-router', 'connection-checks'];
/** Our navigator entries, in the order the navigator shows them (parents by priority, then children by priority). */
const OUR_ENTRIES = ['Operations Dashboard', 'IoTconnectors', 'CELOS OS (IPC x64)', 'CELOS OS (IOT2050)', 'Alarms', 'Device Profiles', 'Software repository', 'Software Rollouts'];
const ADMIN_AUTH = `Basic ${Buffer.from(`${DEMO.tenant}/admin:${DEMO.password}`).toString('base64')}`;

type Json = Record<string, unknown>;

/**
 * What the platform itself answers with 404 when a tenant configured nothing (application-specific
 * public options, user-defined translations, a support link): the only 404s allowed on a walk.
 */
const PLATFORM_404 = [
  /^\/apps\/public\/public-options@app-devicemanagement\/options\.json/,
  /^\/apps\/public\/user-defined-translations\/[a-z_-]+\.json$/i,
  /^\/tenant\/options\/configuration\/system\.support\.url\?evaluate=(current|inherited)$/,
  /^\/apps\/missing-plugin@1\.0\.0\/remoteEntry\.js/,
];

async function api<T = Json>(stack: Stack, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: ADMIN_AUTH, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

interface Application {
  id: string;
  config?: { remotes?: Record<string, string[]>; excludedRemotes?: Record<string, string[]> };
}

const platformApp = (stack: Stack) => api<{ application: Application }>(stack, 'GET', `/application/applications/${APP}/manifest`).then((r) => r.application);

async function setConfig(stack: Stack, config: Application['config']): Promise<void> {
  const app = await platformApp(stack);
  await api(stack, 'PUT', `/application/applications/${app.id}`, { config: { ...app.config, ...config } });
}

/** Logs in through the platform's login app (the real shell redirects there) and waits for the navigator. */
async function openShell(stack: Stack, user: DemoUser, hash = '', host = stack.url, context?: BrowserContext): Promise<{ context: BrowserContext; page: Page; errors: string[]; scripts: string[] }> {
  const ctx = context ?? (await stack.browser.newContext({ viewport: { width: 1280, height: 900 } }));
  const page = await ctx.newPage();
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    const { pathname, search } = new URL(r.url());
    if (r.status() >= 500 || (r.status() === 404 && !PLATFORM_404.some((re) => re.test(pathname + search)))) errors.push(`${r.status()} ${r.request().method()} ${pathname}`);
  });
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await platformLogin(page, `${host}/apps/${APP}/${hash ? `#${hash}` : ''}`, user);
  await page.waitForURL(new RegExp(`/apps/${APP}/`), { timeout: WAIT_MS });
  await page.locator('c8y-navigator-outlet').waitFor({ timeout: WAIT_MS });
  return { context: ctx, page, errors, scripts };
}

/** Every navigator entry's title, in the navigator's order (collapsed parents' children included). */
const navigatorTitles = (page: Page) => page.$$eval('c8y-navigator-outlet c8y-navigator-node button[title]', (els) => els.map((e) => e.getAttribute('title') ?? ''));

async function waitForEntries(page: Page, labels: readonly string[]): Promise<void> {
  await page.waitForFunction(
    (want) => {
      const have = [...document.querySelectorAll('c8y-navigator-outlet c8y-navigator-node button[title]')].map((e) => e.getAttribute('title'));
      return want.every((w) => have.includes(w));
    },
    labels,
    { timeout: WAIT_MS },
  );
}

async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => (location.hash = h), hash);
}

const tabLabels = async (page: Page) => (await page.$$eval('c8y-tabs-outlet .tabContainer [role="listitem"] span[title]', (els) => els.map((e) => e.getAttribute('title') ?? '')));

describe('the bundle inside the real platform UI (Device Management, @c8y/ngx-components 1023.77.1, AOT)', () => {
  let stack: Stack;
  let iotconnector: Json;
  let router: Json | undefined;

  before(async () => {
    stack = await startStack({ devices: 300 });
    const list = await api<{ managedObjects: Json[] }>(stack, 'GET', '/inventory/managedObjects?type=adamos_NETbox&pageSize=2000');
    const version = (d: Json) => String((d.c8y_Agent as { version?: string } | undefined)?.version ?? '0');
    const atLeast = (v: string, min: number[]) => {
      const p = v.split('.').map(Number);
      for (let i = 0; i < min.length; i++) if ((p[i] ?? 0) !== min[i]) return (p[i] ?? 0) > min[i];
      return true;
    };
    iotconnector = list.managedObjects.find((d) => atLeast(version(d), [0, 2, 30]))!;
    assert.ok(iotconnector, 'the demo fleet has an IoTconnector with agent 0.2.30 or newer');
    const routers = await api<{ managedObjects: Json[] }>(stack, 'GET', '/inventory/managedObjects?query=' + encodeURIComponent("c8y_SupportedOperations eq 'adamos_MobileRouter_Restart'") + '&pageSize=1');
    router = routers.managedObjects[0];
  });
  after(async () => {
    await stack?.close();
  });

  for (const user of DEMO.users) {
    it(`as ${user}: the navigator shows every plugin's entries in priority order, the IoTconnector list shows the stand-in's rows`, async () => {
      const { context, page, errors } = await openShell(stack, user);
      await waitForEntries(page, OUR_ENTRIES);
      const titles = await navigatorTitles(page);
      assert.deepEqual(
        titles.filter((t) => OUR_ENTRIES.includes(t)),
        OUR_ENTRIES,
        `navigator order: ${titles.join(' | ')}`,
      );
      await go(page, '/views/iotconnector');
      const grid = page.locator('[data-testid="device-grid"]');
      await grid.locator('.ag-row').first().waitFor({ timeout: WAIT_MS });
      const count = await api<{ statistics: { totalElements: number } }>(stack, 'GET', '/inventory/managedObjects?type=adamos_NETbox&pageSize=1&withTotalElements=true');
      assert.match(await page.locator('body').innerText(), new RegExp(`IoTconnectors\\s+${count.statistics.totalElements} devices`), 'the list counts the stand-in’s IoTconnectors');
      await snap(page, `platform-shell-${user}-iotconnectors`);
      // The navigator's link reuses the page (only its :deviceType changes, by pushState): it kept the IoTconnectors.
      await page.locator('c8y-navigator-outlet').getByTitle('CELOS OS (IPC x64)').click();
      await page.waitForFunction(() => /CELOS OS \(IPC x64\)\s+\d+ devices/.test(document.body.innerText), undefined, { timeout: WAIT_MS });
      assert.deepEqual(errors, [], 'no uncaught page error, no 5xx, no 404 the platform would not answer');
      await context.close();
    });
  }

  it("an IoTconnector's page shows our device tabs in the spec's order, headed by the device's name; a mobile router's shows 'adamos Connection'", async () => {
    const { context, page, errors } = await openShell(stack, 'admin', `/device/${iotconnector.id}`);
    await page.locator('c8y-tabs-outlet').waitFor({ timeout: WAIT_MS });
    await page.waitForFunction(() => [...document.querySelectorAll('c8y-tabs-outlet span[title]')].some((e) => e.getAttribute('title') === 'Device Control'), undefined, { timeout: WAIT_MS });
    const tabs = await tabLabels(page);
    const ours = ['Info', 'Software', 'Services', 'Device Control'];
    assert.deepEqual(
      tabs.filter((t) => ours.includes(t)),
      ours,
      `tabs: ${tabs.join(' | ')}`,
    );
    await go(page, `/device/${iotconnector.id}/software`);
    await page.locator('[data-contribution="device-tab:device-operations/software"], .adamos-contribution').first().waitFor({ timeout: WAIT_MS });
    await snap(page, 'platform-shell-device-software');
    // The header names the device, as the dev shell's does (it kept the previous page's title, e.g. "Home").
    /** Waits until the header says `name`; a timeout fails with what it says instead. */
    const expectHeader = async (name: unknown, message: string) => {
      try {
        await page.waitForFunction((n) => document.querySelector('c8y-title-outlet')?.textContent?.trim() === n, name, { timeout: WAIT_MS });
      } catch (e) {
        const shown = (await page.locator('c8y-title-outlet').innerText()).trim();
        assert.fail(`${message}: the header says '${shown}', not '${name}' (${(e as Error).message.split('\n')[0]})`);
      }
    };
    await expectHeader(iotconnector.name, "the device's name heads its Software tab");
    if (router) {
      await go(page, '/home');
      await page.waitForFunction(() => document.querySelector('c8y-title-outlet')?.textContent?.trim() === 'Home', undefined, { timeout: WAIT_MS });
      await go(page, `/device/${router.id}/adamos-connection`);
      await page.getByTestId('mobile-router-tab').waitFor({ timeout: WAIT_MS });
      await expectHeader(router.name, "coming from Home, the router's device page is headed by the device's name");
      await page.waitForFunction(() => [...document.querySelectorAll('c8y-tabs-outlet span[title]')].some((e) => e.getAttribute('title') === 'adamos Connection'), undefined, { timeout: WAIT_MS });
    } else {
      assert.fail('the demo fleet has a mobile router');
    }
    assert.deepEqual(errors, [], 'no uncaught page error, no 5xx, no 404 the platform would not answer');
    await context.close();
  });

  it('every one of our routes and device tabs has exactly one h1, naming the screen (the header\'s title, or the page\'s own where it names itself, as the device lists do)', async () => {
    const devices = (await api<{ managedObjects: Json[] }>(stack, 'GET', '/inventory/managedObjects?fragmentType=c8y_IsDevice&pageSize=2000')).managedObjects;
    const withUrlChecks = devices.find((d) => ((d.adamos_IoTconnector_URLChecks as { results?: unknown[] } | undefined)?.results?.length ?? 0) > 0);
    const group = (await api<{ managedObjects: Json[] }>(stack, 'GET', '/inventory/managedObjects?pageSize=1&query=has(c8y_IsDeviceGroup)')).managedObjects[0];
    const profile = await api<Json>(stack, 'POST', '/inventory/managedObjects', { type: 'c8y_Profile', name: 'h1 check', c8y_Filter: { type: 'adamos_NETbox' }, c8y_DeviceProfile: { software: [] } });
    assert.ok(router && withUrlChecks && group, 'the demo fleet has a mobile router, a device with URL checks and a group');
    const OURS = '.adamos-contribution, [data-testid="platform-dashboard"]';
    const screens: [string, string][] = [
      ['/views/iotconnector', '[data-testid="device-grid"] .ag-row'],
      ['/admin/views/iotconnector', '[data-testid="device-grid"] .ag-row'],
      ['/alarms', '[data-testid="alarms-view"]'],
      ['/alarmDetails?operationsdashboarddetails=true&severity=critical', '[data-testid="dashboard-alarms"]'],
      ['/alarmDetails?severity=major', '[data-testid="alarms-view"]'],
      ['/events', OURS],
      ['/admin/configuration', OURS],
      // Not `/group/{id}`: the platform's own group page takes it (on to its `/group/{id}/subassets`);
      // that row only passed while the previous page's contribution was still in the DOM.
      [`/group/${String(group.id)}/sub-assets`, OURS],
      ['/deviceOperationsDashboard', '[data-testid="platform-dashboard"] [data-testid="dashboard-widget"]'],
      ['/devicesFromDashboard?view=currentOnlineDevices&operationsdashboarddetails=true', '[data-testid="devices-from-dashboard"] [data-testid="device-list"]'],
      ['/software', '[data-testid="software-repository"]'],
      ['/softwarerollout', OURS],
      ['/device-profiles-v2', OURS],
      [`/device-profiles-v2/${String(profile.id)}`, OURS],
      ...['info', 'software', 'services', 'events', 'device_control', 'alarm', 'admin-info'].map((tab): [string, string] => [`/device/${String(iotconnector.id)}/${tab}`, OURS]),
      [`/device/${String(router!.id)}/adamos-connection`, '[data-testid="mobile-router-tab"]'],
      [`/device/${String(withUrlChecks!.id)}/connection-checks`, OURS],
    ];
    const { context, page, errors } = await openShell(stack, 'admin');
    const found: string[] = [];
    for (const [hash, ready] of screens) {
      await go(page, hash);
      await page
        .locator(ready)
        .first()
        .waitFor({ timeout: WAIT_MS })
        .catch((e: Error) => assert.fail(`${hash}: ${ready} not shown (${e.message.split('\n')[0]})`));
      // The header follows the page's content (its own h1 or none) once that has rendered.
      await page.waitForTimeout(500);
      const one = await page
        .waitForFunction(() => [...document.querySelectorAll('h1')].filter((h) => (h.textContent ?? '').trim()).length === 1 && document.querySelectorAll('h1').length === 1, undefined, { timeout: 5000 })
        .then(() => true, () => false);
      if (!one) found.push(`${hash}: ${JSON.stringify(await page.$$eval('h1', (els) => els.map((e) => e.textContent?.trim() ?? '')))}`);
    }
    assert.deepEqual(found, [], 'each screen has exactly one h1 with a name');
    assert.deepEqual(errors, [], 'no uncaught page error, no 5xx, no 404 the platform would not answer');
    await api(stack, 'DELETE', `/inventory/managedObjects/${String(profile.id)}`);
    await context.close();
  });

  it("a group's Select Software is in the action bar of the platform's own group page: admin opens its dialog there (Cancel says so), the viewer does not get it", async () => {
    // A static group with devices: the platform's navigator opens its page at #/group/{id}.
    const groups = (await api<{ managedObjects: Json[] }>(stack, 'GET', '/inventory/managedObjects?pageSize=100&query=has(c8y_IsDeviceGroup)')).managedObjects.filter((g) => g.c8y_IsDynamicGroup === undefined);
    let group: Json | undefined;
    let deviceCount = 0;
    for (const g of groups) {
      const query = encodeURIComponent(`bygroupid(${String(g.id)}) and has(c8y_IsDevice)`);
      const devices = await api<{ managedObjects: Json[] }>(stack, 'GET', `/inventory/managedObjects?pageSize=2000&query=${query}`);
      if (devices.managedObjects.length > 0) {
        group = g;
        deviceCount = devices.managedObjects.length;
        break;
      }
    }
    assert.ok(group, 'the demo data has a static group with devices');
    const button = 'c8y-action-bar [data-testid="group-select-software"]';
    /** The platform's group page (its Subassets tab), not ours: its header names the group, its action bar has its own items. */
    const groupPage = async (page: Page) => {
      await page.waitForURL(new RegExp(`#/group/${String(group!.id)}/subassets$`), { timeout: WAIT_MS });
      await page.waitForFunction((name) => document.querySelector('c8y-title-outlet')?.textContent?.trim() === name, String(group!.name), { timeout: WAIT_MS });
      await page.locator('c8y-action-bar button[title="Assign devices"]').waitFor({ timeout: WAIT_MS });
      assert.equal(await page.locator('.adamos-contribution').count(), 0, 'the platform page, not our /group route');
    };

    const admin = await openShell(stack, 'admin', `/group/${String(group.id)}`);
    await groupPage(admin.page);
    await admin.page.locator(button).waitFor({ timeout: WAIT_MS });
    assert.equal((await admin.page.locator(button).innerText()).trim(), 'Select Software');
    await snap(admin.page, 'platform-shell-group-action-bar');
    await admin.page.locator(button).click();
    const dialog = admin.page.getByTestId('select-software-dialog');
    await dialog.waitFor({ timeout: WAIT_MS });
    assert.match(await dialog.innerText(), /Select software/);
    assert.match(await dialog.innerText(), new RegExp(`Selected devices: ${deviceCount}\\b`));
    await admin.page.getByTestId('software-cancel').click();
    // The result message shows where the platform shows its own (top right), not inside the action bar.
    await admin.page.locator('.alerts c8y-alert-outlet [data-testid="alert-info"]', { hasText: 'No software was assigned' }).waitFor({ timeout: WAIT_MS });
    assert.equal(await dialog.count(), 0);
    assert.deepEqual(admin.errors, [], 'no uncaught page error, no 5xx, no 404 the platform would not answer');
    await admin.context.close();

    const viewer = await openShell(stack, 'viewer', `/group/${String(group.id)}`);
    await groupPage(viewer.page);
    // Our item would be in the action bar as soon as the platform's are (its button follows its code).
    await viewer.page.waitForTimeout(3000);
    assert.equal(await viewer.page.locator(button).count(), 0, 'no Select Software for a user without the assignment role');
    assert.equal(await viewer.page.locator('c8y-action-bar .adamos-action-bar-item').count(), 0);
    assert.deepEqual(viewer.errors, [], 'no uncaught page error, no 5xx, no 404 the platform would not answer');
    await viewer.context.close();
  });

  it('the Operations Dashboard shows its widgets with figures', async () => {
    const { context, page, errors } = await openShell(stack, 'operator', '/deviceOperationsDashboard');
    const dashboard = page.getByTestId('platform-dashboard');
    await dashboard.waitFor({ timeout: WAIT_MS });
    const widgets = dashboard.getByTestId('dashboard-widget');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="platform-dashboard"] [data-testid="dashboard-widget"]').length >= 6, undefined, { timeout: WAIT_MS });
    // The devices-online figure is the stand-in's count of online devices: a number, not a placeholder.
    const online = dashboard.locator('[data-widget-id="widget:dashboard-widgets/devices-online"]').first();
    await page.waitForFunction(() => /\d+\s*online from \d+ devices/.test(document.querySelector('[data-widget-id="widget:dashboard-widgets/devices-online"]')?.textContent ?? ''), undefined, { timeout: WAIT_MS });
    assert.match(await online.innerText(), /\d+\s*online from 300 devices/);
    assert.ok((await widgets.count()) >= 6);
    // The platform's header shows the route's title (it kept the previous page's "Home" before).
    await page.waitForFunction(() => document.querySelector('c8y-title-outlet')?.textContent?.trim() === 'Device Operations Dashboard', undefined, { timeout: WAIT_MS });
    // Shown once: the page header's, not again above the widgets.
    assert.equal(await page.getByText('Device Operations Dashboard', { exact: true }).count(), 1);
    await snap(page, 'platform-shell-operations-dashboard');
    assert.deepEqual(errors, [], 'no uncaught page error, no 5xx, no 404 the platform would not answer');
    await context.close();
  });

  it('in German (the platform UI with ?lang=de): our navigator labels come from the plugins\' de.json, our pages speak German', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1920, height: 1000 }, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${stack.url}/apps/${APP}/?lang=de#/deviceOperationsDashboard`);
    await page.waitForURL(/\/apps\/public\/login\//, { timeout: WAIT_MS });
    await page.locator('#login-user').fill('viewer');
    await page.locator('#login-password').fill(DEMO.password);
    await page.locator('#login-submit').click();
    await waitForEntries(page, ['Betriebs-Dashboard', 'Geräteprofile', 'Software-Rollouts', 'Alarme', 'IoTconnectors']);
    const dashboard = page.getByTestId('platform-dashboard');
    await page.waitForFunction(() => document.querySelector('c8y-title-outlet')?.textContent?.trim() === 'Geräte-Betriebs-Dashboard', undefined, { timeout: WAIT_MS });
    // The widgets too, with their figures: a section title and the devices-online widget's own text from its de.json.
    await dashboard.getByRole('heading', { name: 'Verbindungsüberwachung' }).waitFor({ timeout: WAIT_MS });
    await page.waitForFunction(() => /\d+\s*online von \d+ Geräten/.test(document.querySelector('[data-widget-id="widget:dashboard-widgets/devices-online"]')?.textContent ?? ''), undefined, { timeout: WAIT_MS });
    await snap(page, 'platform-shell-de-dashboard-1920');
    // Device tab labels too: each plugin's, including the router's (its de.json had been empty).
    assert.ok(router, 'the demo fleet has a mobile router');
    await go(page, `/device/${router.id}`);
    // The router's page with its own tab, in whichever language it came.
    await page.waitForFunction(() => [...document.querySelectorAll('c8y-tabs-outlet span[title]')].some((e) => e.getAttribute('title')?.startsWith('adamos')), undefined, { timeout: WAIT_MS });
    const shown = await tabLabels(page);
    for (const label of ['adamos-Verbindung', 'Gerätesteuerung', 'Admin-Info']) assert.ok(shown.includes(label), `tab '${label}' in ${shown.join(', ')}`);
    // A page's title reads as its navigator entry: ours is the platform's German where the platform has the text.
    await go(page, '/software');
    await page.waitForFunction(() => document.querySelector('c8y-title-outlet')?.textContent?.trim() === 'Software Repository', undefined, { timeout: WAIT_MS });
    await waitForEntries(page, ['Software Repository']);
    await context.close();
  });

  it("a dashboard editor adds our widget to the platform's Home dashboard with its config form; it renders with that config, also after a reload", async () => {
    const { context, page } = await openShell(stack, 'admin', '/home');
    await page.locator('[data-cy="c8y-widget-dashboard--edit-widgets"]').click({ timeout: WAIT_MS });
    await page.getByRole('button', { name: /Add widget/i }).first().click();
    await page.getByText('Alarm severity', { exact: true }).first().click();
    // Our config form, mounted by the adapter's host inside the platform's widget dialog.
    await page.getByLabel('View Selection').selectOption({ label: 'Minor' });
    // The platform's select look (its caret, no native arrow), as its own widget forms and our other forms have it.
    assert.equal(await page.getByLabel('View Selection').evaluate((el) => getComputedStyle(el).appearance), 'none', 'View Selection is a native select');
    const save = page.locator('[data-cy="widget-config--save-widget"]');
    await save.click();
    // The dialog's Preview may hold a second card until the dialog has closed.
    await save.waitFor({ state: 'detached', timeout: WAIT_MS });
    const widget = page.getByTestId('widget-alarm-severity');
    await widget.waitFor({ timeout: WAIT_MS });
    assert.equal(await widget.getAttribute('data-view'), 'minor', 'the widget shows the severity chosen in its config form');
    await page.locator('[data-cy="c8y-widgets-dashboard--save"]').click();
    // Kept as the platform keeps dashboards: a c8y_Dashboard child with our component id and config.
    const storedWidgets = async () => {
      const stored = await api<{ managedObjects: Json[] }>(stack, 'GET', `/inventory/managedObjects?fragmentType=${encodeURIComponent('c8y_Dashboard!name!home-dm1')}&pageSize=5`);
      return Object.values(((stored.managedObjects[0]?.c8y_Dashboard as Json | undefined)?.children ?? {}) as Record<string, Json>);
    };
    let children = await storedWidgets();
    for (const until = Date.now() + WAIT_MS; !children.some((c) => c.componentId === 'widget:dashboard-widgets/alarm-severity') && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 250));
      children = await storedWidgets();
    }
    const ours = children.find((c) => c.componentId === 'widget:dashboard-widgets/alarm-severity');
    assert.ok(ours, `the dashboard keeps our widget: ${JSON.stringify(children.map((c) => c.componentId))}`);
    assert.equal((ours.config as { selectedView?: { name?: string } }).selectedView?.name, 'minor');
    await page.reload();
    await page.getByTestId('widget-alarm-severity').waitFor({ timeout: WAIT_MS });
    assert.equal(await page.getByTestId('widget-alarm-severity').getAttribute('data-view'), 'minor');
    await snap(page, 'platform-shell-home-widget');
    await context.close();
  });

  it("deleting a device profile that devices use says how many below spec 8's question, in a dialog above the platform's header; a refused update says the service's reason", async () => {
    const SERVICE = '/service/create-software-ng';
    const restrictions = await api<{ alreadyAssignedGroups: string[] }>(stack, 'GET', `${SERVICE}/deviceProfile/restrictions`);
    const groups = (await api<{ managedObjects: Json[] }>(stack, 'GET', '/inventory/managedObjects?pageSize=2000&query=has(c8y_IsDeviceGroup)')).managedObjects;
    const group = groups.find((g) => !restrictions.alreadyAssignedGroups.map(String).includes(String(g.id)));
    assert.ok(group, 'a device group no profile has');
    const name = 'Platform delete warning';
    const profile = (await api<{ ok: Json }>(stack, 'POST', `${SERVICE}/deviceProfile`, { name, deviceType: 'adamos_NETbox', deviceGroup: String(group.id) })).ok;
    const devices = (await api<{ managedObjects: Json[] }>(stack, 'GET', '/inventory/managedObjects?pageSize=2&type=adamos_NETbox&fragmentType=c8y_IsDevice')).managedObjects;
    for (const d of devices) await api(stack, 'PUT', `/inventory/managedObjects/${String(d.id)}`, { c8y_adamos_service_dto_AppliedDeviceProfile: { profileId: String(profile.id), profileName: name } });

    const { context, page, errors } = await openShell(stack, 'admin', '/device-profiles-v2');
    const row = page.locator(`[data-testid="profile-row"][data-profile-id="${String(profile.id)}"]`);
    await row.waitFor({ timeout: WAIT_MS });
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm delete?' });
    await dialog.waitFor({ timeout: WAIT_MS });
    assert.match(await dialog.innerText(), new RegExp(`Do you really want to remove profile ${name}\\?`));
    assert.equal(await dialog.getByTestId('delete-devices-using').innerText(), `${devices.length} devices use this profile.`);
    // Above the platform's header: what is at the dialog's top edge is the dialog.
    const box = (await dialog.locator('.modal-content').boundingBox())!;
    assert.ok(box.y >= 0, `the dialog starts on the screen (top ${box.y})`);
    assert.ok(await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('dialog'), [box.x + box.width / 2, box.y + 4]), 'the dialog is not under the header');
    await snap(page, 'platform-shell-profile-delete-warning');
    await dialog.getByTestId('confirm-cancel').click();
    await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });

    // Software removed from the repository while the selection dialog offered it: the service
    // refuses the update (422 choiceDeleted), the page names the deleted software and opens the
    // dialog again on the list read anew.
    await go(page, `/device-profiles-v2/${String(profile.id)}`);
    await page.getByTestId('add-software').click({ timeout: WAIT_MS });
    const selection = page.getByTestId('software-selection-dialog');
    await selection.getByTestId('software-name').first().click({ timeout: WAIT_MS });
    const version = selection.locator('label.c8y-radio:has(input:not([disabled]))').first();
    await version.click();
    const offered = await version.getAttribute('title');
    const repository = (await api<{ softwarePackageList: Json[] }>(stack, 'GET', `${SERVICE}/softwarePackage?deviceType=adamos_NETbox`)).softwarePackageList;
    const pkg = repository.find((p) => `${String(p.name)} ${String(p.version)}` === offered);
    assert.ok(pkg, `the offered package ${offered} is in the repository`);
    await api(stack, 'DELETE', `${SERVICE}/softwarePackage?inventoryId=${String(pkg.id)}`);
    await page.getByTestId('software-selection-save').click();
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to update device profile' });
    await alert.waitFor({ timeout: WAIT_MS });
    assert.equal((await alert.innerText()).replace('×', '').trim(), 'Failed to update device profile', "the spec's message alone: the dialog says which software is gone");
    const notice = selection.getByTestId('software-selection-notice');
    await notice.waitFor({ timeout: WAIT_MS });
    assert.equal(await notice.innerText(), `${offered} is no longer in the software repository: another user deleted it. Nothing was saved. The list below is read again: choose and save again.`);
    await snap(page, 'platform-shell-profile-update-refused');
    assert.deepEqual(errors, [], 'no uncaught page error, no 5xx, no 404 the platform would not answer');
    await context.close();
    await api(stack, 'DELETE', `${SERVICE}/deviceProfile/${String(profile.id)}`);
  });

  it('React and its libraries are fetched once for six plugins; a missing remote leaves the others working', async () => {
    const before = await platformApp(stack);
    await setConfig(stack, { remotes: { ...before.config?.remotes, 'missing-plugin@1.0.0': ['MissingPluginProviders'] } });
    try {
      const { context, page, scripts } = await openShell(stack, 'viewer');
      await waitForEntries(page, OUR_ENTRIES);
      await go(page, '/deviceOperationsDashboard');
      await page.getByTestId('platform-dashboard').getByTestId('dashboard-widget').first().waitFor({ timeout: WAIT_MS });
      await go(page, '/views/iotconnector');
      await page.locator('[data-testid="device-grid"] .ag-row').first().waitFor({ timeout: WAIT_MS });
      // The platform asks for /apps/<key verbatim>/remoteEntry.js, the version included.
      assert.ok(scripts.some((u) => /\/apps\/missing-plugin@1\.0\.0\/remoteEntry\.js/.test(u)), `the shell tried the missing remote: ${scripts.filter((u) => u.includes('remoteEntry')).join(' ')}`);
      const ours = scripts.filter((u) => PLUGINS.some((p) => new URL(u).pathname.startsWith(`/apps/${p}`)));
      for (const p of PLUGINS) assert.ok(ours.some((u) => new URL(u).pathname.startsWith(`/apps/${p}`)), `${p}'s remote entry loaded`);
      const bodies = await Promise.all([...new Set(ours)].map(async (u) => ({ u, body: await (await fetch(u)).text() })));
      const folders = (is: (body: string) => boolean) => new Set(bodies.filter((b) => is(b.body)).map((b) => new URL(b.u).pathname.split('/')[2]!.split('@')[0]));
      const reactDom = (body: string) => body.includes('__REACT_DEVTOOLS_GLOBAL_HOOK__');
      // React itself (not its small jsx-runtime, a shared module of its own): defines the hooks, no devtools hook.
      const react = (body: string) => body.includes('react.transitional.element') && body.includes('useSyncExternalStore') && !reactDom(body);
      assert.equal(folders(reactDom).size, 1, 'react-dom came from one plugin only');
      assert.equal(folders(react).size, 1, 'react came from one plugin only');
      await context.close();
    } finally {
      await setConfig(stack, { remotes: before.config?.remotes ?? {} });
    }
  });

  it("a tenant admin's choice in config.excludedRemotes hides a plugin's entries after a reload, and enabling it again shows them", async () => {
    const before = await platformApp(stack);
    const key = Object.keys(before.config?.remotes ?? {}).find((k) => k.startsWith('software-repository@'));
    assert.ok(key, 'software-repository is enabled for the application');
    await setConfig(stack, { excludedRemotes: { ...before.config?.excludedRemotes, [key]: before.config!.remotes![key]! } });
    try {
      const { context, page } = await openShell(stack, 'operator');
      await waitForEntries(page, ['Device Profiles', 'IoTconnectors']);
      const titles = await navigatorTitles(page);
      assert.ok(!titles.includes('Software repository') && !titles.includes('Software Rollouts'), `hidden: ${titles.join(' | ')}`);
      await setConfig(stack, { excludedRemotes: before.config?.excludedRemotes ?? {} });
      await page.reload();
      await waitForEntries(page, ['Software repository', 'Software Rollouts']);
      await context.close();
    } finally {
      await setConfig(stack, { excludedRemotes: before.config?.excludedRemotes ?? {} });
    }
  });

  it('works on a host name that is not localhost (no login loop)', async () => {
    const port = new URL(stack.url).port;
    const browser = await launchBrowser(['--host-resolver-rules=MAP tenant.example.test 127.0.0.1']);
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const { page } = await openShell(stack, 'admin', '/views/iotconnector', `http://tenant.example.test:${port}`, context);
      await page.locator('[data-testid="device-grid"] .ag-row').first().waitFor({ timeout: WAIT_MS });
      assert.match(page.url(), /^http:\/\/tenant\.example\.test:\d+\/apps\/devicemanagement\//);
    } finally {
      await browser.close();
    }
  });
});
