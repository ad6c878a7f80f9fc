/**
 * Builds the floor page with esbuild from the bundle's own node_modules (same React and AG Grid
 * versions, production builds) and lays out a temporary copy of dist/apps with it as
 * /apps/bench-floor/, so one server process serves the console and its floor in the same run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../../e2e/harness';

export const FLOOR_CONTEXT_PATH = 'bench-floor';

const INDEX_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>device list floor</title></head>
<body><div id="root"></div><script src="floor.js"></script></body></html>
`;

/** A temp static dir: dist/apps plus the floor; remove it with the returned cleanup. */
export async function staticDirWithFloor(): Promise<{ staticDir: string; cleanup: () => void }> {
  const dist = path.join(ROOT, 'dist', 'apps');
  if (!fs.existsSync(path.join(dist, 'shell', 'index.html'))) throw new Error('dist/apps is not built: run npm run build first');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-apps-'));
  const staticDir = path.join(tmp, 'apps');
  fs.cpSync(dist, staticDir, { recursive: true, filter: (src) => !src.endsWith('.map') });
  const out = path.join(staticDir, FLOOR_CONTEXT_PATH);
  fs.mkdirSync(out, { recursive: true });
  await buildFloorScript('floor.tsx', out);
  fs.writeFileSync(path.join(out, 'index.html'), INDEX_HTML);
  return { staticDir, cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }) };
}

/**
 * A floor page's script, `<out>/floor.js`, from `entry` (a file of this folder): one production
 * bundle with esbuild from the bundle's own node_modules, and its source map beside it (the browser
 * fetches no map; bench/profile.ts reads it).
 */
export async function buildFloorScript(entry: string, out: string): Promise<void> {
  await build({
    entryPoints: [path.join(__dirname, entry)],
    outfile: path.join(out, 'floor.js'),
    bundle: true,
    minify: true,
    sourcemap: true,
    format: 'iife',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    absWorkingDir: ROOT,
    nodePaths: [path.join(ROOT, 'node_modules')],
    logLevel: 'warning',
  });
}
