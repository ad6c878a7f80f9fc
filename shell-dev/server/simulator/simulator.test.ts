import type { ManagedObject, Operation, ServerCore } from '../core/api';
import { harness, type Harness } from '../services/operation-dashboard/testing/harness';
import { FRAGMENT, MESSAGES, MOBILE_ROUTER_TYPE, OP } from './constants';
import { deviceBand, failsDeviceOperation, neverAnswers } from './fate';
import { simulatorOptionsFromArgs } from './flags';
import { createSimulator, type Simulator, type SimulatorOptions } from './index';

const NOW = Date.UTC(2025, 5, 15, 12, 0);
const STEP = 10;

let h: Harness;
let sim: Simulator;

async function start(opts: Partial<SimulatorOptions> = {}) {
  sim = createSimulator({ mode: 'on', tickMs: 0, stepMs: { min: STEP, max: STEP }, backgroundEveryMs: 1_000_000, ...opts });
  h = await harness(NOW, [sim]);
}
afterEach(() => h?.close());

/** A device whose id ends in `digit` (fillers take the ids in between). */
function device(core: ServerCore, digit: number, fragments: Record<string, unknown> = {}): ManagedObject {
  for (;;) {
    const filler = core.inventory.create({ name: 'filler' });
    if (Number(filler.id) % 10 === (digit + 9) % 10) break;
  }
  const d = core.inventory.create({ name: `device-${digit}`, type: 'adamos_NETbox', c8y_IsDevice: {}, c8y_Availability: { status: 'AVAILABLE', lastMessage: new Date(NOW - 60_000).toISOString() }, ...fragments });
  expect(Number(d.id) % 10).toBe(digit);
  return d;
}

/** Ticks until nothing is left to run, recording what `observe` returns whenever it changes. */
function runToEnd<T>(observe: () => T, maxTicks = 50): T[] {
  const seen: T[] = [observe()];
  for (let i = 0; i < maxTicks; i++) {
    sim.tick(STEP);
    const v = observe();
    if (JSON.stringify(v) !== JSON.stringify(seen[seen.length - 1])) seen.push(v);
    if (sim.pending() === 0) break;
  }
  return seen;
}

const opStatus = (id: string) => () => h.core.operations.get(id)!.status;
const entry = (deviceId: string, name: string) => () => {
  const list = h.core.inventory.get(deviceId)![FRAGMENT.packageList] as Array<{ name: string; status: string }> | undefined;
  return (list ?? []).find((e) => e.name === name)?.status;
};

describe('restart operations', () => {
  it.each([OP.restartAgent, OP.restartNetbox])('%s walks PENDING -> EXECUTING -> SUCCESSFUL', async (fragment) => {
    await start();
    const d = device(h.core, 1);
    const op = h.core.operations.create({ deviceId: d.id, [fragment]: {}, description: 'Restart' });
    expect(runToEnd(opStatus(op.id))).toEqual(['PENDING', 'EXECUTING', 'SUCCESSFUL']);
    expect((h.core.inventory.get(d.id)!.c8y_Availability as { lastMessage: string }).lastMessage).toBe(new Date(NOW).toISOString());
  });

  it('fails on a device whose id ends in 8, with a reason', async () => {
    await start();
    const d = device(h.core, 8);
    const op = h.core.operations.create({ deviceId: d.id, [OP.restartNetbox]: {} });
    expect(runToEnd(opStatus(op.id))).toEqual(['PENDING', 'EXECUTING', 'FAILED']);
    expect(h.core.operations.get(op.id)!.failureReason).toBe(MESSAGES.netboxRestartFailed);
  });

  it('never answers on a device whose id ends in 7', async () => {
    await start();
    const d = device(h.core, 7);
    const op = h.core.operations.create({ deviceId: d.id, [OP.restartAgent]: {} });
    expect(runToEnd(opStatus(op.id))).toEqual(['PENDING']);
    expect(sim.pending()).toBe(0);
  });
});

