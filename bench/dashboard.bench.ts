/**
 * Issue 21 budgets, in Chromium, on the device-list bench's fleet (100,000 devices):
 * - time until every widget of the default Device Operations Dashboard has painted (no spinner,
 *   placeholder or loading parcel left, each widget's content present, each chart with its
 *   canvas) after a cold, logged-in load, as a ratio to the dashboard floor page's (1.5x): the
 *   same widgets in the same cells with the same echarts build, painted by React from data written
 *   into the page (bench/floor/dashboard-floor.tsx), served by the same server in the same run;
 * - JS heap growth over REFRESH_CYCLES widget refreshes (every WIDGET_REFRESH_MS) on Playwright's
 *   fake clock, heap measured after a forced GC before and after (< 5 %).
 * The ratio to the device list's first rows (issue 7's line, which the floor replaces) is printed
 * as information. Medians over REPS cold loads of each page, alternating.
 * Run: npx tsx bench/dashboard.bench.ts
 */
import type { Page } from 'playwright-core';
import { WIDGET_REFRESH_MS } from '../shared/domain/constants';
import { DEFAULT_WIDGETS } from '../plugins/dashboard-widgets/features/widgets/model/default-layout';
import { startStack, type Stack } from '../e2e/harness';
import { ALL_WIDGETS_MARK, ALL_WIDGETS_SCRIPT, DASHBOARD_HASH } from './dashboard-marks';
import { coldContext, FIRST_ROWS_SCRIPT, median, waitForMark, WAIT_MS } from './browser';
import { ensureFleet, FLEET_DEVICES } from './fleet';
import { staticDirWithFloor } from './floor/build';
import { DASHBOARD_FLOOR_CONTEXT_PATH, prepareDashboardFloor } from './floor/dashboard-floor-build';
import { report, type BenchLine } from './report';

/** Cold loads vary most on this shared machine (single loads 15 % either side of the median). */
const REPS = 7;
const FLOOR_RATIO_BUDGET = 1.5;
const HEAP_GROWTH_BUDGET_PCT = 5;
const REFRESH_CYCLES = 30;
/** Real time after a refresh's requests settled, for their results to render. */
const SETTLE_MS = 300;
/** Fake time run after each refresh so timers and animation frames of the new data fire. */
const RENDER_FAKE_MS = 2000;
const LIST_HASH = '#/views/iotconnector';


/** One cold load of `url` (under the server); resolves with the paint mark. */
async function coldLoad(stack: Stack, url: string, script: string, mark: string): Promise<number> {
  const context = await coldContext(stack);
  try {
    const page = await context.newPage();
    await page.addInitScript(script);
    await page.goto(`${stack.url}${url}`);
    const painted = await waitForMark(page, mark);
    const errors = await page.locator('[data-testid="widget-error"]').count();
    if (errors) throw new Error(`${errors} widget(s) show an error`);
    return painted;
  } finally {
    await context.close();
  }
}

/** Waits until no request of the page is in flight (after the refresh's requests went out). */
function inflight(page: Page) {
  let pending = 0;
  let sent = 0;
  page.on('request', () => {
    pending++;
    sent++;
  });
  const done = () => pending--;
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    sent: () => sent,
    async settled() {
      for (let i = 0; i < WAIT_MS / 50 && pending > 0; i++) await page.waitForTimeout(50);
      if (pending > 0) throw new Error(`${pending} request(s) still pending`);
    },
  };
}

