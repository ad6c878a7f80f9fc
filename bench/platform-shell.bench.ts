/**
 * Issue 24 budgets, measured in Chromium inside the real platform UI (the Device Management
 * application built from @c8y/ngx-components, shell-dev/platform-shell): per plugin the gzip size
 * of its remote entry (budget 5 kB: the platform fetches every remote entry uncached on each page
 * load) and of its remote entry plus what else of it loads before the navigator shows its entries
 * (budget 60 kB), and the total of the bundle's JS at that moment. Needs `npm run build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startStack, ROOT } from '../e2e/harness';
import { coldContext, jsBefore } from './browser';
import { report, type BenchLine } from './report';

const REMOTE_ENTRY_BUDGET = 5 * 1024;
const REMOTE_ENTRY_AND_START_BUDGET = 60 * 1024;
/** The navigator entries that show every plugin with a navigator node has registered. */
const ENTRIES = ['Operations Dashboard', 'IoTconnectors', 'Software repository', 'Device Profiles'];

async function main() {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'manifest.json'), 'utf8')) as { exports: { id: string; contextPath: string }[] };
  const stack = await startStack({ devices: 50 });
  const lines: BenchLine[] = [];
  try {
    const context = await coldContext(stack);
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${stack.url}/apps/devicemanagement/#/home`);
    await page.waitForFunction(
      (want) => want.every((w) => [...document.querySelectorAll('c8y-navigator-node button[title]')].some((e) => e.getAttribute('title') === w)),
      ENTRIES,
      { timeout: 60_000 },
    );
    const shownAt = await page.evaluate(() => performance.now());
    const elapsed = Date.now() - started;
    // Sizes of the served files (a file that cannot be found counts as NaN and fails its line).
    const js = (await jsBefore(page, path.join(ROOT, 'dist', 'apps'), shownAt)).files.map((f) => ({ path: f.url, gzip: f.gzip }));

    let bundle = 0;
    for (const p of manifest.exports) {
      // The platform asks for /apps/<contextPath>@<version>/ (the key of config.remotes, verbatim).
      const mine = js.filter((f) => f.path.startsWith(`/apps/${p.contextPath}/`) || f.path.startsWith(`/apps/${p.contextPath}@`));
      const entry = mine.find((f) => f.path.endsWith('/remoteEntry.js'));
      const all = mine.reduce((s, f) => s + f.gzip, 0);
      bundle += all;
      lines.push({ name: `${p.id} remote entry in the platform UI (gzip)`, value: entry?.gzip ?? NaN, unit: 'B', budget: REMOTE_ENTRY_BUDGET });
      lines.push({ name: `${p.id} remote entry + start in the platform UI (gzip)`, value: entry ? all : NaN, unit: 'B', budget: REMOTE_ENTRY_AND_START_BUDGET });
    }
    lines.push({ name: "the bundle's JS before its navigator entries show in the platform UI (gzip)", value: bundle, unit: 'B' });
    lines.push({ name: 'platform UI page load to the bundle’s navigator entries', value: elapsed, unit: 'ms' });
    await context.close();
  } finally {
    await stack.close();
  }
  process.exitCode = report('platform-shell', lines);
}

void main();
