import type { ManagedObject } from '../../core/api';
import { FRAGMENT_APPLIED_PROFILE, FRAGMENT_FAILED_INSTALLATIONS, FRAGMENT_MACHINE_SERIAL, FRAGMENT_PACKAGE_LIST, FRAGMENT_PENDING_UPDATES, FRAGMENT_REPLACED_BY, FRAGMENT_REPLACES, JOB_CHUNK_SIZE, OP_SET_TIMEZONE } from './constants';
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

/** Entry 48 of the dialog's list, its default. */
const BERLIN = 'Europe/Berlin#W. Europe Standard Time';
const entries = (id: string) => (h.core.inventory.get(id) as ManagedObject)[FRAGMENT_PACKAGE_LIST] as PackageEntry[];
const ops = (deviceId: string, fragment: string) => h.core.operations.list({ deviceId, fragmentType: fragment, pageSize: 100 }).items;
const newestStatus = () => h.core.inventory.query({ type: 'c8y_status', pageSize: 100 }).items.at(-1) as ManagedObject;

describe('createTimezoneOperations', () => {
  it('creates one operation per IoTconnector and counts them', async () => {
    const a = device(h.core);
    const b = device(h.core);
    const flex = device(h.core, { type: 'adamos_iotconnectorflex' });
    const res = await h.call('POST', '/createTimezoneOperations', { devices: [a.id, b.id, flex.id, '999999'], timezone: BERLIN });
    expect(res.statusCode).toBe(200);
    expect(res.json().noOfOperationsCreated).toBe(2);
    expect(ops(a.id, OP_SET_TIMEZONE)[0]).toMatchObject({ status: 'PENDING', [OP_SET_TIMEZONE]: { timezone: BERLIN } });
    expect(ops(flex.id, OP_SET_TIMEZONE)).toHaveLength(0);
  });

  it('answers 404 when no device exists and 400 for bad input', async () => {
    expect((await h.call('POST', '/createTimezoneOperations', { devices: ['999999'], timezone: BERLIN })).statusCode).toBe(404);
    const a = device(h.core);
    expect((await h.call('POST', '/createTimezoneOperations', { devices: [a.id], timezone: 'Berlin' })).statusCode).toBe(400);
    expect((await h.call('POST', '/createTimezoneOperations', { devices: [], timezone: 'a#b' })).statusCode).toBe(400);
    const forbidden = await h.call('POST', '/createTimezoneOperations', { devices: [a.id], timezone: 'a#b' }, 'viewer');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: 'security/Forbidden' });
  });

  it("takes only a time zone of the dialog's list (400, no operation): another name or Windows zone, or another pairing", async () => {
    const a = device(h.core);
    for (const timezone of ['a#b', 'Berlin#W. Europe Standard Time', 'Europe/Berlin#Pacific Standard Time', `${BERLIN} `]) {
      const res = await h.call('POST', '/createTimezoneOperations', { devices: [a.id], timezone });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'create-software-ng/badRequest', message: expect.stringContaining(`e.g. '${BERLIN}'`) });
    }
    expect(ops(a.id, OP_SET_TIMEZONE)).toHaveLength(0);
  });
});

