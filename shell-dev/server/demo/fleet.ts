/**
 * Pure plans of the demo fleet: what each device is, which packages it has in which status, its
 * alarms, events and operations. A plan draws only from its own random stream (seed, purpose,
 * index), so `planDevice(seed, now, i)` is the same whether the fleet has 10 or 100,000 devices.
 * Rendering a plan into inventory bodies needs the ids of created objects (see render.ts).
 */
import { Rng, rngFor } from './prng';
import {
  AGENT_NAME,
  ALARM_TYPES,
  ALARMS_PER_DEVICE,
  AVAILABILITY_SHARE,
  type AlarmTypeSpec,
  type AvailabilityStatus,
  CUSTOMERS,
  DAY_MS,
  DEVICE_TYPE,
  DEVICE_TYPE_SHARE,
  type DeviceType,
  EVENT_TYPES,
  EVENTS_PER_DEVICE,
  FAILURE_REASONS,
  FLEET_AGE_DAYS,
  HARDWARE,
  HISTORY_DAYS,
  MACHINES,
  MDC_ERRORS,
  MDC_INTERFACES,
  MOBILE_ROUTER_OPERATIONS,
  MOBILE_ROUTER_SHARE,
  NO_SOFTWARE_SHARE,
  OP_SET_TIMEZONE,
  OPERATIONS_PER_DEVICE,
  PACKAGE_FAILURE_MESSAGES,
  PACKAGE_STATUSES,
  type PackageStatus,
  type PackageType,
  PROFILES,
  type ProfileSpec,
  RESPONSE_INTERVALS_MINUTES,
  SECOND_GROUP_SHARE,
  SERVICE_NAMES,
  SERVICE_STATES,
  SEVERITIES,
  SOFTWARE_CATALOGUE,
  SOFTWARE_TYPE_OF,
  STATIC_GROUPS,
  TIME_ZONES,
  TIME_ZONES_BY_REGION,
  UNAVAILABILITY_ALARM,
  UNGROUPED_SHARE,
  URL_CHECK_ERRORS,
  URL_CHECK_SHARE,
  URL_CHECK_TARGETS,
  isFailedStatus,
  isPendingStatus,
} from './catalog';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

export interface PackagePlan {
  name: string;
  version: string;
  type: PackageType;
  status: PackageStatus;
  time: number;
  failureMessage: string;
  markedForDeletion: boolean;
  requiresApproval: boolean;
  /** 'name@version' of the catalogued binary, or null for software the agent found on its own. */
  catalogueKey: string | null;
}

export interface DevicePlan {
  index: number;
  type: DeviceType;
  serial: string;
  name: string;
  creationTime: number;
  availability: AvailabilityStatus;
  responseInterval: number;
  lastMessage: number;
  customer: number | null;
  timeZone: number | null;
  /** null: machine information was reset. */
  machine: number | null;
  machineSerial: string;
  hardwareModel: string;
  hardwareRevision: string;
  imageVersion: string;
  agentVersion: string;
  packages: PackagePlan[];
  services: { name: string; state: string }[];
  mdcInterfaces: { ID: string; Status: string; ErrorState: string }[];
  skipUpdateByProfile: boolean;
  profile: { name: string; assignedAt: number } | null;
  commissioning: number | null;
  hasMobile: boolean;
  router: boolean;
  urlChecks: { success: boolean; url: string; error: string }[] | null;
  groups: string[];
  ips: { wan: string; x1: string; x2: string; wifi: string | null };
}

const TYPE_ENTRIES = DEVICE_TYPE_SHARE;
const FIRST_TYPES: readonly DeviceType[] = [DEVICE_TYPE.netbox, DEVICE_TYPE.celosx, DEVICE_TYPE.ipcX64, DEVICE_TYPE.flex];

const iso = (ms: number): string => new Date(ms).toISOString();
export { iso };

const ip = (rng: Rng, prefix: string): string => `${prefix}.${rng.int(1, 254)}`;

/** Newer versions are more common in a maintained fleet: weight grows with the position. */
function pickVersion(rng: Rng, versions: readonly string[]): string {
  return rng.weighted(versions.map((v, i) => [v, i + 1] as const));
}

const APP_STATUS_WEIGHTS: readonly (readonly [PackageStatus, number])[] = [
  ['installed', 60],
  ['assigned', 2],
  ['registered', 2],
  ['installing', 1.5],
  ['downloading', 2],
  ['downloaded successfully', 1.5],
  ['to be installed', 2],
  ['executing', 1],
  ['waiting for approval', 6],
  ['failed', 4],
  ['download failed', 2],
  ['installation failed', 2],
];
const BATCH_STATUS_WEIGHTS: readonly (readonly [PackageStatus, number])[] = [
  ['executed', 70],
  ['to be executed', 10],
  ['executing', 5],
  ['failed', 15],
];

