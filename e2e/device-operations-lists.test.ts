/**
 * Device lists in Chromium on the stand-in's demo fleet (issue 5 "Tests"): filters checked
 * against the API, sorting, paging, column configuration following the user, select-all with a
 * software assignment and its progress/result, the rollout dialog with preview, a smart group,
 * a bulk time zone, and the groups tree. Build first: `npx webpack --env only=device-operations,shell`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { loginAs, snap, startStack, type Stack, adminApi } from './harness';
import { chooseLanguage, restoreEnglish } from './screens';

let stack: Stack;

const api = <T>(path: string, init?: RequestInit) => adminApi<T>(stack, path, init);

type Mo = { id: string; name?: string; [k: string]: unknown };
const inventory = (query: string, pageSize = 100) =>
  api<{ managedObjects: Mo[]; statistics: { totalElements?: number } }>(
    `/inventory/managedObjects?pageSize=${pageSize}&withTotalElements=true&query=${encodeURIComponent(query)}`,
  );
const NETBOX = "type eq 'adamos_NETbox'";

const NAME_CELLS = '[data-testid="device-grid"] .ag-row [col-id="name"] a';

/** The names shown once the grid settled on `expected` rows (the grid renders a frame after the data). */
async function listNames(page: Page, expected?: number): Promise<string[]> {
  await page.waitForSelector('[data-testid="device-grid"][aria-busy="false"]');
  if (expected !== undefined) {
    await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel as string).length === n, [NAME_CELLS, expected] as const, { timeout: 15000 });
  } else {
    await page.waitForSelector(NAME_CELLS);
  }
  return page.locator(NAME_CELLS).allTextContents();
}

/** Waits until the grid shows exactly these names (order as given). */
async function expectNames(page: Page, names: (string | undefined)[]) {
  // AG Grid reuses row elements, so the DOM order is not the display order: sort by row-index.
  await page.waitForFunction(
    ([sel, want]) =>
      JSON.stringify(
        [...document.querySelectorAll(sel as string)]
          .map((a) => [Number(a.closest('.ag-row')?.getAttribute('row-index')), a.textContent] as const)
          .sort((x, y) => x[0] - y[0])
          .map((x) => x[1]),
      ) === JSON.stringify(want),
    [NAME_CELLS, names] as const,
    { timeout: 15000 },
  );
}

async function waitForCount(page: Page, pattern: RegExp) {
  await page.waitForFunction(
    (src) => new RegExp(src).test(document.querySelector('[data-testid="list-count"]')?.textContent ?? ''),
    pattern.source,
    { timeout: 15000 },
  );
}

async function openFilter(page: Page, column: string) {
  await page.locator(`[data-testid="filter-${column}"]`).click();
  await page.waitForSelector('[data-testid="column-filter"]');
}

before(async () => {
  stack = await startStack({ devices: 300, simulate: 'off' });
});
after(async () => {
  await stack?.close();
});

