/**
 * Issue 10 in a browser: the adamos Connection and Connection Results tabs on the devices they
 * apply to, the device-route guard, and the router actions answered by the simulator.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loginAs, snap, startStack, type Stack } from './harness';
import { chooseLanguage } from './screens';

interface Mo {
  id: string;
  [k: string]: unknown;
}

let stack: Stack;
const api = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${stack.url}${path}`, {
    ...init,
    headers: { Authorization: `Basic ${Buffer.from('demo/admin:demo').toString('base64')}`, 'Content-Type': 'application/json', Accept: 'application/json', ...(init.headers ?? {}) },
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
};
const query = async (q: string) =>
  ((await api(`/inventory/managedObjects?pageSize=50&query=${encodeURIComponent(q)}`)).body.managedObjects as Mo[]) ?? [];

/** A router device the simulator answers (ids ending in 7 never answer, in 8 fail: see simulator README). */
async function answeringRouterDevice(): Promise<Mo> {
  const devices = await query("c8y_SupportedOperations eq 'adamos_MobileRouter_Restart'");
  for (const d of devices) {
    if (/[78]$/.test(d.id)) continue;
    type Refs = { references: { managedObject: { id: string } }[] };
    const full = (await api(`/inventory/managedObjects/${d.id}?withChildren=true`)).body as Mo & { childDevices?: Refs; childAssets?: Refs };
    for (const ref of [...(full.childDevices?.references ?? []), ...(full.childAssets?.references ?? [])]) {
      const child = (await api(`/inventory/managedObjects/${ref.managedObject.id}`)).body as Mo & { type?: string; DeviceAvailability?: { Available?: boolean; DeviceState?: string } };
      if (child.type === 'adamos_MobileRouter') {
        // A known starting point: available and running, no monitoring.
        await api(`/inventory/managedObjects/${child.id}`, {
          method: 'PUT',
          body: JSON.stringify({ DeviceAvailability: { ...child.DeviceAvailability, Available: true, DeviceState: 'running' }, Attributes: { Monitoring: { Enabled: false } } }),
        });
        return d;
      }
    }
  }
  throw new Error('no router device in the demo fleet');
}

/** The router child of a main device. */
async function routerChild(deviceId: string): Promise<Mo> {
  type Refs = { references: { managedObject: { id: string } }[] };
  const full = (await api(`/inventory/managedObjects/${deviceId}?withChildren=true`)).body as Mo & { childDevices?: Refs; childAssets?: Refs };
  for (const ref of [...(full.childDevices?.references ?? []), ...(full.childAssets?.references ?? [])]) {
    const child = (await api(`/inventory/managedObjects/${ref.managedObject.id}`)).body as Mo & { type?: string };
    if (child.type === 'adamos_MobileRouter') return child;
  }
  throw new Error(`device ${deviceId} has no mobile router`);
}

