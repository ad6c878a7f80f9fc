// npm run bench [name ...]: runs every bench/*.bench.ts (or those whose file name contains a
// given name), one at a time (a shared 2-core machine), then prints one table of every budget
// line of every bench (figure, budget, PASS/FAIL) and exits non-zero when a budget fails or a
// bench did not finish. Needs `npm run build` first for the browser benches.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.join(dir, 'results');
const only = process.argv.slice(2);
const benches = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!only.length || only.some((o) => f.includes(o))))
  .sort();
if (!benches.length) {
  console.error(`bench: no bench matches ${only.join(' ')}`);
  process.exit(1);
}
const tsx = path.join(dir, '..', 'node_modules', '.bin', 'tsx');
const fmt = (v, unit) => (v === null ? 'n/a' : unit === 'B' ? `${(v / 1024).toFixed(1)} kB` : `${Number.isInteger(v) ? v : v.toFixed(2)} ${unit}`);

const rows = [];
const broken = [];
for (const b of benches) {
  const name = b.replace(/\.bench\.ts$/, '');
  console.log(`\n== ${b}`);
  const resultFile = path.join(resultsDir, `${name}.json`);
  fs.rmSync(resultFile, { force: true });
  const started = Date.now();
  const r = spawnSync(tsx, [path.join(dir, b)], { stdio: 'inherit', cwd: path.join(dir, '..') });
  console.log(`(${b}: ${((Date.now() - started) / 1000).toFixed(0)} s, exit ${r.status ?? r.signal})`);
  if (!fs.existsSync(resultFile)) {
    broken.push(`${b} reported no figures (exit ${r.status ?? r.signal})`);
    continue;
  }
  const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
  for (const l of result.lines) if (l.budget !== undefined) rows.push({ bench: name, ...l });
  if (r.status !== 0 && !result.lines.some((l) => l.verdict === 'FAIL')) broken.push(`${b} exited ${r.status ?? r.signal}`);
}

const header = ['bench', 'budget line', 'figure', 'budget', 'verdict'];
const table = rows.map((l) => [l.bench, l.name, fmt(l.value, l.unit), `<= ${fmt(l.budget, l.unit)}`, l.verdict]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
const line = (cells) => `| ${cells.map((c, i) => (i === 2 || i === 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
console.log('\n== Budgets');
console.log(line(header));
console.log(`|${widths.map((w, i) => (i === 2 || i === 3 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
for (const t of table) console.log(line(t));
const failed = rows.filter((l) => l.verdict === 'FAIL').length;
for (const b of broken) console.log(`BROKEN: ${b}`);
console.log(`\nbench: ${rows.length - failed} of ${rows.length} budgets PASS${failed ? `, ${failed} FAIL` : ''}${broken.length ? `, ${broken.length} bench(es) broken` : ''}`);
process.exit(failed || broken.length ? 1 : 0);
