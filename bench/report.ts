/** One line per figure: `name  figure  budget  PASS|FAIL`; the exit code says whether all passed. */
export interface BenchLine {
  name: string;
  value: number;
  unit: string;
  /** Upper bound; no budget means the figure is informative. */
  budget?: number;
}

const fmt = (v: number, unit: string) => (unit === 'B' ? `${(v / 1024).toFixed(1)} kB` : `${Number.isInteger(v) ? v : v.toFixed(2)} ${unit}`);

export function report(bench: string, lines: BenchLine[]): number {
  let failed = 0;
  for (const l of lines) {
    const verdict = l.budget === undefined ? 'INFO' : l.value <= l.budget && !Number.isNaN(l.value) ? 'PASS' : 'FAIL';
    if (verdict === 'FAIL') failed++;
    const budget = l.budget === undefined ? '-' : `<= ${fmt(l.budget, l.unit)}`;
    console.log(`[${bench}] ${l.name.padEnd(52)} ${fmt(l.value, l.unit).padStart(12)}  ${budget.padEnd(14)} ${verdict}`);
  }
  return failed ? 1 : 0;
}