describe('mobile router and connection checks tabs', () => {
  before(async () => {
    stack = await startStack({ devices: 200, simulate: 'on' });
  });
  after(async () => {
    await stack?.close();
  });

  it('shows each tab only on the devices it applies to', async () => {
    const routerDevice = (await query("c8y_SupportedOperations eq 'adamos_MobileRouter_Restart'"))[0];
    const checksDevice = (await query('has(adamos_IoTconnector_URLChecks)'))[0];
    const plain = (await query("type eq 'adamos_iotconnectorflex' and not(has(adamos_IoTconnector_URLChecks))"))[0];
    assert.ok(routerDevice && checksDevice && plain, 'demo fleet has each kind of device');
    const { page, context } = await loginAs(stack, 'operator', `/device/${plain.id}`);
    const tabs = async () => page.locator('[data-testid="device-tab"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')));
    await page.waitForSelector('[data-testid="device-tab"]');
    assert.ok(!(await tabs()).includes('adamos-connection'));
    assert.ok(!(await tabs()).includes('connection-checks'));

    await page.goto(`${stack.url}/apps/shell/#/device/${checksDevice.id}/connection-checks`);
    await page.waitForSelector('[data-testid="connection-results"] table');
    const rows = await page.locator('[data-testid="connection-results"] tbody tr').count();
    assert.equal(rows, (checksDevice.adamos_IoTconnector_URLChecks as { results: unknown[] }).results.length);
    await snap(page, 'connection-results');

    await page.goto(`${stack.url}/apps/shell/#/device/${routerDevice.id}`);
    await page.waitForSelector('[data-tab="adamos-connection"]');
    const order = await tabs();
    // Priorities: adamos Connection -2100 before Connection Results -2200, both last.
    assert.equal(order[order.length - 1] === 'connection-checks' || order[order.length - 1] === 'adamos-connection', true);
    await context.close();
  });

  it('keeps every label and value of the router cards whole and inside its card at 1280 and 1920 px, en and de (issue 19 item 17)', async () => {
    const [device] = await query("c8y_SupportedOperations eq 'adamos_MobileRouter_Restart'");
    const { page, context } = await loginAs(stack, 'viewer', `/device/${device.id}/adamos-connection`);
    try {
      for (const lang of ['en', 'de'] as const) {
        if (lang === 'de') await chooseLanguage(page, 'Deutsch');
        for (const width of [1280, 1920]) {
          await page.setViewportSize({ width, height: 900 });
          await page.waitForSelector('[data-testid="card-network-status"] dd', { timeout: 30000 });
          await snap(page, `mobile-router-cards-${lang}-${width}`);
          const problems = await page.evaluate(() =>
            [...document.querySelectorAll('[data-testid^="card-"] dt, [data-testid^="card-"] dd')].flatMap((el) => {
              const card = el.closest('.card')!.getBoundingClientRect();
              const r = el.getBoundingClientRect();
              const cut = el.scrollWidth > el.clientWidth + 1 || r.right > card.right + 0.5;
              return cut ? [el.textContent ?? ''] : [];
            }),
          );
          assert.deepEqual(problems, [], `${lang} ${width}`);
          // The ICCID (19 digits) is one of the values checked.
          assert.match(await page.getByTestId('card-network-status').innerText(), /ICCID/);
        }
      }
      await chooseLanguage(page, 'English');
    } finally {
      await context.close();
    }
  });

  it('refuses a non-numeric id and an unknown device', async () => {
    const { page, context } = await loginAs(stack, 'operator', '/views/iotconnector');
    await page.goto(`${stack.url}/apps/shell/#/device/abc/adamos-connection`);
    await page.waitForSelector('[data-testid="shell-alert"]');
    assert.match(await page.locator('[data-testid="shell-alert"]').last().innerText(), /not numeric/);
    assert.ok(!(await page.locator('[data-testid="mobile-router-tab"]').count()));
    await page.goto(`${stack.url}/apps/shell/#/device/99999999/connection-checks`);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="shell-alert"]')].some((a) => /Navigation refused/.test(a.textContent ?? '') && /99999999|not found/i.test(a.textContent ?? '')),
    );
    assert.ok(!(await page.locator('[data-testid="connection-results"]').count()));
    await context.close();
  });

  it('restarts the router and follows the banners back to running; starts monitoring', async () => {
    const device = await answeringRouterDevice();
    const { page, context } = await loginAs(stack, 'operator', `/device/${device.id}/adamos-connection`);
    await page.waitForSelector('[data-testid="mobile-router"]');
    const restart = page.getByRole('button', { name: 'Restart Mobile Router' });
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.includes('Restart Mobile Router'));
      return b && !b.hasAttribute('disabled') && b.getAttribute('aria-disabled') !== 'true';
    });
    await restart.click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText('Mobile router restart triggered.').waitFor();
    // The simulator walks the operation: pending/executing banner, then back to running.
    await page.waitForSelector('[data-testid="banner-Restart"]', { timeout: 15000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="banner-Restart"]') && document.querySelector('[data-testid="device-state"]')?.getAttribute('data-state') === 'running', null, { timeout: 30000 });
    await snap(page, 'mobile-router-after-restart');

    await page.getByRole('button', { name: 'Start monitoring' }).click();
    await page.getByText('Mobile router monitoring triggered.').waitFor();
    await page.waitForSelector('[data-testid="monitoring-active"]', { timeout: 30000 });
    await context.close();
  });

  it('cancelling the restart confirmation says so', async () => {
    const device = await answeringRouterDevice();
    const { page, context } = await loginAs(stack, 'operator', `/device/${device.id}/adamos-connection`);
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.includes('Restart Mobile Router'));
      return b && !b.hasAttribute('disabled') && b.getAttribute('aria-disabled') !== 'true';
    }, null, { timeout: 30000 });
    await page.getByRole('button', { name: 'Restart Mobile Router' }).click();
    await page.getByTestId('confirm-cancel').click();
    await page.getByText('Restart cancelled').waitFor();
    await context.close();
  });

  it('updates firmware and configuration through the selection modal', async () => {
    const device = await answeringRouterDevice();
    const { page, context } = await loginAs(stack, 'operator', `/device/${device.id}/adamos-connection`);
    const enabled = (label: string) =>
      page.waitForFunction((l) => {
        const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.includes(l));
        return b && !b.hasAttribute('disabled') && b.getAttribute('aria-disabled') !== 'true';
      }, label, { timeout: 30000 });
    // A RUTX router on RUTX_R_00.07.06 (issue 19 item 20): only RUTX images, never the installed
    // version, and the patch for 00.07.06 (the spec's patch-level filter).
    const router = await routerChild(device.id);
    await api(`/inventory/managedObjects/${router.id}`, { method: 'PUT', body: JSON.stringify({ DeviceInformation: { ...(router.DeviceInformation as object), Firmware: 'RUTX_R_00.07.06' } }) });
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-testid="mobile-router"]')?.textContent?.includes('RUTX_R_00.07.06'), null, { timeout: 30000 });
    await enabled('Update firmware');
    await page.getByRole('button', { name: 'Update firmware' }).click();
    const modal = page.getByTestId('router-selection-modal');
    await modal.waitFor();
    await modal.locator('label.c8y-radio').first().waitFor();
    const offered = (await modal.locator('label.c8y-radio').allInnerTexts()).map((x) => x.trim()).sort();
    assert.deepEqual(offered, ['RUTX11 firmware (RUTX_R_00.07.04.5)', 'RUTX11 firmware (RUTX_R_00.07.06.1)']);
    assert.equal(await page.getByTestId('selection-install').isDisabled(), true, 'Install disabled until a row is chosen');
    await modal.locator('label.c8y-radio').first().click();
    await page.getByTestId('selection-install').click();
    await page.getByText('Started firmware update').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="banner-UpdateFirmware"]') && document.querySelector('[data-testid="device-state"]')?.getAttribute('data-state') === 'running', null, { timeout: 40000 });

    await enabled('Update configuration');
    await page.getByRole('button', { name: 'Update configuration' }).click();
    await modal.waitFor();
    await modal.locator('label.c8y-radio').first().click();
    await page.getByTestId('selection-install').click();
    await page.getByText('Started configuration update').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="banner-UpdateProfile"]') && document.querySelector('[data-testid="device-state"]')?.getAttribute('data-state') === 'running', null, { timeout: 40000 });
    await snap(page, 'mobile-router-after-updates');
    await context.close();
  });
});
