/**
 * Browser tests of the dev shell: login, navigator, device tabs, plugin enabling, a missing
 * remote and a contribution that throws. Needs a build (`npm run build`) and Debian's chromium.
 * SHELL_E2E_APPS points at another build output (default dist/apps).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { buildNavigatorTree, type NavigatorNode } from '../shared/plugin-api/navigator';
import { validatePlugin } from '../shared/plugin-api/validate';
import type { Device, DeviceTabContribution, NavigatorNodeContribution, PlatformContext, Registered } from '../shared/plugin-api/types';
import { orderContributions } from '../shared/plugin-api/ordering';
import { STANDARD_DEVICE_TABS } from '../shell-dev/app/pages/device-tabs-standard';
import manifest from '../manifest.json';
import { DEMO, ROOT, loginAs, snap, startStack, type DemoUser, type Stack } from './harness';
import { chooseLanguage } from './screens';

const APPS = process.env.SHELL_E2E_APPS ?? path.join(ROOT, 'dist', 'apps');
const WAIT_MS = 20_000;
const PLUGIN_IDS = manifest.exports.map((e) => e.id);

/** Every plugin's registered contributions, read from the sources the build was made from. */
async function registeredContributions(): Promise<Registered[]> {
  // plugin.ts files import assets the way webpack resolves them; in Node an asset is its file name.
  const extensions = createRequire(__filename).extensions as unknown as Record<string, (m: { exports: unknown }, file: string) => void>;
  for (const ext of ['.svg', '.png', '.jpg', '.css']) extensions[ext] ??= (m, file) => (m.exports = file);
  const all: Registered[] = [];
  for (const id of PLUGIN_IDS) {
    const mod = (await import(path.join(ROOT, 'plugins', id, 'plugin.ts'))) as { default: unknown };
    const def = (mod.default as { default?: unknown }).default ?? mod.default;
    all.push(...validatePlugin(id, def).accepted);
  }
  return all;
}

function context(over: Partial<PlatformContext>): PlatformContext {
  return {
    user: { id: 'admin', userName: 'admin', effectiveRoles: [] },
    tenant: { name: DEMO.tenant },
    language: 'en',
    path: '/',
    query: {},
    params: {},
    navigate: () => undefined,
    ...over,
  };
}

const flatten = (nodes: NavigatorNode[]): string[] => nodes.flatMap((n) => [n.id, ...flatten(n.children)]);

/** Waits until every planned plugin has settled (the navigator's loading line is gone). */
async function pluginsSettled(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="navigator"]', { timeout: WAIT_MS });
  await page.waitForSelector('[data-testid="navigator-loading"]', { state: 'detached', timeout: WAIT_MS });
}

async function navigatorIds(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="navigator"] [data-testid="navigator-node"]', (els) => els.map((e) => e.getAttribute('data-node-id') ?? ''));
}

async function deviceTabPaths(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="device-tab"]', (els) => els.map((e) => e.getAttribute('data-tab') ?? ''));
}

async function go(page: Page, stack: Stack, hash: string, search = ''): Promise<void> {
  await page.goto(`${stack.url}/apps/shell/${search}#${hash}`);
  await pluginsSettled(page);
  // The shell's own pages (plugins, device, dashboards) load their code when first shown.
  await page.waitForSelector('[data-testid="page-loading"]', { state: 'detached', timeout: WAIT_MS });
}

interface DemoDevices {
  plain: Device;
  withUrlChecks: Device;
  router: Device;
}

const ROUTER_OPERATIONS = ['Restart', 'StartMonitoring', 'UpdateFirmware', 'UpdateProfile'].map((o) => `adamos_MobileRouter_${o}`);

async function findDemoDevices(page: Page): Promise<DemoDevices> {
  const devices = await page.evaluate(async () => {
    const res = await fetch('/inventory/managedObjects?fragmentType=c8y_IsDevice&pageSize=2000', { headers: { Accept: 'application/json' } });
    return ((await res.json()) as { managedObjects: Device[] }).managedObjects;
  });
  const hasUrl = (d: Device) => ((d.adamos_IoTconnector_URLChecks as { results?: unknown[] } | undefined)?.results?.length ?? 0) > 0;
  const isRouter = (d: Device) => ((d.c8y_SupportedOperations as string[] | undefined) ?? []).some((o) => ROUTER_OPERATIONS.includes(o));
  const plain = devices.find((d) => !hasUrl(d) && !isRouter(d));
  const withUrlChecks = devices.find((d) => hasUrl(d) && !isRouter(d));
  const router = devices.find((d) => isRouter(d) && !hasUrl(d));
  assert.ok(plain && withUrlChecks && router, 'the demo fleet has plain, URL-check and router devices');
  return { plain, withUrlChecks, router };
}