describe('software operations', () => {
  const register = (deviceId: string, name: string, version: string, extra: Record<string, unknown> = {}): Operation =>
    h.core.operations.create({ deviceId, [OP.register]: { name, version, url: '', installation_requires_approval: false, ...extra } });
  const assigned = (name: string, version: string) => ({ name, version, status: 'assigned', type: 'APPLICATION', marked_for_deletion: false });

  it('registers and installs: assigned -> ... -> installed, with the counters', async () => {
    await start({ failureRatio: 0 });
    const d = device(h.core, 1, { [FRAGMENT.packageList]: [assigned('app', '1.0')], [FRAGMENT.pendingUpdates]: 1 });
    const op = register(d.id, 'app', '1.0');
    const statuses = runToEnd(entry(d.id, 'app'));
    expect(statuses).toEqual(['assigned', 'registered', 'downloading', 'downloaded successfully', 'to be installed', 'executing', 'installed']);
    expect(h.core.operations.get(op.id)!.status).toBe('SUCCESSFUL');
    expect(h.core.inventory.get(d.id)).toMatchObject({ [FRAGMENT.pendingUpdates]: 0, [FRAGMENT.failedCount]: 0, [FRAGMENT.lastInstalled]: '1.0' });
  });

  it('stops at waiting for approval, and the install operation finishes it', async () => {
    await start({ failureRatio: 0 });
    const d = device(h.core, 2);
    const op = register(d.id, 'tool', '2.0', { installation_requires_approval: true });
    expect(runToEnd(entry(d.id, 'tool'))).toEqual([undefined, 'registered', 'downloading', 'downloaded successfully', 'waiting for approval']);
    expect(h.core.operations.get(op.id)!.status).toBe('SUCCESSFUL');
    expect(h.core.inventory.get(d.id)![FRAGMENT.pendingUpdates]).toBe(1);
    const install = h.core.operations.create({ deviceId: d.id, [OP.install]: { scheduledinstallationtime: '0', name: 'tool', version: '2.0' } });
    expect(runToEnd(entry(d.id, 'tool'))).toEqual(['waiting for approval', 'to be installed', 'executing', 'installed']);
    expect(runToEnd(opStatus(install.id))).toEqual(['SUCCESSFUL']);
  });

  it('fails with a failure message and counts the failed installation', async () => {
    await start({ failureRatio: 1, neverAnswerRatio: 0 });
    const d = device(h.core, 3);
    const op = register(d.id, 'broken', '1.0');
    const statuses = runToEnd(entry(d.id, 'broken'));
    expect(['download failed', 'installation failed']).toContain(statuses[statuses.length - 1]);
    const e = (h.core.inventory.get(d.id)![FRAGMENT.packageList] as Array<{ failure_message: string }>)[0]!;
    expect(e.failure_message).toMatch(/.+/);
    expect(h.core.operations.get(op.id)).toMatchObject({ status: 'FAILED', failureReason: e.failure_message });
    expect(h.core.inventory.get(d.id)).toMatchObject({ [FRAGMENT.failedCount]: 1, [FRAGMENT.pendingUpdates]: 0 });
  });

  it('fails an install operation of a package the device does not have', async () => {
    await start({ failureRatio: 0 });
    const d = device(h.core, 4);
    const op = h.core.operations.create({ deviceId: d.id, [OP.install]: { scheduledinstallationtime: '0', name: 'ghost', version: '1' } });
    runToEnd(opStatus(op.id));
    expect(h.core.operations.get(op.id)).toMatchObject({ status: 'FAILED', failureReason: MESSAGES.notRegistered });
  });

  it('waits for a dependency in "to be installed" and installs once the dependency is in', async () => {
    await start({ failureRatio: 0 });
    const base = h.core.inventory.create({ type: 'c8y_Software', name: 'base', version: '1.0' });
    const top = h.core.inventory.create({ type: 'c8y_Software', name: 'top', version: '2.0', dependencies: [{ id: base.id, name: 'base', version: '1.0' }] });
    const d = device(h.core, 5);
    const topOp = register(d.id, 'top', '2.0', { repository_id: top.id });
    expect(runToEnd(entry(d.id, 'top'))).toEqual([undefined, 'registered', 'downloading', 'downloaded successfully', 'to be installed']);
    expect(h.core.operations.get(topOp.id)!.status).toBe('SUCCESSFUL');
    register(d.id, 'base', '1.0', { repository_id: base.id });
    const both = () => [entry(d.id, 'base')(), entry(d.id, 'top')()];
    const seen = runToEnd(both);
    expect(seen[seen.length - 1]).toEqual(['installed', 'installed']);
    expect(seen.map((s) => s[1])).toContain('executing');
  });

  it('stops a walk whose assignment was cleared', async () => {
    await start({ failureRatio: 0 });
    const d = device(h.core, 6, { [FRAGMENT.packageList]: [assigned('app', '1.0')] });
    const op = register(d.id, 'app', '1.0');
    sim.tick(STEP);
    sim.tick(STEP);
    h.core.inventory.update(d.id, { [FRAGMENT.packageList]: [] });
    runToEnd(opStatus(op.id));
    expect(h.core.operations.get(op.id)).toMatchObject({ status: 'FAILED', failureReason: MESSAGES.cleared });
    expect(h.core.inventory.get(d.id)![FRAGMENT.packageList]).toEqual([]);
  });
});