async function heapGrowth(stack: Stack): Promise<{ before: number; after: number; requestsPerCycle: number }> {
  const context = await coldContext(stack);
  try {
    const page = await context.newPage();
    // Installed before the app: react-query's refetch interval then runs on the fake clock.
    await page.clock.install();
    await page.addInitScript(ALL_WIDGETS_SCRIPT);
    const net = inflight(page);
    await page.goto(`${stack.url}/apps/shell/${DASHBOARD_HASH}`);
    // The app's own timers (the first fetches' retries, chart animations) need the clock to move.
    for (let i = 0; i < WAIT_MS / 500; i++) {
      if (await page.evaluate((mark) => typeof (window as unknown as Record<string, unknown>)[mark] === 'number', ALL_WIDGETS_MARK)) break;
      await page.clock.runFor(500);
      await page.waitForTimeout(100);
    }
    const cdp = await context.newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const cycle = async () => {
      const before = net.sent();
      await page.clock.fastForward(WIDGET_REFRESH_MS);
      await page.waitForTimeout(SETTLE_MS);
      await net.settled();
      await page.clock.runFor(RENDER_FAKE_MS);
      await page.waitForTimeout(SETTLE_MS);
      await net.settled();
      return net.sent() - before;
    };
    // One unmeasured cycle: first-refresh allocations (query observers, chart instances) are not growth.
    await cycle();
    const before = await heap();
    const requests: number[] = [];
    for (let i = 0; i < REFRESH_CYCLES; i++) requests.push(await cycle());
    const after = await heap();
    if (requests.some((r) => r === 0)) throw new Error(`a refresh cycle sent no request: ${requests.join(' ')}`);
    const errors = await page.locator('[data-testid="widget-error"]').count();
    if (errors) throw new Error(`${errors} widget(s) show an error after the refresh cycles`);
    return { before, after, requestsPerCycle: median(requests) };
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const dataDir = await ensureFleet();
  const { staticDir, cleanup } = await staticDirWithFloor();
  const lines: BenchLine[] = [];
  try {
    const stack = await startStack({ devices: FLEET_DEVICES, dataDir, simulate: 'off', staticDir });
    try {
      const dashboardUrl = `/apps/shell/${DASHBOARD_HASH}`;
      const floorUrl = `/apps/${DASHBOARD_FLOOR_CONTEXT_PATH}/`;
      const listUrl = `/apps/shell/${LIST_HASH}`;
      // Unmeasured: warm the server for every side alike; the first captures the dashboard's answers for the floor.
      await prepareDashboardFloor(stack, staticDir);
      await coldLoad(stack, floorUrl, ALL_WIDGETS_SCRIPT, ALL_WIDGETS_MARK);
      await coldLoad(stack, listUrl, FIRST_ROWS_SCRIPT, '__firstRows');
      const dashboard: number[] = [];
      const floor: number[] = [];
      const list: number[] = [];
      for (let i = 0; i < REPS; i++) {
        dashboard.push(await coldLoad(stack, dashboardUrl, ALL_WIDGETS_SCRIPT, ALL_WIDGETS_MARK));
        floor.push(await coldLoad(stack, floorUrl, ALL_WIDGETS_SCRIPT, ALL_WIDGETS_MARK));
        list.push(await coldLoad(stack, listUrl, FIRST_ROWS_SCRIPT, '__firstRows'));
      }
      console.log(`all widgets painted   (ms): ${dashboard.map((v) => v.toFixed(0)).join(' ')}`);
      console.log(`floor widgets painted (ms): ${floor.map((v) => v.toFixed(0)).join(' ')}`);
      console.log(`list first rows       (ms): ${list.map((v) => v.toFixed(0)).join(' ')}`);
      const heap = await heapGrowth(stack);
      const growth = ((heap.after - heap.before) / heap.before) * 100;
      lines.push(
        { name: `all ${DEFAULT_WIDGETS.length} widgets painted, cold load (median)`, value: median(dashboard), unit: 'ms' },
        { name: `floor page: the same widgets painted, cold load (median)`, value: median(floor), unit: 'ms' },
        {
          name: `dashboard painted / floor painted (${median(dashboard).toFixed(0)} / ${median(floor).toFixed(0)} ms)`,
          value: median(dashboard) / median(floor),
          unit: 'x',
          budget: FLOOR_RATIO_BUDGET,
        },
        { name: 'device list first rows, cold load (median)', value: median(list), unit: 'ms' },
        { name: 'dashboard painted / list first rows', value: median(dashboard) / median(list), unit: 'x' },
        { name: 'JS heap after GC, before refreshes', value: heap.before, unit: 'B' },
        { name: `JS heap after GC, after ${REFRESH_CYCLES} refreshes`, value: heap.after, unit: 'B' },
        { name: 'requests per refresh cycle (median)', value: heap.requestsPerCycle, unit: 'req' },
        { name: `JS heap growth over ${REFRESH_CYCLES} refresh cycles`, value: growth, unit: '%', budget: HEAP_GROWTH_BUDGET_PCT },
      );
    } finally {
      await stack.close();
    }
  } finally {
    cleanup();
  }
  return report('dashboard', lines);
}

main().then(
  (code) => (process.exitCode = code),
  (err) => {
    console.error(err);
    process.exitCode = 1;
  },
);