describe('device list', () => {
  it('shows the total, pages and sorts on the server', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/views/iotconnector');
    const total = (await inventory(NETBOX, 1)).statistics.totalElements!;
    await waitForCount(page, new RegExp(`^${total} devices$`));
    assert.equal((await listNames(page, 25)).length, 25, 'default page size 25');
    // Pager: a window of at most 10 numbers.
    const pages = Math.ceil(total / 25);
    assert.equal(await page.locator('[data-testid="pager"] button[data-testid^="page-"]:not([data-testid="page-first"]):not([data-testid="page-previous"]):not([data-testid="page-next"]):not([data-testid="page-last"])').count(), Math.min(10, Math.ceil(total / 25)));
    await page.locator('[data-testid="page-last"]').click();
    await page.waitForURL(new RegExp(`page=${pages}`));
    assert.equal((await listNames(page, total - (pages - 1) * 25)).length, total - (pages - 1) * 25);
    // Sort by name descending through two header clicks; compare with the API.
    await page.locator('[data-testid="header-name"] button').first().click();
    await page.locator('[data-testid="header-name"] button').first().click();
    await page.waitForURL(/sort=name%3Adesc|sort=name:desc/);
    const expected = (await api<{ managedObjects: Mo[] }>(`/inventory/managedObjects?pageSize=25&query=${encodeURIComponent(`$filter=(${NETBOX}) $orderby=name desc`)}`)).managedObjects.map((m) => m.name);
    await expectNames(page, expected);
    // The sorted column's header cell says so; other sortable columns say "none".
    await page.waitForSelector('[role="columnheader"][aria-sort="descending"] [data-testid="header-name"]');
    assert.equal(await page.locator('[role="columnheader"][aria-sort="none"] [data-testid="header-machineSerial"]').count(), 1);
    // A text cell shows its full text as a tooltip (set when the pointer reaches it).
    const serialCell = page.locator('[data-testid="device-grid"] .ag-row .ag-cell[col-id="machineSerial"]').first();
    await serialCell.hover();
    assert.equal(await serialCell.getAttribute('title'), (await serialCell.textContent())?.trim());
    // Row checkboxes and the page checkbox: one row makes it mixed, the page checkbox ticks all.
    const rowBoxes = page.locator('[data-testid="device-grid"] .ag-row input[type="checkbox"]');
    const pageBox = page.locator('[data-testid="select-page"]');
    assert.equal(await rowBoxes.first().getAttribute('aria-label'), `Select ${expected[0]}`);
    await rowBoxes.first().dispatchEvent('click');
    await page.waitForSelector('[data-testid="selected-count"]:has-text("1 selected")');
    assert.deepEqual(await pageBox.evaluate((e: HTMLInputElement) => [e.checked, e.indeterminate]), [false, true]);
    await pageBox.dispatchEvent('click');
    await page.waitForSelector('[data-testid="selected-count"]:has-text("25 selected")');
    assert.deepEqual(await pageBox.evaluate((e: HTMLInputElement) => [e.checked, e.indeterminate]), [true, false]);
    assert.deepEqual([...new Set(await rowBoxes.evaluateAll((es) => es.map((e) => (e as HTMLInputElement).checked)))], [true]);
    await pageBox.dispatchEvent('click');
    await page.waitForSelector('[data-testid="selected-count"]', { state: 'detached' });
    assert.equal(await rowBoxes.first().isChecked(), false);
    await page.locator('[data-testid="page-size"]').selectOption('10');
    await page.waitForURL(/size=10/);
    assert.equal((await listNames(page, 10)).length, 10);
    await snap(page, 'lists-sorted');
    // The size is saved per user: put the default back for the other tests.
    await page.locator('[data-testid="page-size"]').selectOption('25');
    await page.waitForURL(/size=25/);
    await page.waitForTimeout(500);
    await context.close();
  });

  it('applies each filter kind and matches the API', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/views/iotconnector');
    const total = (await inventory(NETBOX, 1)).statistics.totalElements!;
    await waitForCount(page, /devices/);

    // Name with wildcard.
    await openFilter(page, 'name');
    await page.fill('[data-testid="filter-text"]', '*NB2*1');
    await page.locator('[data-testid="filter-apply"]').dispatchEvent('click');
    const byName = await inventory(`(${NETBOX}) and (name eq '*NB2*1')`);
    await waitForCount(page, new RegExp(`^Filtered ${byName.statistics.totalElements} of ${total} devices$`));
    await expectNames(page, byName.managedObjects.slice(0, 25).map((m) => m.name));
    await page.locator('[data-testid="action-clear-filters"]').dispatchEvent('click');
    await waitForCount(page, new RegExp(`^${total} devices$`));

    // Failed installations: at least 2, then range 1..1.
    await openFilter(page, 'failedInstallations');
    await page.selectOption('[data-testid="filter-number-mode"]', 'ge');
    await page.fill('[data-testid="filter-number-from"]', '2');
    await page.locator('[data-testid="filter-apply"]').dispatchEvent('click');
    const ge2 = await inventory(`(${NETBOX}) and (adamos_adamos_netbox_FailedInstallationCount ge 2)`);
    await waitForCount(page, new RegExp(`^Filtered ${ge2.statistics.totalElements} of`));
    await openFilter(page, 'failedInstallations');
    await page.selectOption('[data-testid="filter-number-mode"]', 'range');
    await page.fill('[data-testid="filter-number-from"]', '3');
    await page.fill('[data-testid="filter-number-to"]', '1');
    assert.equal(await page.isDisabled('[data-testid="filter-apply"]'), true, 'upper limit below lower is rejected');
    await page.fill('[data-testid="filter-number-to"]', '3');
    await page.locator('[data-testid="filter-apply"]').dispatchEvent('click');
    const r13 = await inventory(`(${NETBOX}) and (adamos_adamos_netbox_FailedInstallationCount ge 3) and (adamos_adamos_netbox_FailedInstallationCount le 3)`);
    await waitForCount(page, new RegExp(`^Filtered ${r13.statistics.totalElements} of`));
    await page.locator('[data-testid="action-clear-filters"]').dispatchEvent('click');

    // Machine serial begins-with.
    await openFilter(page, 'machineSerial');
    await page.fill('[data-testid="filter-text"]', 'M1');
    await page.locator('[data-testid="filter-apply"]').dispatchEvent('click');
    const serial = await inventory(`(${NETBOX}) and (adamos_adamos_netbox_MachineSerialNumber eq 'M1*')`);
    await waitForCount(page, new RegExp(`^Filtered ${serial.statistics.totalElements} of`));
    await page.locator('[data-testid="action-clear-filters"]').dispatchEvent('click');

    // Status selector with the "Empty" entry available.
    await openFilter(page, 'status');
    assert.equal(await page.locator('[data-testid="filter-option-empty"]').count(), 1);
    await page.locator('[data-testid="filter-option-UNAVAILABLE"]').dispatchEvent('click');
    await page.locator('[data-testid="filter-apply"]').dispatchEvent('click');
    const offline = await inventory(`(${NETBOX}) and (c8y_Availability.status eq 'UNAVAILABLE')`);
    await waitForCount(page, new RegExp(`^Filtered ${offline.statistics.totalElements} of`));
    // Typed selector pattern is case-insensitive.
    await page.locator('[data-testid="action-clear-filters"]').dispatchEvent('click');
    await openFilter(page, 'machineControl');
    await page.fill('[data-testid="filter-select-text"]', 'siem');
    await page.locator('[data-testid="filter-apply"]').dispatchEvent('click');
    const siemens = await inventory(`(${NETBOX}) and (adamos_adamos_netbox_MachineControlType eq 'SIEMENS')`);
    await waitForCount(page, new RegExp(`^Filtered ${siemens.statistics.totalElements} of`));
    await page.locator('[data-testid="action-clear-filters"]').dispatchEvent('click');

    // Registration date: after/before bound each other.
    await openFilter(page, 'registrationDate');
    await page.fill('[data-testid="filter-date-after"]', '2025-06-01');
    assert.equal(await page.getAttribute('[data-testid="filter-date-before"]', 'min'), '2025-06-01');
    await page.fill('[data-testid="filter-date-before"]', '2026-01-31');
    assert.equal(await page.getAttribute('[data-testid="filter-date-after"]', 'max'), '2026-01-31');
    await page.locator('[data-testid="filter-apply"]').dispatchEvent('click');
    const after = new Date(2025, 5, 1).toISOString();
    const beforeDay = new Date(2026, 1, 1).toISOString();
    const reg = await inventory(`(${NETBOX}) and (creationTime ge '${after}') and (creationTime lt '${beforeDay}')`);
    await waitForCount(page, new RegExp(`^Filtered ${reg.statistics.totalElements} of`));
    // The URL carries the filter: reloading shows the same list (shareable, back-button safe).
    const url = page.url();
    await page.reload();
    await waitForCount(page, new RegExp(`^Filtered ${reg.statistics.totalElements} of`));
    assert.equal(page.url(), url);
    await page.goBack();
    await snap(page, 'lists-filtered');
    await context.close();
  });

  it('saves the column configuration on the server and shows it in another browser', async () => {
    const first = await loginAs(stack, 'operator', '/views/celosos_x64');
    await waitForCount(first.page, /devices/);
    await first.page.locator('[data-testid="column-config"]').dispatchEvent('click');
    await first.page.locator('[data-testid="column-visible-machineModel"]').dispatchEvent('click');
    await first.page.locator('[data-testid="column-visible-customerNumber"]').dispatchEvent('click');
    await first.page.locator('[data-testid="column-config-save"]').dispatchEvent('click');
    await first.page.waitForSelector('[data-testid="header-customerNumber"]');
    await first.page.locator('[data-testid="page-size"]').selectOption('50');
    await first.page.waitForTimeout(1000);
    await first.context.close();

    const second = await loginAs(stack, 'operator', '/views/celosos_x64');
    await second.page.waitForSelector('[data-testid="header-customerNumber"]');
    assert.equal(await second.page.locator('[data-testid="header-machineModel"]').count(), 0);
    assert.equal(await second.page.inputValue('[data-testid="page-size"]'), '50');
    const user = await (await fetch(`${stack.url}/user/currentUser`, { headers: { Authorization: 'Basic ' + Buffer.from('demo/operator:demo').toString('base64') } })).json();
    assert.equal(user.customProperties.NETBOXES_DROPDOWN_CONFIGcelosos_x64, 50);
    assert.ok(Array.isArray(user.customProperties.NETBOXES_COLUMNS_CONFIGcelosos_x64));
    await second.context.close();
  });

  it('selects all matching devices, assigns software with progress and result counters', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/views/celosos_aarch64');
    await waitForCount(page, /devices/);
    await listNames(page);
    await page.locator('[data-testid="select-page"]').dispatchEvent('click');
    await page.locator('[data-testid="select-all-matching"]').dispatchEvent('click');
    const total = (await inventory("type eq 'adamos_iotconnectorflex'", 1)).statistics.totalElements!;
    await page.waitForSelector(`[data-testid="selected-count"]:has-text("${total} selected")`);
    // Set timezone and Initialize are IoTconnector actions only.
    assert.equal(await page.locator('[data-testid="action-set-timezone"]').count(), 0);
    await page.locator('[data-testid="action-select-software"]').dispatchEvent('click');
    await page.waitForSelector('[data-testid="select-software-dialog"]');
    await page.fill('[data-testid="software-search"]', 'flex-mdc');
    await page.locator('[data-testid="software-table"] tbody tr').first().click();
    await snap(page, 'lists-select-software');
    await page.locator('[data-testid="software-ok"]').dispatchEvent('click');
    await page.waitForSelector('[data-testid="alert-success"], [data-testid="alert-danger"]', { timeout: 60000 });
    const text = await page.locator('[data-testid="alerts"]').textContent();
    assert.match(text ?? '', /Software assignment (successful|failed)/);
    assert.match(text ?? '', /Created: \d+/);
    await snap(page, 'lists-assigned');
    // Cancel gives "No software assigned".
    await page.locator('[data-testid="select-page"]').dispatchEvent('click');
    await page.locator('[data-testid="action-select-software"]').dispatchEvent('click');
    await page.locator('[data-testid="software-cancel"]').dispatchEvent('click');
    await page.waitForSelector('text=No software assigned');
    await context.close();
  });

  it('creates a rollout from the dialog with a preview', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/views/iotconnector');
    await waitForCount(page, /devices/);
    await listNames(page);
    await page.locator('[data-testid="select-page"]').dispatchEvent('click');
    await page.locator('[data-testid="action-select-software"]').dispatchEvent('click');
    await page.fill('[data-testid="software-search"]', 'opcua');
    await page.locator('[data-testid="software-table"] tbody tr').first().click();
    await page.locator('[data-testid="software-rollout"]').dispatchEvent('click');
    await page.waitForSelector('[data-testid="rollout-dialog"]');
    assert.equal(await page.inputValue('[data-testid="rollout-batchSize"]'), '10');
    assert.equal(await page.inputValue('[data-testid="rollout-batchGapSeconds"]'), '60');
    assert.equal(await page.textContent('[data-testid="plan-batches"]'), '3');
    assert.equal(await page.textContent('[data-testid="plan-duration"]'), '2 min');
    assert.equal(await page.locator('[data-testid="plan-first-batch"] li').count(), 10);
    await page.locator('[data-testid="rollout-add-pause"]').dispatchEvent('click');
    assert.equal(await page.inputValue('[data-testid="rollout-pause-0"]'), '100');
    await page.locator('[data-testid="rollout-add-pause"]').dispatchEvent('click');
    assert.equal(await page.inputValue('[data-testid="rollout-pause-1"]'), '200');
    await page.fill('[data-testid="rollout-batchSize"]', '2001');
    assert.equal(await page.isDisabled('[data-testid="rollout-create"]'), true);
    await page.fill('[data-testid="rollout-batchSize"]', '5');
    assert.equal(await page.textContent('[data-testid="plan-batches"]'), '5');
    await snap(page, 'lists-rollout-preview');
    await page.locator('[data-testid="rollout-create"]').dispatchEvent('click');
    await page.waitForSelector('text=Software rollout creation successful - needs to be started', { timeout: 20000 });
    await context.close();
  });

  it('creates a smart group from the filter and sets a time zone in bulk', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/views/iotconnector');
    await waitForCount(page, /devices/);
    assert.equal(await page.locator('[data-testid="action-smart-group"]').count(), 0, 'no smart group without a filter');
    await openFilter(page, 'name');
    await page.fill('[data-testid="filter-text"]', 'IoTconnector NB26*');
    await page.locator('[data-testid="filter-apply"]').dispatchEvent('click');
    await waitForCount(page, /^Filtered/);
    await listNames(page);
    // The Groups tree is open while the group is created: it shows the new group (sorted first by
    // its name) without a collapse and expand.
    await page.getByText('Groups', { exact: true }).first().click();
    const navigator = page.locator('[data-testid="navigator"]');
    await navigator.getByText('Search more').waitFor();
    assert.equal(await navigator.getByText('AA E2E NB26').count(), 0);
    await page.locator('[data-testid="action-smart-group"]').dispatchEvent('click');
    await page.fill('[data-testid="smart-group-name"]', 'AA E2E NB26');
    await page.locator('[data-testid="smart-group-create"]').dispatchEvent('click');
    await page.waitForSelector('text=Smart group "AA E2E NB26" created.');
    await navigator.getByText('AA E2E NB26', { exact: true }).waitFor();
    const groups = await inventory("name eq 'AA E2E NB26'");
    assert.equal(groups.managedObjects.length, 1);
    assert.match(String(groups.managedObjects[0].c8y_DeviceQueryString), /name eq 'IoTconnector NB26\*'/);
    assert.ok(groups.managedObjects[0].c8y_IsDynamicGroup);

    await page.locator('[data-testid="select-page"]').dispatchEvent('click');
    const selected = await page.locator('[data-testid="selected-count"]').textContent();
    await page.locator('[data-testid="action-set-timezone"]').dispatchEvent('click');
    await page.waitForSelector('[data-testid="set-timezone-dialog"]');
    assert.match(await page.locator('[data-testid="timezone-select"] option:checked').textContent() ?? '', /Berlin/);
    await page.locator('[data-testid="timezone-save"]').dispatchEvent('click');
    await page.waitForSelector('[data-testid="alerts"]');
    const msg = await page.locator('[data-testid="alerts"]').textContent();
    const n = Number(/(\d+)/.exec(selected ?? '')?.[1]);
    assert.match(msg ?? '', n === 1 ? /Time Zone operation created for / : new RegExp(`Time Zone operation created for \\d+ of ${n} devices\\.`));
    await context.close();
  });

  it('clears pending assignments with the result message', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/views/iotconnector');
    await waitForCount(page, /devices/);
    await listNames(page);
    await page.locator('[data-testid="select-page"]').dispatchEvent('click');
    await page.locator('[data-testid="action-clear-pending"]').dispatchEvent('click');
    await page.waitForSelector('text=/Cleared all pending software operations successfully for \\d+ devices\\./', { timeout: 60000 });
    await context.close();
  });

  it('groups tree and sub-assets Select Software', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/views/iotconnector');
    await page.getByText('Groups', { exact: true }).first().click();
    await page.waitForSelector('text=Plant Bielefeld');
    await page.waitForSelector('text=Search more');
    await snap(page, 'lists-groups-tree');
    const group = (await inventory("name eq 'Returned Devices'")).managedObjects[0];
    await page.goto(`${stack.url}/apps/shell/#/group/${group.id}/sub-assets`);
    await page.waitForSelector('[data-testid="group-sub-assets"] h1:has-text("Returned Devices")');
    await page.waitForSelector('[data-testid="group-select-software"]:not([disabled])', { timeout: 60000 });
    await page.locator('[data-testid="group-select-software"]').dispatchEvent('click');
    await page.waitForSelector('[data-testid="alerts"]');
    assert.match((await page.locator('[data-testid="alerts"]').textContent()) ?? '', /No Device to assign Sofware/);
    const bielefeld = (await inventory("name eq 'Bielefeld Hall 1'")).managedObjects[0];
    await page.goto(`${stack.url}/apps/shell/#/group/${bielefeld.id}/sub-assets`);
    await page.waitForSelector('[data-testid="group-sub-assets"] h1:has-text("Bielefeld Hall 1")');
    await page.waitForSelector('[data-testid="group-select-software"]:not([disabled])', { timeout: 60000 });
    await page.locator('[data-testid="group-select-software"]').dispatchEvent('click');
    await page.locator('[data-testid="software-cancel"]').dispatchEvent('click');
    await page.waitForSelector('text=No software was assigned');
    await context.close();
  });
});

