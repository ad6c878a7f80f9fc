/**
 * Fault isolation per plugin, in the browser (issue 11): for each of the six plugins, its remote
 * entry missing, its registration throwing or malformed, and one of its components throwing while
 * rendering. Every other plugin keeps working and the plugins page names the fault.
 *
 * One stand-in serves a copy of dist/apps for the whole file: the static handler reads files per
 * request and never caches remoteEntry.js, so each case swaps one file and opens a fresh page.
 * Needs a build (`npm run build`) and Debian's chromium.
 */
import { containerGlobalName } from '../shared/plugin-api/container-name';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { Device } from '../shared/plugin-api/types';
import manifest from '../manifest.json';
import { DEMO, ROOT, snap, startStack, type Stack } from './harness';

const APPS = process.env.SHELL_E2E_APPS ?? path.join(ROOT, 'dist', 'apps');
const WAIT_MS = 20_000;
const DEVICES = 80;
const PLUGIN_IDS = manifest.exports.map((e) => e.id);

type DeviceKind = 'router' | 'withUrlChecks';

interface Screen {
  /** The contribution that shows at `hash` (made to throw in the render case). */
  contribution: string;
  hash: (devices: Record<DeviceKind, Device>) => string;
}

/** One screen of each plugin: the one made to throw, and the one other plugins' cases check. */
const SCREENS: Record<string, Screen> = {
  'device-operations': { contribution: 'route:device-operations/device-list', hash: () => '/views/iotconnector' },
  'dashboard-widgets': {
    contribution: 'route:dashboard-widgets/devices-from-dashboard',
    hash: () => '/devicesFromDashboard?view=totalDevices&operationsdashboarddetails=true',
  },
  'software-repository': { contribution: 'route:software-repository/software', hash: () => '/software' },
  'device-profiles': { contribution: 'route:device-profiles/list', hash: () => '/device-profiles-v2' },
  'mobile-router': { contribution: 'device-tab:mobile-router/connection', hash: (d) => `/device/${d.router.id}/adamos-connection` },
  'connection-checks': {
    contribution: 'device-tab:connection-checks/connection-results',
    hash: (d) => `/device/${d.withUrlChecks.id}/connection-checks`,
  },
};

/** Navigator nodes that must stay while another plugin is faulty (plugins without nodes have none). */
const NODES: Record<string, string[]> = {
  'device-operations': ['navigator-node:device-operations/iotconnectors', 'navigator-node:device-operations/alarms'],
  'dashboard-widgets': ['navigator-node:dashboard-widgets/operations-dashboard'],
  'software-repository': ['navigator-node:software-repository/software', 'navigator-node:software-repository/software-rollouts'],
  'device-profiles': ['navigator-node:device-profiles/device-profiles'],
  'mobile-router': [],
  'connection-checks': [],
};

/** A remote entry whose exposed plugin module throws while it is evaluated (registration). */
const throwingEntry = (id: string) => `window[${JSON.stringify(containerGlobalName(id))}] = {
  init: function () {},
  get: function () {
    return Promise.resolve(function () { throw new Error('Test fault: registration of ${id} throws'); });
  },
};`;

/** A remote entry whose plugin module's default export is not a plugin definition. */
const malformedEntry = (id: string) => `window[${JSON.stringify(containerGlobalName(id))}] = {
  init: function () {},
  get: function () {
    return Promise.resolve(function () {
      return { default: { id: ${JSON.stringify(id)}, contributions: [{ kind: 'route', id: 42 }, { kind: 'no-such-kind' }] } };
    });
  },
};`;

const ROUTER_OPERATIONS = ['Restart', 'StartMonitoring', 'UpdateFirmware', 'UpdateProfile'].map((o) => `adamos_MobileRouter_${o}`);

