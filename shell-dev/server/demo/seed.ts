import { ACTIVE_ALARMS_STATUS, activeAlarmsStatus } from '../core/alarms';
import type { Severity } from '../core/api';
import type { Core } from '../core/core';
import { REASON_NOT_SENT, REASON_UNAVAILABLE } from '../services/create-software-ng/constants';
import { countersFrom } from '../services/create-software-ng/rollout-engine';
import { noStateCounts, type RolloutDeviceState, ServiceStore } from '../services/create-software-ng/store';
import {
  ALARM_CATEGORY_PREFIXES,
  ALARM_TYPES,
  CONFIGURATION_DUMPS,
  CUSTOMERS,
  DAY_MS,
  DEVICE_TYPE,
  DYNAMIC_GROUPS,
  EVENT_TYPES,
  F,
  FIRMWARE_REPOSITORIES,
  HISTORY_DAYS,
  MOBILE_ROUTER_OPERATIONS,
  MOBILE_ROUTER_TYPE,
  OTHER_TYPE,
  PACKAGE_FAILURE_MESSAGES,
  PACKAGE_STATUSES,
  PACKAGE_TYPES,
  PROFILES,
  ROLLOUTS,
  SEVERITIES,
  SOFTWARE_CATALOGUE,
  SOFTWARE_DEPENDENCIES,
  SOFTWARE_TYPES,
  STATIC_GROUPS,
  alarmCategoryOf,
} from './catalog';
import { HOUR_MS, iso } from './fleet';
import { rngFor } from './prng';
import {
  type BinaryPlan,
  type RenderRefs,
  type RouterUpdateRef,
  type SoftwareRef,
  externalUrl,
  firmwareUrl,
  packageContent,
  packageFileName,
  renderChildAdditions,
  renderDevice,
  renderRouter,
  renderSoftware,
  softwareKey,
} from './render';
import { FleetAccumulator, type FleetSummary, planAll } from './summary';

export interface SeedOptions {
  /** Number of devices in the demo fleet. */
  devices: number;
  /** Seed of the deterministic generator. */
  seed: number;
  /** The fleet's "now" (ms); defaults to core.clock.now(). Fix it to get identical data. */
  now?: number;
}

export const DEFAULT_DEMO_DEVICES = 2000;
export const DEFAULT_DEMO_SEED = 20240501;
/** Devices written per transaction: big enough to amortise commits, small enough to bound the realtime queue. */
export const DEVICES_PER_TRANSACTION = 1000;

/** Small facts about the demo data that tests (and other engineers) can rely on. */
export const DEMO = {
  deviceTypes: Object.values(DEVICE_TYPE),
  softwareTypes: SOFTWARE_TYPES,
  mobileRouterType: MOBILE_ROUTER_TYPE,
  mobileRouterOperations: MOBILE_ROUTER_OPERATIONS,
  fragments: F,
  groupNames: STATIC_GROUPS.map((g) => g.name),
  dynamicGroupNames: DYNAMIC_GROUPS.map(([name]) => name),
  customers: CUSTOMERS,
  profileNames: PROFILES.map((p) => p.name),
  packageStatuses: PACKAGE_STATUSES,
  packageTypes: PACKAGE_TYPES,
  alarmTypes: ALARM_TYPES.map((a) => a.type),
  alarmCategoryPrefixes: ALARM_CATEGORY_PREFIXES,
  alarmCategoryOf,
  severities: SEVERITIES,
  eventTypes: EVENT_TYPES,
  historyDays: HISTORY_DAYS,
  types: OTHER_TYPE,
} as const;

export interface SeedReport {
  summary: FleetSummary;
  groupIds: Record<string, string>;
  dynamicGroupIds: Record<string, string>;
  profileIds: Record<string, string>;
  /** Key `${softwareType}|${name}@${version}`. */
  software: Record<string, SoftwareRef>;
  rolloutIds: Record<string, string>;
  statusObjectId: string;
  eventTypesObjectId: string;
  milliseconds: number;
}