async function newPage(stack: Stack, init?: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await stack.browser.newContext({ viewport: { width: 1400, height: 900 } });
  if (init) await ctx.addInitScript(init);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context: ctx, page, errors };
}

async function login(stack: Stack, user: DemoUser, init?: string) {
  const opened = await newPage(stack, init);
  const { page } = opened;
  await page.goto(`${stack.url}/apps/shell/`);
  await page.getByLabel('Tenant').fill(DEMO.tenant);
  await page.getByLabel('User').fill(user);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await pluginsSettled(page);
  return opened;
}

describe('dev shell', () => {
  let stack: Stack;
  let contributions: Registered[];

  before(async () => {
    stack = await startStack({ staticDir: APPS });
    contributions = await registeredContributions();
  });
  after(async () => {
    await stack?.close();
  });

  test('login page: a wrong password is refused with a message, the right one logs in', async () => {
    const { context: ctx, page } = await newPage(stack);
    await page.goto(`${stack.url}/apps/shell/`);
    await page.getByLabel('Tenant').fill(DEMO.tenant);
    await page.getByLabel('User').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await snap(page, 'shell-login');
    await page.getByRole('button', { name: 'Log in' }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor({ timeout: WAIT_MS });
    assert.equal(await error.innerText(), 'Wrong tenant, user name or password.');
    // Log in was disabled while it ran: focus is not left on the page but on the password, kept.
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'login-password', 'focus on the password after the refusal');
    assert.equal(await page.getByLabel('Password').inputValue(), 'not-the-password');
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await pluginsSettled(page);
    assert.equal(new URL(page.url()).hash, '#/views/iotconnector', 'an empty hash goes to the IoTconnector list');
    await ctx.close();
  });

  test('the harness login works and the navigator shows every plugin’s nodes in priority order', async () => {
    const { context: ctx, page } = await loginAs(stack, 'admin');
    await pluginsSettled(page);
    const nodes = orderContributions(contributions.filter((c): c is Registered<NavigatorNodeContribution> => c.kind === 'navigator-node'));
    const shellNodes = ['navigator-node:shell/administration', 'navigator-node:shell/plugins'];
    const expected = flatten(buildNavigatorTree(nodes, context({ path: '/views/iotconnector' })));
    const shown = await navigatorIds(page);
    assert.deepEqual(
      shown.filter((id) => !shellNodes.includes(id)),
      expected,
      'navigator ids in the order the ordering rules give',
    );
    assert.deepEqual(shown.slice(-2), shellNodes, 'Administration > Plugins comes last');
    for (const id of PLUGIN_IDS) {
      const own = nodes.filter((n) => n.pluginId === id).map((n) => n.id);
      const inTree = own.filter((n) => expected.includes(n));
      for (const n of inTree) assert.ok(shown.includes(n), `${id}: ${n} shown`);
    }
    const active = await page.$$eval('[data-testid="navigator"] .link.active', (els) => els.map((e) => e.getAttribute('data-node-id')));
    assert.deepEqual(active, ['navigator-node:device-operations/iotconnectors']);
    await snap(page, 'shell-device-list');

    // Nodes that load their children from the server (Groups) expand on demand.
    const groups = page.locator('[data-testid="navigator-node"][data-node-id="navigator-node:device-operations/groups"]');
    await groups.locator('button').first().click();
    await groups.locator('xpath=..').locator('.children [data-testid="navigator-node"]').first().waitFor({ timeout: WAIT_MS });
    await ctx.close();
  });

  test('device tabs: in priority order, conditional tabs only where they apply, guard refuses bad ids', async () => {
    const { context: ctx, page, errors } = await login(stack, 'operator');
    const devices = await findDemoDevices(page);
    // The plugins' tabs and the dev shell's imitations of the platform's Identity, Logs and Control.
    const tabs = [...contributions.filter((c): c is Registered<DeviceTabContribution> => c.kind === 'device-tab'), ...STANDARD_DEVICE_TABS];
    const expectedFor = (device: Device) =>
      orderContributions(tabs.filter((t) => !t.filter || t.filter(device, context({ path: `/device/${device.id}` })))).map((t) => t.path);

    for (const [name, device] of Object.entries(devices) as [keyof DemoDevices, Device][]) {
      await go(page, stack, `/device/${device.id}`);
      const expected = expectedFor(device);
      await page.waitForFunction((first) => location.hash.endsWith(`/${first}`), expected[0], { timeout: WAIT_MS });
      assert.deepEqual(await deviceTabPaths(page), expected, `${name}: tabs in priority order`);
      const shown = await deviceTabPaths(page);
      assert.equal(shown.includes('connection-checks'), name === 'withUrlChecks', `${name}: Connection Results`);
      assert.equal(shown.includes('adamos-connection'), name === 'router', `${name}: adamos Connection`);
      assert.equal(await page.getByTestId('page-title').innerText(), device.name);
    }

    await go(page, stack, `/device/${devices.plain.id}/device-info`);
    await page.waitForFunction((id) => location.hash === `#/device/${id}/info`, devices.plain.id, { timeout: WAIT_MS });

    await go(page, stack, `/device/${devices.plain.id}/info`);
    await page.evaluate(() => (location.hash = '#/device/12abc'));
    await page.getByTestId('shell-alert').waitFor({ timeout: WAIT_MS });
    assert.match(await page.getByTestId('shell-alert').innerText(), /Navigation refused: Device id '12abc' is not numeric\./);
    assert.equal(new URL(page.url()).hash, `#/device/${devices.plain.id}/info`, 'stays where it was');

    await page.evaluate(() => (location.hash = '#/device/999999999'));
    await page.getByTestId('shell-alert').filter({ hasText: '999999999' }).waitFor({ timeout: WAIT_MS });
    assert.match(await page.getByTestId('shell-alert').innerText(), /^×?\s*Navigation refused: .*999999999/);
    assert.equal(new URL(page.url()).hash, `#/device/${devices.plain.id}/info`, 'a device the inventory does not have: refused too');
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test('a contribution that throws shows its error boundary and nothing else breaks', async () => {
    const faults = { throwIn: ['device-tab:device-operations/info', 'route:device-operations/device-list'] };
    const { context: ctx, page, errors } = await login(stack, 'admin', `window.__SHELL_TEST_FAULTS__ = ${JSON.stringify(faults)};`);
    const boundary = page.getByTestId('content').getByTestId('contribution-error');
    await boundary.waitFor({ timeout: WAIT_MS });
    assert.match(await boundary.innerText(), /device-operations.*route:device-operations\/device-list/);
    assert.ok((await navigatorIds(page)).length > 5, 'navigator intact');

    const { plain } = await findDemoDevices(page);
    await go(page, stack, `/device/${plain.id}/info`);
    await boundary.waitFor({ timeout: WAIT_MS });
    assert.match(await boundary.innerText(), /device-tab:device-operations\/info/);
    assert.ok((await deviceTabPaths(page)).length > 3, 'tab bar intact');

    await page.locator('[data-testid="device-tab"][data-tab="software"]').click();
    await page.getByTestId('content').locator('[data-contribution="device-tab:device-operations/software"]').waitFor({ timeout: WAIT_MS });
    await page.waitForFunction(() => !document.querySelector('[data-testid="content"] [data-testid="contribution-loading"]'), undefined, { timeout: WAIT_MS });
    assert.equal(await boundary.count(), 0, 'the next tab renders normally');
    await page.locator('[data-node-id="navigator-node:shell/administration"] button').first().click();
    await page.locator('[data-node-id="navigator-node:shell/plugins"] a').click();
    await page.getByTestId('plugins-page').waitFor({ timeout: WAIT_MS });
    assert.deepEqual(errors, [], 'no uncaught page error');
    await ctx.close();
  });

  test('react, react-dom, react-query and i18next are fetched once, from the shell, with several plugins on screen', async () => {
    const opened = await newPage(stack);
    const { page } = opened;
    const scripts: { url: string; body: Promise<string> }[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('.js')) scripts.push({ url: res.url(), body: res.text().catch(() => '') });
    });
    await page.goto(`${stack.url}/apps/shell/`);
    await page.getByLabel('Tenant').fill(DEMO.tenant);
    await page.getByLabel('User').fill('admin');
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await pluginsSettled(page);
    const devices = await findDemoDevices(page);
    // Parcels of four plugins: a device list, the dashboard, the router tab and the URL-check tab.
    const mounted = ['route:device-operations/device-list'];
    await page.locator(`[data-contribution="${mounted[0]}"]`).waitFor({ timeout: WAIT_MS });
    for (const [hash, contribution] of [
      ['/deviceOperationsDashboard', null],
      [`/device/${devices.router.id}/adamos-connection`, 'device-tab:mobile-router/connection'],
      [`/device/${devices.withUrlChecks.id}/connection-checks`, 'device-tab:connection-checks/connection-results'],
    ] as const) {
      await go(page, stack, hash);
      if (contribution) await page.locator(`[data-contribution="${contribution}"]`).waitFor({ timeout: WAIT_MS });
      else await page.getByTestId('dashboard').waitFor({ timeout: WAIT_MS });
    }
    await page.waitForLoadState('networkidle');

    const urls = scripts.map((x) => new URL(x.url).pathname);
    assert.deepEqual(urls.filter((u, i) => urls.indexOf(u) !== i), [], 'no script fetched twice');
    const bodies = await Promise.all(scripts.map(async (x) => ({ path: new URL(x.url).pathname, body: await x.body })));
    const markers: Record<string, string> = {
      'react/react-dom': '"19.3.1"',
      '@tanstack/react-query': 'No QueryClient set',
      i18next: 'i18next is already initialized',
    };
    for (const [lib, marker] of Object.entries(markers)) {
      const holders = bodies.filter((b) => b.body.includes(marker) && !b.path.endsWith('/remoteEntry.js')).map((b) => b.path);
      assert.ok(holders.length > 0, `${lib} was fetched`);
      assert.deepEqual(holders.filter((h) => !h.startsWith('/apps/shell/')), [], `${lib} only from the shell`);
      if (lib !== 'react/react-dom') assert.equal(holders.length, 1, `${lib} fetched once`);
    }
    const used = await page.evaluate(() => {
      const share = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean; useIn?: string[] }>>>> } }).__FEDERATION__.__SHARE__;
      const out: Record<string, string[]> = {};
      for (const scopes of Object.values(share)) {
        for (const [pkg, versions] of Object.entries(scopes.default ?? {})) {
          for (const [version, entry] of Object.entries(versions)) if (entry.loaded) out[pkg] = [...(out[pkg] ?? []), `${entry.from}@${version}`];
        }
      }
      return out;
    });
    for (const pkg of ['react', 'react-dom', '@tanstack/react-query', 'i18next']) {
      assert.deepEqual([...new Set(used[pkg])], [`shell@${used[pkg]?.[0]?.split('@').pop()}`], `${pkg}: one loaded copy, the shell's`);
    }
    await opened.context.close();
  });

  test('index.html preloads the fonts the first screen draws with, each fetched once', async () => {
    const { context: ctx, page } = await login(stack, 'operator');
    await go(page, stack, '/views/iotconnector');
    await page.locator('[data-testid="device-grid"] .ag-row').first().waitFor({ timeout: WAIT_MS });
    const preloads = await page.$$eval('link[rel="preload"][as="font"]', (links) => links.map((l) => (l as HTMLLinkElement).href));
    assert.equal(preloads.length, 4, 'three Public Sans weights and the icon font');
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    // A preload whose URL differs from the stylesheet's (e.g. its query string) downloads twice.
    for (const href of preloads) assert.equal(fetched.filter((u) => u === href).length, 1, `${href} fetched once`);
    for (const font of fetched.filter((u) => /\.(woff2?|ttf)(\?|$)/.test(u))) assert.ok(preloads.includes(font), `${font} fetched without its preload`);
    const used = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family.replace(/"/g, '')} ${f.weight}`);
    });
    for (const font of ['Public Sans 400', 'Public Sans 600', 'Public Sans 700']) assert.ok(used.includes(font), `${font} in use: ${used.join(', ')}`);
    assert.ok(used.some((f) => f.startsWith('dlt-c8y-icons')), `the icon font in use: ${used.join(', ')}`);
    await ctx.close();
  });

  test('the remote entry preloads the chunks of the route on screen; its start and AG Grid chunks carry the compile hint', async () => {
    const base = `${stack.url}/apps/device-operations/`;
    const entry = await (await fetch(`${base}remoteEntry.js`)).text();
    // F = every file the snippet may preload; the dev shell (whose runtime is __FEDERATION__) preloads its expose's.
    const table = JSON.parse(/F=(\[[^\]]*\])/.exec(entry)?.[1] ?? '[]') as string[];
    const devIndices = JSON.parse(/window\.__FEDERATION__\?(\[[\d,]*\])/.exec(entry)?.[1] ?? '[]') as number[];
    const start = table[devIndices[0] ?? -1];
    assert.ok(start?.startsWith('start.'), `the remote entry preloads its start chunk for the dev shell (${start})`);
    const hint = '//# allFunctionsCalledOnLoad\n';
    assert.ok((await (await fetch(base + start)).text()).startsWith(hint), `${start} starts with the hint`);
    assert.ok(!entry.startsWith(hint), 'the remote entry has no hint');
    const { page, context: ctx } = await login(stack, 'operator');
    await go(page, stack, '/views/iotconnector');
    await page.locator('[data-testid="device-grid"] .ag-row').first().waitFor({ timeout: WAIT_MS });
    const scripts = (await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))).filter((u) => u.startsWith(base) && u.endsWith('.js'));
    const bodies = await Promise.all(scripts.map(async (u) => ({ u, body: await (await fetch(u)).text() })));
    const hinted = bodies.filter((b) => b.body.startsWith(hint));
    assert.ok(hinted.some((b) => b.body.includes('ag-grid') || b.body.includes('AG Grid')), 'the AG Grid chunk is hinted');
    assert.ok(hinted.length < bodies.length, 'not every chunk is hinted');
    // The remote entry named every chunk of the route on screen (preloads), not only its start chunk.
    const preloaded = await page.$$eval('link[rel="preload"][as="script"]', (links) => links.map((l) => (l as HTMLLinkElement).href));
    for (const u of scripts.filter((x) => !x.endsWith('/remoteEntry.js'))) assert.ok(preloaded.includes(u), `${u} preloaded by the remote entry`);
    await ctx.close();
  });

  test('language switch re-renders shell and contributions and is kept per user', async () => {
    const { context: ctx, page } = await login(stack, 'viewer');
    // Kept per user: stored on the user before the reload below.
    await chooseLanguage(page, 'Deutsch');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).waitFor({ timeout: WAIT_MS });
    await page.reload();
    await pluginsSettled(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).waitFor({ timeout: WAIT_MS });
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    // The chosen item hides with the menu: focus goes back to the menu button.
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor({ state: 'hidden', timeout: WAIT_MS });
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid), 'user-menu', 'focus back on the user menu');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByTestId('login-page').waitFor({ timeout: WAIT_MS });
    await ctx.close();
  });

  test('URL options ?noPlugins and ?remotes= narrow what is loaded', async () => {
    const { context: ctx, page } = await login(stack, 'admin');
    await go(page, stack, '/plugins', '?noPlugins');
    assert.deepEqual(await navigatorIds(page), ['navigator-node:shell/administration', 'navigator-node:shell/plugins']);
    const statuses = () => page.$$eval('[data-testid="plugin-row"]', (rows) => rows.map((r) => `${r.getAttribute('data-plugin')}=${r.getAttribute('data-status')}`));
    assert.deepEqual(await statuses(), PLUGIN_IDS.map((id) => `${id}=disabled`));
    await go(page, stack, '/plugins', '?remotes=device-operations');
    assert.deepEqual(await statuses(), PLUGIN_IDS.map((id) => `${id}=${id === 'device-operations' ? 'loaded' : 'disabled'}`));
    await ctx.close();
  });

  test('an admin disables a plugin; after reload an operator no longer sees its contributions', async () => {
    const disabled = 'software-repository';
    const ownNodes = contributions.filter((c) => c.pluginId === disabled && c.kind === 'navigator-node').map((c) => c.id);
    assert.ok(ownNodes.length > 0, `${disabled} contributes navigator nodes`);

    const operator = await login(stack, 'operator');
    const before = await navigatorIds(operator.page);
    for (const n of ownNodes) assert.ok(before.includes(n), `${n} shown before`);

    const admin = await login(stack, 'admin');
    await go(admin.page, stack, '/plugins');
    const row = admin.page.locator(`[data-testid="plugin-row"][data-plugin="${disabled}"]`);
    await row.locator('label.c8y-switch').click();
    await admin.page.getByTestId('plugins-message').waitFor({ timeout: WAIT_MS });
    assert.match(await admin.page.getByTestId('plugins-message').innerText(), /disabled for every user/);
    await snap(admin.page, 'shell-plugins');

    await operator.page.reload();
    await pluginsSettled(operator.page);
    const afterIds = await navigatorIds(operator.page);
    for (const n of ownNodes) assert.ok(!afterIds.includes(n), `${n} gone for the operator`);
    await go(operator.page, stack, '/plugins');
    const opRow = operator.page.locator(`[data-testid="plugin-row"][data-plugin="${disabled}"]`);
    assert.equal(await opRow.getAttribute('data-status'), 'disabled');
    assert.equal(await operator.page.getByTestId('plugins-read-only').count(), 1);
    assert.ok(await opRow.getByTestId('plugin-switch').isDisabled(), 'read-only for non-admins');
    const status = await operator.page.evaluate(async () => {
      const xsrf = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '';
      const apps = (await (await fetch('/application/applications?pageSize=2000')).json()) as { applications: { id: string; contextPath?: string }[] };
      const shell = apps.applications.find((a) => a.contextPath === 'shell');
      const res = await fetch(`/application/applications/${shell?.id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
        body: JSON.stringify({ config: { remotes: {}, excludedRemotes: {} } }),
      });
      return res.status;
    });
    assert.equal(status, 403, 'the server refuses a non-admin');

    await admin.page.reload();
    await pluginsSettled(admin.page);
    await admin.page.locator(`[data-testid="plugin-row"][data-plugin="${disabled}"] label.c8y-switch`).click();
    await admin.page.getByTestId('plugins-message').waitFor({ timeout: WAIT_MS });
    await operator.context.close();
    await admin.context.close();
  });
});

describe('dev shell with one remote missing', () => {
  const missing = 'device-profiles';
  let stack: Stack;
  let dir: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-apps-'));
    fs.cpSync(APPS, dir, { recursive: true });
    fs.rmSync(path.join(dir, missing, 'remoteEntry.js'));
    stack = await startStack({ staticDir: dir });
  });
  after(async () => {
    await stack?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the shell and the other five work and the plugins page names the failure', async () => {
    const { context: ctx, page, errors } = await login(stack, 'admin');
    const ids = await navigatorIds(page);
    assert.ok(!ids.some((id) => id.includes(`:${missing}/`)), 'nothing of the missing plugin');
    assert.ok(ids.includes('navigator-node:device-operations/iotconnectors'));
    assert.ok(ids.includes('navigator-node:dashboard-widgets/operations-dashboard'));
    await page.getByTestId('content').locator('[data-contribution="route:device-operations/device-list"]').waitFor({ timeout: WAIT_MS });

    await go(page, stack, '/plugins');
    const statuses = await page.$$eval('[data-testid="plugin-row"]', (rows) => rows.map((r) => `${r.getAttribute('data-plugin')}=${r.getAttribute('data-status')}`));
    assert.deepEqual(statuses, PLUGIN_IDS.map((id) => `${id}=${id === missing ? 'failed' : 'loaded'}`));
    const failure = page.locator(`[data-testid="plugin-row"][data-plugin="${missing}"] [data-testid="plugin-failure"]`);
    const reason = await failure.innerText();
    assert.match(reason, new RegExp(missing));
    // The reason quotes an address: at 1280 px it wraps inside its column instead of widening it.
    await page.setViewportSize({ width: 1280, height: 900 });
    const width = await failure.evaluate((el) => el.getBoundingClientRect().width);
    assert.ok(width <= 320, `the failure's reason is ${width} px wide`);
    await snap(page, 'shell-plugins-failed');
    assert.deepEqual(errors, [], 'no uncaught page error');
    await ctx.close();
  });
});