const STATIC_GROUP_LEAVES = STATIC_GROUPS.filter((g) => g.weight > 0).map((g) => [g.name, g.weight] as const);

function profileFor(rng: Rng, type: DeviceType, groups: string[]): ProfileSpec | null {
  const softwareType = SOFTWARE_TYPE_OF[type];
  const own = PROFILES.filter((p) => p.deviceType === softwareType);
  const byGroup = own.find((p) => p.group !== null && groups.some((g) => g === p.group || groupAncestors(g).includes(p.group as string)));
  if (byGroup && rng.chance(0.7)) return byGroup;
  const byDefault = own.find((p) => p.group === null);
  if (byDefault && rng.chance(0.4)) return byDefault;
  return null;
}

export function groupAncestors(name: string): string[] {
  const out: string[] = [];
  let g = STATIC_GROUPS.find((x) => x.name === name);
  while (g?.parent) {
    out.push(g.parent);
    g = STATIC_GROUPS.find((x) => x.name === g?.parent);
  }
  return out;
}

export function planDevice(seed: number, now: number, index: number): DevicePlan {
  const rng = rngFor(seed, 'device', index);
  // The first devices pin each family to its oldest and newest agent, so even a tiny fleet
  // has agents on both sides of the spec's version thresholds.
  const pinned = index < 2 * FIRST_TYPES.length;
  const type = pinned ? FIRST_TYPES[index % FIRST_TYPES.length] : rng.weighted(TYPE_ENTRIES);
  const hw = HARDWARE[type];
  const creationTime = now - Math.floor(rng.next() * FLEET_AGE_DAYS * DAY_MS) - HOUR_MS;
  const year = new Date(creationTime).getUTCFullYear() % 100;
  const serial = `${hw.serialPrefix}${year}${String(index).padStart(6, '0')}`;
  const name = `${hw.namePrefix} ${serial}`;

  const availability = rng.weighted(AVAILABILITY_SHARE);
  const interval = rng.pick(RESPONSE_INTERVALS_MINUTES);
  const responseInterval = availability === 'NOT_MONITORED' ? 0 : availability === 'MAINTENANCE' ? -1 : interval;
  const age = now - creationTime;
  const historyWindow = Math.min(age, HISTORY_DAYS * DAY_MS);
  const lastMessage =
    availability === 'AVAILABLE'
      ? now - Math.floor(rng.next() * interval * MINUTE_MS)
      : availability === 'UNAVAILABLE'
        ? now - Math.max(interval * MINUTE_MS + MINUTE_MS, Math.floor(rng.next() * historyWindow))
        : now - Math.floor(rng.next() * historyWindow);

  const customer = rng.chance(0.95) ? rng.int(0, CUSTOMERS.length - 1) : null;
  const region = customer === null ? 'DACH' : CUSTOMERS[customer].regio;
  const timeZone = rng.chance(0.92) ? rng.pick(TIME_ZONES_BY_REGION[region]) : null;
  const machine = rng.chance(0.94) ? rng.int(0, MACHINES.length - 1) : null;
  const machineSerial = machine === null ? '' : `M${rng.digits(2)}${String(index).padStart(7, '0')}`;

  const groups: string[] = [];
  if (!rng.chance(UNGROUPED_SHARE)) {
    groups.push(rng.weighted(STATIC_GROUP_LEAVES));
    if (rng.chance(SECOND_GROUP_SHARE)) {
      const second = rng.weighted(STATIC_GROUP_LEAVES);
      if (second !== groups[0]) groups.push(second);
    }
  }

  const softwareType = SOFTWARE_TYPE_OF[type];
  const catalogue = SOFTWARE_CATALOGUE[softwareType as keyof typeof SOFTWARE_CATALOGUE];
  const agentEntry = catalogue.find((e) => e.type === 'AGENT');
  if (!agentEntry || agentEntry.name !== AGENT_NAME[type]) throw new Error(`catalogue of ${softwareType} lacks agent ${AGENT_NAME[type]}`);
  const drawnAgent = pickVersion(rng, agentEntry.versions);
  const agentVersion = !pinned ? drawnAgent : index < FIRST_TYPES.length ? agentEntry.versions[0] : agentEntry.versions[agentEntry.versions.length - 1];

  const statusTime = (): number => creationTime + Math.floor(rng.next() * (Math.max(lastMessage, creationTime + MINUTE_MS) - creationTime));
  const packages: PackagePlan[] = [];
  const add = (name: string, version: string, ptype: PackageType, status: PackageStatus, requiresApproval: boolean, fromCatalogue: boolean) => {
    packages.push({
      name,
      version,
      type: ptype,
      status,
      time: statusTime(),
      failureMessage: isFailedStatus(status) ? rng.pick(PACKAGE_FAILURE_MESSAGES) : '',
      markedForDeletion: ptype === 'APPLICATION' && rng.chance(0.03),
      requiresApproval,
      catalogueKey: fromCatalogue ? `${name}@${version}` : null,
    });
  };
  add(agentEntry.name, agentVersion, 'AGENT', 'installed', false, true);
  for (const entry of catalogue) {
    if (entry.type === 'AGENTUPDATER') {
      if (rng.chance(0.08)) add(entry.name, 'unknown', 'AGENTUPDATER', 'installed', false, false);
      else add(entry.name, pickVersion(rng, entry.versions), 'AGENTUPDATER', 'installed', false, true);
    } else if (entry.type === 'WINDOWS' && rng.chance(0.6)) {
      add(entry.name, entry.versions[0], 'WINDOWS', rng.chance(0.2) ? 'waiting for approval' : 'installed', !!entry.requiresApproval, true);
    }
  }
  const profileSpec = profileFor(rng, type, groups);
  const apps = catalogue.filter((e) => e.type === 'APPLICATION');
  const chosenApps = new Map<string, string>();
  if (profileSpec) {
    for (const key of profileSpec.software) {
      const [n, v] = key.split('@');
      const entry = catalogue.find((e) => e.name === n);
      if (entry?.type === 'APPLICATION') chosenApps.set(n, v);
    }
  }
  // A tenth of the fleet has no application at all: the dashboard's "without assignments".
  const extraApps = profileSpec ? rng.int(0, 1) : rng.chance(0.1) ? 0 : rng.int(1, 3);
  for (const entry of rng.sample(apps, extraApps)) if (!chosenApps.has(entry.name)) chosenApps.set(entry.name, pickVersion(rng, entry.versions));
  // Every status appears in the first devices whatever the fleet size.
  let forced = index < PACKAGE_STATUSES.length;
  for (const [n, v] of chosenApps) {
    const entry = apps.find((e) => e.name === n);
    let status = rng.weighted(APP_STATUS_WEIGHTS);
    if (forced) {
      status = PACKAGE_STATUSES[index];
      forced = false;
    }
    // An assignment may ask for approval even where the catalogue does not.
    add(n, v, 'APPLICATION', status, !!entry?.requiresApproval || status === 'waiting for approval', true);
  }
  if (forced) add(apps[0].name, apps[0].versions[0], 'APPLICATION', PACKAGE_STATUSES[index], !!apps[0].requiresApproval || PACKAGE_STATUSES[index] === 'waiting for approval', true);
  // Fresh devices that never registered software report an empty list (and keep their agent).
  if (index >= PACKAGE_STATUSES.length && rng.chance(NO_SOFTWARE_SHARE)) packages.length = 0;
  if (chosenApps.size > 0 && rng.chance(0.05)) add('customer-tool', 'unknown', 'APPLICATION', 'installed', false, false);
  const batch = catalogue.filter((e) => e.type === 'BATCH');
  if (batch.length > 0 && rng.chance(0.3)) {
    const entry = rng.pick(batch);
    add(entry.name, pickVersion(rng, entry.versions), 'BATCH', rng.weighted(BATCH_STATUS_WEIGHTS), false, true);
  }

  const services = SERVICE_NAMES[type].map((s) => ({ name: s, state: availability === 'AVAILABLE' ? rng.weighted(SERVICE_STATES) : 'stopped' }));
  const mdcInterfaces: DevicePlan['mdcInterfaces'] = [];
  if (type === DEVICE_TYPE.netbox && rng.chance(0.9)) {
    for (const id of rng.sample(MDC_INTERFACES, rng.int(1, 3))) {
      const status = rng.weighted([['Connected', 0.8], ['Disconnected', 0.12], ['Error', 0.08]] as const);
      mdcInterfaces.push({ ID: id, Status: status, ErrorState: status === 'Error' ? rng.pick(MDC_ERRORS) : '' });
    }
  }

  const router = type === DEVICE_TYPE.netbox && rng.chance(MOBILE_ROUTER_SHARE);
  const urlChecks =
    type === DEVICE_TYPE.netbox && rng.chance(URL_CHECK_SHARE)
      ? URL_CHECK_TARGETS.slice(0, rng.int(2, URL_CHECK_TARGETS.length))
          .map((url) => {
            const ok = rng.chance(0.8);
            return { success: ok, url, error: ok ? '' : rng.pick(URL_CHECK_ERRORS) };
          })
      : null;

  return {
    index,
    type,
    serial,
    name,
    creationTime,
    availability,
    responseInterval,
    lastMessage,
    customer,
    timeZone,
    machine,
    machineSerial,
    hardwareModel: rng.pick(hw.models),
    hardwareRevision: `${rng.int(1, 4)}.${rng.int(0, 9)}`,
    imageVersion: rng.pick(hw.images),
    agentVersion,
    packages,
    services,
    mdcInterfaces,
    skipUpdateByProfile: rng.chance(0.1),
    profile: profileSpec ? { name: profileSpec.name, assignedAt: creationTime + Math.floor(rng.next() * (now - creationTime)) } : null,
    commissioning: type === DEVICE_TYPE.netbox && rng.chance(0.05) ? null : creationTime + rng.int(10, 600) * MINUTE_MS,
    hasMobile: router || rng.chance(0.08),
    router,
    urlChecks,
    groups,
    ips: { wan: `${rng.int(11, 217)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`, x1: ip(rng, '192.168.1'), x2: ip(rng, '10.10.0'), wifi: rng.chance(0.3) ? ip(rng, '192.168.50') : null },
  };
}

