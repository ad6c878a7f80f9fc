/**
 * Issue 20: a started rollout must not cost the server while it waits. A stand-in with 20,000
 * devices (`--simulate off`: no device ever answers) runs in its own process; a rollout of 10,000
 * devices goes out in five batches and then waits for answers that never come (time-out one
 * hour). The figure is the server process's CPU share (user + system, of one core) over a window
 * while it waits, read from /proc; beside it the idle share before the rollout and the /health
 * round trip while waiting.
 * Run: npx tsx bench/rollout-engine.bench.ts
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { caller, spawnServer, type Caller } from '../shell-dev/server/services/create-software-ng/testing/platform';
import { ensureFleet } from './fleet';
import { report, type BenchLine } from './report';

const FLEET = 20_000;
const ROLLOUT_DEVICES = 10_000;
const BATCH_SIZE = 2000;
const BATCH_GAP_S = 5;
const WINDOW_MS = 30_000;
const BUDGET_PERCENT = 5;
const S = '/service/create-software-ng';
const CLOCK_TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds (/proc/<pid>/stat fields 14 and 15). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function cpuShare(pid: number, ms: number): Promise<number> {
  const c0 = cpuSeconds(pid);
  const t0 = process.hrtime.bigint();
  await new Promise((r) => setTimeout(r, ms));
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  return Math.round(((cpuSeconds(pid) - c0) / wall) * 1000) / 10;
}

/** p95 of a device list page (25 rows with the total), as the console's list asks for it. */
async function listP95(call: Caller): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t = process.hrtime.bigint();
    const res = await call('GET', '/inventory/managedObjects?type=adamos_NETbox&pageSize=25&withTotalElements=true');
    if (res.statusCode !== 200) throw new Error(`device list: ${res.statusCode}`);
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return Math.round(samples[Math.ceil(0.95 * samples.length) - 1] * 10) / 10;
}

async function deviceIds(call: Caller, type: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < n; page++) {
    const res = await call('GET', `/inventory/managedObjects?type=${type}&fragmentType=c8y_IsDevice&pageSize=2000&currentPage=${page}`);
    const items = res.json().managedObjects as { id: string; c8y_Availability?: { status?: string } }[];
    ids.push(...items.map((d) => d.id));
    if (items.length < 2000) break;
  }
  if (ids.length < n) throw new Error(`the fleet has ${ids.length} devices of type ${type}, the bench needs ${n}`);
  return ids.slice(0, n);
}