describe('time zone operation', () => {
  it('sets the device time zone', async () => {
    await start();
    const d = device(h.core, 1);
    const op = h.core.operations.create({ deviceId: d.id, [OP.setTimezone]: { timezone: 'Berlin#W. Europe Standard Time' } });
    expect(runToEnd(opStatus(op.id))).toEqual(['PENDING', 'EXECUTING', 'SUCCESSFUL']);
    expect(h.core.inventory.get(d.id)![FRAGMENT.timezone]).toBe('Berlin#W. Europe Standard Time');
  });

  it('fails on a failing device without changing the zone', async () => {
    await start();
    const d = device(h.core, 8, { [FRAGMENT.timezone]: 'UTC#UTC' });
    const op = h.core.operations.create({ deviceId: d.id, [OP.setTimezone]: { timezone: 'Berlin#W. Europe Standard Time' } });
    expect(runToEnd(opStatus(op.id))).toEqual(['PENDING', 'EXECUTING', 'FAILED']);
    expect(h.core.inventory.get(d.id)![FRAGMENT.timezone]).toBe('UTC#UTC');
  });
});

describe('mobile router operations', () => {
  const withRouter = (digit: number) => {
    const d = device(h.core, digit, { c8y_SupportedOperations: [OP.routerRestart, OP.routerUpdateFirmware, OP.routerUpdateProfile, OP.routerStartMonitoring] });
    const r = h.core.inventory.create({
      type: MOBILE_ROUTER_TYPE,
      name: 'router',
      NetworkStatus: { OnlineState: 'online', SignalStrength: 20 },
      DeviceInformation: { Firmware: 'RUTX_R_00.07.01', Profile: { Name: 'base', Version: '1', ExpectedHash: 'a', Hash: 'a', Modified: false }, UpTime: '3d 1h 2m' },
      DeviceAvailability: { Available: true, Enabled: true, InternetAccess: true, Error: '', DeviceState: 'running' },
      Attributes: { Monitoring: { Enabled: false, StartedAt: '2025-01-01T00:00:00.000Z', EndAt: '2025-01-02T00:00:00.000Z' } },
    });
    h.core.inventory.addChild(d.id, 'childDevices', r.id);
    return { d, r };
  };
  const state = (id: string) => () => (h.core.inventory.get(id)!.DeviceAvailability as { DeviceState: string }).DeviceState;
  /** A firmware repository with one binary of `version`, as the demo seeds them; the ids of both. */
  const firmware = (version: string) => {
    const repository = h.core.inventory.create({ type: 'c8y_Firmware', name: 'RUTX11 firmware', c8y_Filter: { type: MOBILE_ROUTER_TYPE } });
    const binary = h.core.inventory.create({ type: 'c8y_FirmwareBinary', name: 'RUTX11 firmware', c8y_Firmware: { name: 'RUTX11 firmware', version, url: `https://fw/${version}` } });
    h.core.inventory.addChild(repository.id, 'childAdditions', binary.id);
    return { repositoryId: repository.id, binaryId: binary.id };
  };

  it('restarts: restarting -> running, SUCCESSFUL', async () => {
    await start();
    const { d, r } = withRouter(1);
    const op = h.core.operations.create({ deviceId: d.id, [OP.routerRestart]: {} });
    expect(runToEnd(state(r.id))).toEqual(['running', 'restarting', 'running']);
    expect(h.core.operations.get(op.id)!.status).toBe('SUCCESSFUL');
    expect(h.core.inventory.get(r.id)).toMatchObject({ DeviceInformation: { UpTime: '0d 0h 0m', Firmware: 'RUTX_R_00.07.01' }, NetworkStatus: { OnlineState: 'online', SignalStrength: 20 } });
  });

  it('updates firmware through its states and changes the firmware', async () => {
    await start();
    const { d, r } = withRouter(2);
    const { binaryId } = firmware('RUTX_R_00.07.04');
    const op = h.core.operations.create({ deviceId: d.id, [OP.routerUpdateFirmware]: { repository_id: binaryId, name: 'RUTX11 firmware', version: 'RUTX_R_00.07.04' } });
    expect(runToEnd(state(r.id))).toEqual(['running', 'downloading firmware', 'verifying firmware', 'applying firmware', 'restarting', 'running']);
    expect(h.core.operations.get(op.id)!.status).toBe('SUCCESSFUL');
    expect((h.core.inventory.get(r.id)!.DeviceInformation as { Firmware: string }).Firmware).toBe('RUTX_R_00.07.04');
  });

  it('is offline and not available while the new firmware boots, and back with a fresh uptime (the tab offered Start monitoring meanwhile)', async () => {
    await start();
    const { d, r } = withRouter(6);
    h.core.operations.create({ deviceId: d.id, [OP.routerUpdateFirmware]: { repository_id: firmware('RUTX_R_00.07.04').binaryId, name: 'RUTX11 firmware', version: 'RUTX_R_00.07.04' } });
    const seen = () => {
      const mo = h.core.inventory.get(r.id) as unknown as { DeviceAvailability: { DeviceState: string; Available: boolean }; NetworkStatus: { OnlineState: string } };
      return `${mo.DeviceAvailability.DeviceState}/${mo.DeviceAvailability.Available ? 'available' : 'not available'}/${mo.NetworkStatus.OnlineState}`;
    };
    expect(runToEnd(seen)).toEqual([
      'running/available/online',
      'downloading firmware/available/online',
      'verifying firmware/available/online',
      'applying firmware/available/online',
      'restarting/not available/offline',
      'running/available/online',
    ]);
    expect(h.core.inventory.get(r.id)).toMatchObject({ DeviceInformation: { UpTime: '0d 0h 0m', Firmware: 'RUTX_R_00.07.04' }, NetworkStatus: { SignalStrength: 20 } });
  });

  it('installs the version of the firmware binary that repository_id names (the tab and the demo history name the binary)', async () => {
    await start();
    const { d, r } = withRouter(2);
    const { binaryId } = firmware('RUTX_R_00.07.06');
    // The version comes from the binary, not from the payload's copy of it.
    const op = h.core.operations.create({ deviceId: d.id, [OP.routerUpdateFirmware]: { repository_id: binaryId, name: 'RUTX11 firmware' } });
    runToEnd(state(r.id));
    expect(h.core.operations.get(op.id)!.status).toBe('SUCCESSFUL');
    expect((h.core.inventory.get(r.id)!.DeviceInformation as { Firmware: string }).Firmware).toBe('RUTX_R_00.07.06');
  });

  it('fails a firmware update whose repository_id names the firmware repository, not a binary: nothing to download', async () => {
    await start();
    const { d, r } = withRouter(2);
    const { repositoryId } = firmware('RUTX_R_00.07.06');
    const op = h.core.operations.create({ deviceId: d.id, [OP.routerUpdateFirmware]: { repository_id: repositoryId, name: 'RUTX11 firmware', version: 'RUTX_R_00.07.06' } });
    expect(runToEnd(state(r.id))).toEqual(['running', 'downloading firmware', 'running']);
    expect(h.core.operations.get(op.id)).toMatchObject({ status: 'FAILED', failureReason: `Firmware binary ${repositoryId} not found` });
    expect((h.core.inventory.get(r.id)!.DeviceInformation as { Firmware: string }).Firmware).toBe('RUTX_R_00.07.01');
  });

  it('updates the profile through its states', async () => {
    await start();
    const { d, r } = withRouter(3);
    const dump = h.core.inventory.create({ type: 'c8y_ConfigurationDump', name: 'fleet-profile', version: '7', deviceType: MOBILE_ROUTER_TYPE });
    const op = h.core.operations.create({ deviceId: d.id, [OP.routerUpdateProfile]: { repository_id: dump.id, name: 'fleet-profile', version: '7' } });
    expect(runToEnd(state(r.id))).toEqual(['running', 'downloading profile', 'verifying profile', 'applying profile', 'running']);
    expect(h.core.operations.get(op.id)!.status).toBe('SUCCESSFUL');
    expect(h.core.inventory.get(r.id)!.DeviceInformation).toMatchObject({ Profile: { Name: 'fleet-profile', Version: '7', Modified: false } });
  });

  it('fails a firmware update on a failing device and returns to running', async () => {
    await start();
    const { d, r } = withRouter(8);
    const op = h.core.operations.create({ deviceId: d.id, [OP.routerUpdateFirmware]: { name: 'RUTX', version: 'X' } });
    expect(runToEnd(state(r.id))).toEqual(['running', 'downloading firmware', 'verifying firmware', 'running']);
    expect(h.core.operations.get(op.id)).toMatchObject({ status: 'FAILED', failureReason: MESSAGES.firmwareFailed });
    expect((h.core.inventory.get(r.id)!.DeviceInformation as { Firmware: string }).Firmware).toBe('RUTX_R_00.07.01');
  });

  it('starts a monitoring window', async () => {
    await start({ monitoringMinutes: 30 });
    const { d, r } = withRouter(4);
    const op = h.core.operations.create({ deviceId: d.id, [OP.routerStartMonitoring]: {} });
    expect(runToEnd(opStatus(op.id))).toEqual(['PENDING', 'EXECUTING', 'SUCCESSFUL']);
    expect((h.core.inventory.get(r.id)!.Attributes as { Monitoring: unknown }).Monitoring).toEqual({
      Enabled: true,
      StartedAt: new Date(NOW).toISOString(),
      EndAt: new Date(NOW + 30 * 60_000).toISOString(),
    });
  });

  it('fails when the device has no router', async () => {
    await start();
    const d = device(h.core, 5);
    const op = h.core.operations.create({ deviceId: d.id, [OP.routerRestart]: {} });
    runToEnd(opStatus(op.id));
    expect(h.core.operations.get(op.id)).toMatchObject({ status: 'FAILED', failureReason: MESSAGES.noRouter });
  });
});