/** Counters the device carries beside its package list (kept consistent with it). */
export function packageCounters(plan: DevicePlan): { failed: number; pending: number; lastInstalled: string } {
  let failed = 0;
  let pending = 0;
  let last: PackagePlan | null = null;
  for (const p of plan.packages) {
    if (p.markedForDeletion) continue;
    if (isFailedStatus(p.status)) failed++;
    else if (isPendingStatus(p.status)) pending++;
    else if (p.status === 'installed' && p.version !== 'unknown' && (!last || p.time > last.time)) last = p;
  }
  return { failed, pending, lastInstalled: last ? last.version : '' };
}

export interface AlarmPlan {
  spec: AlarmTypeSpec;
  severity: (typeof SEVERITIES)[number];
  status: 'ACTIVE' | 'ACKNOWLEDGED' | 'CLEARED';
  time: number;
  firstOccurrence: number;
  count: number;
}

/** An alarm of a type can be open only once per device (re-raising would bump its count). */
export function planAlarms(seed: number, now: number, plan: DevicePlan): AlarmPlan[] {
  const rng = rngFor(seed, 'alarms', plan.index);
  const start = Math.max(plan.creationTime, now - HISTORY_DAYS * DAY_MS);
  const out: AlarmPlan[] = [];
  const open = new Set<string>();
  if (plan.availability === 'UNAVAILABLE') {
    const time = Math.min(now - MINUTE_MS, plan.lastMessage + plan.responseInterval * MINUTE_MS);
    out.push({ spec: UNAVAILABILITY_ALARM, severity: UNAVAILABILITY_ALARM.severity, status: rng.chance(0.85) ? 'ACTIVE' : 'ACKNOWLEDGED', time, firstOccurrence: time, count: 1 });
    open.add(UNAVAILABILITY_ALARM.type);
  }
  const n = rng.poisson(ALARMS_PER_DEVICE);
  for (let k = 0; k < n; k++) {
    const spec = rng.pick(ALARM_TYPES);
    const severity = rng.chance(0.75) ? spec.severity : rng.pick(SEVERITIES);
    const time = start + Math.floor(rng.next() * (now - start));
    const ageDays = (now - time) / DAY_MS;
    let status: AlarmPlan['status'] =
      ageDays < 3
        ? rng.weighted([['ACTIVE', 0.6], ['ACKNOWLEDGED', 0.25], ['CLEARED', 0.15]] as const)
        : rng.weighted([['ACTIVE', 0.2], ['ACKNOWLEDGED', 0.1], ['CLEARED', 0.7]] as const);
    if (status !== 'CLEARED') {
      if (open.has(spec.type)) status = 'CLEARED';
      else open.add(spec.type);
    }
    // The platform counts re-raises of an open alarm; a cleared one was raised once.
    const count = status !== 'CLEARED' && rng.chance(0.25) ? rng.int(2, 6) : 1;
    const firstOccurrence = count === 1 ? time : Math.max(start, time - rng.int(1, 72) * HOUR_MS);
    out.push({ spec, severity, status, time, firstOccurrence, count });
  }
  return out;
}