/** The spec's date format (HH:mm:ss dd.MM.yyyy), the one both lists and the device tabs use. */
const SPEC_DATE = /^\d{2}:\d{2}:\d{2} \d{2}\.\d{2}\.\d{4}$/;

/** Widths of the grid's visible columns by col-id, and whether any header or name cell cuts its text. */
async function columnLayout(page: Page) {
  return page.evaluate(() => {
    const grid = document.querySelector('[data-testid="device-grid"]')!;
    const widths: Record<string, number> = {};
    for (const h of grid.querySelectorAll<HTMLElement>('.ag-header-cell[col-id]')) widths[h.getAttribute('col-id')!] = h.getBoundingClientRect().width;
    // No named helper functions in here: the test runner's transpiler wraps them in a helper the page lacks.
    const cutHeaders = [...grid.querySelectorAll('[data-testid^="header-"] button:first-child')].filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent);
    const cutNames = [...grid.querySelectorAll('.ag-row [col-id="name"] a')]
      .filter((a) => a.scrollWidth > a.clientWidth + 1 || a.parentElement!.scrollWidth > a.parentElement!.clientWidth + 1)
      .map((a) => a.textContent);
    return { widths, cutHeaders, cutNames };
  });
}

describe('device list, issue 19', () => {
  it('sizes columns to their content at 1280 and 1920 px, in en and de (19.9), dates in the spec format (19.22)', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/views/iotconnector');
    try {
      for (const width of [1280, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        const total = (await inventory(NETBOX, 1)).statistics.totalElements!;
        await waitForCount(page, new RegExp(`^${total} devices$`));
        await listNames(page, 25);
        const { widths, cutHeaders, cutNames } = await columnLayout(page);
        assert.deepEqual(cutHeaders, [], `headers cut at ${width} px`);
        assert.deepEqual(cutNames, [], `names cut at ${width} px`);
        const data = Object.entries(widths).filter(([id]) => id !== 'select');
        for (const [id, w] of data) assert.ok(w <= 240.5, `${id} is ${w} px wide, over the spec's 240 px`);
        // The name is the widest column of plain text (the IoTconnector names are longer than any
        // value but the dates and the longest headers): at least as wide as the serial.
        assert.ok(widths.name >= widths.machineSerial, JSON.stringify(widths));
        const dates = await page.locator('[data-testid="device-grid"] .ag-row [col-id="registrationDate"]').allTextContents();
        assert.ok(dates.length > 0 && dates.every((d) => SPEC_DATE.test(d.trim())), dates.join(' | '));
        await snap(page, `lists-columns-${width}`);
      }
      await chooseLanguage(page, 'Deutsch');
      await waitForCount(page, /Geräte$/);
      await page.setViewportSize({ width: 1280, height: 900 });
      await listNames(page, 25);
      await page.waitForSelector('[data-testid="header-machineSerial"]:has-text("Maschinenseriennummer")');
      const de = await columnLayout(page);
      assert.deepEqual(de.cutHeaders, [], 'German headers cut at 1280 px');
      assert.deepEqual(de.cutNames, [], 'names cut at 1280 px in German');
      assert.match((await page.getByTestId('pager-total').textContent()) ?? '', /^1–25 von \d+$/);
      await snap(page, 'lists-columns-1280-de');
    } finally {
      await restoreEnglish(page);
      await context.close();
    }
  });

  it('shows the previous count until both counts of a new filter are known (19.10)', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/views/iotconnector');
    try {
      const total = (await inventory(NETBOX, 1)).statistics.totalElements!;
      await waitForCount(page, new RegExp(`^${total} devices$`));
      await listNames(page, 25);
      // Every text the count shows from now on, as the page renders it.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { countsSeen: string[] }).countsSeen = seen;
        const node = document.querySelector('[data-testid="list-count"]')!;
        new MutationObserver(() => seen.push(node.textContent ?? '')).observe(node, { childList: true, characterData: true, subtree: true });
      });
      await openFilter(page, 'name');
      await page.fill('[data-testid="filter-text"]', '*NB2*1');
      await page.locator('[data-testid="filter-apply"]').dispatchEvent('click');
      const filtered = (await inventory(`(${NETBOX}) and (name eq '*NB2*1')`)).statistics.totalElements!;
      assert.ok(filtered < total, 'the filter must narrow the list for this test to mean anything');
      await waitForCount(page, new RegExp(`^Filtered ${filtered} of ${total} devices$`));
      const seen = await page.evaluate(() => (window as unknown as { countsSeen: string[] }).countsSeen);
      const allowed = new Set([`${total} devices`, `Filtered ${filtered} of ${total} devices`]);
      assert.deepEqual(seen.filter((s) => !allowed.has(s)), [], `the count showed: ${seen.join(' | ')}`);
      // The pager shows the filtered total.
      assert.equal(await page.getByTestId('pager-total').textContent(), `1–${Math.min(25, filtered)} of ${filtered}`);
    } finally {
      await context.close();
    }
  });

  it('says what Initialize changed and when the status follows (19.12)', async () => {
    const notMonitored = encodeURIComponent(JSON.stringify(['NOT_MONITORED']));
    const { page, context } = await loginAs(stack, 'admin', `/views/iotconnector?f.status=${notMonitored}`);
    try {
      const before = await inventory(`(${NETBOX}) and (c8y_Availability.status eq 'NOT_MONITORED')`);
      assert.ok(before.managedObjects.length > 0, 'the demo fleet has not monitored IoTconnectors');
      await waitForCount(page, new RegExp(`^Filtered ${before.statistics.totalElements} of \\d+ devices$`));
      const names = await listNames(page);
      // One device: select the first row (the list is unsorted: the API's first is the grid's first).
      const rowBoxes = page.locator('[data-testid="device-grid"] .ag-row[row-index="0"] input[type="checkbox"]');
      await rowBoxes.dispatchEvent('click');
      await page.waitForSelector('[data-testid="selected-count"]:has-text("1 selected")');
      const device = before.managedObjects.find((m) => m.name === names[0]);
      assert.ok(device, `${names[0]} is not monitored`);
      // Its status shows as an icon with the label (the platform's font has no "unknown" glyph).
      const icon = page.locator('[data-testid="device-grid"] .ag-row[row-index="0"] [col-id="status"] [data-status="NOT_MONITORED"]');
      assert.equal(await icon.getAttribute('title'), 'Not monitored');
      assert.ok(((await icon.locator('i').boundingBox())?.width ?? 0) > 4, 'the not monitored icon is drawn');
      await page.locator('[data-testid="action-initialize"]').dispatchEvent('click');
      const alert = page.locator('[data-testid="alert-success"]');
      await alert.waitFor({ timeout: 60000 });
      const text = (await alert.textContent()) ?? '';
      assert.match(text, /Initialized 1 not monitored devices\./);
      // The interval in the message is the one the server set.
      const after = await api<Mo>(`/inventory/managedObjects/${device.id}`);
      const minutes = (after.c8y_RequiredAvailability as { responseInterval: number }).responseInterval;
      assert.ok(minutes > 0);
      assert.ok(text.includes(`required interval of ${minutes} minutes`), text);
      assert.match(text, /Until then the list shows them as not monitored\./);
      // It stays (not dismissed after 5 s) while the list still shows the device as not monitored.
      await page.waitForTimeout(6000);
      assert.equal(await alert.count(), 1);
      await snap(page, 'lists-initialize-message');
    } finally {
      await context.close();
    }
  });
});

