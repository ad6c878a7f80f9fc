/**
 * Many users at once (issue 21): 20 concurrent clients against the stand-in on a copy of the
 * 100,000-device fleet, with the mix (device list pages 35 %, list filters 30 %, POST
 * operation 25 %, dashboard figures 10 %), for DURATION_MS. The server runs in its own process
 * (as `npm start` runs it), so the clients do not share its event loop. A probe asks /health
 * every 100 ms meanwhile: it waits only if the event loop is held.
 * Run: npx tsx bench/server-load.bench.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { report, type BenchLine } from './report';
import { DASHBOARD_PATHS, dashboardUrl, fleetCopy, LIST_KINDS, listUrl, percentile } from './server-query.bench';

const CLIENTS = 20;
const DURATION_MS = 20_000;
const WARMUP_MS = 3_000;
const HEALTH_EVERY_MS = 100;
const BUDGET_RPS = 200;
const BUDGET_P95_MS = 100;
const AUTH = `Basic ${Buffer.from('demo/admin:demo').toString('base64')}`;
/** BENCH_SERVER_ROOT=<checkout> measures another checkout's server on the same fleet (before/after). */
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? path.join(__dirname, '..');

type Kind = 'list' | 'filter' | 'operation' | 'dashboard';
const MIX: Array<[Kind, number]> = [
  ['list', 0.35],
  ['filter', 0.3],
  ['operation', 0.25],
  ['dashboard', 0.1],
];

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];
function kindOf(r: number): Kind {
  let acc = 0;
  for (const [k, share] of MIX) if (r < (acc += share)) return k;
  return MIX[MIX.length - 1][0];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const tsx = path.join(__dirname, '..', 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [path.join(SERVER_ROOT, 'shell-dev', 'server', 'main.ts'), '--port', String(port), '--data', dataDir, '--simulate', 'off'], {
    cwd: SERVER_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Resident memory (KiB) of a process and its descendants (tsx runs the server in a child). */
function rssKib(pid: number): number {
  const children = fs.existsSync(`/proc/${pid}/task/${pid}/children`) ? fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
  const own = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return own + children.reduce((sum, c) => sum + rssKib(c), 0);
}

interface Sample {
  kind: Kind;
  ms: number;
  ok: boolean;
}

async function main(): Promise<number> {
  const t0 = Date.now();
  const dir = await fleetCopy('bench-load-');
  const { child, base } = await startServer(dir);
  const lines: BenchLine[] = [{ name: '(setup) fleet copy and server start', value: Date.now() - t0, unit: 'ms' }];
  const errors: string[] = [];
  try {
    const headers = { authorization: AUTH, accept: 'application/json' };
    const devices = (
      (await (await fetch(`${base}/inventory/managedObjects?${new URLSearchParams({ query: "type eq 'adamos_NETbox'", pageSize: '2000', withChildren: 'false' })}`, { headers })).json()) as {
        managedObjects: Array<{ id: string }>;
      }
    ).managedObjects.map((m) => m.id);
    if (devices.length < 100) throw new Error(`fleet has ${devices.length} IoTconnectors`);

    const request = async (kind: Kind): Promise<void> => {
      let res: Response;
      if (kind === 'list') {
        res = await fetch(`${listUrl(base, LIST_KINDS[0])}&currentPage=${1 + Math.floor(Math.random() * 100)}`, { headers });
      } else if (kind === 'filter') {
        res = await fetch(listUrl(base, pick(LIST_KINDS.slice(1))), { headers });
      } else if (kind === 'operation') {
        res = await fetch(`${base}/devicecontrol/operations`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ deviceId: pick(devices), description: 'Restart (load bench)', c8y_Restart: {} }),
        });
      } else {
        res = await fetch(dashboardUrl(base, pick(DASHBOARD_PATHS)), { headers });
      }
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${kind} answered ${res.status}`);
    };

    const samples: Sample[] = [];
    const health: number[] = [];
    let measuring = false;
    let stop = false;
    const client = async () => {
      while (!stop) {
        const kind = kindOf(Math.random());
        const s = performance.now();
        let ok = true;
        try {
          await request(kind);
        } catch (e) {
          ok = false;
          if (measuring) errors.push(String(e));
        }
        if (measuring) samples.push({ kind, ms: performance.now() - s, ok });
      }
    };
    const prober = async () => {
      while (!stop) {
        // Counted when asked during the measurement, also if the answer comes after it.
        const counted = measuring;
        const s = performance.now();
        const res = await fetch(`${base}/health`);
        await res.arrayBuffer();
        if (counted) health.push(performance.now() - s);
        await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
      }
    };
    const running = [...Array.from({ length: CLIENTS }, client), prober()];
    await new Promise((r) => setTimeout(r, WARMUP_MS));
    measuring = true;
    const m0 = performance.now();
    await new Promise((r) => setTimeout(r, DURATION_MS));
    measuring = false;
    const seconds = (performance.now() - m0) / 1000;
    stop = true;
    await Promise.all(running);

    const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
    const rps = samples.length / seconds;
    lines.push({ name: `${CLIENTS} clients: requests/s (budget >= ${BUDGET_RPS})`, value: Math.round(rps), unit: 'req/s' });
    // report.ts budgets are upper bounds: >= 200 req/s is <= 5 ms of wall time per request.
    lines.push({ name: `${CLIENTS} clients: wall ms per request (1000 / req/s)`, value: 1000 / rps, unit: 'ms', budget: 1000 / BUDGET_RPS });
    lines.push({ name: `${CLIENTS} clients: p50`, value: percentile(ms, 50), unit: 'ms' });
    lines.push({ name: `${CLIENTS} clients: p95`, value: percentile(ms, 95), unit: 'ms', budget: BUDGET_P95_MS });
    lines.push({ name: `${CLIENTS} clients: p99`, value: percentile(ms, 99), unit: 'ms' });
    lines.push({ name: `${CLIENTS} clients: errors`, value: samples.filter((s) => !s.ok).length, unit: '', budget: 0 });
    for (const [kind] of MIX) {
      const k = samples.filter((s) => s.kind === kind).map((s) => s.ms).sort((a, b) => a - b);
      lines.push({ name: `  ${kind}: p95 (${k.length} requests)`, value: percentile(k, 95), unit: 'ms' });
    }
    lines.push({ name: 'server memory after the load (RSS of its processes)', value: Math.round(rssKib(child.pid!) / 1024), unit: 'MB' });
    const h = [...health].sort((a, b) => a - b);
    lines.push({ name: `/health during the load: p95 (event loop held)`, value: h.length ? percentile(h, 95) : NaN, unit: 'ms' });
    lines.push({ name: `/health during the load: max`, value: h.length ? h[h.length - 1] : NaN, unit: 'ms' });
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const e of [...new Set(errors)].slice(0, 5)) console.error(`error: ${e}`);
  return report('server-load', lines);
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
