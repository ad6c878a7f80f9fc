/**
 * Stand-in server time at fleet scale (issue 21): every filter kind of the device lists and every
 * operation-dashboard figure, as the browser asks for them (a 25-row page with its total), on a
 * copy of the seeded 100,000-device fleet. One line per kind: p95 of the server's own time (its
 * Server-Timing header) against the 30 ms budget, p50 beside it.
 * Run: npx tsx bench/server-query.bench.ts [kind-substring ...]
 */
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as App from '../shell-dev/server/app';
import { ensureFleet } from './fleet';
import { report, type BenchLine } from './report';

const PAGE_SIZE = 25;
const BUDGET_P95_MS = 30;
const WARMUP = 5;
/** BENCH_RUNS=<n> for a quicker look (the figures are from the default). */
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
/** BENCH_SERVER_ROOT=<checkout> measures another checkout's server on the same fleet (before/after). */
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? path.join(__dirname, '..');
const AUTH = { authorization: `Basic ${Buffer.from('demo/admin:demo').toString('base64')}`, accept: 'application/json' };
const P = 'adamos_adamos_netbox_';
/** The IoTconnector list's base filter (device-list-page.tsx: anyOf('type', typesFor(...))). */
const NETBOX = "type eq 'adamos_NETbox'";

/** Filter kinds as the lists build them (plugins/device-operations/.../model/filters.ts). */
export const LIST_KINDS: Array<{ kind: string; filter?: string; orderBy?: string; base?: string }> = [
  { kind: 'type (the list unfiltered)' },
  { kind: 'type of two (CELOS OS x64 list)', base: "(type eq 'adamos_celosx') or (type eq 'adamos_ipc-x64')" },
  { kind: 'name contains', filter: "name eq '*12*'" },
  { kind: 'name begins with', filter: "name eq 'IoTconnector NB2400*'" },
  { kind: 'serial number contains', filter: "c8y_Hardware.serialNumber eq '*12*'" },
  { kind: 'machine serial begins with', filter: `${P}MachineSerialNumber eq 'M5300001*'` },
  { kind: 'machine model contains (text)', filter: "adamos_IoTconnector_Machine.model eq '*DMU*'" },
  { kind: 'availability (two states)', filter: "(c8y_Availability.status eq 'UNAVAILABLE') or (c8y_Availability.status eq 'MAINTENANCE')" },
  { kind: 'availability empty', filter: "(not(has(c8y_Availability.status))) or (c8y_Availability.status eq '')" },
  { kind: 'connection', filter: "c8y_Connection.status eq 'DISCONNECTED'" },
  { kind: 'failed installations exact', filter: `${P}FailedInstallationCount eq 1` },
  { kind: 'failed installations at least', filter: `${P}FailedInstallationCount ge 2` },
  { kind: 'failed installations range', filter: `(${P}FailedInstallationCount ge 1) and (${P}FailedInstallationCount le 2)` },
  { kind: 'pending updates exact', filter: `${P}PendingUpdates eq 1` },
  { kind: 'pending updates at least', filter: `${P}PendingUpdates ge 1` },
  { kind: 'pending updates range', filter: `(${P}PendingUpdates ge 1) and (${P}PendingUpdates le 3)` },
  { kind: 'registration date range', filter: "(creationTime ge '2024-06-01T00:00:00.000Z') and (creationTime lt '2025-06-01T00:00:00.000Z')" },
  { kind: 'last message date range', filter: "(c8y_Availability.lastMessage ge '2026-11-20T00:00:00.000Z') and (c8y_Availability.lastMessage lt '2026-11-24T00:00:00.000Z')" },
  { kind: 'agent version', filter: "(c8y_Agent.version eq '0.4.6') or (c8y_Agent.version eq '0.5.0')" },
  { kind: 'image version', filter: `${P}Hardware.information eq '2.5.2'` },
  { kind: 'image version typed', filter: `${P}Hardware.information eq '*2.5*'` },
  { kind: 'machine control', filter: `${P}MachineControlType eq 'SIEMENS'` },
  { kind: 'customer', filter: `${P}Customer.name eq 'Shanghai Precision Works'` },
  { kind: 'customer typed', filter: `${P}Customer.name eq '*Precision*'` },
  { kind: 'customer number contains', filter: `${P}Customer.number eq '*101*'` },
  { kind: 'model', filter: "c8y_Hardware.model eq 'IoTconnector M'" },
  {
    kind: 'profile and software picker',
    base: "((type eq 'c8y_Software') and (deviceType eq 'adamos_NETbox')) or ((type eq 'c8y_Profile') and (c8y_Filter.type eq 'adamos_NETbox'))",
  },
  { kind: 'sorted by name', orderBy: 'name asc' },
  { kind: 'availability, sorted by status', filter: "c8y_Availability.status eq 'UNAVAILABLE'", orderBy: 'c8y_Availability.status desc' },
];

