/**
 * Builds the dashboard floor page (dashboard-floor.tsx) with esbuild from the bundle's own
 * node_modules (same React and echarts versions, production builds) into a static dir made by
 * staticDirWithFloor (bench/floor/build.ts), as /apps/bench-dashboard-floor/, with its page holding
 * the answers of one dashboard load (prepareDashboardFloor).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Stack } from '../../e2e/harness';
import { coldContext, waitForMark } from '../browser';
import { ALL_WIDGETS_MARK, ALL_WIDGETS_SCRIPT, DASHBOARD_HASH } from '../dashboard-marks';
import { buildFloorScript } from './build';
import { floorDataPaths } from './dashboard-floor-data';

export const DASHBOARD_FLOOR_CONTEXT_PATH = 'bench-dashboard-floor';

async function buildDashboardFloor(staticDir: string): Promise<void> {
  const out = path.join(staticDir, DASHBOARD_FLOOR_CONTEXT_PATH);
  fs.mkdirSync(out, { recursive: true });
  await buildFloorScript('dashboard-floor.tsx', out);
}

/**
 * The floor's index.html with `data` (response bodies by path) in an inline script ahead of the
 * floor's code; every path the floor reads must be there.
 */
function writeDashboardFloorPage(staticDir: string, data: Record<string, unknown>): void {
  const missing = floorDataPaths().filter((p) => !(p in data));
  if (missing.length) throw new Error(`dashboard floor: no data captured for ${missing.join(', ')}`);
  // '<' escaped so no alarm text can end the script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>dashboard floor</title></head>
<body><div id="root"></div><script>window.__DASHBOARD_FLOOR_DATA__ = ${json};</script><script src="floor.js"></script></body></html>
`;
  fs.writeFileSync(path.join(staticDir, DASHBOARD_FLOOR_CONTEXT_PATH, 'index.html'), html);
}

/**
 * Builds the floor and writes its page with the operation-dashboard answers of one cold load of the
 * dashboard on `stack` (which also warms the server for what follows). Fails on an answer that is
 * not 2xx or a widget that shows an error.
 */
export async function prepareDashboardFloor(stack: Stack, staticDir: string): Promise<void> {
  await buildDashboardFloor(staticDir);
  const context = await coldContext(stack);
  try {
    const page = await context.newPage();
    const wanted = new Set(floorDataPaths());
    const data: Record<string, unknown> = {};
    const reads: Promise<void>[] = [];
    page.on('response', (r) => {
      const p = new URL(r.url()).pathname;
      if (!wanted.has(p)) return;
      reads.push(r.ok() ? r.json().then((body: unknown) => void (data[p] = body)) : Promise.reject(new Error(`${p}: ${r.status()}`)));
    });
    await page.addInitScript(ALL_WIDGETS_SCRIPT);
    await page.goto(`${stack.url}/apps/shell/${DASHBOARD_HASH}`);
    await waitForMark(page, ALL_WIDGETS_MARK);
    const errors = await page.locator('[data-testid="widget-error"]').count();
    if (errors) throw new Error(`${errors} widget(s) show an error`);
    await Promise.all(reads);
    writeDashboardFloorPage(staticDir, data);
  } finally {
    await context.close();
  }
}
