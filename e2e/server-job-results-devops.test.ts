/**
 * A bulk server job's result in every tab that shows the list, not only in the one that started
 * it (spec 1, sections 3, 4 and 7): two browser contexts, the admin who starts an assignment and
 * a clear pending, and a viewer who looks at the same list. The viewer's tab reads the result from
 * the server's c8y_status object. The stand-in's jobs finish within one status poll; to show the
 * viewer a job that runs, its status reads answer the real status object as still running
 * (one device done) until the test lets them through. Build first: `npm run build`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { loginAs, startStack, type Stack } from './harness';
import { WAIT_MS } from './screens';

let stack: Stack;

before(async () => {
  stack = await startStack({ devices: 300, simulate: 'off' });
});
after(async () => {
  await stack?.close();
});

const ELSEWHERE = 'Started in another browser tab or by another user; finished on the server.';

async function listShown(page: Page) {
  await page.waitForFunction(() => /devices$/.test(document.querySelector('[data-testid="list-count"]')?.textContent ?? ''), undefined, { timeout: WAIT_MS });
  await page.waitForSelector('[data-testid="device-grid"][aria-busy="false"]');
}

/** The counter lines of a list's assignment result ('Created: 3', …). */
const counters = (text: string) => ['Created', 'Updated', 'Already assigned/installed', 'Failed'].map((label) => new RegExp(`${label.replace('/', '\\/')}: \\d+`).exec(text)?.[0]);

describe('a bulk job started in another tab or by another user', () => {
  it("shows its progress while it runs and its result counters after, in the viewer's tab as in the admin's", async () => {
    const admin = await loginAs(stack, 'admin', '/views/celosos_aarch64');
    const viewer = await loginAs(stack, 'viewer', '/views/celosos_aarch64');
    try {
      // The viewer's status reads: the objects there before the job as they are; the job's own
      // object shown running while `hold` (a long job), then as the server has it.
      const known = new Set<string>();
      let started = false;
      let hold = true;
      let reads = 0;
      await viewer.page.route(
        (u) => u.pathname.endsWith('/inventory/managedObjects') && decodeURIComponent(u.search).includes('c8y_status'),
        async (route) => {
          const res = await route.fetch();
          const body = (await res.json()) as { managedObjects: Record<string, unknown>[] };
          const status = body.managedObjects[0];
          reads++;
          if (status && !started) known.add(status.id as string);
          if (status && started && hold && !known.has(status.id as string)) {
            Object.assign(status, { dmg_assign_software_status: 'ongoing', dmg_assign_software_counter_success: 1, dmg_assign_software_counter_updated: 0, dmg_assign_software_counter_uptodate: 0, dmg_assign_software_counter_failed: 0 });
          }
          await route.fulfill({ response: res, json: body });
        },
      );
      // The route came after the list's first status read: Reload reads it through the route.
      await listShown(viewer.page);
      await viewer.page.locator('[data-testid="action-reload"]').click();
      for (let waited = 0; reads === 0; waited += 100) {
        assert.ok(waited < WAIT_MS, "the viewer's list reads the job status");
        await viewer.page.waitForTimeout(100);
      }
      await listShown(admin.page);

      // The admin assigns software to the page's devices and gets the result as before.
      await admin.page.locator('[data-testid="select-page"]').dispatchEvent('click');
      await admin.page.locator('[data-testid="action-select-software"]').dispatchEvent('click');
      await admin.page.waitForSelector('[data-testid="select-software-dialog"]');
      await admin.page.fill('[data-testid="software-search"]', 'flex-mdc');
      await admin.page.locator('[data-testid="software-table"] tbody tr').first().click();
      started = true;
      await admin.page.locator('[data-testid="software-ok"]').dispatchEvent('click');
      const adminResult = admin.page.locator('[data-testid="alerts"] [role="alert"]').filter({ hasText: /Software assignment (successful|failed)/ });
      await adminResult.waitFor({ timeout: 60_000 });
      const adminText = (await adminResult.textContent()) ?? '';
      assert.ok(!adminText.includes(ELSEWHERE), `the starting tab says it as before: ${adminText}`);
      const adminCounters = counters(adminText);
      assert.ok(adminCounters.every(Boolean), adminText);

      // The viewer's list reads the status (Reload; its own poll does the same within 30 s): the
      // banner and the job's progress, no result yet.
      await viewer.page.locator('[data-testid="action-reload"]').click();
      await viewer.page.getByTestId('server-job-banner').getByText('An operation is currently ongoing - please try again later.').waitFor({ timeout: WAIT_MS });
      const progress = (await viewer.page.getByTestId('server-job-progress').textContent()) ?? '';
      assert.match(progress, /^Operation is running on the server \(1\/\d+\)$/);
      assert.equal(await viewer.page.locator('[data-testid="alerts"]').count(), 0, 'no result while the job runs');

      // The job completes on the server: the viewer's next poll (2 s while a job runs) brings the
      // result, the same counters as the admin's, said as started elsewhere.
      hold = false;
      const viewerResult = viewer.page.locator('[data-testid="alerts"] [role="alert"]').filter({ hasText: /Software assignment (successful|failed)/ });
      await viewerResult.waitFor({ timeout: WAIT_MS });
      const viewerText = (await viewerResult.textContent()) ?? '';
      assert.ok(viewerText.includes(ELSEWHERE), viewerText);
      assert.deepEqual(counters(viewerText), adminCounters);
      await viewer.page.getByTestId('server-job-banner').waitFor({ state: 'detached', timeout: WAIT_MS });
      assert.equal(await viewer.page.getByTestId('server-job-progress').count(), 0);
      // The admin's tab said its result once (a success goes after 15 s).
      assert.ok((await admin.page.locator('[data-testid="alerts"] [role="alert"]').filter({ hasText: /Software assignment/ }).count()) <= 1);
      assert.equal(await admin.page.getByText(ELSEWHERE).count(), 0);

      // A clear pending that starts and ends between two of the viewer's reads: its result too.
      await admin.page.locator('[data-testid="select-page"]').dispatchEvent('click');
      await admin.page.locator('[data-testid="action-clear-pending"]').dispatchEvent('click');
      const cleared = admin.page.getByText(/^Cleared all pending software operations successfully for \d+ devices\.$/);
      await cleared.waitFor({ timeout: 60_000 });
      const clearedText = (await cleared.textContent()) ?? '';
      await viewer.page.locator('[data-testid="action-reload"]').click();
      const viewerCleared = viewer.page.locator('[data-testid="alerts"] [role="alert"]').filter({ hasText: clearedText });
      await viewerCleared.waitFor({ timeout: WAIT_MS });
      assert.ok(((await viewerCleared.textContent()) ?? '').includes(ELSEWHERE));
      assert.equal(await admin.page.getByText(ELSEWHERE).count(), 0);
    } finally {
      await admin.context.close();
      await viewer.context.close();
    }
  });
});
