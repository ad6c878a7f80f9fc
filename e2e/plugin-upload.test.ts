/**
 * Packaging for tenants (issue 11): a tenant admin installs a plugin package zip on the plugins
 * page as on the platform (application created, zip uploaded), the shell loads it after a reload
 * in place of the bundle's plugin of the same id, and loads the bundle's own again once the
 * package is removed. The package is dist/connection-checks.zip re-packed under another context
 * path and version, so its remote entry keeps the federation name connection-checks.
 * Needs a build (`npm run build`) and Debian's chromium.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import yazl from 'yazl';
import type { Device } from '../shared/plugin-api/types';
import { readZip, type ZipEntry } from '../shell-dev/server/packages/unzip';
import { loginAs, ROOT, snap, startStack, type Stack } from './harness';

const WAIT_MS = 20_000;
const PLUGIN = 'connection-checks';
const CONTEXT_PATH = 'connection-checks-v2';
const VERSION = '1.0.1';
const TAB = 'device-tab:connection-checks/connection-results';

function writeZip(file: string, entries: ZipEntry[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const e of entries) z.addBuffer(e.data, e.name);
    z.end();
    z.outputStream.pipe(fs.createWriteStream(file)).on('close', resolve).on('error', reject);
  });
}

/** The path of every script the page requests from now on. */
function recordScripts(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.endsWith('.js')) paths.push(p);
  });
  return paths;
}

async function pluginsSettled(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="navigator"]', { timeout: WAIT_MS });
  await page.waitForSelector('[data-testid="navigator-loading"]', { state: 'detached', timeout: WAIT_MS });
}

async function openPluginsPage(page: Page): Promise<void> {
  await page.evaluate(() => (location.hash = '/plugins'));
  await page.getByTestId('plugins-page').waitFor({ timeout: WAIT_MS });
}

async function reload(page: Page): Promise<void> {
  await page.reload();
  await pluginsSettled(page);
}

const row = (page: Page) => page.locator(`[data-testid="plugin-row"][data-plugin="${PLUGIN}"]`);

async function rowState(page: Page) {
  const r = row(page);
  await page.waitForFunction((id) => document.querySelector(`[data-testid="plugin-row"][data-plugin="${id}"]`)?.getAttribute('data-status') !== 'loading', PLUGIN, {
    timeout: WAIT_MS,
  });
  return {
    contextPath: await r.getAttribute('data-context-path'),
    status: await r.getAttribute('data-status'),
    version: (await r.locator('td').nth(1).innerText()).trim(),
    replaces: await r.getByTestId('plugin-replaces').allInnerTexts(),
  };
}

