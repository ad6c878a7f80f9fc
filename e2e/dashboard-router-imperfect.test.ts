/**
 * The dashboard, its device lists and the router tabs on an imperfect day: a session that ends
 * while an editor changes the dashboard.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { adminApi, loginAs, snap, startStack, type Stack } from './harness';
import { logIn } from './screens';

const WAIT_MS = 30_000;
const DASHBOARD = '/deviceOperationsDashboard';
const RECOVERED = '[data-testid="dashboard-widget"][data-instance-id="software-monitor-recovered"]';

let stack: Stack;

/** The grid row the recovered widget starts at, as the page shows it. */
const rowOf = (style: string | null) => Number(/grid-row: (\d+)/.exec(style ?? '')?.[1] ?? /grid-area: (\d+)/.exec(style ?? '')?.[1]);

describe('dashboard on an imperfect day', () => {
  before(async () => {
    stack = await startStack({ devices: 60, simulate: 'off' });
  });
  after(async () => {
    await stack?.close();
  });

  test('a change whose save met an ended session is offered again after the new login, and saved on request', async () => {
    const { page, context } = await loginAs(stack, 'admin', DASHBOARD);
    await page.waitForSelector(RECOVERED, { timeout: WAIT_MS });
    const before = rowOf(await page.locator(RECOVERED).locator('xpath=..').getAttribute('style'));
    assert.ok(before > 0, 'the recovered widget is placed');
    await page.getByTestId('dashboard-edit').click();
    // The session ends (another tab logged out, the platform expired it) before the change is saved.
    await context.clearCookies();
    await page.locator(RECOVERED).getByTestId('widget-move-down').click();
    await page.getByText('Your session has ended. Please log in again.').waitFor({ timeout: WAIT_MS });
    await logIn(page, 'admin');
    const unsaved = page.getByTestId('dashboard-unsaved');
    await unsaved.waitFor({ timeout: WAIT_MS });
    assert.match((await unsaved.textContent()) ?? '', /Your last change to this dashboard was not saved: your session had ended\./);
    await snap(page, 'dashboard-unsaved-after-login');
    await page.getByTestId('dashboard-unsaved-save').click();
    await page.waitForFunction(
      ([sel, row]) => {
        const style = document.querySelector(sel as string)?.parentElement?.getAttribute('style') ?? '';
        const m = /grid-row: (\d+)/.exec(style) ?? /grid-area: (\d+)/.exec(style);
        return Number(m?.[1]) === (row as number) + 1;
      },
      [RECOVERED, before],
      { timeout: WAIT_MS },
    );
    // Saved for every user: the tenant's dashboard object has it.
    await assert.doesNotReject(async () => {
      for (let i = 0; i < 50; i++) {
        const found = await adminApi<{ managedObjects: { c8y_Dashboard?: { children?: Record<string, { _y?: number }> } }[] }>(
          stack,
          `/inventory/managedObjects?fragmentType=${encodeURIComponent('c8y_Dashboard!name!deviceOperationsDashboardAngular')}&pageSize=1`,
        );
        const child = found.managedObjects[0]?.c8y_Dashboard?.children?.['software-monitor-recovered'];
        if (child) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the dashboard was not saved');
    });
    assert.equal(await page.getByTestId('dashboard-unsaved').count(), 0);
    await context.close();
  });
});
