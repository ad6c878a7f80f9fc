/**
 * Stand-in inventory at fleet scale: p50/p95 of a 25-row device page filtered by type + name
 * wildcard, ordered by name, with withTotalElements, over HTTP (what a list page pays), beside
 * the same page and count queried straight from SQLite (the floor).
 * Run: npx tsx bench/server-query.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../shell-dev/server/app';
import { report, type BenchLine } from './report';

const DEVICES = 100_000;
const PAGE_SIZE = 25;
const BUDGET_P95_MS = 30;
const WARMUP = 20;
const RUNS = 200;
const TYPES = ['adamos_NETbox', 'adamos_MobileRouter', 'adamos_Other'] as const;
const AUTH = { authorization: `Basic ${Buffer.from('demo/admin:demo').toString('base64')}`, accept: 'application/json' };

/** Name wildcards a device list sends: a prefix (index range) and a contains (scan of the type). */
const PATTERNS = [
  { label: 'prefix', like: 'device 12*' },
  { label: 'contains', like: '*0042*' },
  { label: 'contains 1 char', like: '*7*' },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function time(fn: () => Promise<unknown> | unknown): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-query-'));
  const app = await createServer({ port: 0, dataDir: dir, devices: 0, simulate: 'off', staticDir: join(dir, 'apps'), manifestPath: join(dir, 'none.json') });
  const { core } = app;
  const lines: BenchLine[] = [];
  try {
    const t0 = Date.now();
    core.transaction(() => {
      for (let i = 0; i < DEVICES; i++) {
        core.inventory.create({
          name: `Device ${String(i).padStart(6, '0')}`.replace('Device 0', i % 2 ? 'device 1' : 'Device 0'),
          type: TYPES[i % TYPES.length],
          c8y_IsDevice: {},
          c8y_Availability: { status: i % 5 ? 'AVAILABLE' : 'UNAVAILABLE' },
          c8y_Hardware: { serialNumber: `SN${i}`, model: 'NB1600' },
          c8y_SupportedOperations: ['c8y_Restart', 'c8y_SoftwareUpdate'],
        });
      }
    });
    lines.push({ name: `insert ${DEVICES} devices (one transaction)`, value: Date.now() - t0, unit: 'ms' });
    // What the server does at start after seeding: statistics for the query planner.
    core.db.exec('ANALYZE');

    for (const p of PATTERNS) {
      const query = `$filter=(type eq '${TYPES[0]}' and name eq '${p.like}') $orderby=name asc`;
      const url = `${app.url}/inventory/managedObjects?${new URLSearchParams({ query, pageSize: String(PAGE_SIZE), withTotalElements: 'true' })}`;
      let total = -1;
      const serverMs: number[] = [];
      const http = await time(async () => {
        const res = await fetch(url, { headers: AUTH });
        const body = (await res.json()) as { managedObjects: unknown[]; statistics: { totalElements: number } };
        if (res.status !== 200 || body.managedObjects.length === 0) throw new Error(`unexpected answer ${res.status}`);
        total = body.statistics.totalElements;
        serverMs.push(Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN));
      });
      // Server time from the server's own Server-Timing header (client and server share this process).
      const server = serverMs.slice(WARMUP).sort((a, b) => a - b);
      // The floor: the very SQL the server runs, without HTTP, auth and JSON shaping.
      const { where, orderBy } = core.inventory.where({ query });
      const page = core.db.prepare(
        `SELECT mo.id, mo.type, mo.name, mo.owner, mo.creation_time, mo.last_updated, mo.json FROM managed_objects mo WHERE ${where.sql} ORDER BY ${orderBy} LIMIT ?`,
      );
      const count = core.db.prepare(`SELECT count(*) AS n FROM managed_objects mo WHERE ${where.sql}`);
      let floorTotal = -2;
      const floor = await time(() => {
        page.all(...where.params, PAGE_SIZE);
        floorTotal = (count.get(...where.params) as { n: number }).n;
      });
      if (total !== floorTotal) throw new Error(`totals differ: server ${total}, SQLite ${floorTotal}`);
      lines.push({ name: `${p.label} page server time p50 (${total} matches)`, value: percentile(server, 50), unit: 'ms' });
      lines.push({ name: `${p.label} page server time p95`, value: percentile(server, 95), unit: 'ms', budget: BUDGET_P95_MS });
      lines.push({ name: `${p.label} page round trip p50`, value: http.p50, unit: 'ms' });
      lines.push({ name: `${p.label} page round trip p95`, value: http.p95, unit: 'ms' });
      lines.push({ name: `${p.label} page straight from SQLite p50 (floor)`, value: floor.p50, unit: 'ms' });
      lines.push({ name: `${p.label} page straight from SQLite p95 (floor)`, value: floor.p95, unit: 'ms' });
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return report('server-query', lines);
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