describe('createSoftwareAssignment', () => {
  const assign = (devices: string[], sw: ManagedObject, forceInstallation = false) =>
    h.call('POST', '/createSoftwareAssignment', {
      devices,
      forceInstallation,
      description: 'test',
      netbox_RegisterSoftwarePackage: { name: sw.name, version: sw.version, repository_id: sw.id },
    });

  it('counts new, updated, already assigned and failed devices and writes the status object', async () => {
    const v1 = software(h.core, { version: '1.0.0' });
    const v2 = software(h.core, { version: '2.0.0' });
    const fresh = device(h.core);
    const old = device(h.core, { [FRAGMENT_PACKAGE_LIST]: [{ name: 'agent', version: '1.0.0', status: 'installed' }, { name: 'other', version: '1', status: 'installed' }] });
    const same = device(h.core, { [FRAGMENT_PACKAGE_LIST]: [{ name: 'agent', version: '2.0.0', status: 'installed' }] });
    const wrongType = device(h.core, { type: 'adamos_iotconnectorflex' });
    const res = await assign([fresh.id, old.id, same.id, wrongType.id, '999999'], v2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'completed',
      total: 5,
      done: 5,
      noOfSuccessfullAssignment: 1,
      noOfUpdatedAssignment: 1,
      noOfNoAssignment: 1,
      noOfFailedAssignment: 2,
    });
    expect(entries(fresh.id)).toEqual([expect.objectContaining({ name: 'agent', version: '2.0.0', status: 'assigned', repository_id: v2.id, marked_for_deletion: false })]);
    expect(entries(old.id).map((e) => `${e.name}@${e.version}:${e.status}`)).toEqual(['agent@2.0.0:assigned', 'other@1:installed']);
    expect(entries(same.id)[0].status).toBe('installed');
    expect(ops(fresh.id, 'netbox_RegisterSoftwarePackage')[0].netbox_RegisterSoftwarePackage).toMatchObject({ name: 'agent', version: '2.0.0', repository_id: v2.id, category: 'normal' });
    expect(ops(same.id, 'netbox_RegisterSoftwarePackage')).toHaveLength(0);
    expect(newestStatus()).toMatchObject({
      dmg_assign_software_status: 'completed',
      dmg_assign_software_counter_total: 5,
      dmg_assign_software_counter_success: 1,
      dmg_assign_software_counter_updated: 1,
      dmg_assign_software_counter_uptodate: 1,
      dmg_assign_software_counter_failed: 2,
      dmg_clear_pending_assignment_status: 'completed',
    });
    void v1;
  });

  it('re-assigns an installed version when forced', async () => {
    const sw = software(h.core);
    const d = device(h.core, { [FRAGMENT_PACKAGE_LIST]: [{ name: 'agent', version: '1.0.0', status: 'installed' }] });
    expect((await assign([d.id], sw)).json().noOfNoAssignment).toBe(1);
    expect((await assign([d.id], sw, true)).json().noOfSuccessfullAssignment).toBe(1);
    expect(entries(d.id)).toHaveLength(1);
    expect(entries(d.id)[0].status).toBe('assigned');
    expect(ops(d.id, 'netbox_RegisterSoftwarePackage')).toHaveLength(1);
  });

  it('assigns a version again whose download or installation failed, counted as updated, with the counters following', async () => {
    const sw = software(h.core);
    const d = device(h.core, {
      [FRAGMENT_PACKAGE_LIST]: [{ name: 'agent', version: '1.0.0', status: 'download failed', failure_message: 'timeout' }],
      [FRAGMENT_FAILED_INSTALLATIONS]: 1,
      [FRAGMENT_PENDING_UPDATES]: 0,
    });
    expect((await assign([d.id], sw)).json()).toMatchObject({ noOfUpdatedAssignment: 1, noOfNoAssignment: 0 });
    expect(entries(d.id)).toEqual([expect.objectContaining({ name: 'agent', version: '1.0.0', status: 'assigned', failure_message: '' })]);
    expect(ops(d.id, 'netbox_RegisterSoftwarePackage')).toHaveLength(1);
    expect(h.core.inventory.get(d.id)).toMatchObject({ [FRAGMENT_FAILED_INSTALLATIONS]: 0, [FRAGMENT_PENDING_UPDATES]: 1 });
    // Assigned again while on its way: nothing to do.
    expect((await assign([d.id], sw)).json().noOfNoAssignment).toBe(1);
  });

  it('assigns every software of a profile and records the applied profile', async () => {
    const a = software(h.core, { name: 'a' });
    const b = software(h.core, { name: 'b' });
    const profile = h.core.inventory.create({
      type: 'c8y_Profile',
      name: 'P',
      deviceType: 'adamos_NETbox',
      c8y_DeviceProfile: { software: [{ id: a.id, name: 'a', version: '1.0.0', action: 'install' }, { id: b.id, name: 'b', version: '1.0.0', action: 'install' }] },
    });
    const d = device(h.core);
    const flex = device(h.core, { type: 'adamos_iotconnectorflex' });
    const res = await h.call('POST', '/createSoftwareAssignment', { devices: [d.id, flex.id], registerDeviceProfile: { deviceProfileId: profile.id } });
    expect(res.json()).toMatchObject({ noOfSuccessfullAssignment: 1, noOfFailedAssignment: 1 });
    expect(entries(d.id).map((e) => e.name)).toEqual(['a', 'b']);
    expect(h.core.inventory.get(d.id)?.[FRAGMENT_APPLIED_PROFILE]).toMatchObject({ profileName: 'P', profileId: profile.id });
    expect(h.core.inventory.get(flex.id)?.[FRAGMENT_APPLIED_PROFILE]).toBeUndefined();
  });

  it('refuses bad input', async () => {
    const sw = software(h.core);
    const d = device(h.core);
    expect((await h.call('POST', '/createSoftwareAssignment', { devices: [d.id] })).statusCode).toBe(400);
    expect((await h.call('POST', '/createSoftwareAssignment', { devices: [], netbox_RegisterSoftwarePackage: { repository_id: sw.id } })).statusCode).toBe(400);
    expect((await h.call('POST', '/createSoftwareAssignment', { devices: [d.id], netbox_RegisterSoftwarePackage: { repository_id: '999999' } })).statusCode).toBe(404);
    expect((await h.call('POST', '/createSoftwareAssignment', { devices: [d.id], registerDeviceProfile: { deviceProfileId: '999999' } })).statusCode).toBe(404);
  });

  it('refuses a second job while one runs (409) and shows progress in the status object', async () => {
    const sw = software(h.core);
    const ids = Array.from({ length: JOB_CHUNK_SIZE + 10 }, () => device(h.core).id);
    const { jobs } = h.module.context();
    // Stopping the runner right after start leaves the job after its first chunk, as a long job looks mid-way.
    jobs.start('assign', { target: { kind: 'software', pkg: { id: sw.id, name: 'agent', version: '1.0.0' } }, force: false }, ids);
    await jobs.stop();
    expect(newestStatus()).toMatchObject({ dmg_assign_software_status: 'ongoing', dmg_assign_software_counter_total: ids.length, dmg_assign_software_counter_success: JOB_CHUNK_SIZE });
    for (const [method, url, body] of [
      ['POST', '/createSoftwareAssignment', { devices: [ids[0]], netbox_RegisterSoftwarePackage: { repository_id: sw.id } }],
      ['PUT', '/clearPendingAssignment/selectedDevices', { deviceList: [ids[0]] }],
      ['PUT', '/initialize', { deviceList: [ids[0]] }],
    ] as const) {
      const res = await h.call(method, url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'create-software-ng/jobOngoing', message: 'An operation is currently ongoing - please try again later.' });
    }
  });
});