/** Fills an empty database with the deterministic demo fleet. */
export async function seedDemoData(core: Core, opts: SeedOptions): Promise<void> {
  await seedDemoFleet(core, opts);
}

/** seedDemoData, returning what it wrote (ids and the fleet summary). */
export async function seedDemoFleet(core: Core, opts: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const now = opts.now ?? core.clock.now();
  const { seed } = opts;
  const base = core.transaction(() => seedCatalogue(core, seed, now));
  const acc = new FleetAccumulator(now);
  const rolloutDevices: string[] = [];
  for (let start = 0; start < opts.devices; start += DEVICES_PER_TRANSACTION) {
    const end = Math.min(opts.devices, start + DEVICES_PER_TRANSACTION);
    core.transaction(() => {
      for (let i = start; i < end; i++) {
        const device = seedDevice(core, seed, now, i, base, acc);
        if (device.type === DEVICE_TYPE.netbox && rolloutDevices.length < MAX_ROLLOUT_DEVICES) rolloutDevices.push(device.id);
      }
    });
    // Let the event loop breathe between chunks (health checks, log flushes).
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const rolloutIds = core.transaction(() => seedRollouts(core, seed, now, base, rolloutDevices));
  const summary = acc.summary();
  return {
    summary,
    groupIds: Object.fromEntries(base.groupIds),
    dynamicGroupIds: base.dynamicGroupIds,
    profileIds: Object.fromEntries(base.refs.profiles),
    software: Object.fromEntries(base.refs.software),
    rolloutIds,
    statusObjectId: base.statusObjectId,
    eventTypesObjectId: base.eventTypesObjectId,
    milliseconds: Math.round(performance.now() - started),
  };
}

interface Base {
  refs: RenderRefs;
  groupIds: Map<string, string>;
  dynamicGroupIds: Record<string, string>;
  statusObjectId: string;
  eventTypesObjectId: string;
}

const SYSTEM_OWNER = 'service_demo';
const ZIP = 'application/zip';

const STORAGE_KINDS: readonly BinaryPlan['storage'][] = ['local', 'external-sas', 'external'];

/**
 * The identity type every device registers with: the agents' serial, which the
 * create-software-ng service looks devices up by (the IoTconnector replacement hands the source's
 * identity to the replacement by these ids; without them it can never finish).
 */
export const DEVICE_EXTERNAL_ID_TYPE = 'c8y_Serial';

function seedCatalogue(core: Core, seed: number, now: number): Base {
  const inv = core.inventory;
  const setup = iso(now - 720 * DAY_MS);

  const groupIds = new Map<string, string>();
  for (const g of STATIC_GROUPS) {
    const id = inv.create({ name: g.name, type: OTHER_TYPE.staticGroup, c8y_IsDeviceGroup: {}, creationTime: setup }, SYSTEM_OWNER).id;
    groupIds.set(g.name, id);
    if (g.parent) {
      const parent = groupIds.get(g.parent);
      if (!parent) throw new Error(`demo group ${g.name} is listed before its parent ${g.parent}`);
      inv.addChild(parent, 'childAssets', id);
    }
  }
  const dynamicGroupIds: Record<string, string> = {};
  for (const [name, query] of DYNAMIC_GROUPS) {
    dynamicGroupIds[name] = inv.create({ name, type: OTHER_TYPE.dynamicGroup, c8y_IsDynamicGroup: {}, c8y_DeviceQueryString: query, creationTime: setup }, SYSTEM_OWNER).id;
  }

  const software = new Map<string, SoftwareRef>();
  let binaryIndex = 0;
  for (const softwareType of SOFTWARE_TYPES) {
    const deps = SOFTWARE_DEPENDENCIES[softwareType];
    for (const entry of SOFTWARE_CATALOGUE[softwareType]) {
      for (const version of entry.versions) {
        const index = binaryIndex++;
        const plan: BinaryPlan = { softwareType, entry, version, storage: rngFor(seed, 'storage', index).pick(STORAGE_KINDS) };
        let url: string;
        if (plan.storage === 'local') {
          const file = packageFileName(plan);
          const binary = core.binaries.create({ name: file, type: ZIP }, ZIP, packageContent(plan), SYSTEM_OWNER);
          url = `/inventory/binaries/${binary.id}`;
        } else url = externalUrl(seed, plan, index);
        const key = `${entry.name}@${version}`;
        const dependencies = (deps[key] ?? []).map((d) => {
          const ref = software.get(softwareKey(softwareType, d));
          // Dependencies only point backwards in catalogue order: the graph stays acyclic.
          if (!ref) throw new Error(`demo software ${key} depends on ${d}, which is not catalogued before it`);
          return ref;
        });
        const id = inv.create(renderSoftware(seed, now, plan, index, url, dependencies), SYSTEM_OWNER).id;
        software.set(softwareKey(softwareType, key), { id, name: entry.name, version, url });
      }
    }
  }

  const profiles = new Map<string, string>();
  PROFILES.forEach((p, i) => {
    const items = p.software.map((key) => {
      const ref = software.get(softwareKey(p.deviceType, key));
      if (!ref) throw new Error(`demo profile ${p.name} lists ${key}, which is not catalogued for ${p.deviceType}`);
      return { id: ref.id, name: ref.name, version: ref.version, url: ref.url, action: 'install' };
    });
    const groupId = p.group === null ? null : groupIds.get(p.group);
    if (groupId === undefined) throw new Error(`demo profile ${p.name} names unknown group ${p.group}`);
    const changed = iso(now - (40 + i * 11) * DAY_MS);
    const id = inv.create(
      {
        name: p.name,
        type: OTHER_TYPE.profile,
        deviceType: p.deviceType,
        c8y_Filter: { type: p.deviceType },
        deviceGroup: groupId,
        c8y_DeviceProfile: { software: items },
        creationTime: iso(now - (300 + i * 17) * DAY_MS),
        lastUpdatedDateTime: changed,
      },
      SYSTEM_OWNER,
    ).id;
    profiles.set(p.name, id);
  });

  const routerFirmware: string[] = [];
  const firmwareUpdates: RouterUpdateRef[] = [];
  const profileUpdates: RouterUpdateRef[] = [];
  for (const repo of FIRMWARE_REPOSITORIES) {
    const repoId = inv.create({ name: repo.name, type: OTHER_TYPE.firmware, description: `${repo.name} releases`, c8y_Filter: { type: repo.filterType }, creationTime: setup }, SYSTEM_OWNER).id;
    for (const [version, dependency] of repo.versions) {
      const body: Record<string, unknown> = { name: repo.name, type: OTHER_TYPE.firmwareBinary, c8y_Firmware: { name: repo.name, version, url: firmwareUrl(repo.name, version) }, creationTime: setup };
      if (dependency !== null) body.c8y_Patch = { dependency };
      const binaryId = inv.create(body, SYSTEM_OWNER).id;
      inv.addChild(repoId, 'childAdditions', binaryId);
      if (repo.filterType === MOBILE_ROUTER_TYPE) firmwareUpdates.push({ repository_id: binaryId, name: repo.name, version });
      if (repo.filterType === MOBILE_ROUTER_TYPE && dependency === null) routerFirmware.push(version);
    }
  }
  for (const [name, version] of CONFIGURATION_DUMPS) {
    const id = inv.create({ name, version, type: OTHER_TYPE.configurationDump, deviceType: MOBILE_ROUTER_TYPE, url: firmwareUrl(name, version), creationTime: setup }, SYSTEM_OWNER).id;
    profileUpdates.push({ repository_id: id, name, version });
  }

  const eventTypesObjectId = inv.create({ name: 'Event types', type: OTHER_TYPE.eventTypes, [F.eventList]: [...EVENT_TYPES], creationTime: setup }, SYSTEM_OWNER).id;
  const statusObjectId = inv.create(
    {
      name: 'Device management job status',
      type: OTHER_TYPE.status,
      creationTime: iso(now - HOUR_MS),
      dmg_clear_pending_assignment_status: 'completed',
      dmg_clear_pending_assignment_success: 0,
      dmg_clear_pending_assignment_failed: 0,
      dmg_assign_software_status: 'completed',
      dmg_assign_software_counter_total: 0,
      dmg_assign_software_counter_success: 0,
      dmg_assign_software_counter_updated: 0,
      dmg_assign_software_counter_uptodate: 0,
      dmg_assign_software_counter_failed: 0,
      dmg_initialize_fragments_status: 'completed',
      dmg_initialize_fragments_success: 0,
      dmg_initialize_fragments_failed: 0,
    },
    SYSTEM_OWNER,
  ).id;

  return { refs: { software, profiles, routerFirmware, routerUpdates: { firmware: firmwareUpdates, profile: profileUpdates } }, groupIds, dynamicGroupIds, statusObjectId, eventTypesObjectId };
}

function seedDevice(core: Core, seed: number, now: number, index: number, base: Base, acc: FleetAccumulator): { id: string; type: string } {
  const inv = core.inventory;
  const { device: plan, alarms, events, operations } = planAll(seed, now, index, acc);
  const owner = `device_${plan.serial}`;
  const deviceId = inv.create({ ...renderDevice(seed, plan, base.refs), ...activeAlarmsFragment(alarms) }, owner).id;
  core.identity.create(deviceId, { type: DEVICE_EXTERNAL_ID_TYPE, externalId: plan.serial });
  for (const child of renderChildAdditions(seed, plan)) inv.addChild(deviceId, 'childAdditions', inv.create(child, owner).id);
  if (plan.router) inv.addChild(deviceId, 'childAssets', inv.create(renderRouter(seed, now, plan, base.refs), owner).id);
  for (const g of plan.groups) inv.addChild(base.groupIds.get(g) as string, 'childAssets', deviceId);

  const source = { id: deviceId };
  for (const a of alarms) {
    // count and firstOccurrenceTime are the platform's: raise once, then re-raise up to `time`.
    for (let k = 0; k < a.count; k++) {
      const time = a.count === 1 ? a.time : a.firstOccurrence + Math.round(((a.time - a.firstOccurrence) * k) / (a.count - 1));
      core.alarms.create({ type: a.spec.type, text: a.spec.text, severity: a.severity, status: a.status, time: iso(time), creationTime: iso(a.firstOccurrence), source });
    }
  }
  for (const e of events) core.events.create({ type: e.type, text: e.text, time: iso(e.time), creationTime: iso(e.time), source });
  for (const o of operations) {
    const body: Record<string, unknown> = { ...o.body };
    if (o.catalogueKey && o.fragment === 'netbox_RegisterSoftwarePackage') {
      const ref = base.refs.software.get(softwareKey(plan.type === DEVICE_TYPE.celosx ? DEVICE_TYPE.ipcX64 : plan.type, o.catalogueKey));
      Object.assign(body, { repository_id: ref?.id ?? '', url: ref?.url ?? '' });
    }
    if (o.fragment.startsWith(`${MOBILE_ROUTER_TYPE}_Update`)) {
      const choices = o.fragment.endsWith('Firmware') ? base.refs.routerUpdates.firmware : base.refs.routerUpdates.profile;
      Object.assign(body, choices[(plan.index + o.time) % choices.length]);
    }
    // Internal callers may create an operation in its end state (history, not work for agents).
    core.operations.create({
      deviceId,
      description: o.description,
      creationTime: iso(o.time),
      status: o.status,
      ...(o.failureReason ? { failureReason: o.failureReason } : {}),
      [o.fragment]: body,
    });
  }
  return { id: deviceId, type: plan.type };
}

/**
 * The device's c8y_ActiveAlarmsStatus as the alarm store will count its planned alarms (the plan
 * opens at most one alarm per type, so none is a re-raise of another): written with the device,
 * so the alarms it gets next leave the document as it is (its lastUpdated stays the plan's).
 */
function activeAlarmsFragment(alarms: ReturnType<typeof planAll>['alarms']): Record<string, unknown> {
  const counts: Partial<Record<Severity, number>> = {};
  for (const a of alarms) if (a.status !== 'CLEARED') counts[a.severity] = (counts[a.severity] ?? 0) + 1;
  return Object.keys(counts).length ? { [ACTIVE_ALARMS_STATUS]: activeAlarmsStatus(counts) } : {};
}

const MAX_ROLLOUT_DEVICES = Math.max(...ROLLOUTS.map((r) => r.devices));

/**
 * Rollout objects as create-software-ng writes them (its routes/rollouts.ts and rollout engine),
 * with the per-device results the engine leaves when a rollout ends (its store's rows), so each
 * counter opens the list of its devices: results in rollout order, shuffled per rollout; the
 * devices a cancel left unsent are 'cancelled', those a broken rollout never sent 'pending'.
 */
function seedRollouts(core: Core, seed: number, now: number, base: Base, netboxIds: readonly string[]): Record<string, string> {
  const ids: Record<string, string> = {};
  const store = new ServiceStore(core.db);
  ROLLOUTS.forEach((r, index) => {
    const software = base.refs.software.get(softwareKey(DEVICE_TYPE.netbox, r.software));
    if (!software) throw new Error(`demo rollout ${r.name} names ${r.software}, which is not catalogued`);
    const devices = netboxIds.slice(0, r.devices);
    const total = devices.length;
    const share = (x: number) => Math.floor(x * total);
    const c = { success: share(r.outcome.success), upToDate: share(r.outcome.upToDate), updated: share(r.outcome.updated), failed: share(r.outcome.failed), disabled: share(r.outcome.disabled) };
    // A completed (or archived) rollout processed every device: the rounding rest succeeded.
    if (r.status === 'COMPLETED' || r.status === 'ARCHIVED') c.success = total - c.upToDate - c.updated - c.failed - c.disabled;
    const rng = rngFor(seed, 'rollout-results', index);
    const processed = (Object.keys(c) as Array<keyof typeof c>).flatMap((state) => Array<RolloutDeviceState>(c[state]).fill(state));
    for (let i = processed.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [processed[i], processed[j]] = [processed[j], processed[i]];
    }
    const unsent: RolloutDeviceState = r.status === 'CANCELLED' ? 'cancelled' : 'pending';
    const results = devices.map((deviceId, i) => {
      const state = processed[i] ?? unsent;
      const reason = state === 'failed' ? rng.pick(PACKAGE_FAILURE_MESSAGES) : state === 'disabled' ? REASON_UNAVAILABLE : state === 'cancelled' ? REASON_NOT_SENT : null;
      return { deviceId, state, reason };
    });
    const counts = noStateCounts();
    for (const d of results) counts[d.state]++;
    const created = now - r.createdDaysAgo * DAY_MS;
    const id = core.inventory.create(
      {
        type: OTHER_TYPE.rollout,
        name: r.name,
        creationTime: iso(created),
        software: { id: software.id, name: software.name, version: software.version },
        status: r.status,
        counters: countersFrom(counts, total),
        rolloutParameters: { batchSize: r.batchSize, batchGapSeconds: r.batchGapSeconds, automaticPauseLimits: r.automaticPauseLimits },
        devices,
        forceInstallation: false,
        finishedTime: r.ranDays === null ? null : iso(created + r.ranDays * DAY_MS),
      },
      SYSTEM_OWNER,
    ).id;
    // One never started has no results yet (the engine writes them when it starts).
    if (r.status !== 'CREATED') store.insertEndedResults(id, results);
    ids[r.name] = id;
  });
  return ids;
}
