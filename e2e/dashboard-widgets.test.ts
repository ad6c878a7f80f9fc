/**
 * Browser tests of the Device Operations Dashboard: every default widget with the stand-in's
 * figures, click-throughs to the device and alarm lists, config validation, and an editor's
 * add / configure / move / remove surviving a reload for every user. Needs `npm run build`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { loginAs, platformLogin, snap, startStack, type Stack } from './harness';
import { chooseLanguage, restoreEnglish } from './screens';

const WAIT_MS = 30_000;
const DEFAULT_WIDGET_COUNT = 14;
const DASHBOARD = '/deviceOperationsDashboard';
const FRAGMENT = 'c8y_Dashboard!name!deviceOperationsDashboardAngular';

let stack: Stack;

before(async () => {
  stack = await startStack({ devices: 150 });
});
after(async () => {
  await stack?.close();
});

const api = <T>(page: Page, path: string): Promise<T> =>
  page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return res.json();
  }, path) as Promise<T>;

const widget = (page: Page, instanceId: string) => page.locator(`[data-testid="dashboard-widget"][data-instance-id="${instanceId}"]`);

/** Every widget's content has painted: no spinner, no placeholder, no loading parcel. */
async function waitForAllWidgets(page: Page, count: number) {
  await page.waitForFunction(
    (n) => {
      const cards = [...document.querySelectorAll('[data-testid="dashboard-widget"]')];
      if (cards.length !== n) return false;
      return cards.every(
        (c) =>
          !c.querySelector('[data-testid="contribution-loading"], .spinner, [data-testid="top-alarms-placeholders"]') &&
          !!c.querySelector('[data-testid^="widget-"]'),
      );
    },
    count,
    { timeout: WAIT_MS },
  );
}

async function openDashboard(page: Page, count = DEFAULT_WIDGET_COUNT) {
  await page.goto(`${stack.url}/apps/shell/#${DASHBOARD}`);
  await page.waitForSelector('[data-testid="dashboard"]', { timeout: WAIT_MS });
  await waitForAllWidgets(page, count);
}

/**
 * Waits until the grid shows exactly `count` rows. A row is drawn once per pinned area, so this
 * counts distinct row indexes; AG Grid draws rows over several animation frames, so the count is
 * awaited, not read once.
 */
async function waitForRowCount(page: Page, count: number) {
  await page.waitForFunction(
    (n) => new Set([...document.querySelectorAll('[data-testid="device-grid"] .ag-row[row-index]')].map((r) => r.getAttribute('row-index'))).size === n,
    count,
    { timeout: WAIT_MS },
  );
}

const hash = (page: Page) => decodeURIComponent(new URL(page.url()).hash);

async function expectList(page: Page, view: string, extra = '') {
  await page.waitForFunction((v) => location.hash.includes(`view=${v}`), view, { timeout: WAIT_MS });
  assert.ok(hash(page).startsWith('#/devicesFromDashboard?'), hash(page));
  assert.ok(hash(page).includes('operationsdashboarddetails=true'), hash(page));
  if (extra) assert.ok(hash(page).includes(extra), `${hash(page)} lacks ${extra}`);
  await page.waitForSelector(`[data-testid="devices-from-dashboard"][data-view="${view}"]`, { timeout: WAIT_MS });
  await page.waitForSelector('[data-testid="device-grid"] .ag-row, .c8y-empty-state', { timeout: WAIT_MS });
}