describe('device list, session 11 audit', () => {
  it('moves a page past the end to the last page, and Back does not return to it', async () => {
    const { page, context } = await loginAs(stack, 'admin', '/views/iotconnector');
    try {
      const total = (await inventory(NETBOX, 1)).statistics.totalElements!;
      await waitForCount(page, new RegExp(`^${total} devices$`));
      const last = Math.ceil(total / 25);
      await page.evaluate(() => (window.location.hash = '#/views/iotconnector?page=999'));
      await page.waitForFunction((n) => location.hash.includes(`page=${n}`), last, { timeout: 15000 });
      await page.waitForSelector(`[data-testid="page-${last}"][aria-current="page"]`);
      assert.equal((await listNames(page, total - (last - 1) * 25)).length, total - (last - 1) * 25);
      assert.match((await page.getByTestId('pager-total').textContent()) ?? '', new RegExp(`^${(last - 1) * 25 + 1}–${total} of ${total}$`));
      // The correction replaced the entry: Back goes to the unpaged list, not to page 999 again.
      await page.goBack();
      await page.waitForFunction(() => !location.hash.includes('page='), undefined, { timeout: 15000 });
    } finally {
      await context.close();
    }
  });

  it('says when the page size or the column configuration could not be saved', async () => {
    const { page, context } = await loginAs(stack, 'operator', '/views/celosos_x64');
    try {
      await page.waitForSelector('[data-testid="device-grid"][aria-busy="false"]');
      await page.route('**/user/currentUser', (route) =>
        route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'x', message: 'Database down' }) }) : route.continue(),
      );
      await page.getByTestId('page-size').selectOption('10');
      const alert = page.locator('[data-testid="alerts"]');
      await alert.getByText('The page size could not be saved: Database down').waitFor({ timeout: 15000 });
      // The list still shows the size the user picked, for this visit.
      assert.equal((await listNames(page, 10)).length, 10);
    } finally {
      await context.close();
    }
  });

  it("keeps the group page's messages on the group page, and says a failed read as such", async () => {
    const { page, context } = await loginAs(stack, 'admin', '/views/iotconnector');
    try {
      const group = (await inventory("name eq 'Bielefeld Hall 1'")).managedObjects[0];
      await page.goto(`${stack.url}/apps/shell/#/group/${group.id}/sub-assets`);
      await page.waitForSelector('[data-testid="group-sub-assets"] h1:has-text("Bielefeld Hall 1")');
      await page.waitForSelector('[data-testid="group-select-software"]:not([disabled])', { timeout: 60000 });
      // The platform's pager, not a bulleted list.
      await page.waitForSelector('[data-testid="group-sub-assets"] [data-testid="pager"] ul.pagination');
      await page.locator('[data-testid="group-select-software"]').dispatchEvent('click');
      await page.locator('[data-testid="software-cancel"]').dispatchEvent('click');
      await page.waitForSelector('text=No software was assigned');
      await page.evaluate(() => (window.location.hash = '#/views/iotconnector'));
      await page.waitForSelector('[data-testid="device-list"] [data-testid="list-heading"]');
      await page.waitForSelector('[data-testid="device-grid"][aria-busy="false"]');
      assert.equal(await page.getByText('No software was assigned').count(), 0, 'the group page message stays behind');

      await page.route(`**/inventory/managedObjects/${group.id}/childAssets**`, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'x', message: 'Service down' }) }),
      );
      await page.evaluate((id) => (window.location.hash = `#/group/${id}/sub-assets`), group.id);
      await page.waitForSelector('[data-testid="group-sub-assets"] h1:has-text("Bielefeld Hall 1")');
      await page.getByTestId('sub-assets-error').getByText('The sub-assets could not be loaded: Service down').waitFor({ timeout: 15000 });
      assert.equal(await page.getByText('No sub-assets').count(), 0);
    } finally {
      await context.close();
    }
  });
});
