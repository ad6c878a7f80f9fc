/**
 * Where a browser bench's time goes: Chromium's CPU profile of a cold load (until the bench's
 * paint mark) or of filter changes (Apply to the frame that paints the new first row), on the
 * bench fleet, each sample's self time given to the npm package or source file it ran in (through
 * the build's source maps). `(program)` is the browser's own work: style, layout, paint, parsing
 * and compiling. Not a bench: no budget, and the profiler slows the page down (compare runs of this
 * tool with each other, not with the benches' figures). Needs `npm run build`.
 *
 *   npx tsx bench/profile.ts list|dashboard|floor|dashboard-floor|filter [--reps N] [--functions REGEX]
 *
 * list: the IoTconnector list; dashboard: the Device Operations Dashboard; floor: the device-list
 * bench's floor page; dashboard-floor: the dashboard bench's floor page (with the answers of one
 * dashboard load written into it, as that bench does); filter: name-filter changes in the list.
 * --functions splits the sources matching REGEX by function (line:name), e.g.
 * --functions 'ag-grid|react-dom'.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { ROOT, startStack, type Stack } from '../e2e/harness';
import { coldContext, FIRST_ROWS_SCRIPT, LIST_HASH, median, timeUntilFirstRow, waitForFirstRow, waitForMark, WAIT_MS } from './browser';
import { ALL_WIDGETS_MARK, ALL_WIDGETS_SCRIPT, DASHBOARD_HASH } from './dashboard-marks';
import { ensureFleet, FLEET_DEVICES } from './fleet';
import { FLOOR_CONTEXT_PATH, staticDirWithFloor } from './floor/build';
import { DASHBOARD_FLOOR_CONTEXT_PATH, prepareDashboardFloor } from './floor/dashboard-floor-build';

type Mode = 'list' | 'dashboard' | 'floor' | 'dashboard-floor' | 'filter';
const MODES: Mode[] = ['list', 'dashboard', 'floor', 'dashboard-floor', 'filter'];
/** The modes that wait for the dashboard's paint mark. */
const paintsWidgets = (mode: Mode) => mode === 'dashboard' || mode === 'dashboard-floor';

/** The list's first page request (what the device-list bench hands its floor). */
const FLOOR_API = `/inventory/managedObjects?query=${encodeURIComponent("$filter=(type eq 'adamos_NETbox')")}&pageSize=25&currentPage=1&withTotalElements=true&withChildren=false`;
const NAME_FILTERS = ['*1', '*2', '*3', '*4', '*5', '*6', '*7', '*8', '*9'];

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** A served file's source map and the folder its relative source paths start from. */
interface SourceMap {
  consumer: SourceMapConsumer;
  dir: string;
}
const maps = new Map<string, SourceMap | null>();
/** The served folder's parent (its /apps/... is the URL path): the floors' maps are there only. */
let servedRoot = path.join(ROOT, 'dist');