async function main(): Promise<number> {
  const fleet = await ensureFleet(FLEET);
  const dir = mkdtempSync(join(tmpdir(), 'bench-rollout-'));
  cpSync(fleet, dir, { recursive: true });
  const { child, base } = await spawnServer(dir);
  const lines: BenchLine[] = [];
  try {
    const call = caller(base);
    const pid = child.pid as number;
    // Let start-up work settle (statistics, adoption) before the idle figure.
    await new Promise((r) => setTimeout(r, 5000));
    lines.push({ name: `server idle, ${FLEET} devices, no rollout (CPU)`, value: await cpuShare(pid, 10_000), unit: '%' });
    lines.push({ name: `device list page p95, no rollout`, value: await listP95(call), unit: 'ms' });

    const ids = await deviceIds(call, 'adamos_NETbox', ROLLOUT_DEVICES);
    const pkg = await call('POST', `${S}/softwarePackage`, {
      inventoryRequest: {
        name: 'bench-agent',
        version: `1.0.${Date.now()}`,
        deviceType: 'adamos_NETbox',
        md5: 'a'.repeat(32),
        sha256: 'b'.repeat(64),
        apptype: 'APPLICATION',
        category: 'normal',
        password: 'secret-pass',
        url: 'https://store.example.com/bench-agent.zip',
      },
    });
    if (pkg.statusCode !== 200) throw new Error(`package: ${pkg.statusCode} ${JSON.stringify(pkg.json())}`);
    const created = await call('POST', `${S}/createSoftwareRollout`, {
      name: 'bench rollout',
      devices: ids,
      softwareId: pkg.json().id,
      rolloutParameters: { batchSize: BATCH_SIZE, batchGapSeconds: BATCH_GAP_S },
    });
    if (created.statusCode !== 201) throw new Error(`rollout: ${created.statusCode} ${JSON.stringify(created.json())}`);
    const rolloutId = created.json().id as string;
    const t0 = Date.now();
    const started = await call('PUT', `${S}/updateSoftwareRolloutStatus/${rolloutId}/start`);
    if (started.statusCode !== 200) throw new Error(`start: ${started.statusCode}`);

    // Every batch out: nothing pending any more (unavailable devices count as disabled at once).
    let counters: Record<string, number> = {};
    for (;;) {
      await new Promise((r) => setTimeout(r, 2000));
      const mo = (await call('GET', `/inventory/managedObjects/${rolloutId}`)).json();
      counters = mo.counters;
      if (mo.status !== 'ONGOING') throw new Error(`rollout ${mo.status} while dispatching`);
      if (counters.waiting + counters.processed === ROLLOUT_DEVICES) break;
      if (Date.now() - t0 > 120_000) throw new Error(`not all batches out after 120 s: ${JSON.stringify(counters)}`);
    }
    lines.push({ name: `all ${ROLLOUT_DEVICES / BATCH_SIZE} batches out (${BATCH_GAP_S} s gaps)`, value: Math.round((Date.now() - t0) / 100) / 10, unit: 's' });
    lines.push({ name: `  devices waiting for an answer`, value: counters.waiting, unit: 'devices' });
    await new Promise((r) => setTimeout(r, 2000));

    lines.push({
      name: `server CPU while ${counters.waiting} devices wait (${WINDOW_MS / 1000} s)`,
      value: await cpuShare(pid, WINDOW_MS),
      unit: '%',
      budget: BUDGET_PERCENT,
    });

    const samples: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = process.hrtime.bigint();
      const res = await fetch(`${base}/health`);
      await res.text();
      samples.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    samples.sort((a, b) => a - b);
    lines.push({ name: `/health round trip p95 while waiting`, value: Math.round(samples[Math.ceil(0.95 * samples.length) - 1] * 10) / 10, unit: 'ms' });
    lines.push({ name: `device list page p95 while waiting`, value: await listP95(call), unit: 'ms' });
    const after = (await call('GET', `/inventory/managedObjects/${rolloutId}`)).json();
    if (after.status !== 'ONGOING' || after.counters.waiting !== counters.waiting) {
      throw new Error(`the rollout changed while it should wait: ${after.status} ${JSON.stringify(after.counters)}`);
    }

    // Cancel from ONGOING: the answer comes after the first chunk of failed operations, the rest
    // follow in engine steps while the server keeps answering (the slowest request shows it).
    const c0 = process.hrtime.bigint();
    const cancelled = await call('PUT', `${S}/updateSoftwareRolloutStatus/${rolloutId}/cancel`);
    const answerMs = Number(process.hrtime.bigint() - c0) / 1e6;
    if (cancelled.statusCode !== 200 || cancelled.json().status !== 'CANCELLED') throw new Error(`cancel: ${cancelled.statusCode} ${JSON.stringify(cancelled.json())}`);
    let slowest = 0;
    for (;;) {
      const t = process.hrtime.bigint();
      const mo = (await call('GET', `/inventory/managedObjects/${rolloutId}`)).json();
      slowest = Math.max(slowest, Number(process.hrtime.bigint() - t) / 1e6);
      if (mo.counters.cancelled === counters.waiting) break;
      if (Number(process.hrtime.bigint() - c0) / 1e9 > 120) throw new Error(`cancel not done after 120 s: ${JSON.stringify(mo.counters)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const doneMs = Number(process.hrtime.bigint() - c0) / 1e6;
    lines.push({ name: `cancel from ONGOING: answer`, value: Math.round(answerMs), unit: 'ms' });
    lines.push({ name: `  all ${counters.waiting} sent operations failed`, value: Math.round(doneMs), unit: 'ms' });
    lines.push({ name: `  slowest rollout read meanwhile`, value: Math.round(slowest), unit: 'ms' });
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
  return report('rollout-engine', lines);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
