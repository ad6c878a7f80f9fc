// npm run bench: runs every bench/*.bench.ts (each prints `name figure budget PASS|FAIL` lines) and
// exits non-zero when any budget fails. Needs `npm run build` first for the browser benches.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (!only.length || only.some((o) => f.includes(o)))).sort();
const tsx = path.join(dir, '..', 'node_modules', '.bin', 'tsx');
let failed = 0;
for (const b of benches) {
  console.log(`\n== ${b}`);
  const r = spawnSync(tsx, [path.join(dir, b)], { stdio: 'inherit', cwd: path.join(dir, '..') });
  if (r.status !== 0) failed++;
}
console.log(`\nbench: ${benches.length - failed} of ${benches.length} within budget`);
process.exit(failed ? 1 : 0);