describe('background', () => {
  const avail = (id: string) => h.core.inventory.get(id)!.c8y_Availability as { status: string; lastMessage: string };

  it('keeps heartbeats current, takes devices offline with an alarm and brings them back', async () => {
    await start({ backgroundEveryMs: STEP, heartbeatsPerBatch: 50, offlineRatio: 0, comeBackRatio: 0, alarmRaiseRatio: 0, alarmClearRatio: 0 });
    const ds = [device(h.core, 1), device(h.core, 2), device(h.core, 3)];
    const idle = device(h.core, 4, { c8y_Availability: { status: 'NOT_MONITORED' } });
    h.clock.set(NOW + 5 * 60_000);
    sim.tick(STEP);
    for (const d of ds) expect(avail(d.id)).toEqual({ status: 'AVAILABLE', lastMessage: new Date(NOW + 5 * 60_000).toISOString() });
    expect(avail(idle.id)).toEqual({ status: 'NOT_MONITORED' });
    expect(h.core.alarms.count({})).toBe(0);
  });

  it('judges a not monitored device that got a required interval (Initialize) online or offline by its last message', async () => {
    await start({ backgroundEveryMs: STEP, heartbeatsPerBatch: 50, offlineRatio: 0, comeBackRatio: 0, alarmRaiseRatio: 0, alarmClearRatio: 0 });
    const required = { c8y_RequiredAvailability: { responseInterval: 60 } };
    const recent = device(h.core, 1, { ...required, c8y_Availability: { status: 'NOT_MONITORED', lastMessage: new Date(NOW - 30 * 60_000).toISOString() } });
    const old = device(h.core, 2, { ...required, c8y_Availability: { status: 'NOT_MONITORED', lastMessage: new Date(NOW - 90 * 60_000).toISOString() } });
    const never = device(h.core, 3, { ...required, c8y_Availability: { status: 'NOT_MONITORED' } });
    const still = device(h.core, 4, { c8y_Availability: { status: 'NOT_MONITORED', lastMessage: new Date(NOW).toISOString() } });
    sim.tick(STEP);
    expect([recent, old, never, still].map((d) => avail(d.id).status)).toEqual(['AVAILABLE', 'UNAVAILABLE', 'UNAVAILABLE', 'NOT_MONITORED']);
  });

  it('moves devices offline and back and raises and clears alarms', async () => {
    const base = { backgroundEveryMs: STEP, heartbeatsPerBatch: 50, alarmRaiseRatio: 0, alarmClearRatio: 0 };
    await start({ ...base, offlineRatio: 1, comeBackRatio: 0 });
    const d = device(h.core, 1);
    sim.tick(STEP);
    expect(avail(d.id).status).toBe('UNAVAILABLE');
    expect(h.core.alarms.list({ source: d.id, status: ['ACTIVE'] }).items.map((a) => a.type)).toEqual(['c8y_UnavailabilityAlarm']);
    await h.close();

    // A second simulator on a fresh fleet: every offline device comes back, its alarm is cleared.
    await start({ ...base, offlineRatio: 0, comeBackRatio: 1 });
    const back = device(h.core, 1, { c8y_Availability: { status: 'UNAVAILABLE', lastMessage: new Date(NOW - 86_400_000).toISOString() } });
    h.core.alarms.create({ source: { id: back.id }, type: 'c8y_UnavailabilityAlarm', text: 'x', severity: 'MAJOR' });
    sim.tick(STEP);
    expect(avail(back.id)).toEqual({ status: 'AVAILABLE', lastMessage: new Date(NOW).toISOString() });
    expect(h.core.alarms.list({ source: back.id }).items.map((a) => a.status)).toEqual(['CLEARED']);
  });

  it('raises alarms and clears open ones', async () => {
    await start({ backgroundEveryMs: STEP, heartbeatsPerBatch: 50, offlineRatio: 0, comeBackRatio: 0, alarmRaiseRatio: 1, alarmClearRatio: 0 });
    const d = device(h.core, 1);
    sim.tick(STEP);
    expect(h.core.alarms.count({ source: d.id, status: ['ACTIVE'] })).toBe(1);
    await h.close();
    await start({ backgroundEveryMs: STEP, heartbeatsPerBatch: 50, offlineRatio: 0, comeBackRatio: 0, alarmRaiseRatio: 0, alarmClearRatio: 1, alarmClearsPerBatch: 5 });
    const e = device(h.core, 1);
    h.core.alarms.create({ source: { id: e.id }, type: 'adamos_hardware_DiskSpaceLow', text: 'x', severity: 'MINOR' });
    sim.tick(STEP);
    expect(h.core.alarms.count({ source: e.id, status: ['ACTIVE'] })).toBe(0);
  });

  it("sends a CPU workload measurement with an online device's heartbeat, none with measurementRatio 0", async () => {
    const quiet = { backgroundEveryMs: STEP, heartbeatsPerBatch: 50, offlineRatio: 0, comeBackRatio: 0, alarmRaiseRatio: 0, alarmClearRatio: 0 };
    await start(quiet);
    const d = device(h.core, 1);
    const idle = device(h.core, 2, { c8y_Availability: { status: 'NOT_MONITORED' } });
    h.clock.set(NOW + 60_000);
    sim.tick(STEP);
    const measured = h.core.measurements!.list({ source: d.id, pageSize: 10 }).items;
    expect(measured).toEqual([
      expect.objectContaining({ type: 'c8y_CPUMeasurement', time: new Date(NOW + 60_000).toISOString(), c8y_CPUMeasurement: { Workload: { value: expect.any(Number), unit: '%' } } }),
    ]);
    const workload = (measured[0].c8y_CPUMeasurement as { Workload: { value: number } }).Workload.value;
    expect(workload).toBeGreaterThanOrEqual(0);
    expect(workload).toBeLessThanOrEqual(100);
    expect(h.core.measurements!.list({ source: idle.id }).items).toEqual([]);
    await h.close();

    await start({ ...quiet, measurementRatio: 0 });
    const silent = device(h.core, 1);
    sim.tick(STEP);
    expect(h.core.measurements!.list({ source: silent.id }).items).toEqual([]);
  });

  it('removes measurements older than the retention', async () => {
    await start({ backgroundEveryMs: STEP, heartbeatsPerBatch: 50, offlineRatio: 0, comeBackRatio: 0, alarmRaiseRatio: 0, alarmClearRatio: 0, measurementRetentionHours: 1 });
    const d = device(h.core, 1);
    const old = h.core.measurements!.create({ source: { id: d.id }, type: 't', time: new Date(NOW - 2 * 3600_000).toISOString() });
    const recent = h.core.measurements!.create({ source: { id: d.id }, type: 't', time: new Date(NOW - 1800_000).toISOString() });
    for (let i = 0; i < 100; i++) sim.tick(STEP);
    const left = h.core.measurements!.list({ source: d.id, type: 't' }).items.map((m) => m.id);
    expect(left).toEqual([recent.id]);
    expect(left).not.toContain(old.id);
  });

  it('touches at most heartbeatsPerBatch devices per batch', async () => {
    await start({ backgroundEveryMs: STEP, heartbeatsPerBatch: 2, offlineRatio: 0, comeBackRatio: 0, alarmRaiseRatio: 0, alarmClearRatio: 0 });
    const ds = [1, 2, 3, 4, 5].map((n) => device(h.core, n));
    h.clock.set(NOW + 60_000);
    sim.tick(STEP);
    const fresh = ds.filter((d) => avail(d.id).lastMessage === new Date(NOW + 60_000).toISOString());
    expect(fresh).toHaveLength(2);
  });
});