describe('fault isolation per plugin', () => {
  let stack: Stack;
  let dir: string;
  let ctx: BrowserContext;
  let devices: Record<DeviceKind, Device>;
  const originals = new Map<string, Buffer>();
  const entryOf = (id: string) => path.join(dir, id, 'remoteEntry.js');

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fault-apps-'));
    fs.cpSync(APPS, dir, { recursive: true });
    for (const id of PLUGIN_IDS) originals.set(id, fs.readFileSync(entryOf(id)));
    stack = await startStack({ staticDir: dir, devices: DEVICES });
    ctx = await stack.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${stack.url}/apps/shell/`);
    await page.getByLabel('Tenant').fill(DEMO.tenant);
    await page.getByLabel('User').fill('admin');
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await settled(page);
    const all = await page.evaluate(async () => {
      const res = await fetch('/inventory/managedObjects?fragmentType=c8y_IsDevice&pageSize=2000', { headers: { Accept: 'application/json' } });
      return ((await res.json()) as { managedObjects: Device[] }).managedObjects;
    });
    const hasUrl = (d: Device) => ((d.adamos_IoTconnector_URLChecks as { results?: unknown[] } | undefined)?.results?.length ?? 0) > 0;
    const isRouter = (d: Device) => ((d.c8y_SupportedOperations as string[] | undefined) ?? []).some((o) => ROUTER_OPERATIONS.includes(o));
    const router = all.find(isRouter);
    const withUrlChecks = all.find(hasUrl);
    assert.ok(router && withUrlChecks, 'the demo fleet has a router and a device with URL checks');
    devices = { router, withUrlChecks };
    await page.close();
  });

  after(async () => {
    await ctx?.close().catch((e) => console.error('closing the browser context failed:', e));
    await stack?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function settled(page: Page): Promise<void> {
    await page.waitForSelector('[data-testid="navigator"]', { timeout: WAIT_MS });
    await page.waitForSelector('[data-testid="navigator-loading"]', { state: 'detached', timeout: WAIT_MS });
  }

  async function open(hash: string, init?: string): Promise<{ page: Page; errors: string[] }> {
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    if (init) await page.addInitScript(init);
    await page.goto(`${stack.url}/apps/shell/#${hash}`);
    await settled(page);
    return { page, errors };
  }

  async function goTo(page: Page, hash: string): Promise<void> {
    await page.evaluate((h) => (location.hash = h), hash);
    await settled(page);
  }

  /** The screen's contribution mounts and finishes loading without an error box. */
  async function rendersCleanly(page: Page, pluginId: string): Promise<void> {
    const screen = SCREENS[pluginId];
    await goTo(page, screen.hash(devices));
    const host = page.getByTestId('content').locator(`[data-contribution="${screen.contribution}"]`);
    await host.waitFor({ timeout: WAIT_MS });
    await page.waitForFunction(
      (id) => {
        const el = document.querySelector(`[data-testid="content"] [data-contribution="${id}"]`);
        return !!el && !el.querySelector('[data-testid="contribution-loading"]') && el.textContent!.trim().length > 0;
      },
      screen.contribution,
      { timeout: WAIT_MS },
    );
    assert.equal(await host.getByTestId('contribution-error').count(), 0, `${screen.contribution} renders without an error`);
  }

  async function statuses(page: Page): Promise<Record<string, string>> {
    await goTo(page, '/plugins');
    await page.getByTestId('plugins-page').waitFor({ timeout: WAIT_MS });
    const rows = await page.$$eval('[data-testid="plugin-row"]', (els) => els.map((r) => [r.getAttribute('data-plugin') ?? '', r.getAttribute('data-status') ?? '']));
    return Object.fromEntries(rows);
  }

  /** What every case checks: the others' nodes are shown, a page of another plugin renders. */
  async function othersWork(page: Page, faulty: string): Promise<void> {
    const shown = await page.$$eval('[data-testid="navigator"] [data-testid="navigator-node"]', (els) => els.map((e) => e.getAttribute('data-node-id') ?? ''));
    for (const other of PLUGIN_IDS.filter((p) => p !== faulty)) {
      for (const node of NODES[other]) assert.ok(shown.includes(node), `${faulty} faulty: ${node} still shown`);
    }
    // Two other plugins' screens: one with navigator nodes, one device tab.
    const witnesses = PLUGIN_IDS.filter((p) => p !== faulty);
    const withNodes = witnesses.find((p) => NODES[p].length > 0)!;
    const tab = witnesses.find((p) => SCREENS[p].contribution.startsWith('device-tab:'))!;
    await rendersCleanly(page, withNodes);
    await rendersCleanly(page, tab);
  }

  async function loadFailureCase(faulty: string, entry: Buffer | string | null, reason: RegExp, shot: string): Promise<void> {
    if (entry === null) fs.rmSync(entryOf(faulty));
    else fs.writeFileSync(entryOf(faulty), entry);
    try {
      const { page, errors } = await open('/views/iotconnector');
      const shown = await page.$$eval('[data-testid="navigator"] [data-testid="navigator-node"]', (els) => els.map((e) => e.getAttribute('data-node-id') ?? ''));
      assert.deepEqual(shown.filter((n) => n.includes(`:${faulty}/`)), [], 'nothing of the faulty plugin in the navigator');
      await othersWork(page, faulty);
      const status = await statuses(page);
      assert.deepEqual(status, Object.fromEntries(PLUGIN_IDS.map((id) => [id, id === faulty ? 'failed' : 'loaded'])));
      const failure = await page.locator(`[data-testid="plugin-row"][data-plugin="${faulty}"] [data-testid="plugin-failure"]`).innerText();
      assert.match(failure, reason);
      await snap(page, shot);
      assert.deepEqual(errors, [], 'no uncaught page error');
      await page.close();
    } finally {
      fs.writeFileSync(entryOf(faulty), originals.get(faulty)!);
    }
  }

  for (const faulty of PLUGIN_IDS) {
    describe(faulty, () => {
      test('its remoteEntry.js missing', async () => {
        await loadFailureCase(faulty, null, new RegExp(faulty), `fault-${faulty}-missing`);
      });

      test('its registration throwing', async () => {
        await loadFailureCase(faulty, throwingEntry(faulty), new RegExp(`registration of ${faulty} throws`), `fault-${faulty}-throws`);
      });

      test('its plugin definition malformed', async () => {
        await loadFailureCase(faulty, malformedEntry(faulty), new RegExp(faulty), `fault-${faulty}-malformed`);
      });

      test('one of its components throwing while rendering', async () => {
        const screen = SCREENS[faulty];
        const faults = { throwIn: [screen.contribution] };
        const { page, errors } = await open(screen.hash(devices), `window.__SHELL_TEST_FAULTS__ = ${JSON.stringify(faults)};`);
        const boundary = page.getByTestId('content').locator(`[data-contribution="${screen.contribution}"]`).getByTestId('contribution-error');
        await boundary.waitFor({ timeout: WAIT_MS });
        assert.match(await boundary.innerText(), new RegExp(`${faulty}.*${screen.contribution}`));
        await othersWork(page, faulty);
        const status = await statuses(page);
        assert.deepEqual(status, Object.fromEntries(PLUGIN_IDS.map((id) => [id, 'loaded'])), 'registration itself was fine');
        const named = page.locator(`[data-testid="plugin-row"][data-plugin="${faulty}"] [data-testid="plugin-render-error"]`);
        assert.equal(await named.count(), 1);
        assert.equal(await named.getAttribute('data-contribution'), screen.contribution);
        assert.match(await named.innerText(), /Test fault/);
        const elsewhere = await page.$$eval('[data-testid="plugin-render-error"]', (els) => els.map((e) => e.getAttribute('data-contribution')));
        assert.deepEqual(elsewhere, [screen.contribution], 'no other plugin reports a fault');
        await snap(page, `fault-${faulty}-render`);
        assert.deepEqual(errors, [], 'no uncaught page error');
        await page.close();
      });
    });
  }
});
