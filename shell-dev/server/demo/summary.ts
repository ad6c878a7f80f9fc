/**
 * What a generated fleet contains, computed from the plans alone (no core needed). Seeding
 * accumulates the same figures as it writes, so tests can compare the stored data with them.
 */
import { DEVICE_TYPE, PROFILES, STATIC_GROUPS } from './catalog';
import { type AlarmPlan, type DevicePlan, type EventPlan, type OperationPlan, planAlarms, planDevice, planEvents, planOperations } from './fleet';

type Counts = Record<string, number>;

export interface FleetSummary {
  devices: number;
  now: number;
  byType: Counts;
  byAvailability: Counts;
  packageStatuses: Counts;
  packageTypes: Counts;
  unknownVersionPackages: number;
  /** Devices whose package list is empty (never registered software). */
  emptyPackageLists: number;
  markedForDeletion: number;
  /** Distinct agent versions per device type, sorted. */
  agentVersions: Record<string, string[]>;
  mobileRouters: number;
  urlCheckDevices: number;
  mdcStatusDevices: number;
  mobileDevices: number;
  unfinishedCommissioning: number;
  noTimeZone: number;
  machineReset: number;
  appliedProfiles: Counts;
  /** Devices directly in each static group. */
  groupMembers: Counts;
  ungrouped: number;
  alarms: { total: number; bySeverity: Counts; byStatus: Counts; byCategory: Counts; byType: Counts; combos: string[] };
  events: { total: number; byType: Counts };
  operations: { total: number; byStatus: Counts; byFragment: Counts };
}

const inc = (c: Counts, k: string, n = 1) => {
  c[k] = (c[k] ?? 0) + n;
};

export class FleetAccumulator {
  private readonly s: FleetSummary;
  private readonly agent = new Map<string, Set<string>>();
  private readonly combos = new Set<string>();

  constructor(now: number) {
    this.s = {
      devices: 0,
      now,
      byType: {},
      byAvailability: {},
      packageStatuses: {},
      packageTypes: {},
      unknownVersionPackages: 0,
      emptyPackageLists: 0,
      markedForDeletion: 0,
      agentVersions: {},
      mobileRouters: 0,
      urlCheckDevices: 0,
      mdcStatusDevices: 0,
      mobileDevices: 0,
      unfinishedCommissioning: 0,
      noTimeZone: 0,
      machineReset: 0,
      appliedProfiles: Object.fromEntries(PROFILES.map((p) => [p.name, 0])),
      groupMembers: Object.fromEntries(STATIC_GROUPS.map((g) => [g.name, 0])),
      ungrouped: 0,
      alarms: { total: 0, bySeverity: {}, byStatus: {}, byCategory: {}, byType: {}, combos: [] },
      events: { total: 0, byType: {} },
      operations: { total: 0, byStatus: {}, byFragment: {} },
    };
  }

  addDevice(p: DevicePlan): void {
    const s = this.s;
    s.devices++;
    inc(s.byType, p.type);
    inc(s.byAvailability, p.availability);
    let set = this.agent.get(p.type);
    if (!set) this.agent.set(p.type, (set = new Set()));
    set.add(p.agentVersion);
    if (p.packages.length === 0) s.emptyPackageLists++;
    for (const pkg of p.packages) {
      inc(s.packageStatuses, pkg.status);
      inc(s.packageTypes, pkg.type);
      if (pkg.version === 'unknown') s.unknownVersionPackages++;
      if (pkg.markedForDeletion) s.markedForDeletion++;
    }
    if (p.router) s.mobileRouters++;
    if (p.urlChecks) s.urlCheckDevices++;
    if (p.mdcInterfaces.length > 0) s.mdcStatusDevices++;
    if (p.hasMobile) s.mobileDevices++;
    if (p.type === DEVICE_TYPE.netbox && p.commissioning === null) s.unfinishedCommissioning++;
    if (p.timeZone === null) s.noTimeZone++;
    if (p.machine === null) s.machineReset++;
    if (p.profile) inc(s.appliedProfiles, p.profile.name);
    if (p.groups.length === 0) s.ungrouped++;
    for (const g of p.groups) inc(s.groupMembers, g);

  }

  addAlarm(a: AlarmPlan): void {
    const al = this.s.alarms;
    al.total++;
    inc(al.bySeverity, a.severity);
    inc(al.byStatus, a.status);
    inc(al.byCategory, a.spec.category);
    inc(al.byType, a.spec.type);
    this.combos.add(`${a.spec.category}/${a.severity}/${a.status}`);
  }

  addEvent(e: EventPlan): void {
    this.s.events.total++;
    inc(this.s.events.byType, e.type);
  }

  addOperation(o: OperationPlan): void {
    this.s.operations.total++;
    inc(this.s.operations.byStatus, o.status);
    inc(this.s.operations.byFragment, o.fragment);
  }

  summary(): FleetSummary {
    const agentVersions: Record<string, string[]> = {};
    for (const [t, v] of this.agent) agentVersions[t] = [...v].sort();
    return { ...this.s, agentVersions, alarms: { ...this.s.alarms, combos: [...this.combos].sort() } };
  }
}

/** Plans a device and all its history, feeding the accumulator (shared by seed and describe). */
export function planAll(seed: number, now: number, index: number, acc: FleetAccumulator) {
  const device = planDevice(seed, now, index);
  const alarms = planAlarms(seed, now, device);
  const events = planEvents(seed, now, device);
  const operations = planOperations(seed, now, device);
  acc.addDevice(device);
  for (const a of alarms) acc.addAlarm(a);
  for (const e of events) acc.addEvent(e);
  for (const o of operations) acc.addOperation(o);
  return { device, alarms, events, operations };
}

/** The fleet seedDemoData writes for these options, described without writing it. */
export function describeFleet(opts: { devices: number; seed: number; now: number }): FleetSummary {
  const acc = new FleetAccumulator(opts.now);
  for (let i = 0; i < opts.devices; i++) planAll(opts.seed, opts.now, i, acc);
  return acc.summary();
}