describe('bounds and modes', () => {
  it('runs at most maxStepsPerTick steps per tick', async () => {
    await start({ maxStepsPerTick: 3 });
    const d = device(h.core, 1);
    const ops = Array.from({ length: 10 }, () => h.core.operations.create({ deviceId: d.id, [OP.restartAgent]: {} }));
    sim.tick(STEP);
    expect(ops.filter((o) => h.core.operations.get(o.id)!.status !== 'PENDING')).toHaveLength(3);
  });

  it("does nothing in mode 'off'", async () => {
    sim = createSimulator({ mode: 'off' });
    h = await harness(NOW, [sim]);
    const d = device(h.core, 1);
    const op = h.core.operations.create({ deviceId: d.id, [OP.restartAgent]: {} });
    for (let i = 0; i < 20; i++) sim.tick(1000);
    expect(h.core.operations.get(op.id)!.status).toBe('PENDING');
    expect(sim.pending()).toBe(0);
  });

  it('adopts operations left pending by a previous run', async () => {
    const seedSim = createSimulator({ mode: 'off' });
    let opId = '';
    h = await harness(NOW, [seedSim], (core) => {
      const d = core.inventory.create({ name: 'x', c8y_IsDevice: {} });
      // id of the first device in a fresh database is 1: ends in neither 7 nor 8.
      opId = core.operations.create({ deviceId: d.id, [OP.restartAgent]: {} }).id;
    });
    sim = createSimulator({ mode: 'on', tickMs: 0, stepMs: { min: STEP, max: STEP } });
    await sim.register(h.app, h.core);
    expect(runToEnd(opStatus(opId))).toEqual(['PENDING', 'EXECUTING', 'SUCCESSFUL']);
    await sim.close?.();
  });
});

