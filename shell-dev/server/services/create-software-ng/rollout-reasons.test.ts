/**
 * The engine's reasons per device as codes with values (the console translates them), beside the
 * unchanged English failureReason; a device's own text has no code; rows stored before codes
 * existed keep their text (and a code where the text is one of the engine's without values).
 */
import type { ManagedObject, Operation } from '../../core/api';
import { DEVICE_TYPE_IOTCONNECTORFLEX, DEVICE_TYPE_NETBOX, FRAGMENT_PACKAGE_LIST, OP_REGISTER_SOFTWARE, REASON_CANCELLED, REASON_NO_ANSWER, REASON_NOT_SENT, REASON_UNAVAILABLE } from './constants';
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

interface Row {
  id: string;
  result: string;
  failureReason: string | null;
  failureReasonCode: string | null;
  failureReasonParams: Record<string, string | number> | null;
}

const get = (id: string) => h.core.inventory.get(id) as ManagedObject;
const setList = (id: string, map: (list: PackageEntry[]) => PackageEntry[]) =>
  h.core.inventory.update(id, { [FRAGMENT_PACKAGE_LIST]: map(get(id)[FRAGMENT_PACKAGE_LIST] as PackageEntry[]) });
const report = (id: string, patch: Partial<PackageEntry>) => setList(id, (list) => list.map((e) => (e.name === 'agent' ? { ...e, ...patch } : e)));
const opOf = (id: string) => h.core.operations.list({ deviceId: id, fragmentType: OP_REGISTER_SOFTWARE, pageSize: 10 }).items as Operation[];
const tick = () => h.module.context().engine.tick();
const setStatus = (id: string, status: string) => h.call('PUT', `/updateSoftwareRolloutStatus/${id}/${status}`);

async function createRollout(devices: string[], rolloutParameters: object) {
  const res = await h.call('POST', '/createSoftwareRollout', { name: 'Agent rollout', devices, softwareId: software(h.core).id, rolloutParameters });
  expect(res.statusCode).toBe(201);
  return res.json() as ManagedObject;
}
async function rows(id: string): Promise<Row[]> {
  const res = await h.call('GET', `/softwareRollout/${id}/devices?pageSize=100`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { devices: Row[] }).devices;
}
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
  report(ids.replaced, { version: '2.0.0', status: 'installed' });
  setList(ids.removed, () => []);
  h.core.inventory.remove(ids.gone);
  report(ids.entryFailed, { status: 'download failed', failure_message: 'HTTP 404 from the store' });
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
