import type { ManagedObject } from '../../core/api';
import { FRAGMENT_PACKAGE_LIST, JOB_CHUNK_SIZE } from './constants';
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
/** What the simulated device reports for the package. */
const report = (id: string, status: string) => {
  const list = (get(id)[FRAGMENT_PACKAGE_LIST] as PackageEntry[]).map((e) => (e.name === 'agent' ? { ...e, status } : e));
  h.core.inventory.update(id, { [FRAGMENT_PACKAGE_LIST]: list });
};
const tick = () => h.module.context().engine.tick();

async function createRollout(devices: string[], swId: string, rolloutParameters: object, extra: object = {}) {
  const res = await h.call('POST', '/createSoftwareRollout', { name: 'R', devices, softwareId: swId, forceInstallation: false, rolloutParameters, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json() as ManagedObject;
}
const setStatus = (id: string, status: string) => h.call('PUT', `/updateSoftwareRolloutStatus/${id}/${status}`);

describe('createSoftwareRollout', () => {
  it('creates a rollout in CREATED with zero counters and the defaults', async () => {
    const sw = software(h.core);
    const d = device(h.core);
    const r = await createRollout([d.id], sw.id, {});
    expect(r).toMatchObject({
      type: 'adamos_software_rollout_object',
      status: 'CREATED',
      software: { id: sw.id, name: 'agent', version: '1.0.0' },
      counters: { processed: 0, total: 1, success: 0, upToDate: 0, updated: 0, failed: 0, disabled: 0 },
      rolloutParameters: { batchSize: 10, batchGapSeconds: 60, automaticPauseLimits: [], operationTimeoutSeconds: 3600 },
      devices: [d.id],
    });
  });

  it.each([
    { batchSize: 0 },
    { batchSize: 2001 },
    { batchGapSeconds: 601 },
    { batchGapSeconds: 1.5 },
    { automaticPauseLimits: [0] },
    { automaticPauseLimits: [50001] },
    { operationTimeoutSeconds: 9 },
    { operationTimeoutSeconds: 604801 },
    { operationTimeoutSeconds: '60' },
    { errorThresholdPercent: 0 },
    { errorThresholdPercent: 101 },
    { errorThresholdPercent: 10.5 },
  ])(
    'refuses parameters %j with 422',
    async (p) => {
      const sw = software(h.core);
      const res = await h.call('POST', '/createSoftwareRollout', { devices: [device(h.core).id], softwareId: sw.id, rolloutParameters: p });
      expect(res.statusCode).toBe(422);
    },
  );

  it('refuses unknown software (404) and no devices (400)', async () => {
    expect((await h.call('POST', '/createSoftwareRollout', { devices: [device(h.core).id], softwareId: '999999' })).statusCode).toBe(404);
    expect((await h.call('POST', '/createSoftwareRollout', { devices: [], softwareId: software(h.core).id })).statusCode).toBe(400);
  });
});

describe('rollout state machine', () => {
  it.each([
    ['CREATED', 'PAUSED', 409],
    ['CREATED', 'ARCHIVED', 409],
    ['CREATED', 'CANCELLED', 200],
    ['CREATED', 'ONGOING', 200],
    ['ONGOING', 'PAUSED', 200],
    ['ONGOING', 'CANCELLED', 200],
    ['ONGOING', 'ARCHIVED', 409],
    ['PAUSED', 'ONGOING', 200],
    ['PAUSED', 'CANCELLED', 200],
    ['COMPLETED', 'ARCHIVED', 200],
    ['COMPLETED', 'ONGOING', 409],
    ['CANCELLED', 'ARCHIVED', 200],
    ['BROKEN', 'ONGOING', 409],
    ['BROKEN', 'ARCHIVED', 409],
    ['ARCHIVED', 'ONGOING', 409],
  ])('%s -> %s answers %d', async (from, to, code) => {
    const r = await createRollout([device(h.core).id], software(h.core).id, {});
    h.core.inventory.update(r.id, { status: from });
    const res = await setStatus(r.id, to);
    expect(res.statusCode).toBe(code);
    if (code === 200) expect(res.json().status).toBe(to);
    else expect(res.json().error).toBe('create-software-ng/invalidTransition');
  });

  it('accepts action names, refuses unknown statuses (400) and ids (404)', async () => {
    const r = await createRollout([device(h.core).id], software(h.core).id, {});
    expect((await setStatus(r.id, 'start')).json().status).toBe('ONGOING');
    expect((await setStatus(r.id, 'pause')).json().status).toBe('PAUSED');
    expect((await setStatus(r.id, 'cancel')).json()).toMatchObject({ status: 'CANCELLED', finishedTime: expect.any(String) });
    expect((await setStatus(r.id, 'explode')).statusCode).toBe(400);
    expect((await setStatus('999999', 'start')).statusCode).toBe(404);
  });
});

describe('rollout engine', () => {
  it('runs batches with the gap, counts results from the package lists and completes', async () => {
    const sw = software(h.core, { version: '2.0.0' });
    const fresh = device(h.core);
    const old = device(h.core, { [FRAGMENT_PACKAGE_LIST]: [{ name: 'agent', version: '1.0.0', status: 'installed' }] });
    const current = device(h.core, { [FRAGMENT_PACKAGE_LIST]: [{ name: 'agent', version: '2.0.0', status: 'installed' }] });
    const offline = device(h.core, { c8y_Availability: { status: 'UNAVAILABLE' } });
    const failing = device(h.core);
    const r = await createRollout([fresh.id, old.id, current.id, offline.id, failing.id], sw.id, { batchSize: 2, batchGapSeconds: 10 });
    await setStatus(r.id, 'ONGOING');

    tick();
    expect(entry(fresh.id)).toMatchObject({ version: '2.0.0', status: 'assigned' });
    expect(entry(old.id)).toMatchObject({ version: '2.0.0', status: 'assigned' });
    expect(entry(failing.id)).toBeUndefined();

    h.clock.advance(9_999);
    tick();
    expect(get(current.id)[FRAGMENT_PACKAGE_LIST]).toHaveLength(1);
    expect(get(r.id).counters).toMatchObject({ processed: 0 });

    report(fresh.id, 'installed');
    report(old.id, 'installed');
    h.clock.advance(1);
    tick();
    // The second batch went out in the same tick: one device up to date, one offline.
    expect(get(r.id).counters).toMatchObject({ processed: 4, success: 1, updated: 1, upToDate: 1, disabled: 1 });
    expect(get(r.id).status).toBe('ONGOING');
    expect(entry(failing.id)).toBeUndefined();

    h.clock.advance(10_000);
    tick();
    expect(entry(failing.id)).toMatchObject({ status: 'assigned' });
    expect(get(r.id).counters).toMatchObject({ processed: 4 });

    report(failing.id, 'download failed');
    tick();
    expect(get(r.id)).toMatchObject({
      status: 'COMPLETED',
      finishedTime: expect.any(String),
      counters: { processed: 5, total: 5, success: 1, updated: 1, upToDate: 1, failed: 1, disabled: 1 },
    });
    const updates = h.published.filter((p) => p.channel === `/managedobjects/${r.id}` && p.action === 'UPDATE');
    expect(updates.length).toBeGreaterThan(2);
  });

  it('pauses by itself at each automatic pause limit and continues when started again', async () => {
    const sw = software(h.core);
    const ids = Array.from({ length: 6 }, () => device(h.core).id);
    const r = await createRollout(ids, sw.id, { batchSize: 2, batchGapSeconds: 1, automaticPauseLimits: [3, 1] });
    await setStatus(r.id, 'ONGOING');
    tick();
    report(ids[0], 'failed');
    tick();
    expect(get(r.id).status).toBe('PAUSED');
    expect(get(r.id).counters).toMatchObject({ failed: 1 });
    h.clock.advance(5_000);
    tick();
    expect(entry(ids[2])).toBeUndefined();

    await setStatus(r.id, 'ONGOING');
    tick();
    expect(entry(ids[2])).toMatchObject({ status: 'assigned' });
    report(ids[1], 'failed');
    report(ids[2], 'failed');
    h.clock.advance(1_000);
    tick();
    expect(get(r.id)).toMatchObject({ status: 'PAUSED', counters: { failed: 3 } });
    // No limit is left: the rollout runs on whatever fails.
    await setStatus(r.id, 'ONGOING');
    for (const id of ids.slice(3)) {
      h.clock.advance(1_000);
      tick();
      report(id, 'failed');
    }
    tick();
    expect(get(r.id)).toMatchObject({ status: 'COMPLETED', counters: { failed: 6, processed: 6 } });
  });

  it('stops dispatching when cancelled', async () => {
    const sw = software(h.core);
    const ids = Array.from({ length: 4 }, () => device(h.core).id);
    const r = await createRollout(ids, sw.id, { batchSize: 1, batchGapSeconds: 1 });
    await setStatus(r.id, 'ONGOING');
    tick();
    await setStatus(r.id, 'PAUSED');
    expect((await setStatus(r.id, 'CANCELLED')).statusCode).toBe(200);
    h.clock.advance(10_000);
    tick();
    // The first device never started its operation: the cancel failed it and took its entry back.
    expect(ids.map((id) => entry(id)?.status ?? null)).toEqual([null, null, null, null]);
    expect(h.core.operations.list({ deviceId: ids[0], pageSize: 10 }).items.map((o) => o.status)).toEqual(['FAILED']);
    expect(ids.slice(1).map((id) => h.core.operations.list({ deviceId: id, pageSize: 10 }).items.length)).toEqual([0, 0, 0]);
    expect(get(r.id).status).toBe('CANCELLED');
  });

  it('ends BROKEN when the software is deleted', async () => {
    const sw = software(h.core);
    const r = await createRollout([device(h.core).id, device(h.core).id], sw.id, { batchSize: 1, batchGapSeconds: 1 });
    await setStatus(r.id, 'ONGOING');
    tick();
    h.core.inventory.remove(sw.id);
    h.clock.advance(1_000);
    tick();
    expect(get(r.id)).toMatchObject({ status: 'BROKEN', finishedTime: expect.any(String) });
    expect((await setStatus(r.id, 'ONGOING')).statusCode).toBe(409);
  });

  it('resumes after a restart without dispatching a device twice', async () => {
    const sw = software(h.core);
    const ids = Array.from({ length: 3 }, () => device(h.core).id);
    const r = await createRollout(ids, sw.id, { batchSize: 1, batchGapSeconds: 5 });
    await setStatus(r.id, 'ONGOING');
    tick();
    const dir = h.dir;
    await h.close();

    h = await harness(dir);
    h.clock.advance(5_000);
    tick();
    tick();
    for (const id of ids.slice(0, 2)) report(id, 'installed');
    h.clock.advance(5_000);
    tick();
    report(ids[2], 'installed');
    tick();
    expect(get(r.id)).toMatchObject({ status: 'COMPLETED', counters: { success: 3, processed: 3 } });
    for (const id of ids) expect(h.core.operations.list({ deviceId: id, fragmentType: 'netbox_RegisterSoftwarePackage', pageSize: 10 }).items).toHaveLength(1);
  });

  it('adopts an ONGOING rollout it has no state for (seed data)', async () => {
    const sw = software(h.core);
    const ids = [device(h.core).id, device(h.core).id];
    const r = h.core.inventory.create({
      type: 'adamos_software_rollout_object',
      name: 'seeded',
      software: { id: sw.id, name: 'agent', version: '1.0.0' },
      status: 'ONGOING',
      counters: { processed: 0, total: 2, success: 0, upToDate: 0, updated: 0, failed: 0, disabled: 0 },
      rolloutParameters: { batchSize: 5, batchGapSeconds: 60, automaticPauseLimits: [] },
      devices: ids.map((id) => ({ id })),
      forceInstallation: false,
    });
    const dir = h.dir;
    await h.close();
    h = await harness(dir);
    tick();
    expect(ids.map((id) => entry(id)?.status)).toEqual(['assigned', 'assigned']);
    void r;
  });
});

describe('jobs across a restart', () => {
  it('resumes an interrupted assignment without losing or doubling a device', async () => {
    const sw = software(h.core);
    const ids = Array.from({ length: JOB_CHUNK_SIZE * 2 + 7 }, () => device(h.core).id);
    const { jobs } = h.module.context();
    jobs.start('assign', { target: { kind: 'software', pkg: { id: sw.id, name: 'agent', version: '1.0.0', deviceType: 'adamos_NETbox' } }, force: false }, ids);
    await jobs.stop();
    const dir = h.dir;
    await h.close();

    h = await harness(dir);
    const start = Date.now();
    for (;;) {
      const status = h.core.inventory.query({ type: 'c8y_status', pageSize: 10 }).items.at(-1) as ManagedObject;
      if (status.dmg_assign_software_status === 'completed') {
        expect(status).toMatchObject({ dmg_assign_software_counter_total: ids.length, dmg_assign_software_counter_success: ids.length, dmg_assign_software_counter_uptodate: 0 });
        break;
      }
      if (Date.now() - start > 10_000) throw new Error('job did not resume');
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const id of ids) {
      expect((get(id)[FRAGMENT_PACKAGE_LIST] as PackageEntry[]).length).toBe(1);
      expect(h.core.operations.list({ deviceId: id, fragmentType: 'netbox_RegisterSoftwarePackage', pageSize: 10 }).items).toHaveLength(1);
    }
  });
});