/** The source map of a served file (the floors' in the served folder, the bundle's in dist/apps), when its build wrote one. */
function mapOf(url: string): SourceMap | null {
  let map = maps.get(url);
  if (map === undefined) {
    const served = decodeURIComponent(new URL(url).pathname) + '.map';
    const file = [servedRoot, path.join(ROOT, 'dist')].map((root) => path.join(root, served)).find((f) => fs.existsSync(f));
    map = file ? { consumer: new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8'))), dir: path.dirname(file) } : null;
    maps.set(url, map);
  }
  return map;
}

/** A source path of a map as the project names it: webpack's `webpack://<name>/` dropped, esbuild's relative path made relative to the project. */
function projectPath(source: string, map: SourceMap): string {
  if (source.startsWith('webpack://')) return source.replace(/^webpack:\/\/[^/]*\//, '');
  return path.relative(ROOT, path.resolve(map.dir, source));
}

/** npm package, or the project's source file, or the served file when no map says more. */
function sourceOf(frame: CallFrame, functions: RegExp | undefined): string {
  if (frame.functionName.startsWith('(')) return frame.functionName;
  if (!frame.url) return functions?.test('(native)') ? `(native) ${frame.functionName}` : '(native)';
  const map = mapOf(frame.url);
  const pos = map?.consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const file = map && pos?.source ? projectPath(pos.source, map) : new URL(frame.url).pathname.replace(/\.[0-9a-f]{6,8}\.js$/, '.js');
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(file);
  const name = pkg ? pkg[1] : file;
  return functions?.test(name) ? `${name}:${pos?.line ?? '?'} ${frame.functionName || pos?.name || '(anonymous)'}` : name;
}

/** Self time (ms) by source over the profile's samples. */
function attribute(profile: Profile, functions: RegExp | undefined): Map<string, number> {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const by = new Map<string, number>();
  for (let i = 0; i < samples.length; i++) {
    const frame = frames.get(samples[i]);
    if (!frame || frame.functionName === '(idle)') continue;
    const name = sourceOf(frame, functions);
    by.set(name, (by.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return by;
}

function print(title: string, runs: Map<string, number>[], top = 30): void {
  const names = new Set(runs.flatMap((r) => [...r.keys()]));
  const rows = [...names].map((n) => [n, median(runs.map((r) => r.get(n) ?? 0))] as const).sort((a, b) => b[1] - a[1]);
  const busy = median(runs.map((r) => [...r.values()].reduce((s, v) => s + v, 0)));
  console.log(`\n${title}: main thread busy ${busy.toFixed(0)} ms (median of ${runs.length}); self time by source, median:`);
  for (const [name, ms] of rows.slice(0, top)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
}

async function startProfiler(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  return cdp;
}

const PAGES: Record<Exclude<Mode, 'filter'>, string> = {
  list: `/apps/shell/${LIST_HASH}`,
  dashboard: `/apps/shell/${DASHBOARD_HASH}`,
  floor: `/apps/${FLOOR_CONTEXT_PATH}/#api=${encodeURIComponent(FLOOR_API)}`,
  'dashboard-floor': `/apps/${DASHBOARD_FLOOR_CONTEXT_PATH}/`,
};

/** The paint mark a page of `mode` sets. */
const markOf = (mode: Exclude<Mode, 'filter'>) => (paintsWidgets(mode) ? ALL_WIDGETS_MARK : '__firstRows');

async function coldLoads(stack: Stack, mode: Exclude<Mode, 'filter'>, reps: number, functions: RegExp | undefined): Promise<void> {
  const url = `${stack.url}${PAGES[mode]}`;
  const runs: Map<string, number>[] = [];
  const marks: number[] = [];
  // The first load warms the server and is left out.
  for (let i = 0; i <= reps; i++) {
    const context = await coldContext(stack);
    try {
      const page = await context.newPage();
      await page.addInitScript(paintsWidgets(mode) ? ALL_WIDGETS_SCRIPT : FIRST_ROWS_SCRIPT);
      const cdp = await startProfiler(page);
      await page.goto(url);
      const paintedAt = await waitForMark(page, markOf(mode));
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const requests = await page.evaluate(
        (t) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.startTime < t && !/\.(css|woff2?|ttf)(\?|$)/.test(e.name))
            .map((e) => `  ${e.startTime.toFixed(0).padStart(5)} -> ${(e as PerformanceResourceTiming).responseEnd.toFixed(0).padStart(5)} ms  ${e.name.replace(location.origin, '').slice(0, 100)}`),
        paintedAt,
      );
      if (i === 0) continue;
      marks.push(paintedAt);
      runs.push(attribute(profile, functions));
      if (i === reps) console.log(`requests before the mark (last load):\n${requests.join('\n')}`);
    } finally {
      await context.close();
    }
  }
  console.log(`\npainted at (ms, profiled): ${marks.map((m) => m.toFixed(0)).join(' ')}`);
  print(`${mode}, cold load until painted`, runs);
}

async function filterChanges(stack: Stack, reps: number, functions: RegExp | undefined): Promise<void> {
  const context = await coldContext(stack);
  try {
    const page = await context.newPage();
    await page.goto(`${stack.url}/apps/shell/${LIST_HASH}`);
    await page.waitForSelector('.ag-row[row-index="0"]', { timeout: WAIT_MS });
    const runs: Map<string, number>[] = [];
    const times: number[] = [];
    // Two unmeasured changes first (code and server warm up).
    for (const [i, pattern] of NAME_FILTERS.slice(0, reps + 2).entries()) {
      await page.locator('[data-testid="filter-name"]').click();
      await page.fill('[data-testid="filter-text"]', pattern);
      const before = await page.evaluate(() => document.querySelector('.ag-row[row-index="0"]')?.textContent ?? '');
      const cdp = await startProfiler(page);
      const ms = await timeUntilFirstRow(page, { differsFrom: before });
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      await cdp.detach();
      if (i >= 2) {
        times.push(ms);
        runs.push(attribute(profile, functions));
      }
      await page.locator('[data-testid="action-clear-filters"]').dispatchEvent('click');
      await waitForFirstRow(page, before);
      await page.waitForTimeout(500);
    }
    console.log(`\nApply to the frame painting the new first row (ms, profiled): ${times.map((t) => t.toFixed(0)).join(' ')}`);
    print('filter change', runs);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const mode = args[0] as Mode;
  if (!MODES.includes(mode)) throw new Error(`usage: npx tsx bench/profile.ts ${MODES.join('|')} [--reps N] [--functions REGEX]`);
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i > 0 ? args[i + 1] : undefined;
  };
  const reps = Number(option('--reps') ?? 3);
  const functions = option('--functions') ? new RegExp(option('--functions') as string) : undefined;
  const dataDir = await ensureFleet();
  const { staticDir, cleanup } = await staticDirWithFloor();
  servedRoot = path.dirname(staticDir);
  const stack = await startStack({ devices: FLEET_DEVICES, dataDir, staticDir, simulate: 'off' });
  try {
    if (mode === 'dashboard-floor') await prepareDashboardFloor(stack, staticDir);
    if (mode === 'filter') await filterChanges(stack, reps, functions);
    else await coldLoads(stack, mode, reps, functions);
  } finally {
    await stack.close();
    cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