export interface EventPlan {
  type: string;
  text: string;
  time: number;
}

const EVENT_TEXTS: Record<string, string> = {
  [EVENT_TYPES[0]]: 'Agent started',
  [EVENT_TYPES[1]]: 'Agent restarted',
  [EVENT_TYPES[2]]: 'IoTconnector restarted',
  [EVENT_TYPES[3]]: 'Software package installed',
  [EVENT_TYPES[4]]: 'Software package installation failed',
  [EVENT_TYPES[5]]: 'Configuration changed',
  [EVENT_TYPES[6]]: 'Time zone changed',
  [EVENT_TYPES[7]]: 'Machine connected',
  [EVENT_TYPES[8]]: 'Machine disconnected',
  [EVENT_TYPES[9]]: 'User logged in on the device',
};
export const eventText = (type: string): string => EVENT_TEXTS[type] ?? type;

export function planEvents(seed: number, now: number, plan: DevicePlan): EventPlan[] {
  const rng = rngFor(seed, 'events', plan.index);
  const start = Math.max(plan.creationTime, now - HISTORY_DAYS * DAY_MS);
  const out: EventPlan[] = [];
  const n = rng.poisson(EVENTS_PER_DEVICE);
  for (let k = 0; k < n; k++) {
    const type = rng.pick(EVENT_TYPES);
    out.push({ type, text: eventText(type), time: start + Math.floor(rng.next() * (now - start)) });
  }
  return out;
}