/** Every figure and list of the operation dashboard (services/operation-dashboard/index.ts). */
export const DASHBOARD_PATHS = [
  'devicestatistics',
  'listdevices/online',
  'listdevices/offline',
  'listdevices/notmonitored',
  'listdevices/total',
  'historydevicelist',
  'historydevicelistpage/3',
  'alarmcount/critical',
  'alarmhistory',
  'toptenalarmtypes/7',
  'softwaremonitoringstats/7',
  'softwaremonitoringdevicelistpage/wfd',
  'softwaremonitoringdevicelistpage/wfa',
  'softwaremonitoringdevicelistpage/wsa',
  'recovereddevicestats',
  'recovereddevicelistpage/year',
  'listpagealarms/major',
];

export function listUrl(base: string, k: (typeof LIST_KINDS)[number]): string {
  const b = k.base ?? NETBOX;
  const query = `$filter=(${k.filter ? `(${b}) and (${k.filter})` : b})${k.orderBy ? ` $orderby=${k.orderBy}` : ''}`;
  return `${base}/inventory/managedObjects?${new URLSearchParams({ query, pageSize: String(PAGE_SIZE), withTotalElements: 'true', withChildren: 'false' })}`;
}

export const dashboardUrl = (base: string, p: string) => `${base}/service/operation-dashboard/${p}${p.includes('list') ? `?pageSize=${PAGE_SIZE}` : ''}`;

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A copy of the seeded fleet (the benches write to it; the cached fleet stays as seeded). */
export async function fleetCopy(prefix: string): Promise<string> {
  const fleet = await ensureFleet();
  const dir = fs.mkdtempSync(path.join(tmpdir(), prefix));
  for (const f of fs.readdirSync(fleet)) if (f.startsWith('platform.sqlite')) fs.copyFileSync(path.join(fleet, f), path.join(dir, f));
  return dir;
}

/** Server time of `url` over RUNS requests after WARMUP, from the server's Server-Timing header. */
async function serverTimes(url: string, check: (body: unknown) => string | undefined, before?: () => Promise<void>): Promise<{ p50: number; p95: number; note: string }> {
  const samples: number[] = [];
  let note = '';
  for (let i = 0; i < WARMUP + RUNS; i++) {
    await before?.();
    const res = await fetch(url, { headers: AUTH });
    const body = (await res.json()) as unknown;
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    note = check(body) ?? note;
    const ms = Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
    if (i >= WARMUP) samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), note };
}

async function main(): Promise<number> {
  const only = process.argv.slice(2);
  const pick = (name: string) => !only.length || only.some((o) => name.includes(o));
  const t0 = Date.now();
  const dir = await fleetCopy('bench-query-');
  const lines: BenchLine[] = [];
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the checkout is chosen at run time
  const { createServer } = require(path.join(SERVER_ROOT, 'shell-dev', 'server', 'app')) as typeof App;
  const app = await createServer({ port: 0, dataDir: dir, simulate: 'off', staticDir: path.join(dir, 'apps'), manifestPath: path.join(dir, 'none.json') });
  lines.push({ name: '(setup) fleet copy and server start', value: Date.now() - t0, unit: 'ms' });
  try {
    // A write before each measured list: the readers reuse a total only until the inventory
    // changes (InventoryStore.totals), so every figure below includes computing its total.
    const [device] = ((await (await fetch(listUrl(app.url, LIST_KINDS[0]), { headers: AUTH })).json()) as { managedObjects: Array<{ id: string }> }).managedObjects;
    let writes = 0;
    const write = async () => {
      const res = await fetch(`${app.url}/inventory/managedObjects/${device.id}`, {
        method: 'PUT',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ c8y_Notes: `server-query bench ${++writes}` }),
      });
      if (res.status !== 200) throw new Error(`PUT answered ${res.status}`);
    };
    for (const k of LIST_KINDS.filter((k) => pick(`list ${k.kind}`))) {
      const r = await serverTimes(
        listUrl(app.url, k),
        (b) => {
          const body = b as { managedObjects: unknown[]; statistics: { totalElements: number } };
          if (!Array.isArray(body.managedObjects) || typeof body.statistics?.totalElements !== 'number') throw new Error(`${k.kind}: no page with a total`);
          return `${body.statistics.totalElements} matches`;
        },
        write,
      );
      lines.push({ name: `list ${k.kind}: server p95 (${r.note})`, value: r.p95, unit: 'ms', budget: BUDGET_P95_MS });
      lines.push({ name: `  p50`, value: r.p50, unit: 'ms' });
    }
    for (const p of DASHBOARD_PATHS.filter((p) => pick(`dashboard ${p}`))) {
      const r = await serverTimes(dashboardUrl(app.url, p), (b) => {
        const body = b as { statistics?: { totalElements?: number } };
        return body.statistics?.totalElements !== undefined ? `${body.statistics.totalElements} matches` : undefined;
      });
      lines.push({ name: `dashboard ${p}: server p95${r.note ? ` (${r.note})` : ''}`, value: r.p95, unit: 'ms', budget: BUDGET_P95_MS });
      lines.push({ name: `  p50`, value: r.p50, unit: 'ms' });
    }
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return report('server-query', lines);
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
