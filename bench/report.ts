/**
 * One line per figure: `name  figure  budget  PASS|FAIL`; the exit code says whether all passed.
 * Each bench's lines also go to bench/results/<bench>.json, which `npm run bench` (run.mjs) reads
 * for its closing summary of every budget.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface BenchLine {
  name: string;
  value: number;
  unit: string;
  /** Upper bound; no budget means the figure is informative. */
  budget?: number;
}

export type Verdict = 'PASS' | 'FAIL' | 'INFO';

export const RESULTS_DIR = path.join(__dirname, 'results');

export const fmt = (v: number, unit: string) =>
  unit === 'B' ? `${(v / 1024).toFixed(1)} kB` : `${Number.isInteger(v) ? v : v.toFixed(2)} ${unit}`;

export const verdictOf = (l: BenchLine): Verdict =>
  l.budget === undefined ? 'INFO' : l.value <= l.budget && !Number.isNaN(l.value) ? 'PASS' : 'FAIL';

export function report(bench: string, lines: BenchLine[]): number {
  let failed = 0;
  for (const l of lines) {
    const verdict = verdictOf(l);
    if (verdict === 'FAIL') failed++;
    const budget = l.budget === undefined ? '-' : `<= ${fmt(l.budget, l.unit)}`;
    console.log(`[${bench}] ${l.name.padEnd(52)} ${fmt(l.value, l.unit).padStart(12)}  ${budget.padEnd(14)} ${verdict}`);
  }
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const rows = lines.map((l) => ({ ...l, value: Number.isNaN(l.value) ? null : l.value, verdict: verdictOf(l) }));
  fs.writeFileSync(path.join(RESULTS_DIR, `${bench}.json`), JSON.stringify({ bench, at: new Date().toISOString(), lines: rows }, null, 2));
  return failed ? 1 : 0;
}
