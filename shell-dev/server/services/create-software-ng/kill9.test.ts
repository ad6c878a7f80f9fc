/**
 * kill -9 during a bulk assignment: the job stops at a point the test chooses (the runner's
 * fault-injection point, CSNG_TEST_JOB_FAULT, see jobs.ts), never by racing the clock, and the
 * restarted server finishes it with no device lost or done twice.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOB_CHUNK_SIZE } from './constants';
import { validPackage } from './testing/fixtures';
import { caller, createDevices, newestStatus, spawnServer, type Caller } from './testing/platform';

const S = '/service/create-software-ng';
/** Six chunks: the faults below land in the middle of the job. */
const DEVICES = 6 * JOB_CHUNK_SIZE;
const PAUSE_AFTER_CHUNKS = 2;
const KILL_IN_CHUNK = 4;
const KILL_AFTER_DEVICES = JOB_CHUNK_SIZE / 2;
const PAGE = 2000;

jest.setTimeout(240_000);

let dir: string;
let child: ChildProcess | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'csng-kill9-'));
});

afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    // The test is about crashes: stop the restarted server the same way.
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
  child = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const doneOf = (s: Record<string, unknown>) =>
  ['success', 'updated', 'uptodate', 'failed'].reduce((a, k) => a + Number(s[`dmg_assign_software_counter_${k}`] ?? 0), 0);

async function all(call: Caller, url: string, key: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const items = (await call('GET', `${url}&pageSize=${PAGE}&currentPage=${page}`)).json()[key] as Record<string, unknown>[];
    out.push(...items);
    if (items.length < PAGE) return out;
  }
}

/** A server with a fault set, the devices and a package; answers the assignment's request body. */
async function prepare(fault: string): Promise<{ ids: string[]; body: unknown; call: Caller; server: ChildProcess }> {
  const s = await spawnServer(dir, [], { CSNG_TEST_JOB_FAULT: fault });
  child = s.child;
  const call = caller(s.base);
  const ids = await createDevices(call, DEVICES);
  const pkg = (await call('POST', `${S}/softwarePackage`, { inventoryRequest: { ...validPackage, name: 'kill9-pkg' } })).json();
  const body = { devices: ids, netbox_RegisterSoftwarePackage: { name: 'kill9-pkg', version: validPackage.version, repository_id: pkg.id } };
  return { ids, body, call, server: s.child };
}

/** Restarts on the same data without a fault; the job resumes; checks 0 lost, 0 doubled, counters. */
async function restartAndCheck(ids: string[]): Promise<void> {
  const s = await spawnServer(dir);
  child = s.child;
  const call = caller(s.base);
  let status = await newestStatus(call);
  for (let i = 0; status.dmg_assign_software_status !== 'completed' && i < 600; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = await newestStatus(call);
  }
  expect(status).toMatchObject({
    dmg_assign_software_status: 'completed',
    dmg_assign_software_counter_total: DEVICES,
    dmg_assign_software_counter_success: DEVICES,
    dmg_assign_software_counter_uptodate: 0,
    dmg_assign_software_counter_failed: 0,
  });

  const wanted = new Set(ids);
  const devices = (await all(call, '/inventory/managedObjects?type=adamos_NETbox', 'managedObjects')).filter((d) => wanted.has(String(d.id)));
  expect(devices).toHaveLength(DEVICES);
  for (const d of devices) {
    const list = d.adamos_adamos_netbox_SoftwarePackageList as { name: string }[];
    expect(list.filter((e) => e.name === 'kill9-pkg')).toHaveLength(1);
  }
  const ops = (await all(call, '/devicecontrol/operations?fragmentType=netbox_RegisterSoftwarePackage', 'operations')).filter((o) =>
    wanted.has(String(o.deviceId)),
  );
  expect(ops).toHaveLength(DEVICES);
  expect(new Set(ops.map((o) => o.deviceId)).size).toBe(DEVICES);
}

it(`kill -9 between two chunks of a bulk assignment of ${DEVICES} devices loses and doubles none`, async () => {
  const { ids, body, call, server } = await prepare(`pause-after-chunk:${PAUSE_AFTER_CHUNKS}`);
  const started = await call('POST', `${S}/createSoftwareAssignment`, body);
  expect(started.statusCode).toBe(200);
  // The runner holds after its second chunk: the job is ongoing at exactly that point.
  expect(started.json().status).toBe('ongoing');
  const before = await newestStatus(call);
  expect(before.dmg_assign_software_status).toBe('ongoing');
  expect(doneOf(before)).toBe(PAUSE_AFTER_CHUNKS * JOB_CHUNK_SIZE);

  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGKILL');
  await exited;
  await restartAndCheck(ids);
});

it(`kill -9 inside a chunk's transaction (chunk ${KILL_IN_CHUNK}, after ${KILL_AFTER_DEVICES} devices) rolls that chunk back whole`, async () => {
  const { ids, body, call, server } = await prepare(`kill-in-chunk:${KILL_IN_CHUNK}:${KILL_AFTER_DEVICES}`);
  const exited = new Promise<NodeJS.Signals | null>((r) => server.once('exit', (_code, signal) => r(signal)));
  // The server kills itself inside the chunk, during the request's wait or after its answer,
  // depending on the machine's speed; either way the job has not completed.
  const [reply] = await Promise.allSettled([call('POST', `${S}/createSoftwareAssignment`, body)]);
  if (reply.status === 'fulfilled') expect(reply.value.json().status).toBe('ongoing');
  expect(await exited).toBe('SIGKILL');
  await restartAndCheck(ids);
});
