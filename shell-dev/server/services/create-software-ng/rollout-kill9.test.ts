/**
 * kill -9 in the middle of a rollout on the real stand-in (its own process, SQLite file in a
 * temporary folder): the server kills itself inside the transaction that sends the second batch
 * (CSNG_TEST_ROLLOUT_FAULT, see rollout-engine.ts), never by racing the clock. The restarted
 * server sends that batch again whole, the rest follows, every silent device times out, and no
 * device got its operation twice or not at all.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REASON_NO_ANSWER } from './constants';
import { validPackage } from './testing/fixtures';
import { caller, createDevices, spawnServer, type Caller } from './testing/platform';

const S = '/service/create-software-ng';
const DEVICES = 10;
const BATCH = 4;
const KILL_IN_BATCH = 2;
const KILL_AFTER_DEVICES = 3;
const TIMEOUT_S = 10;

jest.setTimeout(180_000);

let dir: string;
let child: ChildProcess | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'csng-rollout-kill9-'));
});

afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
  child = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function registrations(call: Caller, ids: string[]): Promise<Record<string, unknown>[]> {
  const wanted = new Set(ids);
  const res = await call('GET', '/devicecontrol/operations?fragmentType=netbox_RegisterSoftwarePackage&pageSize=2000');
  return (res.json().operations as Record<string, unknown>[]).filter((o) => wanted.has(String(o.deviceId)));
}

it(`kill -9 inside the transaction of batch ${KILL_IN_BATCH} (after ${KILL_AFTER_DEVICES} devices): the restart sends it whole, times out the silent devices, doubles none`, async () => {
  const first = await spawnServer(dir, [], { CSNG_TEST_ROLLOUT_FAULT: `kill-in-batch:${KILL_IN_BATCH}:${KILL_AFTER_DEVICES}` });
  child = first.child;
  const exited = new Promise<NodeJS.Signals | null>((r) => first.child.once('exit', (_code, signal) => r(signal)));
  let call = caller(first.base);
  const ids = await createDevices(call, DEVICES);
  const pkg = (await call('POST', `${S}/softwarePackage`, { inventoryRequest: { ...validPackage, name: 'rollout-kill9' } })).json();
  const created = await call('POST', `${S}/createSoftwareRollout`, {
    name: 'kill9 rollout',
    devices: ids,
    softwareId: pkg.id,
    rolloutParameters: { batchSize: BATCH, batchGapSeconds: 1, operationTimeoutSeconds: TIMEOUT_S },
  });
  expect(created.statusCode).toBe(201);
  const rolloutId = created.json().id as string;
  expect((await call('PUT', `${S}/updateSoftwareRolloutStatus/${rolloutId}/start`)).statusCode).toBe(200);
  expect(await exited).toBe('SIGKILL');

  const second = await spawnServer(dir);
  child = second.child;
  call = caller(second.base);
  // Batch 1 committed before the kill, batch 2 rolled back: its devices have nothing yet or are sent again now.
  const early = await registrations(call, ids);
  expect(early.length).toBeLessThanOrEqual(2 * BATCH);
  expect(early.length).toBeGreaterThanOrEqual(BATCH);

  let rollout: Record<string, unknown> = {};
  for (let i = 0; i < 600; i++) {
    rollout = (await call('GET', `/inventory/managedObjects/${rolloutId}`)).json();
    if (rollout.status === 'COMPLETED') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(rollout).toMatchObject({
    status: 'COMPLETED',
    counters: { total: DEVICES, processed: DEVICES, failed: DEVICES, waiting: 0 },
    progress: { batch: Math.ceil(DEVICES / BATCH), batches: Math.ceil(DEVICES / BATCH) },
  });
  const ops = await registrations(call, ids);
  expect(ops).toHaveLength(DEVICES);
  expect(new Set(ops.map((o) => o.deviceId)).size).toBe(DEVICES);
  for (const o of ops) expect(o).toMatchObject({ status: 'FAILED', failureReason: REASON_NO_ANSWER });
  const failed = (await call('GET', `${S}/softwareRollout/${rolloutId}/devices?result=failed&pageSize=100`)).json();
  expect(failed.statistics.totalElements).toBe(DEVICES);
  expect(new Set(failed.devices.map((d: { failureReason: string }) => d.failureReason))).toEqual(new Set([REASON_NO_ANSWER]));
});