describe('clearPendingAssignment and initialize', () => {
  it('fails pending registrations and removes entries the device never picked up', async () => {
    const sw = software(h.core);
    const d = device(h.core, { [FRAGMENT_PACKAGE_LIST]: [{ name: 'base', version: '1', status: 'installed' }] });
    await h.call('POST', '/createSoftwareAssignment', { devices: [d.id], netbox_RegisterSoftwarePackage: { repository_id: sw.id } });
    const res = await h.call('PUT', '/clearPendingAssignment/selectedDevices', { deviceList: [d.id, '999999'], operationType: 'netbox_RegisterSoftwarePackage' });
    expect(res.json()).toMatchObject({ status: 'completed', success: 1, failed: 1 });
    expect(entries(d.id).map((e) => e.name)).toEqual(['base']);
    // The lists' pending-updates column reads this counter: it goes with the entry.
    expect(h.core.inventory.get(d.id)).toMatchObject({ [FRAGMENT_PENDING_UPDATES]: 0, [FRAGMENT_FAILED_INSTALLATIONS]: 0 });
    expect(ops(d.id, 'netbox_RegisterSoftwarePackage').map((o) => o.status)).toEqual(['FAILED']);
    expect(newestStatus()).toMatchObject({ dmg_clear_pending_assignment_status: 'completed', dmg_clear_pending_assignment_success: 1, dmg_clear_pending_assignment_failed: 1, dmg_assign_software_status: 'completed' });
  });

  it('initializes not monitored devices only', async () => {
    const bare = h.core.inventory.create({ type: 'adamos_NETbox', name: 'bare', c8y_IsDevice: {} });
    const monitored = device(h.core, { c8y_RequiredAvailability: { responseInterval: 10 } });
    const res = await h.call('PUT', '/initialize', { deviceList: [bare.id, monitored.id, '999999'] });
    expect(res.json()).toMatchObject({ status: 'completed', success: 1, failed: 1 });
    expect(h.core.inventory.get(bare.id)).toMatchObject({
      c8y_RequiredAvailability: { responseInterval: 60 },
      [FRAGMENT_PACKAGE_LIST]: [],
      adamos_adamos_netbox_FailedInstallationCount: 0,
      adamos_adamos_netbox_PendingUpdates: 0,
    });
    expect(h.core.inventory.get(monitored.id)?.c8y_RequiredAvailability).toEqual({ responseInterval: 10 });
    expect(newestStatus()).toMatchObject({ dmg_initialize_fragments_status: 'completed', dmg_initialize_fragments_success: 1, dmg_initialize_fragments_failed: 1 });
    expect((await h.call('PUT', '/initialize', {})).statusCode).toBe(400);
  });
});