/** The Connection Results tab of a device with URL checks renders its results. */
async function tabWorks(page: Page, device: Device): Promise<void> {
  await page.evaluate((h) => (location.hash = h), `/device/${device.id}/connection-checks`);
  const tab = page.getByTestId('content').locator(`[data-contribution="${TAB}"]`);
  await tab.getByTestId('connection-results').waitFor({ timeout: WAIT_MS });
  const results = (device.adamos_IoTconnector_URLChecks as { results: Array<{ url: string }> }).results;
  await tab.locator('tbody tr').first().waitFor({ timeout: WAIT_MS });
  assert.equal(await tab.locator('tbody tr').count(), results.length, 'one row per URL check');
  assert.match(await tab.innerText(), new RegExp(results[0].url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.equal(await tab.getByTestId('contribution-error').count(), 0);
}

/** The plugins page's message once settled (success or error), without its Reload button. */
async function settledMessage(page: Page): Promise<string> {
  const text = await page.waitForFunction(
    () => {
      const el = document.querySelector('[data-testid="plugins-message"]');
      if (!el || !/alert-(success|danger)/.test(el.className)) return null;
      return [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('');
    },
    undefined,
    { timeout: WAIT_MS },
  );
  return (await text.jsonValue()) as string;
}

async function upload(page: Page, file: string): Promise<string> {
  // A message of an earlier step must not count as this one's.
  await page.evaluate(() => document.querySelector('[data-testid="plugins-message"]')?.classList.remove('alert-success', 'alert-danger'));
  await page.getByTestId('plugin-upload-input').setInputFiles(file);
  return settledMessage(page);
}

describe('plugin packages installed by a tenant admin', () => {
  let stack: Stack;
  let dir: string;
  let repacked: string;
  let withoutManifest: string;
  let takenContextPath: string;
  let device: Device;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-upload-'));
    const entries = await readZip(fs.readFileSync(path.join(ROOT, 'dist', `${PLUGIN}.zip`)));
    const manifestOf = (over: Record<string, unknown>) => {
      const m = JSON.parse(entries.find((e) => e.name === 'cumulocity.json')!.data.toString('utf8')) as Record<string, unknown>;
      return { name: 'cumulocity.json', data: Buffer.from(JSON.stringify({ ...m, ...over })) };
    };
    const files = entries.filter((e) => e.name !== 'cumulocity.json');
    // The container's global follows the context path (`var connectionChecks` -> `var connectionChecksV2`).
    const v2 = files.map((e) =>
      e.name === 'remoteEntry.js' ? { ...e, data: Buffer.from(e.data.toString('utf8').replace(/(^|[^\w$])connectionChecks(?=[^\w$])/g, '$1connectionChecksV2')) } : e,
    );
    repacked = path.join(dir, `${CONTEXT_PATH}.zip`);
    withoutManifest = path.join(dir, 'no-manifest.zip');
    takenContextPath = path.join(dir, 'shell-path.zip');
    await writeZip(repacked, [...v2, manifestOf({ contextPath: CONTEXT_PATH, version: VERSION, key: `${CONTEXT_PATH}-key` })]);
    await writeZip(withoutManifest, files);
    await writeZip(takenContextPath, [...files, manifestOf({ contextPath: 'shell', key: 'another-key', remotes: { 'another-plugin': ['./plugin'] } })]);
    stack = await startStack({ devices: 80 });
  });

  after(async () => {
    await stack?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('an operator sees no upload or remove button', async () => {
    const { context, page } = await loginAs(stack, 'operator', '/plugins');
    await page.getByTestId('plugins-page').waitFor({ timeout: WAIT_MS });
    await pluginsSettled(page);
    assert.equal(await page.getByTestId('plugin-upload').count(), 0);
    assert.equal(await page.getByTestId('plugin-upload-input').count(), 0);
    assert.equal(await page.getByTestId('plugin-remove').count(), 0);
    await context.close();
  });

  test('refuses a zip without cumulocity.json and a context path of another application, creating nothing', async () => {
    const { context, page } = await loginAs(stack, 'admin', '/plugins');
    await pluginsSettled(page);
    const count = async () =>
      page.evaluate(async () => ((await (await fetch('/application/applications?pageSize=2000', { headers: { Accept: 'application/json' } })).json()) as { applications: unknown[] }).applications.length);
    const before = await count();
    assert.equal(await upload(page, withoutManifest), 'no-manifest.zip is not a plugin package: it holds no cumulocity.json.');
    await snap(page, 'plugin-upload-no-manifest');
    assert.equal(await upload(page, takenContextPath), 'The context path "shell" is already used by the application "Dev shell".');
    assert.equal(await count(), before, 'no application left behind');
    assert.equal(await page.getByTestId('plugin-pending-row').count(), 0);
    await context.close();
  });

  test('installs the re-packed package, loads it after a reload in place of the bundle’s, and the bundle’s again after removing it', async () => {
    const { context, page } = await loginAs(stack, 'admin', '/plugins');
    const scripts = recordScripts(page);
    await pluginsSettled(page);
    const all = await page.evaluate(async () => {
      const res = await fetch('/inventory/managedObjects?fragmentType=adamos_IoTconnector_URLChecks&pageSize=200', { headers: { Accept: 'application/json' } });
      return ((await res.json()) as { managedObjects: Device[] }).managedObjects;
    });
    device = all.find((d) => ((d.adamos_IoTconnector_URLChecks as { results?: unknown[] } | undefined)?.results?.length ?? 0) > 0)!;
    assert.ok(device, 'the demo fleet has a device with URL checks');
    assert.deepEqual(await rowState(page), { contextPath: PLUGIN, status: 'loaded', version: '1.0.0', replaces: [] });

    // Upload: the package is listed at once and loads with the next page load.
    assert.equal(await upload(page, repacked), `Plugin ${PLUGIN} ${VERSION} installed. Reload the page to load it.`);
    assert.equal(await page.getByTestId('plugins-reload').count(), 1);
    const pending = page.locator(`[data-testid="plugin-pending-row"][data-context-path="${CONTEXT_PATH}"]`);
    assert.match(await pending.innerText(), /Reload the page to load it\./);
    assert.deepEqual(await pending.getByTestId('plugin-replaces').allInnerTexts(), ['Replaces Connection checks 1.0.0 of the bundle']);
    await snap(page, 'plugin-upload-installed');

    scripts.length = 0;
    await reload(page);
    assert.deepEqual(await rowState(page), { contextPath: CONTEXT_PATH, status: 'loaded', version: VERSION, replaces: ['Replaces Connection checks 1.0.0 of the bundle'] });
    assert.equal(await page.getByTestId('plugin-pending-row').count(), 0);
    await snap(page, 'plugin-upload-loaded');
    await tabWorks(page, device);
    assert.ok(scripts.includes(`/apps/${CONTEXT_PATH}/remoteEntry.js`), 'the installed remote entry is loaded');
    assert.ok(!scripts.some((s) => s.startsWith(`/apps/${PLUGIN}/`)), 'nothing of the bundle’s connection-checks is loaded');
    assert.ok(scripts.filter((s) => s.startsWith(`/apps/${CONTEXT_PATH}/`)).length > 1, 'the tab’s chunks come from the installed package');

    // Remove: confirmed, the files are gone, the bundle's plugin is back after a reload.
    await openPluginsPage(page);
    await row(page).getByTestId('plugin-remove').click();
    await page.getByTestId('confirm-ok').click();
    assert.equal(await settledMessage(page), 'Plugin Connection checks removed. Reload the page to load Connection checks 1.0.0 of the bundle again.');
    assert.equal(await row(page).getByTestId('plugin-removed').count(), 1);
    assert.equal((await page.request.get(`${stack.url}/apps/${CONTEXT_PATH}/remoteEntry.js`)).status(), 404);

    scripts.length = 0;
    await reload(page);
    assert.deepEqual(await rowState(page), { contextPath: PLUGIN, status: 'loaded', version: '1.0.0', replaces: [] });
    assert.equal(await row(page).getByTestId('plugin-installed').count(), 0);
    await tabWorks(page, device);
    assert.ok(scripts.includes(`/apps/${PLUGIN}/remoteEntry.js`), 'the bundle’s remote entry is loaded again');
    assert.ok(!scripts.some((s) => s.startsWith(`/apps/${CONTEXT_PATH}/`)));
    await context.close();
  });
});
