/**
 * Durability: kill -9 the stand-in during a running software rollout and restart it on the same
 * data folder: no device dispatched twice or lost, counters consistent, the rollout carries on.
 * And realtime: the shared platform client reconnects by itself to a restarted server.
 * (The bulk-assignment case is services/create-software-ng/kill9.test.ts.)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RealtimeClient } from '@shared/platform/realtime';
import { FRAGMENT_PACKAGE_LIST, OP_REGISTER_SOFTWARE, PACKAGE_STATUS_INSTALLED } from '../services/create-software-ng/constants';
import { caller, createDevices, spawnServer as spawnStandIn, type Caller } from '../services/create-software-ng/testing/platform';

const S = '/service/create-software-ng';
const DEVICES = 300;
const BATCH_SIZE = 20;
/** Kill once this many devices got their operation (a few batches out, most still to go). */
const KILL_AFTER_DISPATCHED = 3 * BATCH_SIZE;
const PAGE = 2000;
const POLL_MS = 200;
const WAIT_LIMIT_MS = 120_000;

jest.setTimeout(300_000);

let dir: string;
let child: ChildProcess | undefined;

/** A port given again after a restart: realtime clients come back to the same address. */
const spawnServer = (dataDir: string, port = '0') => spawnStandIn(dataDir, ['--port', port]);

async function kill9(c: ChildProcess): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((r) => c.once('exit', r));
  c.kill('SIGKILL');
  await exited;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'durability-'));
});
afterEach(async () => {
  if (child) await kill9(child);
  child = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function waitFor<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const until = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(v).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function registrationOps(call: Caller, wanted: Set<string>): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const items = (await call('GET', `/devicecontrol/operations?fragmentType=${OP_REGISTER_SOFTWARE}&pageSize=${PAGE}&currentPage=${page}`)).json().operations as Array<Record<string, unknown>>;
    out.push(...items.filter((o) => wanted.has(String(o.deviceId))));
    if (items.length < PAGE) return out;
  }
}

async function devicesOf(call: Caller, ids: string[]): Promise<Array<Record<string, unknown>>> {
  return (await call('GET', `/inventory/managedObjects?ids=${ids.join(',')}&pageSize=${PAGE}`)).json().managedObjects as Array<Record<string, unknown>>;
}

it(`a rollout of ${DEVICES} devices survives kill -9: each device dispatched once, counters consistent, the rollout completes`, async () => {
  let s = await spawnServer(dir);
  child = s.child;
  let call = caller(s.base);
  const ids = await createDevices(call, DEVICES);
  const wanted = new Set(ids);
  const pkg = (await call('POST', `${S}/softwarePackage`, {
    inventoryRequest: { name: 'durable-pkg', version: '1.0.0', deviceType: 'adamos_NETbox', md5: 'a'.repeat(32), sha256: 'b'.repeat(64), apptype: 'APPLICATION', category: 'normal', password: 'secret-pass', url: 'https://store.example.com/durable.zip' },
  })).json();
  const created = await call('POST', `${S}/createSoftwareRollout`, { devices: ids, softwareId: pkg.id, rolloutParameters: { batchSize: BATCH_SIZE, batchGapSeconds: 1, automaticPauseLimits: [] } });
  expect(created.statusCode).toBe(201);
  const rolloutId = String(created.json().id);
  expect((await call('PUT', `${S}/updateSoftwareRolloutStatus/${rolloutId}/start`)).json().status).toBe('ONGOING');

  const before = await waitFor('dispatch before the kill', () => registrationOps(call, wanted), (ops) => ops.length >= KILL_AFTER_DISPATCHED);
  await kill9(s.child);
  expect(before.length).toBeLessThan(DEVICES);

  s = await spawnServer(dir);
  child = s.child;
  call = caller(s.base);
  // The rollout carries on from where the last committed tick left it.
  const ops = await waitFor('dispatch after the restart', () => registrationOps(call, wanted), (o) => o.length >= DEVICES);
  await new Promise((r) => setTimeout(r, 2000));
  const settled = await registrationOps(call, wanted);
  expect(settled).toHaveLength(DEVICES);
  expect(new Set(settled.map((o) => String(o.deviceId))).size).toBe(DEVICES);
  expect(ops.length).toBe(DEVICES);

  const devices = await devicesOf(call, ids);
  expect(devices).toHaveLength(DEVICES);
  for (const d of devices) {
    const entries = (d[FRAGMENT_PACKAGE_LIST] as Array<{ name: string }>).filter((e) => e.name === 'durable-pkg');
    expect(entries).toHaveLength(1);
  }
  const ongoing = (await call('GET', `/inventory/managedObjects/${rolloutId}`)).json();
  expect(ongoing.status).toBe('ONGOING');
  expect(ongoing.counters.total).toBe(DEVICES);
  expect(ongoing.counters.processed).toBe(ongoing.counters.success + ongoing.counters.upToDate + ongoing.counters.updated + ongoing.counters.failed + ongoing.counters.disabled);

  // The devices report the installation (as agents do); every one counts once and the rollout ends.
  for (const d of devices) {
    const list = (d[FRAGMENT_PACKAGE_LIST] as Array<Record<string, unknown>>).map((e) => (e.name === 'durable-pkg' ? { ...e, status: PACKAGE_STATUS_INSTALLED } : e));
    expect((await call('PUT', `/inventory/managedObjects/${d.id}`, { [FRAGMENT_PACKAGE_LIST]: list })).statusCode).toBe(200);
  }
  const completed = await waitFor('rollout completion', async () => (await call('GET', `/inventory/managedObjects/${rolloutId}`)).json(), (r) => r.status === 'COMPLETED');
  expect(completed.counters).toMatchObject({ total: DEVICES, processed: DEVICES, success: DEVICES, failed: 0, disabled: 0, upToDate: 0, updated: 0 });
});

it('realtime reconnects by itself after a server restart on the same port and delivers again', async () => {
  let s = await spawnServer(dir);
  child = s.child;
  const port = new URL(s.base).port;
  const login = await fetch(`${s.base}/tenant/oauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'PASSWORD', username: 'demo/admin', password: 'demo' }).toString(),
  });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const cookie = cookies.join('; ');
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
  const errors: unknown[] = [];
  const rt = new RealtimeClient({
    url: `${s.base}/notification/realtime`,
    // Node's fetch keeps no cookies: the session cookie goes along as a browser would send it.
    fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } }),
    xsrfToken: () => xsrf,
    retryDelayMs: 100,
    maxRetryDelayMs: 500,
    onError: (e) => errors.push(e),
  });
  const seen: string[] = [];
  const unsubscribe = rt.subscribe<{ name?: string }>('/managedobjects/*', (m) => {
    if (m.realtimeAction === 'CREATE' && m.data.name) seen.push(m.data.name);
  });
  const call = () => caller(s.base);
  const createUntilSeen = async (name: string) =>
    waitFor(`notification for ${name}`, async () => {
      await call()('POST', '/inventory/managedObjects', { name, c8y_IsDevice: {} });
      return seen;
    }, (v) => v.includes(name));
  try {
    await createUntilSeen('before-restart');
    await kill9(s.child);
    s = await spawnServer(dir, port);
    child = s.child;
    await createUntilSeen('after-restart');
    expect(errors.length).toBeGreaterThan(0);
  } finally {
    unsubscribe();
  }
});
