/**
 * The event-driven rollout engine (issue 20): time-outs, the error threshold, cancel from every
 * state that allows it, the per-device results, waking on writes instead of a tick, and a restart
 * in the middle. The real core on a temporary SQLite file; its clock moves only when a test says so.
 */
import type { ManagedObject, Operation } from '../../core/api';
import {
  DEVICE_TYPE_IOTCONNECTORFLEX,
  DEVICE_TYPE_NETBOX,
  FRAGMENT_PACKAGE_LIST,
  OP_REGISTER_SOFTWARE,
  REASON_CANCELLED,
  REASON_NO_ANSWER,
  REASON_NOT_SENT,
  REASON_UNAVAILABLE,
  ROLLOUT_CANCEL_CHUNK,
  ROLLOUT_EVENT_DELAY_MS,
} from './constants';
import type { PackageEntry } from './model';
import { device, harness, removeDir, software, type Harness } from './testing/fixtures';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
  removeDir(h.dir);
});

const get = (id: string) => h.core.inventory.get(id) as ManagedObject;
const entry = (id: string) => (get(id)[FRAGMENT_PACKAGE_LIST] as PackageEntry[]).find((e) => e.name === 'agent');
const report = (id: string, status: string, extra: Partial<PackageEntry> = {}) => {
  const list = (get(id)[FRAGMENT_PACKAGE_LIST] as PackageEntry[]).map((e) => (e.name === 'agent' ? { ...e, status, ...extra } : e));
  h.core.inventory.update(id, { [FRAGMENT_PACKAGE_LIST]: list });
};
const opOf = (id: string) => h.core.operations.list({ deviceId: id, fragmentType: OP_REGISTER_SOFTWARE, pageSize: 10 }).items as Operation[];
const tick = () => h.module.context().engine.tick();
/** Lets the engine handle the writes so far (it gathers them for ROLLOUT_EVENT_DELAY_MS). */
const settle = () => new Promise((r) => setTimeout(r, ROLLOUT_EVENT_DELAY_MS + 50));