describe('Device Operations Dashboard', () => {
  test('the default dashboard renders every widget with the stand-in figures', async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      await openDashboard(page);
      const sections = await page.locator('[data-testid="dashboard-section"]').allInnerTexts();
      assert.deepEqual(sections, ['Connection Monitoring', 'Alarm Monitoring', 'Software Monitoring']);
      assert.equal(await page.locator('[data-testid="widget-error"]').count(), 0);

      const stats = await api<{ onlineDeviceCount: number; totalDevices: number }>(page, '/service/operation-dashboard/devicestatistics');
      assert.equal((await widget(page, 'devices-online-number').getByTestId('figure-online').innerText()).trim(), String(stats.onlineDeviceCount));
      assert.match(await widget(page, 'devices-online-number').innerText(), new RegExp(`online from ${stats.totalDevices} devices`));

      const history = await api<{ attrs: { history: { deviceCount: number; averageTime: number }[] } }>(page, '/service/operation-dashboard/historydevicelist');
      const y = history.attrs.history[0];
      assert.equal((await widget(page, 'online-yesterday').getByTestId('figure-yesterday').innerText()).trim(), String(y.deviceCount));
      const hhmm = `${String(Math.floor(y.averageTime / 60)).padStart(2, '0')}:${String(y.averageTime % 60).padStart(2, '0')}`;
      assert.equal((await widget(page, 'online-yesterday').getByTestId('figure-average').innerText()).trim(), hhmm);
      assert.equal((await widget(page, 'online-history-bars').getByTestId('widget-title').innerText()).trim(), 'online last 60 days');
      assert.equal((await widget(page, 'alarm-history').getByTestId('widget-title').innerText()).trim(), 'alarms last 60 days');
      // All ten rows of the top alarm list inside its card, at 1280 and 1920 px (issue 19 item 17: the 10th was cut).
      for (const width of [1280, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        const rows = await widget(page, 'top-alarms').locator('[data-testid="top-alarm"]').count();
        assert.equal(rows, 10);
        const fits = await widget(page, 'top-alarms').evaluate((card) => {
          const bottom = card.getBoundingClientRect().bottom;
          return [...card.querySelectorAll('[data-testid="top-alarm"]')].every((r) => r.getBoundingClientRect().bottom <= bottom + 0.5);
        });
        assert.equal(fits, true, `ten rows fit at ${width}`);
      }
      await page.setViewportSize({ width: 1400, height: 900 });

      for (const severity of ['critical', 'major', 'minor', 'warning']) {
        const count = await api<{ total: number; connectivity: number }>(page, `/service/operation-dashboard/alarmcount/${severity}`);
        const card = widget(page, `alarm-severity-${severity}`);
        assert.equal((await card.getByTestId('figure-total').innerText()).trim(), String(count.total), severity);
        assert.equal((await card.getByTestId('category-health').innerText()).trim(), String(count.connectivity), severity);
      }

      const top = await api<{ alarmType: string; count: number }[]>(page, '/service/operation-dashboard/toptenalarmtypes/30');
      const rows = widget(page, 'top-alarms').getByTestId('top-alarm');
      assert.equal(await rows.count(), Math.min(10, top.length));
      if (top.length) assert.match(await rows.first().innerText(), new RegExp(`${top[0].count}\\s+${top[0].alarmType}`));

      const sw = await api<{ devicesWaitingForDependencies: number; TrendWFD: number }>(page, '/service/operation-dashboard/softwaremonitoringstats/30');
      const dep = widget(page, 'software-monitor-dependency');
      assert.equal((await dep.getByTestId('figure-count').innerText()).trim(), String(sw.devicesWaitingForDependencies));
      assert.equal(await dep.getByTestId('trend').getAttribute('data-trend'), sw.TrendWFD === 1 ? 'up' : sw.TrendWFD === -1 ? 'down' : 'right');
      const rec = await api<{ thisMonth: number; thisYear: number; total: number }>(page, '/service/operation-dashboard/recovereddevicestats');
      assert.equal((await widget(page, 'software-monitor-recovered').getByTestId('figure-recoveredTotal').innerText()).trim(), String(rec.total));
      assert.ok((await page.locator('canvas').count()) >= 3, 'pie, bar and stacked charts paint');
      await snap(page, 'dashboard-widgets-default');
    } finally {
      await context.close();
    }
  });

  test('in German at 1280 px, every card title stays on one line, cut with an ellipsis, with the full title on hover', async () => {
    const { context, page } = await loginAs(stack, 'operator');
    try {
      await page.setViewportSize({ width: 1280, height: 1000 });
      await chooseLanguage(page, 'Deutsch');
      await openDashboard(page);
      await page.getByRole('heading', { name: 'Verbindungsüberwachung' }).waitFor({ timeout: WAIT_MS });
      await snap(page, 'dashboard-widgets-titles-de-1280');
      const titles = await page.$$eval('[data-testid="dashboard-widget"] [data-testid="widget-card-title"]', (els) =>
        els.map((el) => {
          const style = getComputedStyle(el);
          const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
          return {
            text: el.textContent ?? '',
            tooltip: el.getAttribute('title'),
            lines: Math.round(el.getBoundingClientRect().height / lineHeight),
            cut: el.scrollWidth > el.clientWidth,
            ellipsis: style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap' && style.overflow === 'hidden',
          };
        }),
      );
      assert.equal(titles.length, DEFAULT_WIDGET_COUNT);
      const wrong = titles.filter((t) => t.lines !== 1 || t.tooltip !== t.text || (t.cut && !t.ellipsis));
      assert.deepEqual(wrong, [], 'a card title wraps, is cut without an ellipsis, or has not its full text on hover');
    } finally {
      await restoreEnglish(page);
      await context.close();
    }
  });

  test('while the figures are on their way, each widget shows its spinner in its body, not over its title', async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      // The service's answers held back, so the widgets stay in their loading state.
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      await page.route(/\/service\/operation-dashboard\//, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`${stack.url}/apps/shell/#${DASHBOARD}`);
      await page.waitForSelector('[data-testid="dashboard"]', { timeout: WAIT_MS });
      await page.waitForFunction(
        (n) => [...document.querySelectorAll('[data-testid="dashboard-widget"]')].filter((c) => c.querySelector('.spinner')).length === n,
        DEFAULT_WIDGET_COUNT,
        { timeout: WAIT_MS },
      );
      const placed = await page.$$eval('[data-testid="dashboard-widget"]', (cards) =>
        cards.map((card) => {
          const title = card.querySelector('.card-header, .card-title')!.getBoundingClientRect();
          const spinner = card.querySelector('.spinner')!.getBoundingClientRect();
          const box = card.getBoundingClientRect();
          return { id: card.getAttribute('data-instance-id'), belowTitle: spinner.top >= title.bottom - 0.5, inside: spinner.bottom <= box.bottom + 0.5 };
        }),
      );
      assert.equal(placed.length, DEFAULT_WIDGET_COUNT);
      assert.deepEqual(placed.filter((p) => !p.belowTitle || !p.inside), [], 'every spinner below its card title and inside its card');
      await snap(page, 'dashboard-widgets-loading');
      release();
      await waitForAllWidgets(page, DEFAULT_WIDGET_COUNT);
    } finally {
      await context.close();
    }
  });

  test('figures open the matching device list or alarm page', async () => {
    const { context, page } = await loginAs(stack, 'operator');
    try {
      await openDashboard(page);
      await widget(page, 'devices-online-number').getByTestId('figure-online').click();
      await expectList(page, 'currentOnlineDevices');
      await snap(page, 'dashboard-widgets-list-online');

      await openDashboard(page);
      await widget(page, 'devices-online-pie').getByTestId('slice-currentOfflineDevices').click();
      await expectList(page, 'currentOfflineDevices');

      await openDashboard(page);
      await widget(page, 'online-yesterday').getByTestId('figure-yesterday').click();
      await expectList(page, 'onlineOnDay', 'day=1');
      // Not "Devices online 1 days ago" (issue 19 item 17).
      await page.locator('[data-testid="devices-from-dashboard"]', { hasText: 'Devices online yesterday' }).first().waitFor({ timeout: WAIT_MS });

      // The newest bar is at the right end of the 60-day chart: yesterday, day=1.
      await openDashboard(page);
      const canvas = widget(page, 'online-history-bars').locator('canvas');
      const box = await canvas.boundingBox();
      assert.ok(box);
      // The bars grow in with an animation: click until the chart has a bar under the pointer.
      for (let attempt = 0; attempt < 20 && !hash(page).includes('view=onlineOnDay'); attempt++) {
        await page.mouse.click(box.x + box.width - 8 - 2, box.y + box.height - 44);
        await page.waitForTimeout(250);
      }
      await expectList(page, 'onlineOnDay', 'day=1');

      // The day's whole column opens it, not only its thin bar: a click above the second bar from
      // the right (grid: left 40, right 8, top 16; the axis ends above the highest bar) is day 2.
      await openDashboard(page);
      const column = (box.width - 40 - 8) / 60;
      await page.mouse.click(box.x + box.width - 8 - 1.5 * column, box.y + 16 + 4);
      await expectList(page, 'onlineOnDay', 'day=2');

      await openDashboard(page);
      await widget(page, 'software-monitor-dependency').getByTestId('figure-count').click();
      await expectList(page, 'devicesWaitingForDependency');

      await openDashboard(page);
      await widget(page, 'software-monitor-recovered').getByTestId('figure-recoveredThisYear').click();
      await expectList(page, 'recoveredThisYear');

      await openDashboard(page);
      await widget(page, 'alarm-severity-major').getByTestId('category-health').click();
      await page.waitForFunction(() => location.hash.startsWith('#/alarmDetails'), undefined, { timeout: WAIT_MS });
      const h = hash(page);
      for (const part of ['operationsdashboarddetails=true', 'severity=major', 'category=health']) assert.ok(h.includes(part), h);
      await page.waitForSelector('[data-contribution="route:device-operations/alarm-details"]', { timeout: WAIT_MS });
      assert.equal(await page.locator('[data-testid="not-found"]').count(), 0);
    } finally {
      await context.close();
    }
  });

  test('the dashboard list pages, sizes and refuses unknown views', async () => {
    const { context, page } = await loginAs(stack, 'admin', '/devicesFromDashboard?view=totalDevices&operationsdashboarddetails=true');
    try {
      await page.waitForSelector('[data-testid="devices-from-dashboard"][data-view="totalDevices"] [data-testid="list-heading"]:has-text("All devices")', { timeout: WAIT_MS });
      await page.waitForSelector('[data-testid="device-grid"] .ag-row', { timeout: WAIT_MS });
      await waitForRowCount(page, 25);
      const sizes = await page.locator('[data-testid="page-size"] option').allInnerTexts();
      assert.deepEqual(sizes, ['10', '25', '50', '100']);
      await page.locator('[data-testid="page-size"]').selectOption('10');
      await waitForRowCount(page, 10);
      for (const id of ['action-select-software', 'action-clear-pending', 'action-initialize', 'action-smart-group', 'action-reload']) {
        assert.equal(await page.getByTestId(id).count(), 1, id);
      }
      // Back to the default size for the other tests (it is kept per user).
      await page.locator('[data-testid="page-size"]').selectOption('25');
      await waitForRowCount(page, 25);
      await page.goto(`${stack.url}/apps/shell/#/devicesFromDashboard?view=bogus&operationsdashboarddetails=true`);
      await page.waitForSelector('[data-testid="view-not-known"]', { timeout: WAIT_MS });
      assert.equal((await page.getByTestId('view-not-known').innerText()).trim(), 'Device Operations Dashboard view not known.');
    } finally {
      await context.close();
    }
  });

  test('the dashboard list is the device list: spec dates, status icons, pager with total (issue 19.14)', async () => {
    const { context, page } = await loginAs(stack, 'operator', '/devicesFromDashboard?view=totalDevices&operationsdashboarddetails=true');
    try {
      await page.waitForSelector('[data-testid="devices-from-dashboard"][data-view="totalDevices"] [data-testid="list-heading"]:has-text("All devices")', { timeout: WAIT_MS });
      const listed = await api<{ statistics: { totalElements: number } }>(page, '/service/operation-dashboard/listdevices/total?pageSize=1&currentPage=1');
      const total = listed.statistics.totalElements;
      assert.ok(total > 25, `the stand-in lists ${total} devices`);
      await page.waitForSelector('[data-testid="device-grid"] .ag-row [col-id="lastMessage"]', { timeout: WAIT_MS });
      // Dates in the spec's format, never ISO.
      const dates = (await page.locator('[data-testid="device-grid"] .ag-row [col-id="lastMessage"]').allTextContents()).map((d) => d.trim()).filter(Boolean);
      assert.ok(dates.length > 0 && dates.every((d) => /^\d{2}:\d{2}:\d{2} \d{2}\.\d{2}\.\d{4}$/.test(d)), dates.join(' | '));
      // Status: the device list's icon with its label, not the platform's code.
      const statusCells = page.locator('[data-testid="device-grid"] .ag-row [col-id="status"] [data-status]');
      assert.ok((await statusCells.count()) > 0);
      const statusTexts = await page.locator('[data-testid="device-grid"] .ag-row [col-id="status"]').allTextContents();
      assert.deepEqual(statusTexts.filter((s) => /AVAILABLE|NOT_MONITORED|UNAVAILABLE/.test(s)), []);
      const first = statusCells.first();
      const code = await first.getAttribute('data-status');
      const label = { AVAILABLE: 'Online', UNAVAILABLE: 'Offline', NOT_MONITORED: 'Not monitored', MAINTENANCE: 'Maintenance', UNKNOWN: 'Unknown' }[code ?? ''];
      assert.equal(await first.getAttribute('title'), label);
      assert.equal(await first.locator('i[class*="dlt-c8y-icon-"]').count(), 1);
      // The device list's pager: its buttons, the total, "Items per page" on one line.
      assert.equal(await page.getByTestId('pager-total').textContent(), `1–25 of ${total}`);
      for (const id of ['page-first', 'page-previous', 'page-1', 'page-next', 'page-last']) assert.equal(await page.getByTestId(id).count(), 1, id);
      for (const width of [1280, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        const label = page.locator('[data-testid="pager"] label');
        const lines = await label.evaluate((e) => e.getClientRects().length);
        const box = await label.boundingBox();
        assert.equal(lines, 1);
        assert.ok(box && box.height < 30, `Items per page is ${box?.height} px high at ${width} px`);
        await snap(page, `dashboard-list-${width}`);
        await page.getByTestId('pager').scrollIntoViewIfNeeded();
        await snap(page, `dashboard-list-pager-${width}`);
      }
      await page.getByTestId('page-next').click();
      await page.waitForFunction((t) => document.querySelector('[data-testid="pager-total"]')?.textContent === `26–50 of ${t}`, total, { timeout: WAIT_MS });
      // German: the same list, "Elemente pro Seite" still on one line.
      await chooseLanguage(page, 'Deutsch');
      await page.waitForFunction((t) => document.querySelector('[data-testid="pager-total"]')?.textContent === `26–50 von ${t}`, total, { timeout: WAIT_MS });
      const german = { AVAILABLE: 'Online', UNAVAILABLE: 'Offline', NOT_MONITORED: 'Nicht überwacht', MAINTENANCE: 'Wartung', UNKNOWN: 'Unbekannt' } as Record<string, string>;
      const firstStatus = statusCells.first();
      assert.equal(await firstStatus.getAttribute('title'), german[(await firstStatus.getAttribute('data-status')) ?? '']);
      for (const width of [1280, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        const label = page.locator('[data-testid="pager"] label');
        assert.equal((await label.textContent())?.trim(), 'Elemente pro Seite');
        assert.equal(await label.evaluate((e) => e.getClientRects().length), 1);
        assert.ok(((await label.boundingBox())?.height ?? 99) < 30, `Elemente pro Seite wraps at ${width} px`);
        await page.getByTestId('pager').scrollIntoViewIfNeeded();
        await snap(page, `dashboard-list-pager-${width}-de`);
      }
    } finally {
      await restoreEnglish(page);
      await context.close();
    }
  });

  test('a dashboard list that cannot be loaded says why, not "No devices to display"', async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      await page.route('**/service/operation-dashboard/listdevices/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }));
      await page.goto(`${stack.url}/apps/shell/#/devicesFromDashboard?view=currentOnlineDevices&operationsdashboarddetails=true`);
      await page.waitForSelector('[data-testid="devices-from-dashboard"] [data-testid="list-heading"]:has-text("Devices currently online")', { timeout: WAIT_MS });
      const why = 'Could not get connection data from microservice, response status: 503.';
      await page.getByTestId('list-error').waitFor({ timeout: WAIT_MS });
      assert.equal((await page.getByTestId('list-error').textContent())?.trim(), why);
      // Said once, in the alert: the grid stays (its headers) without the message again nor "No devices to display".
      await page.locator('[data-testid="device-grid"] [data-testid="header-name"]').waitFor({ timeout: WAIT_MS });
      assert.equal(await page.getByText(why).count(), 1);
      assert.equal(await page.getByTestId('grid-empty').count(), 0);
      assert.equal(await page.getByText('No devices to display').count(), 0);
    } finally {
      await context.close();
    }
  });

  test('edit mode keeps every gear, bin and title usable at 1280 and 1920 px in en and de; drag moves, the corner resizes, a new widget takes free room with its own title', async () => {
    const EDIT_BUTTONS = ['widget-configure', 'widget-remove', 'widget-move-left', 'widget-move-right', 'widget-move-up', 'widget-move-down', 'widget-narrower', 'widget-wider', 'widget-shorter', 'widget-taller'];
    const { context, page } = await loginAs(stack, 'admin');
    const saved = () =>
      page.evaluate(async (fragment) => {
        const res = await fetch(`/inventory/managedObjects?fragmentType=${encodeURIComponent(fragment)}&pageSize=5`, { headers: { Accept: 'application/json' } });
        const mo = (await res.json()).managedObjects?.[0];
        return (mo ? { id: mo.id as string, children: mo.c8y_Dashboard.children } : null) as { id: string; children: Record<string, { _x: number; _y: number; _width: number; _height: number; title?: string; componentId: string }> } | null;
      }, FRAGMENT);
    try {
      // Issue 19 item 13: 10 of 17 cards cut their gear and bin and shrank titles to "D.".
      for (const lang of ['en', 'de'] as const) {
        if (lang === 'de') await chooseLanguage(page, 'Deutsch');
        for (const width of [1280, 1920]) {
          await page.setViewportSize({ width, height: 1000 });
          await openDashboard(page);
          await page.getByTestId('dashboard-edit').click();
          await page.waitForSelector('[data-testid="widget-configure"]', { timeout: WAIT_MS });
          const problems = await page.evaluate((ids) => {
            const out: string[] = [];
            for (const card of document.querySelectorAll('[data-testid="dashboard-widget"]')) {
              const id = card.getAttribute('data-instance-id');
              const c = card.getBoundingClientRect();
              for (const b of ids) {
                const r = card.querySelector(`[data-testid="${b}"]`)?.getBoundingClientRect();
                if (!r) out.push(`${id}: ${b} missing`);
                else if (r.width < 12 || r.height < 12 || r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5) out.push(`${id}: ${b} cut`);
              }
              const title = card.querySelector('[data-testid="widget-card-title"]') as HTMLElement;
              if (title.getBoundingClientRect().width < 64 && title.scrollWidth > title.clientWidth) out.push(`${id}: title ${Math.round(title.getBoundingClientRect().width)} px`);
            }
            return out;
          }, EDIT_BUTTONS);
          assert.deepEqual(problems, [], `${lang} ${width}`);
          assert.equal(await page.getByTestId('widget-resize-handle').count(), DEFAULT_WIDGET_COUNT);
          await snap(page, `dashboard-edit-${lang}-${width}`);
          // Done: the next round opens the dashboard in view mode again (same URL, no reload).
          await page.getByTestId('dashboard-edit').click();
          await page.waitForSelector('[data-testid="widget-configure"]', { state: 'detached', timeout: WAIT_MS });
        }
      }
      await chooseLanguage(page, 'English');

      // Tall enough that the software section and the rows below it are on screen for the mouse.
      await page.setViewportSize({ width: 1280, height: 2000 });
      await openDashboard(page);
      await page.getByTestId('dashboard-edit').click();
      const recovered = widget(page, 'software-monitor-recovered');
      await recovered.scrollIntoViewIfNeeded();
      const drag = async (from: { x: number; y: number }, dx: number, dy: number) => {
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 4 });
        await page.mouse.move(from.x + dx, from.y + dy, { steps: 4 });
        await page.mouse.up();
      };
      const grid = await recovered.locator('xpath=ancestor::*[contains(@class,"dashboard-grid")]').boundingBox();
      assert.ok(grid);
      const cell = (grid.width + 16) / 12;
      const row = 80 + 16;
      // Drag the header: two rows down (below the section's widgets), then three columns left.
      let head = await recovered.getByTestId('widget-drag-handle').boundingBox();
      assert.ok(head);
      await drag({ x: head.x + 20, y: head.y + head.height / 2 }, 0, 2 * row);
      await page.waitForFunction(
        () => /grid-area: 3 \/ 10 \/ span 2 \/ span 3;/.test(document.querySelector('[data-instance-id="software-monitor-recovered"]')?.parentElement?.getAttribute('style') ?? ''),
        null,
        { timeout: WAIT_MS },
      );
      head = await recovered.getByTestId('widget-drag-handle').boundingBox();
      assert.ok(head);
      await drag({ x: head.x + 20, y: head.y + head.height / 2 }, -3 * cell, 0);
      await page.waitForFunction(
        () => /grid-area: 3 \/ 7 \/ span 2 \/ span 3;/.test(document.querySelector('[data-instance-id="software-monitor-recovered"]')?.parentElement?.getAttribute('style') ?? ''),
        null,
        { timeout: WAIT_MS },
      );
      // The corner handle: one column wider, one row taller.
      const corner = await recovered.locator('xpath=..').getByTestId('widget-resize-handle').boundingBox();
      assert.ok(corner);
      await drag({ x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 }, cell, row);
      await page.waitForFunction(
        () => /span 3 \/ span 4;/.test(document.querySelector('[data-instance-id="software-monitor-recovered"]')?.parentElement?.getAttribute('style') ?? ''),
        null,
        { timeout: WAIT_MS },
      );

      // A new widget with its own title, placed where there is room (no overlap with any other).
      await page.getByTestId('dashboard-add-widget').click();
      const gallery = page.getByTestId('widget-gallery');
      const descriptions = await gallery.locator('[data-testid="gallery-item"] p').evaluateAll((ps) => ps.filter((p) => p.scrollWidth > p.clientWidth + 1).length);
      assert.equal(descriptions, 0, 'gallery descriptions are whole');
      // Two a row with no empty cell: floating columns left a gap beside a taller item (a two-line description).
      const cells = await gallery.getByTestId('gallery-item').evaluateAll((items) => items.map((b) => ({ top: Math.round(b.getBoundingClientRect().top), left: Math.round(b.getBoundingClientRect().left) })));
      const lefts = [...new Set(cells.map((c) => c.left))].sort((a, b) => a - b);
      assert.equal(lefts.length, 2, `two columns: ${JSON.stringify(cells)}`);
      cells.forEach((c, n) => assert.equal(c.left, lefts[n % 2], `gallery item ${n + 1} in column ${(n % 2) + 1}: ${JSON.stringify(cells)}`));
      for (let n = 1; n < cells.length; n += 2) assert.equal(cells[n].top, cells[n - 1].top, `gallery items ${n} and ${n + 1} share a row: ${JSON.stringify(cells)}`);
      await gallery.locator('[data-widget-id="widget:dashboard-widgets/top-alarms"]').click();
      const modal = page.getByTestId('widget-config-modal');
      assert.equal(await modal.getByTestId('widget-config-title').inputValue(), 'Top alarm list');
      await modal.getByTestId('widget-config-title').fill('Line 4 alarms');
      await modal.getByTestId('widget-config-save').click();
      await page.locator('[data-testid="widget-card-title"]', { hasText: 'Line 4 alarms' }).waitFor({ timeout: WAIT_MS });
      await page.waitForFunction(
        async (fragment) => {
          const res = await fetch(`/inventory/managedObjects?fragmentType=${encodeURIComponent(fragment)}&pageSize=5`, { headers: { Accept: 'application/json' } });
          const children = Object.values((await res.json()).managedObjects?.[0]?.c8y_Dashboard?.children ?? {}) as { title?: string; _width: number; _height: number }[];
          return children.some((c) => c.title === 'Line 4 alarms') && children.some((c) => c._width === 4 && c._height === 3);
        },
        FRAGMENT,
        { timeout: WAIT_MS, polling: 250 },
      );
      const stored = await saved();
      assert.ok(stored);
      const rects = Object.entries(stored.children);
      const recoveredNow = stored.children['software-monitor-recovered'];
      assert.deepEqual([recoveredNow._x, recoveredNow._y, recoveredNow._width, recoveredNow._height], [6, 14, 4, 3]);
      for (const [a, ra] of rects)
        for (const [b, rb] of rects)
          if (a < b) assert.ok(!(ra._x < rb._x + rb._width && rb._x < ra._x + ra._width && ra._y < rb._y + rb._height && rb._y < ra._y + ra._height), `${a} overlaps ${b}`);
      await snap(page, 'dashboard-edit-dragged');
    } finally {
      await context.close();
    }
    // Back to the default layout for the next test: the page is closed (no save in flight).
    await deleteSavedDashboards();
  });

  /** Every saved copy of the dashboard goes: the next page shows the default layout. */
  async function deleteSavedDashboards(): Promise<void> {
    const auth = { Authorization: `Basic ${Buffer.from('demo/admin:demo').toString('base64')}`, Accept: 'application/json' };
    const list = (await (await fetch(`${stack.url}/inventory/managedObjects?fragmentType=${encodeURIComponent(FRAGMENT)}&pageSize=5`, { headers: auth })).json()) as { managedObjects: { id: string }[] };
    for (const mo of list.managedObjects) {
      const res = await fetch(`${stack.url}/inventory/managedObjects/${mo.id}`, { method: 'DELETE', headers: auth });
      assert.equal(res.status, 204, `delete dashboard ${mo.id}`);
    }
  }

  test('an editor configures, adds, moves and removes widgets; everyone sees it after reload', async () => {
    const { context, page } = await loginAs(stack, 'admin');
    try {
      await openDashboard(page);
      await page.getByTestId('dashboard-edit').click();

      // Configure the history chart: the slider's four messages, Save disabled while invalid.
      await widget(page, 'online-history-bars').getByTestId('widget-configure').click();
      const modal = page.getByTestId('widget-config-modal');
      const days = modal.getByTestId('days-input');
      await days.waitFor({ timeout: WAIT_MS });
      const save = modal.getByTestId('widget-config-save');
      for (const [value, message] of [
        ['5', 'Amount of days must be at least 7 days.'],
        ['61', 'Amount of days excceds the limit of 60 days.'],
        ['7.5', 'Amount of days must be an integer.'],
        ['', 'Amount of days is required and should be a number between 7 and 60 days.'],
      ]) {
        await days.fill(value);
        assert.equal((await modal.getByTestId('days-message').innerText()).trim(), message);
        assert.equal(await save.isDisabled(), true, `Save disabled for "${value}"`);
      }
      await snap(page, 'dashboard-widgets-config-invalid');
      await days.fill('7');
      assert.equal(await modal.getByTestId('days-message').count(), 0);
      await save.click();
      await page.waitForFunction(
        () => document.querySelector('[data-instance-id="online-history-bars"] [data-testid="widget-title"]')?.textContent?.trim() === 'online last week',
        undefined,
        { timeout: WAIT_MS },
      );

      // Add a software monitor from the gallery, configured to the recovered view.
      await page.getByTestId('dashboard-add-widget').click();
      const gallery = page.getByTestId('widget-gallery');
      await gallery.getByTestId('gallery-item').first().waitFor({ timeout: WAIT_MS });
      assert.equal(await gallery.getByTestId('gallery-item').count(), 6);
      assert.equal(await gallery.locator('img').count(), 6);
      await snap(page, 'dashboard-widgets-gallery');
      await gallery.locator('[data-widget-id="widget:dashboard-widgets/software-monitor"]').click();
      await modal.getByTestId('view-selection').selectOption('recovered');
      await modal.getByTestId('widget-config-save').click();
      await waitForAllWidgets(page, DEFAULT_WIDGET_COUNT + 1);
      const added = page.locator('[data-testid="dashboard-widget"][data-widget-id="widget:dashboard-widgets/software-monitor"]').last();
      const addedId = await added.getAttribute('data-instance-id');
      assert.ok(addedId && !addedId.startsWith('software-monitor-'));
      assert.equal(await added.locator('[data-testid="widget-software-monitor"]').getAttribute('data-view'), 'recovered');

      // Move right twice (keyboard), make it wider, and remove the top alarm list.
      await added.getByTestId('widget-move-right').focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await added.getByTestId('widget-wider').click();
      await widget(page, 'top-alarms').getByTestId('widget-remove').click();
      await page.getByTestId('widget-remove-ok').click();
      await page.waitForFunction(() => !document.querySelector('[data-instance-id="top-alarms"]'), undefined, { timeout: WAIT_MS });

      // Saved on the stand-in as the platform keeps dashboards.
      await page.waitForFunction(
        async ({ fragment, id }) => {
          const res = await fetch(`/inventory/managedObjects?fragmentType=${encodeURIComponent(fragment)}&pageSize=5`, { headers: { Accept: 'application/json' } });
          const body = await res.json();
          const child = body.managedObjects?.[0]?.c8y_Dashboard?.children?.[id];
          return body.managedObjects.length === 1 && child?._x === 2 && child?._width === 5 && !body.managedObjects[0].c8y_Dashboard.children['top-alarms'];
        },
        { fragment: FRAGMENT, id: addedId },
        { timeout: WAIT_MS, polling: 250 },
      );

      await page.reload();
      await page.waitForSelector('[data-testid="dashboard"]', { timeout: WAIT_MS });
      await waitForAllWidgets(page, DEFAULT_WIDGET_COUNT);
      assert.equal(await widget(page, 'top-alarms').count(), 0);
      assert.equal((await widget(page, 'online-history-bars').getByTestId('widget-title').innerText()).trim(), 'online last week');
      const style = await widget(page, addedId).locator('xpath=..').getAttribute('style');
      // grid-area: row-start / column-start / row-span / column-span
      assert.match(style ?? '', /grid-area: \d+ \/ 3 \/ span \d+ \/ span 5;/);
      await snap(page, 'dashboard-widgets-edited');
    } finally {
      await context.close();
    }

    // A viewer has no edit rights: the same layout, read-only.
    const viewer = await loginAs(stack, 'viewer');
    try {
      await openDashboard(viewer.page);
      assert.equal(await viewer.page.getByTestId('dashboard-edit').count(), 0);
      assert.equal(await widget(viewer.page, 'top-alarms').count(), 0);
      assert.equal(await viewer.page.locator('[data-testid="widget-configure"]').count(), 0);
    } finally {
      await viewer.context.close();
    }
  });
  /** As admin on the platform UI's Home dashboard, in edit mode: the widget dialog with `label` picked. */
  async function openPlatformWidgetDialog(page: Page, label: string): Promise<void> {
    await platformLogin(page, `${stack.url}/apps/devicemanagement/#/home`, 'admin');
    await page.locator('[data-cy="c8y-widget-dashboard--edit-widgets"]').click({ timeout: WAIT_MS });
    await page.getByRole('button', { name: /Add widget/i }).first().click();
    await page.getByText(label, { exact: true }).first().click();
  }

  test("in the platform UI's widget dialog, Save is disabled while our config form shows a message, as in the dev shell; the Preview shows the widget as configured; the placed widget keeps off the card's border", async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await openPlatformWidgetDialog(page, 'Software monitor');
      // Our config form, inside the platform's dialog.
      const days = page.getByTestId('days-input');
      await days.waitFor({ timeout: WAIT_MS });
      const save = page.locator('[data-cy="widget-config--save-widget"]');
      assert.equal(await save.isDisabled(), false, 'the default config is valid');
      for (const [value, message] of [
        ['5', 'Amount of days must be at least 7 days.'],
        ['', 'Amount of days is required and should be a number between 7 and 60 days.'],
      ]) {
        await days.fill(value);
        assert.equal((await page.getByTestId('days-message').innerText()).trim(), message);
        await page.waitForFunction(() => (document.querySelector('[data-cy="widget-config--save-widget"]') as HTMLButtonElement | null)?.disabled === true, undefined, { timeout: WAIT_MS });
      }
      await snap(page, 'dashboard-widgets-platform-config-invalid');
      await days.fill('21');
      await page.waitForFunction(() => (document.querySelector('[data-cy="widget-config--save-widget"]') as HTMLButtonElement | null)?.disabled === false, undefined, { timeout: WAIT_MS });
      // The dialog's Preview shows our widget (not the platform's "No preview available.") and follows the form.
      const preview = page.getByRole('group', { name: 'Preview' }).getByTestId('widget-software-monitor');
      await preview.waitFor({ timeout: WAIT_MS });
      assert.equal(await page.getByText('No preview available.').count(), 0);
      await page.getByTestId('view-selection').selectOption('approval');
      await page.waitForFunction(
        () => document.querySelector('c8y-widget-preview [data-testid="widget-software-monitor"]')?.getAttribute('data-view') === 'approval',
        undefined,
        { timeout: WAIT_MS },
      );
      await save.click();
      // The dialog's Preview holds a second copy of the widget until the dialog has closed.
      await save.waitFor({ state: 'detached', timeout: WAIT_MS });
      const placed = page.getByTestId('widget-software-monitor');
      await placed.waitFor({ timeout: WAIT_MS });
      assert.equal(await placed.getAttribute('data-view'), 'approval');
      // Inside the platform's widget card with room to its border (the card's content has no padding of its own).
      const inset = await placed.evaluate((el) => {
        const card = el.closest('.card')!.getBoundingClientRect();
        const own = el.getBoundingClientRect();
        return { left: own.left - card.left, right: card.right - own.right };
      });
      assert.ok(inset.left >= 8 && inset.right >= 8, `widget content inset from the card border: ${JSON.stringify(inset)}`);
    } finally {
      await context.close();
    }
  });

  test('in the platform UI at 1280 px in German, a widget whose figures could not be read shows the whole message, its status included, inside its card', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' });
    const page = await context.newPage();
    try {
      await page.route('**/service/operation-dashboard/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }));
      await page.goto(`${stack.url}/apps/devicemanagement/?lang=de#${DASHBOARD}`);
      await page.waitForURL(/\/apps\/public\/login\//, { timeout: WAIT_MS });
      await page.locator('#login-user').fill('viewer');
      await page.locator('#login-password').fill('demo');
      await page.locator('#login-submit').click();
      // Every card of the platform's dashboard page says why it has no figures (after the client's retries).
      await page.waitForFunction(
        (n) => {
          const cards = [...document.querySelectorAll('[data-testid="platform-dashboard"] [data-testid="dashboard-widget"]')];
          return cards.length === n && cards.every((c) => c.querySelector('[data-testid="widget-error"]'));
        },
        DEFAULT_WIDGET_COUNT,
        { timeout: WAIT_MS },
      );
      const errors = await page.$$eval('[data-testid="platform-dashboard"] [data-testid="widget-error"]', (els) =>
        els.map((e) => {
          const card = e.closest('[data-testid="dashboard-widget"]')!;
          const own = e.getBoundingClientRect();
          const box = card.getBoundingClientRect();
          return { widget: card.getAttribute('aria-label'), text: e.textContent?.trim(), inside: own.bottom <= box.bottom && own.right <= box.right };
        }),
      );
      await snap(page, 'dashboard-widgets-platform-errors-de-1280');
      for (const e of errors) {
        assert.equal(e.text, 'Verbindungsdaten konnten nicht vom Microservice geholt werden, Antwortstatus: 503.', String(e.widget));
        assert.ok(e.inside, `${e.widget}: the message runs past the card's bottom (cut off, its status unseen)`);
      }
    } finally {
      await context.close();
    }
  });

  test("in the platform UI, a chart added to a dashboard gets a size that shows it whole (the platform's default cut its axis off)", async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await openPlatformWidgetDialog(page, 'Device online history');
      const save = page.locator('[data-cy="widget-config--save-widget"]');
      await save.click({ timeout: WAIT_MS });
      // The dialog's Preview holds a second card of the same title until the dialog has closed.
      await save.waitFor({ state: 'detached', timeout: WAIT_MS });
      const card = page.locator('c8y-dashboard-child', { hasText: 'Device online history' });
      await card.locator('canvas').first().waitFor({ timeout: WAIT_MS });
      const fit = await card.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const chart = el.querySelector('canvas')!.getBoundingClientRect();
        return { cardBottom: box.bottom, chartBottom: chart.bottom, cardWidth: box.width, pageWidth: document.querySelector('c8y-dashboard')!.getBoundingClientRect().width };
      });
      assert.ok(fit.chartBottom <= fit.cardBottom, `the chart ends inside its card: ${JSON.stringify(fit)}`);
      assert.ok(fit.cardWidth > fit.pageWidth * 0.4, `half the dashboard wide: ${JSON.stringify(fit)}`);
      await snap(page, 'dashboard-widgets-platform-chart-added');
    } finally {
      await context.close();
    }
  });

  test('odd figures at 1280 px in German: five-digit alarm totals keep their categories beside them, seven-digit counts of the top alarm list stay clear of the type, no devices is said, no history is said, every trend has its arrow', async () => {
    // The default layout (the editor test above saved one without the top alarm list).
    await deleteSavedDashboards();
    // Not at the dashboard yet: its figures are asked for once the routes below answer them.
    const { page, context } = await loginAs(stack, 'operator');
    const answers: Record<string, unknown> = {
      devicestatistics: { onlineDeviceCount: 0, offlineDeviceCount: 0, notMonitoredDeviceCount: 0, totalDevices: 0 },
      historydevicelist: { attrs: { history: [] } },
      alarmcount: { total: 12345, software: 2345, connectivity: 9000, services: 1000, others: 0 },
      alarmhistory: { attrs: { criticalAlarmHistory: [], majorAlarmHistory: [], minorAlarmHistory: [], warningAlarmHistory: [] } },
      toptenalarmtypes: [
        { alarmType: 'adamos_service_' + 'Z'.repeat(200), count: 1234567, severity: 'MAJOR' },
        { alarmType: '<b>not bold</b> ملف 🚀', count: 7654321, severity: 'CRITICAL' },
      ],
      softwaremonitoringstats: { devicesWaitingForDependencies: 3, TrendWFD: 0, devicesWaitingForApproval: 2, TrendWFA: 1, devicesWithoutSoftwareAssignment: 1, TrendWSA: -1 },
      recovereddevicestats: { thisMonth: 0, thisYear: 0, total: 0 },
    };
    try {
      await page.route('**/service/operation-dashboard/**', (route) => {
        const call = new URL(route.request().url()).pathname.split('/')[3];
        return call in answers ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answers[call]) }) : route.continue();
      });
      await page.setViewportSize({ width: 1280, height: 1000 });
      await chooseLanguage(page, 'Deutsch');
      await openDashboard(page);
      // Each widget paints when its own answer is in: wait for every part read below.
      for (const [selector, count] of [
        ['[data-testid="widget-alarm-severity"] [data-testid^="category-"]', 16],
        ['[data-testid="top-alarm"]', 2],
        ['[data-testid="devices-online-pie-empty"]', 1],
        ['[data-testid="history-empty"]', 2],
        ['[data-testid="trend"] i', 3],
      ] as const) {
        await page.locator(selector).nth(count - 1).waitFor({ timeout: WAIT_MS });
      }
      await snap(page, 'dashboard-widgets-odd-figures-de-1280');
      // Each severity's four category counts show inside its card, beside the total (not pushed past the edge or below the fold).
      const severities = await page.$$eval('[data-testid="widget-alarm-severity"]', (els) =>
        els.map((w) => {
          const card = w.closest('[data-testid="dashboard-widget"]')!.getBoundingClientRect();
          const total = w.querySelector('[data-testid="figure-total"]')!.getBoundingClientRect();
          const counts = [...w.querySelectorAll('[data-testid^="category-"]')].map((a) => a.getBoundingClientRect());
          return {
            view: w.getAttribute('data-view'),
            inside: counts.length === 4 && counts.every((r) => r.right <= card.right && r.bottom <= card.bottom && r.width > 0),
            // In the total's row: left of none of it, the first category above the total's bottom.
            beside: counts.every((r) => r.left > total.right) && counts.length > 0 && counts[0].top < total.bottom,
          };
        }),
      );
      assert.equal(severities.length, 4);
      for (const s of severities) assert.ok(s.inside && s.beside, `${s.view}: ${JSON.stringify(s)}`);
      // The counts keep their width: none runs under its icon or its alarm type; the markup-like type is text.
      const rows = await page.$$eval('[data-testid="top-alarm"]', (els) =>
        els.map((li) => {
          const [icon, badge, type] = [...li.children].map((c) => c.getBoundingClientRect());
          const b = li.querySelector('.badge')!;
          return { text: li.textContent, clear: icon.right <= badge.left && badge.right <= type.left, whole: b.scrollWidth <= b.clientWidth, bold: !!li.querySelector('b') };
        }),
      );
      assert.equal(rows.length, 2);
      for (const r of rows) assert.ok(r.clear && r.whole && !r.bold, JSON.stringify(r));
      assert.equal(await page.getByTestId('devices-online-pie-empty').innerText(), 'Keine Geräte vorhanden');
      assert.deepEqual(await page.getByTestId('history-empty').allInnerTexts(), ['Kein Verlauf vorhanden.', 'Kein Verlauf vorhanden.']);
      // 'unchanged' draws its arrow as 'rising' and 'falling' do (its icon had been purged from the stylesheet).
      const arrows = await page.$$eval('[data-testid="trend"] i', (els) => els.map((i) => ({ cls: i.className, glyph: getComputedStyle(i, '::before').content })));
      assert.ok(arrows.length >= 3 && arrows.every((a) => a.glyph !== 'none' && a.glyph !== ''), JSON.stringify(arrows));
    } finally {
      await restoreEnglish(page);
      await context.close();
    }
  });
});