export interface OperationPlan {
  fragment: string;
  body: Record<string, unknown>;
  description: string;
  status: 'SUCCESSFUL' | 'FAILED';
  failureReason: string;
  time: number;
  /** For install/register operations: the catalogued package it refers to. */
  catalogueKey: string | null;
}

export function planOperations(seed: number, now: number, plan: DevicePlan): OperationPlan[] {
  const rng = rngFor(seed, 'operations', plan.index);
  const start = Math.max(plan.creationTime, now - HISTORY_DAYS * DAY_MS);
  const out: OperationPlan[] = [];
  // A router device has run each router operation once (the tab shows the newest of each kind).
  const routerOps = plan.router ? MOBILE_ROUTER_OPERATIONS.length : 0;
  const n = rng.poisson(OPERATIONS_PER_DEVICE) + routerOps;
  const catalogued = plan.packages.filter((p) => p.catalogueKey !== null && p.type !== 'AGENT');
  for (let k = 0; k < n; k++) {
    const kinds: string[] = ['netbox_RestartAgentOperation'];
    if (plan.type === DEVICE_TYPE.netbox) kinds.push('netbox_RestartNetboxOperation', OP_SET_TIMEZONE);
    if (catalogued.length > 0) kinds.push('netbox_InstallSoftwarePackage', 'netbox_RegisterSoftwarePackage');
    const fragment = k < routerOps ? MOBILE_ROUTER_OPERATIONS[k] : rng.pick(kinds);
    const failed = rng.chance(0.2);
    const time = start + Math.floor(rng.next() * (now - start - MINUTE_MS));
    const pkg = fragment.startsWith('netbox_') && fragment.includes('SoftwarePackage') ? rng.pick(catalogued) : null;
    let body: Record<string, unknown> = {};
    let description: string;
    if (fragment === 'netbox_InstallSoftwarePackage' && pkg) {
      body = { scheduledinstallationtime: '0', name: pkg.name, version: pkg.version };
      description = `Install software package ${pkg.name} ${pkg.version}`;
    } else if (fragment === 'netbox_RegisterSoftwarePackage' && pkg) {
      body = { name: pkg.name, version: pkg.version };
      description = `Register software package ${pkg.name} ${pkg.version}`;
    } else if (fragment === 'netbox_RestartAgentOperation') description = 'Restart agent';
    else if (fragment === 'netbox_RestartNetboxOperation') description = 'Restart IoTconnector';
    else if (fragment === OP_SET_TIMEZONE) {
      const timezone = TIME_ZONES[plan.timeZone ?? 0];
      body = { timezone };
      description = `Set time zone to ${timezone.split('#')[0]}`;
    }
    else description = `Mobile router: ${fragment.slice(fragment.lastIndexOf('_') + 1)}`;
    out.push({ fragment, body, description, status: failed ? 'FAILED' : 'SUCCESSFUL', failureReason: failed ? rng.pick(FAILURE_REASONS) : '', time, catalogueKey: pkg?.catalogueKey ?? null });
  }
  return out;
}