describe('IoTconnector replacement', () => {
  it('lists IoTconnectors without a machine as replacement targets', async () => {
    const free = device(h.core);
    device(h.core, { [FRAGMENT_MACHINE_SERIAL]: 'M-1' });
    device(h.core, { c8y_Availability: { status: 'UNAVAILABLE' } });
    device(h.core, { type: 'adamos_iotconnectorflex' });
    const res = await h.call('GET', '/getIotConnectorReplacmentlist');
    expect(res.statusCode).toBe(200);
    expect(res.json().deviceList.map((d: { id: string }) => d.id)).toEqual([free.id]);
    expect((await h.call('GET', `/getIotConnectorReplacmentlist?sourceDeviceId=${free.id}`)).json().deviceList).toEqual([]);
  });

  it('moves machine data and group membership from source to target', async () => {
    const g = h.core.inventory.create({ type: 'c8y_DeviceGroup', name: 'g', c8y_IsDeviceGroup: {} });
    const source = device(h.core, { name: 'old', [FRAGMENT_MACHINE_SERIAL]: 'M-1', adamos_adamos_netbox_timezone: 'Berlin#W. Europe Standard Time', c8y_Notes: 'n' });
    const target = device(h.core, { name: 'new' });
    h.core.inventory.addChild(g.id, 'childAssets', source.id);
    h.core.identity.create(source.id, { type: 'c8y_Serial', externalId: 'SRC' });
    h.core.identity.create(target.id, { type: 'c8y_Serial', externalId: 'TGT' });
    const res = await h.call('PUT', '/assignTargetDeviceToSourceDevice?sourceExternalId=SRC&targetExternalId=TGT');
    expect(res.statusCode).toBe(200);
    expect(h.core.inventory.get(target.id)).toMatchObject({
      [FRAGMENT_MACHINE_SERIAL]: 'M-1',
      adamos_adamos_netbox_timezone: 'Berlin#W. Europe Standard Time',
      c8y_Notes: 'n',
      [FRAGMENT_REPLACES]: { id: source.id },
    });
    const after = h.core.inventory.get(source.id) as ManagedObject;
    expect(after[FRAGMENT_MACHINE_SERIAL]).toBeUndefined();
    expect(after[FRAGMENT_REPLACED_BY]).toMatchObject({ id: target.id });
    expect(h.core.inventory.children(g.id, 'childAssets').items.map((c) => c.id)).toEqual([target.id]);
    // The source now has no machine but was replaced: it is no candidate, and the target has a machine now.
    expect((await h.call('GET', '/getIotConnectorReplacmentlist')).json().deviceList).toEqual([]);
    expect((await h.call('PUT', '/assignTargetDeviceToSourceDevice?sourceExternalId=SRC&targetExternalId=TGT')).statusCode).toBe(409);
  });

  it('replaces only an IoTconnector, and only once (409, nothing moved)', async () => {
    const celos = device(h.core, { type: 'adamos_celosx', name: 'celos', [FRAGMENT_MACHINE_SERIAL]: 'M-C' });
    const replaced = device(h.core, { name: 'gone', [FRAGMENT_REPLACED_BY]: { id: '1', name: 'successor', time: '2024-01-01T00:00:00.000Z' } });
    const target = device(h.core, { name: 'new' });
    for (const [mo, serial] of [[celos, 'CEL'], [replaced, 'OLD'], [target, 'TGT']] as const) h.core.identity.create(mo.id, { type: 'c8y_Serial', externalId: serial });
    const celosRes = await h.call('PUT', '/assignTargetDeviceToSourceDevice?sourceExternalId=CEL&targetExternalId=TGT');
    expect(celosRes.statusCode).toBe(409);
    expect(celosRes.json()).toMatchObject({ error: 'create-software-ng/notReplaceable', message: 'Device celos is no IoTconnector: only IoTconnectors are replaced.' });
    const againRes = await h.call('PUT', '/assignTargetDeviceToSourceDevice?sourceExternalId=OLD&targetExternalId=TGT');
    expect(againRes.statusCode).toBe(409);
    expect(againRes.json().message).toBe('Device gone was already replaced by successor.');
    expect(h.core.inventory.get(celos.id)).toMatchObject({ [FRAGMENT_MACHINE_SERIAL]: 'M-C' });
    expect(h.core.inventory.get(celos.id)?.[FRAGMENT_REPLACED_BY]).toBeUndefined();
    expect(h.core.inventory.get(target.id)?.[FRAGMENT_REPLACES]).toBeUndefined();
    expect(h.core.inventory.get(target.id)?.[FRAGMENT_MACHINE_SERIAL]).toBeUndefined();
  });

  it('answers 404 for unknown external ids and 400 without parameters', async () => {
    expect((await h.call('PUT', '/assignTargetDeviceToSourceDevice?sourceExternalId=X&targetExternalId=Y')).statusCode).toBe(404);
    expect((await h.call('PUT', '/assignTargetDeviceToSourceDevice')).statusCode).toBe(400);
  });
});