describe('fate and flags', () => {
  it('puts ids ending in 7 in the silent band and 8 in the failing band (default ratios)', () => {
    for (let id = 100; id < 200; id++) {
      const s = String(id);
      expect(neverAnswers(s, 0.1)).toBe(s.endsWith('7'));
      expect(failsDeviceOperation(s, 0.1, 0.1)).toBe(s.endsWith('8'));
    }
    expect(deviceBand('1007')).toBeLessThan(0.1);
    expect(neverAnswers('1007', 0)).toBe(false);
    expect(neverAnswers('1001', 1)).toBe(true);
  });

  it('parses the command line', () => {
    expect(simulatorOptionsFromArgs([])).toMatchObject({ mode: 'on' });
    expect(simulatorOptionsFromArgs(['--simulate', 'off', '--sim-step-ms=100-200', '--sim-failure-ratio', '0.25', '--sim-never-answer-ratio=0'])).toMatchObject({
      mode: 'off',
      stepMs: { min: 100, max: 200 },
      failureRatio: 0.25,
      neverAnswerRatio: 0,
    });
    expect(() => simulatorOptionsFromArgs(['--simulate', 'maybe'])).toThrow(/on or off/);
    expect(() => simulatorOptionsFromArgs(['--sim-failure-ratio', 'x'])).toThrow(/number/);
    expect(() => createSimulator({ mode: 'on', failureRatio: 2 })).toThrow(/failureRatio/);
  });
});