async function createRollout(devices: string[], rolloutParameters: object) {
  const res = await h.call('POST', '/createSoftwareRollout', { name: 'Agent rollout', devices, softwareId: software(h.core).id, rolloutParameters });
  expect(res.statusCode).toBe(201);
  return res.json() as ManagedObject;
}
const setStatus = (id: string, status: string) => h.call('PUT', `/updateSoftwareRolloutStatus/${id}/${status}`);
const devicesOf = async (id: string, query = '') => {
  const res = await h.call('GET', `/softwareRollout/${id}/devices${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { devices: Row[]; statistics: { totalElements: number } };
};
interface Row {
  id: string;
  result: string;
  failureReason: string | null;
  failureReasonCode: string | null;
  failureReasonParams: Record<string, string | number> | null;
  operationId: string | null;
}
const fleet = (n: number) => Array.from({ length: n }, () => device(h.core).id);

describe('time-out', () => {
  it('fails operations the device never answers with "no answer from device", per device, and completes', async () => {
    const ids = fleet(4);
    const r = await createRollout(ids, { batchSize: 4, batchGapSeconds: 1, operationTimeoutSeconds: 60 });
    await setStatus(r.id, 'ONGOING');
    tick();
    expect(get(r.id).counters).toMatchObject({ waiting: 4, processed: 0 });
    report(ids[0], 'installed');
    // The device answered and waits for approval: its operation ended, so it does not time out.
    h.core.operations.update(opOf(ids[1])[0].id, { status: 'SUCCESSFUL' });
    report(ids[1], 'waiting for approval');
    // Started, not finished: it counts as no answer at the time-out too.
    h.core.operations.update(opOf(ids[2])[0].id, { status: 'EXECUTING' });

    h.clock.advance(59_999);
    tick();
    expect(get(r.id).counters).toMatchObject({ success: 1, failed: 0, waiting: 3 });

    h.clock.advance(1);
    tick();
    expect(get(r.id)).toMatchObject({ status: 'ONGOING', counters: { success: 1, failed: 2, waiting: 1, processed: 3 } });
    for (const id of [ids[2], ids[3]]) expect(opOf(id)[0]).toMatchObject({ status: 'FAILED', failureReason: REASON_NO_ANSWER });
    expect(opOf(ids[1])[0].status).toBe('SUCCESSFUL');

    const failed = await devicesOf(r.id, '?result=failed');
    expect(failed.devices.map((d) => [d.id, d.failureReason])).toEqual([
      [ids[2], REASON_NO_ANSWER],
      [ids[3], REASON_NO_ANSWER],
    ]);
    expect((await devicesOf(r.id, '?result=waiting')).devices.map((d) => d.id)).toEqual([ids[1]]);

    report(ids[1], 'installed');
    tick();
    expect(get(r.id)).toMatchObject({ status: 'COMPLETED', counters: { success: 2, failed: 2, waiting: 0, processed: 4 } });
  });

  it('defaults to one hour and keeps its parameter per rollout', async () => {
    const ids = fleet(1);
    const r = await createRollout(ids, { batchSize: 1 });
    expect(r.rolloutParameters).toMatchObject({ operationTimeoutSeconds: 3600 });
    await setStatus(r.id, 'ONGOING');
    tick();
    h.clock.advance(3_599_999);
    tick();
    expect(get(r.id).counters).toMatchObject({ failed: 0 });
    h.clock.advance(1);
    tick();
    expect(get(r.id)).toMatchObject({ status: 'COMPLETED', counters: { failed: 1 } });
  });

  it('a device failing on its own keeps its own reason', async () => {
    const ids = fleet(1);
    const r = await createRollout(ids, { batchSize: 1 });
    await setStatus(r.id, 'ONGOING');
    tick();
    report(ids[0], 'download failed', { failure_message: 'HTTP 404 from the store' });
    tick();
    expect((await devicesOf(r.id)).devices[0]).toMatchObject({ result: 'failed', failureReason: 'HTTP 404 from the store' });
  });
});

describe('error threshold', () => {
  it('pauses with a reason once the failed share passes it, and only on new failures after a resume', async () => {
    const ids = fleet(10);
    const r = await createRollout(ids, { batchSize: 5, batchGapSeconds: 10, errorThresholdPercent: 20 });
    await setStatus(r.id, 'ONGOING');
    tick();
    for (const id of ids.slice(0, 4)) report(id, 'installed');
    report(ids[4], 'installation failed');
    tick();
    // 1 of 5 = 20 %: at the threshold, not past it.
    expect(get(r.id)).toMatchObject({ status: 'ONGOING', counters: { failed: 1, processed: 5 } });

    h.clock.advance(10_000);
    tick();
    report(ids[5], 'installation failed');
    tick();
    expect(get(r.id)).toMatchObject({
      status: 'PAUSED',
      pauseReason: { reason: 'errorThreshold', failed: 2, processed: 6, errorThresholdPercent: 20 },
    });
    expect(String((get(r.id).pauseReason as { message: string }).message)).toContain('2 of 6 processed devices failed (33.3 %)');

    // Resumed: the share is still above, but only a new failure pauses again.
    const resumed = await setStatus(r.id, 'ONGOING');
    expect(resumed.json()).not.toHaveProperty('pauseReason');
    tick();
    report(ids[6], 'installed');
    tick();
    expect(get(r.id).status).toBe('ONGOING');
    report(ids[7], 'download failed');
    tick();
    expect(get(r.id)).toMatchObject({ status: 'PAUSED', pauseReason: { reason: 'errorThreshold', failed: 3, processed: 8 } });
  });

  it('names the automatic pause limit and the user of a manual pause', async () => {
    const ids = fleet(4);
    const r = await createRollout(ids, { batchSize: 2, automaticPauseLimits: [1] });
    await setStatus(r.id, 'ONGOING');
    tick();
    report(ids[0], 'failed');
    tick();
    expect(get(r.id)).toMatchObject({ status: 'PAUSED', pauseReason: { reason: 'pauseLimit', limit: 1 } });
    await setStatus(r.id, 'ONGOING');
    expect((await setStatus(r.id, 'PAUSED')).json()).toMatchObject({ pauseReason: { reason: 'manual', user: 'admin' } });
  });
});

describe('cancel', () => {
  it('from CREATED: nothing is ever sent', async () => {
    const ids = fleet(3);
    const r = await createRollout(ids, { batchSize: 1 });
    expect((await setStatus(r.id, 'CANCELLED')).json()).toMatchObject({ status: 'CANCELLED', finishedTime: expect.any(String), counters: { cancelled: 3, processed: 0 } });
    h.clock.advance(120_000);
    tick();
    for (const id of ids) expect(opOf(id)).toHaveLength(0);
    expect((await devicesOf(r.id)).devices.map((d) => [d.result, d.failureReason])).toEqual(ids.map(() => ['cancelled', REASON_NOT_SENT]));
  });

  it.each(['ONGOING', 'PAUSED'])('from %s: unsent devices get nothing, unstarted operations fail, started ones run on', async (from) => {
    const ids = fleet(5);
    const r = await createRollout(ids, { batchSize: 3, batchGapSeconds: 10 });
    await setStatus(r.id, 'ONGOING');
    tick();
    report(ids[0], 'installed');
    h.core.operations.update(opOf(ids[1])[0].id, { status: 'EXECUTING' });
    tick();
    if (from === 'PAUSED') await setStatus(r.id, 'PAUSED');

    const res = await setStatus(r.id, 'CANCELLED');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', counters: { success: 1, cancelled: 3, waiting: 1 } });
    expect(opOf(ids[2])[0]).toMatchObject({ status: 'FAILED', failureReason: REASON_CANCELLED });
    expect(entry(ids[2])).toBeUndefined();
    expect(opOf(ids[1])[0].status).toBe('EXECUTING');
    expect(entry(ids[1])?.status).toBe('assigned');

    h.clock.advance(3_600_000);
    tick();
    for (const id of ids.slice(3)) expect(opOf(id)).toHaveLength(0);
    expect(opOf(ids[1])[0].status).toBe('EXECUTING');
    expect(get(r.id).status).toBe('CANCELLED');
    const results = (await devicesOf(r.id)).devices.map((d) => d.result);
    expect(results).toEqual(['success', 'waiting', 'cancelled', 'cancelled', 'cancelled']);
  });

  it(`fails more sent operations than one chunk (${ROLLOUT_CANCEL_CHUNK}) in steps, across a restart`, async () => {
    const ids = fleet(ROLLOUT_CANCEL_CHUNK + 3);
    const r = await createRollout(ids, { batchSize: ids.length });
    await setStatus(r.id, 'ONGOING');
    tick();
    const res = await setStatus(r.id, 'CANCELLED');
    // The answer comes after the first chunk: the rollout is CANCELLED, three devices still to do.
    expect(res.json()).toMatchObject({ status: 'CANCELLED', counters: { cancelled: ROLLOUT_CANCEL_CHUNK, waiting: 3 } });
    const dir = h.dir;
    await h.close();

    h = await harness(dir);
    tick();
    expect(get(r.id)).toMatchObject({ status: 'CANCELLED', counters: { cancelled: ids.length, waiting: 0 } });
    expect(ids.filter((id) => opOf(id).map((o) => o.status).join() !== 'FAILED')).toEqual([]);
  });

  it('refuses a second cancel and a cancel of a finished rollout (409)', async () => {
    const r = await createRollout(fleet(1), { batchSize: 1 });
    await setStatus(r.id, 'CANCELLED');
    expect((await setStatus(r.id, 'CANCELLED')).statusCode).toBe(409);
  });
});

describe('waking on writes', () => {
  it('counts a result without a tick, reading only the device the write names', async () => {
    const ids = fleet(50);
    const r = await createRollout(ids, { batchSize: 50 });
    await setStatus(r.id, 'ONGOING');
    tick();
    await settle();
    const reads = jest.spyOn(h.core.inventory, 'get');
    report(ids[7], 'installed');
    await settle();
    expect(get(r.id).counters).toMatchObject({ success: 1, waiting: 49 });
    // The rollout, its software and the one device (plus the two reads of this test), not 50 devices.
    const readIds = reads.mock.calls.map((c) => c[0]);
    expect(readIds.filter((id) => ids.includes(id) && id !== ids[7])).toEqual([]);
    reads.mockRestore();
  });

  it('a write to a device no rollout waits for does nothing', async () => {
    const ids = fleet(2);
    const other = device(h.core);
    const r = await createRollout(ids, { batchSize: 2 });
    await setStatus(r.id, 'ONGOING');
    tick();
    await settle();
    const before = h.published.length;
    h.core.inventory.update(other.id, { note: 'x' });
    await settle();
    expect(h.published.slice(before).map((p) => p.channel)).toEqual([`/managedobjects/${other.id}`]);
    expect(get(r.id).counters).toMatchObject({ waiting: 2 });
  });

  it('the per-device list pages and refuses bad queries', async () => {
    const ids = fleet(5);
    const r = await createRollout(ids, { batchSize: 5 });
    const page = await devicesOf(r.id, '?pageSize=2&currentPage=2');
    expect(page.devices.map((d) => [d.id, d.result])).toEqual([
      [ids[2], 'pending'],
      [ids[3], 'pending'],
    ]);
    expect(page.statistics.totalElements).toBe(5);
    expect((await h.call('GET', `/softwareRollout/${r.id}/devices?result=bogus`)).statusCode).toBe(400);
    expect((await h.call('GET', `/softwareRollout/${r.id}/devices?pageSize=0`)).statusCode).toBe(400);
    expect((await h.call('GET', '/softwareRollout/999999/devices')).statusCode).toBe(404);
    expect((await h.call('GET', `/softwareRollout/${r.id}/devices`, undefined, 'noRoles')).statusCode).toBe(403);
  });
});

describe('restart in the middle', () => {
  it('rebuilds what it waits for: results and time-outs after the restart, no device sent twice', async () => {
    const ids = fleet(4);
    const r = await createRollout(ids, { batchSize: 2, batchGapSeconds: 30, operationTimeoutSeconds: 60 });
    await setStatus(r.id, 'ONGOING');
    tick();
    const dir = h.dir;
    await h.close();

    h = await harness(dir);
    // A write after the restart is seen without a tick: the watch list came back from the tables.
    report(ids[0], 'installed');
    await settle();
    expect(get(r.id).counters).toMatchObject({ success: 1, waiting: 1 });
    h.clock.advance(30_000);
    tick();
    tick();
    expect(get(r.id)).toMatchObject({ counters: { waiting: 3 }, progress: { batch: 2, batches: 2 } });
    h.clock.advance(30_000);
    tick();
    expect(get(r.id).counters).toMatchObject({ failed: 1, waiting: 2 });
    expect(opOf(ids[1])[0]).toMatchObject({ status: 'FAILED', failureReason: REASON_NO_ANSWER });
    h.clock.advance(30_000);
    tick();
    expect(get(r.id)).toMatchObject({ status: 'COMPLETED', counters: { success: 1, failed: 3, processed: 4 } });
    for (const id of ids) expect(opOf(id)).toHaveLength(1);
  });

  it('shows batch n of m, the next batch and the latest end', async () => {
    const ids = fleet(5);
    const r = await createRollout(ids, { batchSize: 2, batchGapSeconds: 60, operationTimeoutSeconds: 600 });
    await setStatus(r.id, 'ONGOING');
    const t0 = h.core.clock.now();
    tick();
    expect(get(r.id).progress).toEqual({
      batch: 1,
      batches: 3,
      nextBatchTime: new Date(t0 + 60_000).toISOString(),
      estimatedEndTime: new Date(t0 + 120_000 + 600_000).toISOString(),
    });
    await setStatus(r.id, 'PAUSED');
    tick();
    expect(get(r.id).progress).toMatchObject({ batch: 1, nextBatchTime: null, estimatedEndTime: null });
  });
});

describe('BROKEN', () => {
  it('breaks as soon as its software is deleted, without waiting for a timer', async () => {
    const ids = fleet(1);
    const r = await createRollout(ids, { batchSize: 1 });
    await setStatus(r.id, 'ONGOING');
    tick();
    await settle();
    h.core.inventory.remove(String((get(r.id).software as { id: string }).id));
    await settle();
    expect(get(r.id).status).toBe('BROKEN');
  });

  it('says what broke it', async () => {
    const ids = fleet(2);
    const r = await createRollout(ids, { batchSize: 1 });
    await setStatus(r.id, 'ONGOING');
    tick();
    h.core.inventory.remove(String((get(r.id).software as { id: string }).id));
    h.clock.advance(60_000);
    tick();
    expect(get(r.id)).toMatchObject({
      status: 'BROKEN',
      brokenReason: { reason: 'softwareDeleted', message: 'The software agent 1.0.0 was deleted from the software repository while the rollout ran.' },
    });
  });
});

/*
 * The engine's reasons per device as codes with values (the console translates them), beside the
 * unchanged English failureReason; a device's own text has no code; rows stored before codes
 * existed keep their text (and a code where the text is one of the engine's without values).
 */
const setList = (id: string, map: (list: PackageEntry[]) => PackageEntry[]) =>
  h.core.inventory.update(id, { [FRAGMENT_PACKAGE_LIST]: map(get(id)[FRAGMENT_PACKAGE_LIST] as PackageEntry[]) });

const rows = async (id: string) => (await devicesOf(id, '?pageSize=100')).devices;
const reasons = (list: Row[]) => list.map((d) => [d.result, d.failureReason, d.failureReasonCode, d.failureReasonParams]);

/** One device per reason the engine writes while a rollout runs, and two failing on their own. */
async function runningRollout() {
  const ids = {
    noAnswer: device(h.core).id,
    unavailable: device(h.core, { c8y_Availability: { status: 'UNAVAILABLE' } }).id,
    wrongType: device(h.core, { type: DEVICE_TYPE_IOTCONNECTORFLEX }).id,
    replaced: device(h.core).id,
    removed: device(h.core).id,
    gone: device(h.core).id,
    entryFailed: device(h.core).id,
    opFailed: device(h.core).id,
    opFailedSilently: device(h.core).id,
  };
  const r = await createRollout(Object.values(ids), { batchSize: 20, operationTimeoutSeconds: 60 });
  await setStatus(r.id, 'ONGOING');
  tick();
  report(ids.replaced, 'installed', { version: '2.0.0' });
  setList(ids.removed, () => []);
  h.core.inventory.remove(ids.gone);
  report(ids.entryFailed, 'download failed', { failure_message: 'HTTP 404 from the store' });
  h.core.operations.update(opOf(ids.opFailed)[0].id, { status: 'FAILED', failureReason: 'Disk full' });
  h.core.operations.update(opOf(ids.opFailedSilently)[0].id, { status: 'FAILED' });
  h.clock.advance(60_000);
  tick();
  expect(get(r.id)).toMatchObject({ status: 'COMPLETED' });
  return r;
}

describe('reason codes per device', () => {
  it('every engine reason has a code and its values beside the unchanged English text; a device text has none', async () => {
    const r = await runningRollout();
    expect(reasons(await rows(r.id))).toEqual([
      ['failed', REASON_NO_ANSWER, 'noAnswer', null],
      ['disabled', REASON_UNAVAILABLE, 'unavailable', null],
      ['failed', `Device type ${DEVICE_TYPE_IOTCONNECTORFLEX} does not take ${DEVICE_TYPE_NETBOX} software`, 'wrongDeviceType', { deviceType: DEVICE_TYPE_IOTCONNECTORFLEX, softwareDeviceType: DEVICE_TYPE_NETBOX }],
      ['failed', 'Version 2.0.0 replaced 1.0.0 on the device', 'versionReplaced', { installed: '2.0.0', expected: '1.0.0' }],
      ['failed', 'The package entry was removed from the device', 'entryRemoved', null],
      ['disabled', 'The device no longer exists', 'deviceGone', null],
      ['failed', 'HTTP 404 from the store', null, null],
      ['failed', 'Disk full', null, null],
      ['failed', 'The operation failed', 'operationFailed', null],
    ]);
  });

  it('a device without a type: "?" in the text and in the values', async () => {
    const other = device(h.core, { type: DEVICE_TYPE_IOTCONNECTORFLEX }).id;
    const sw = software(h.core, { deviceType: DEVICE_TYPE_IOTCONNECTORFLEX });
    // A device without a type takes no typed software; the device's type is unknown ('?').
    const untyped = h.core.inventory.create({ name: 'untyped', c8y_IsDevice: {}, [FRAGMENT_PACKAGE_LIST]: [] }).id;
    const res = await h.call('POST', '/createSoftwareRollout', { devices: [other, untyped], softwareId: sw.id, rolloutParameters: { batchSize: 2 } });
    await setStatus((res.json() as ManagedObject).id, 'ONGOING');
    tick();
    const [, second] = await rows((res.json() as ManagedObject).id);
    expect(second).toMatchObject({
      failureReason: `Device type ? does not take ${DEVICE_TYPE_IOTCONNECTORFLEX} software`,
      failureReasonCode: 'wrongDeviceType',
      failureReasonParams: { deviceType: '?', softwareDeviceType: DEVICE_TYPE_IOTCONNECTORFLEX },
    });
  });

  it('cancel: not sent, not started and started devices each get their code', async () => {
    const ids = [device(h.core).id, device(h.core).id, device(h.core).id];
    const r = await createRollout(ids, { batchSize: 2, batchGapSeconds: 60 });
    await setStatus(r.id, 'ONGOING');
    tick();
    h.core.operations.update(opOf(ids[0])[0].id, { status: 'EXECUTING' });
    await setStatus(r.id, 'CANCELLED');
    expect(reasons(await rows(r.id))).toEqual([
      ['waiting', 'Started before the rollout was cancelled; its result is not followed', 'startedBeforeCancel', null],
      ['cancelled', REASON_CANCELLED, 'cancelledBeforeStart', null],
      ['cancelled', REASON_NOT_SENT, 'cancelledNotSent', null],
    ]);
    expect(opOf(ids[1])[0]).toMatchObject({ status: 'FAILED', failureReason: REASON_CANCELLED });
  });

  it('cancel before the start: every device is not sent, with the code', async () => {
    const r = await createRollout([device(h.core).id], { batchSize: 1 });
    await setStatus(r.id, 'CANCELLED');
    expect(reasons(await rows(r.id))).toEqual([['cancelled', REASON_NOT_SENT, 'cancelledNotSent', null]]);
  });
});

describe('results stored before codes existed', () => {
  it('a file without the code columns gets them; its rows keep their text, engine texts without values get their code', async () => {
    const r = await runningRollout();
    // The file as an older server left it: no code columns.
    h.core.db.exec('ALTER TABLE csng_rollout_devices DROP COLUMN reasonCode; ALTER TABLE csng_rollout_devices DROP COLUMN reasonParams;');
    const dir = h.dir;
    await h.close();
    h = await harness(dir);
    expect(reasons(await rows(r.id))).toEqual([
      ['failed', REASON_NO_ANSWER, 'noAnswer', null],
      ['disabled', REASON_UNAVAILABLE, 'unavailable', null],
      // With values: the text alone, as stored (the console shows it as it is).
      ['failed', `Device type ${DEVICE_TYPE_IOTCONNECTORFLEX} does not take ${DEVICE_TYPE_NETBOX} software`, null, null],
      ['failed', 'Version 2.0.0 replaced 1.0.0 on the device', null, null],
      ['failed', 'The package entry was removed from the device', 'entryRemoved', null],
      ['disabled', 'The device no longer exists', 'deviceGone', null],
      ['failed', 'HTTP 404 from the store', null, null],
      ['failed', 'Disk full', null, null],
      ['failed', 'The operation failed', 'operationFailed', null],
    ]);
  });
});
