/**
 * Builds the dashboard floor page (dashboard-floor.tsx) with esbuild from the bundle's own
 * node_modules (same React and echarts versions, production builds) into a static dir made by
 * staticDirWithFloor (bench/floor/build.ts), as /apps/bench-dashboard-floor/. Its page is written
 * once the bench has the data to put in it (writeDashboardFloorPage).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../../e2e/harness';
import { floorDataPaths } from './dashboard-floor-data';

export const DASHBOARD_FLOOR_CONTEXT_PATH = 'bench-dashboard-floor';

export async function buildDashboardFloor(staticDir: string): Promise<void> {
  const out = path.join(staticDir, DASHBOARD_FLOOR_CONTEXT_PATH);
  fs.mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [path.join(__dirname, 'dashboard-floor.tsx')],
    outfile: path.join(out, 'floor.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    absWorkingDir: ROOT,
    nodePaths: [path.join(ROOT, 'node_modules')],
    logLevel: 'warning',
  });
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
