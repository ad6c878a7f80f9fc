/**
 * Builds the dashboard floor page (dashboard-floor.tsx) with esbuild from the bundle's own
 * node_modules (same React and echarts versions, production builds) into a static dir made by
 * staticDirWithFloor (bench/floor/build.ts), as /apps/bench-dashboard-floor/. Its page is written
 * once the bench has the data to put in it (writeDashboardFloorPage).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { buildFloorScript } from './build';
import { floorDataPaths } from './dashboard-floor-data';

export const DASHBOARD_FLOOR_CONTEXT_PATH = 'bench-dashboard-floor';

export async function buildDashboardFloor(staticDir: string): Promise<void> {
  const out = path.join(staticDir, DASHBOARD_FLOOR_CONTEXT_PATH);
  fs.mkdirSync(out, { recursive: true });
  await buildFloorScript('dashboard-floor.tsx', out);
}

/**
 * The floor's index.html with `data` (response bodies by path) in an inline script ahead of the
 * floor's code; every path the floor reads must be there.
 */
export function writeDashboardFloorPage(staticDir: string, data: Record<string, unknown>): void {
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
 * Collects the operation-dashboard answers `page` gets from now on (response bodies by path, the
 * paths the floor reads); the returned function resolves with them once every body is read, and
 * rejects on an answer that is not 2xx.
 */
export function captureFloorData(page: Page): () => Promise<Record<string, unknown>> {
  const wanted = new Set(floorDataPaths());
  const data: Record<string, unknown> = {};
  const reads: Promise<void>[] = [];
  page.on('response', (r) => {
    const p = new URL(r.url()).pathname;
    if (!wanted.has(p)) return;
    reads.push(r.ok() ? r.json().then((body: unknown) => void (data[p] = body)) : Promise.reject(new Error(`${p}: ${r.status()}`)));
  });
  return async () => {
    await Promise.all(reads);
    return data;
  };
}
