/**
 * Turns plans into inventory bodies. Cosmetic values (IMSI, MAC, hashes) come from a separate
 * random stream per device, so they never shift the plan's choices.
 */
import { createHash } from 'node:crypto';
import { LOGS, SIMULATED_LOG_TYPES } from '@shared/platform/fragments';
import { rngFor } from './prng';
import { zipSync, strToU8 } from 'fflate';
import {
  AGENT_NAME,
  APPTYPE_OF,
  AZURE_DPS,
  CHILD_TYPE,
  CONFIGURATION_DUMPS,
  CUSTOMERS,
  type CatalogueEntry,
  DEVICE_TYPE,
  EXTERNAL_STORAGE_HOSTS,
  F,
  FIRMWARE_REPOSITORIES,
  MACHINES,
  MOBILE_ROUTER_OPERATIONS,
  MOBILE_ROUTER_TYPE,
  OP_SET_TIMEZONE,
  OTHER_TYPE,
  ROUTER,
  TIME_ZONES,
} from './catalog';
import { type DevicePlan, HOUR_MS, MINUTE_MS, iso, packageCounters } from './fleet';

export interface SoftwareRef {
  id: string;
  name: string;
  version: string;
  url: string;
}

export interface RenderRefs {
  /** Key `${softwareType}|${name}@${version}`. */
  software: ReadonlyMap<string, SoftwareRef>;
  /** Profile name -> id. */
  profiles: ReadonlyMap<string, string>;
  /** Installable firmware versions of the mobile-router repositories (no patches). */
  routerFirmware: readonly string[];
  /** What a router's firmware and profile updates name: repository_id, name, version. */
  routerUpdates: { firmware: readonly RouterUpdateRef[]; profile: readonly RouterUpdateRef[] };
}

export interface RouterUpdateRef {
  repository_id: string;
  name: string;
  version: string;
}

export const softwareKey = (softwareType: string, nameAtVersion: string): string => `${softwareType}|${nameAtVersion}`;

const DAY_HOURS = 24;

const CONNECTION_OF: Record<DevicePlan['availability'], string> = {
  AVAILABLE: 'CONNECTED',
  UNAVAILABLE: 'DISCONNECTED',
  MAINTENANCE: 'MAINTENANCE',
  NOT_MONITORED: 'DISCONNECTED',
};

const NOTES = ['', '', '', 'Replaced power supply 2024-03', 'Machine moved to hall 2', 'Customer asked for remote support', 'Check VPN settings'] as const;

const mac = (r: { hex(n: number): string }): string => r.hex(12).toUpperCase().match(/../g)!.join(':');

function ccmOf(plan: DevicePlan, machine: (typeof MACHINES)[number] | null): Record<string, unknown> {
  return {
    machine: {
      serial_number: plan.machineSerial,
      model: machine?.model ?? '',
      control: machine?.controller ?? '',
      manufacturer: machine?.manufacturer ?? '',
    },
    network: {
      x1: { mode: 'static', ip: plan.ips.x1, netmask: '255.255.255.0', gateway: '192.168.1.1', dns: ['192.168.1.1'] },
      x2: { mode: 'dhcp', ip: plan.ips.x2, netmask: '255.255.0.0', gateway: '10.10.0.1', dns: [] },
      wifi: plan.ips.wifi ? { enabled: true, ssid: `HALL-${plan.index % 7}`, ip: plan.ips.wifi } : { enabled: false, ssid: '', ip: '' },
    },
    netbox: {
      netbox_serial: plan.serial,
      commissioning_timestamp: plan.commissioning === null ? null : iso(plan.commissioning),
      image_version: plan.imageVersion,
    },
  };
}

export function renderDevice(seed: number, plan: DevicePlan, refs: RenderRefs): Record<string, unknown> {
  const r = rngFor(seed, 'render', plan.index);
  const machine = plan.machine === null ? null : MACHINES[plan.machine];
  const customer = plan.customer === null ? null : CUSTOMERS[plan.customer];
  const counters = packageCounters(plan);
  const softwareType = plan.type === DEVICE_TYPE.celosx ? DEVICE_TYPE.ipcX64 : plan.type;
  const supported = ['netbox_RestartAgentOperation', 'netbox_InstallSoftwarePackage', 'netbox_RegisterSoftwarePackage', LOGS.request];
  if (plan.type === DEVICE_TYPE.netbox) supported.push('netbox_RestartNetboxOperation', OP_SET_TIMEZONE);
  if (plan.router) supported.push(...MOBILE_ROUTER_OPERATIONS);

  const body: Record<string, unknown> = {
    name: plan.name,
    type: plan.type,
    c8y_IsDevice: {},
    creationTime: iso(plan.creationTime),
    lastUpdated: iso(Math.max(plan.lastMessage, plan.creationTime)),
    c8y_Notes: r.pick(NOTES),
    c8y_Availability: { status: plan.availability, lastMessage: iso(plan.lastMessage) },
    c8y_RequiredAvailability: { responseInterval: plan.responseInterval },
    c8y_Connection: { status: CONNECTION_OF[plan.availability] },
    c8y_Hardware: { model: plan.hardwareModel, serialNumber: plan.serial, revision: plan.hardwareRevision },
    c8y_Network: { c8y_WAN: { ip: plan.ips.wan } },
    c8y_Agent: { name: AGENT_NAME[plan.type], version: plan.agentVersion },
    c8y_SupportedOperations: supported,
    [LOGS.supported]: [...SIMULATED_LOG_TYPES],
    [F.customer]: customer ? { name: customer.name, number: customer.number, regio: customer.regio } : { name: '', number: '', regio: '' },
    [F.machineSerial]: plan.machineSerial,
    [F.machineControl]: machine?.control ?? '',
    [F.netboxHardware]: { model: plan.hardwareModel, information: plan.imageVersion },
    [F.machine]: { number: plan.machineSerial, model: machine?.model ?? '', controller: machine?.controller ?? '', manufacturer: machine?.manufacturer ?? '' },
    [F.failedCount]: counters.failed,
    [F.pendingUpdates]: counters.pending,
    [F.lastInstallVersion]: counters.lastInstalled,
    [F.services]: plan.services,
    [F.updateStrategy]: { skipUpdateByProfile: plan.skipUpdateByProfile },
    [F.packageList]: plan.packages.map((p) => {
      const ref = p.catalogueKey === null ? undefined : refs.software.get(softwareKey(softwareType, p.catalogueKey));
      if (p.catalogueKey !== null && !ref) throw new Error(`demo software ${p.catalogueKey} of ${softwareType} was not created`);
      return {
        name: p.name,
        version: p.version,
        status: p.status,
        type: p.type,
        last_status_timestamp: iso(p.time),
        failure_message: p.failureMessage,
        marked_for_deletion: p.markedForDeletion,
        repository_id: ref?.id ?? '',
        url: ref?.url ?? '',
        installation_requires_approval: p.requiresApproval,
        c8y_encryptionKey: ref !== undefined,
      };
    }),
  };
  if (plan.timeZone !== null) body[F.timezone] = TIME_ZONES[plan.timeZone];
  if (plan.type === DEVICE_TYPE.netbox) {
    const info: Record<string, unknown> = {
      networkInterfaces: { EthernetX1: plan.ips.x1, EthernetX2: plan.ips.x2 },
      imageVersion: plan.imageVersion,
      model: plan.hardwareModel,
      serial: plan.serial,
    };
    if (plan.commissioning !== null) info.commissioningDate = iso(plan.commissioning);
    body[F.info] = info;
    body[F.ccm] = ccmOf(plan, machine);
  }
  if (plan.mdcInterfaces.length > 0) body[F.mdcStatus] = { Interfaces: plan.mdcInterfaces };
  if (plan.profile) {
    const profileId = refs.profiles.get(plan.profile.name);
    if (!profileId) throw new Error(`demo profile ${plan.profile.name} was not created`);
    body[F.appliedProfile] = { profileName: plan.profile.name, profileId, assignedAt: iso(plan.profile.assignedAt) };
  }
  if (plan.urlChecks) body[F.urlChecks] = { results: plan.urlChecks };
  if (plan.hasMobile) {
    body.c8y_Mobile = {
      msisdn: `49${r.digits(10)}`,
      imsi: `26201${r.digits(10)}`,
      imei: r.digits(15),
      iccid: `8949${r.digits(15)}`,
      currentOperator: r.pick(ROUTER.providers),
      currentBand: r.pick(['LTE B3', 'LTE B20', 'UMTS 2100']),
      connType: r.pick(['LTE', 'UMTS', '5G NSA']),
      rssi: -r.int(50, 100),
      ecn0: -r.int(2, 20),
      rcsp: -r.int(70, 120),
      mcc: '262',
      mnc: r.pick(['01', '02', '03']),
      lac: String(r.int(1000, 65000)),
      cellId: r.hex(7).toUpperCase(),
    };
  }
  return body;
}

export function renderChildAdditions(seed: number, plan: DevicePlan): Record<string, unknown>[] {
  if (plan.type !== DEVICE_TYPE.netbox) return [];
  const dps = AZURE_DPS[plan.index % AZURE_DPS.length];
  const created = iso(plan.commissioning ?? plan.creationTime);
  const machine = plan.machine === null ? null : MACHINES[plan.machine];
  return [
    { type: CHILD_TYPE.ccmConfiguration, name: `ccm configuration ${plan.serial}`, creationTime: created, [F.ccm]: ccmOf(plan, machine) },
    {
      type: CHILD_TYPE.azureDps,
      name: `azure dps ${plan.serial}`,
      creationTime: created,
      azure_dps_registration_id: plan.serial.toLowerCase(),
      azure_dps_url: dps.url,
      azure_dps_scope_id: dps.scopeId,
    },
  ];
}

export function renderRouter(seed: number, now: number, plan: DevicePlan, refs: RenderRefs): Record<string, unknown> {
  const r = rngFor(seed, 'router', plan.index);
  const model = r.pick(ROUTER.models);
  const firmware = refs.routerFirmware.filter((v) => v.startsWith(model === 'RUT955' ? 'RUT9_' : 'RUTX_'));
  const [profileName, profileVersion] = r.pick(CONFIGURATION_DUMPS);
  const online = r.weighted(ROUTER.onlineStates);
  const available = online === 'online';
  const deviceState = available ? (r.chance(0.85) ? 'running' : r.pick(ROUTER.deviceStates)) : r.pick(['unknown', 'unavailable'] as const);
  const signal = r.chance(0.05) ? 99 : r.int(0, 31);
  const expectedHash = r.hex(32);
  const modified = r.chance(0.1);
  const updated = r.chance(0.75) ? now - r.int(1, 55) * MINUTE_MS : now - r.int(2, 72) * HOUR_MS;
  const monitoringStart = now - r.int(1, 20) * DAY_HOURS * HOUR_MS;
  const monitoringActive = r.chance(0.2);
  const usage = (scale: number) => ({ BytesReceived: r.int(1, 1000) * scale, BytesSent: r.int(1, 300) * scale });
  const upMinutes = r.int(5, 40 * 24 * 60);
  return {
    type: MOBILE_ROUTER_TYPE,
    name: `${model} ${plan.serial}`,
    creationTime: iso(plan.creationTime),
    lastUpdated: iso(updated),
    NetworkStatus: {
      OnlineState: online,
      NetworkState: available ? r.pick(ROUTER.networkStates.slice(0, 2)) : r.pick(ROUTER.networkStates),
      ProviderName: r.pick(ROUTER.providers),
      UsedNetwork: r.pick(ROUTER.networks),
      SignalStrength: signal,
      SignalIndicator: signal === 99 ? 0 : Math.min(4, Math.floor(signal / 7)),
      RSRP: -r.int(80, 120),
      RSRQ: -r.int(3, 20),
      RSSI: -r.int(50, 100),
      RSCP: -r.int(60, 115),
      ECNO: -r.int(1, 24),
      Location: `${(47 + r.next() * 8).toFixed(4)}, ${(6 + r.next() * 9).toFixed(4)}`,
      ICCID: `8949${r.digits(15)}`,
      IMEI: r.digits(15),
      APN: r.pick(ROUTER.apns),
      CellID: r.hex(7).toUpperCase(),
    },
    DeviceInformation: {
      Serial: r.digits(10),
      IPAddress: '192.168.2.1',
      WANIPAddress: `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`,
      MACAddress: mac(r),
      Firmware: r.pick(firmware),
      Profile: { Name: profileName, Version: profileVersion, ExpectedHash: expectedHash, Hash: modified ? r.hex(32) : expectedHash, Modified: modified },
      CPULoad: r.int(1, 95),
      RAMUtilization: r.int(10, 90),
      UpTime: `${Math.floor(upMinutes / 1440)}d ${Math.floor((upMinutes % 1440) / 60)}h ${upMinutes % 60}m`,
      DataUsage: { SinceOnline: usage(1 << 20), Last24Hours: usage(1 << 16), Last30Days: usage(1 << 22) },
    },
    DeviceAvailability: { Available: available, Enabled: r.chance(0.95), InternetAccess: available && r.chance(0.95), Error: available ? '' : 'Router not reachable', DeviceState: deviceState },
    Attributes: {
      Monitoring: monitoringActive
        ? { Enabled: true, StartedAt: iso(now - r.int(1, 12) * HOUR_MS), EndAt: iso(now + r.int(1, 12) * HOUR_MS) }
        : { Enabled: r.chance(0.5), StartedAt: iso(monitoringStart), EndAt: iso(monitoringStart + 24 * HOUR_MS) },
    },
  };
}
export interface BinaryPlan {
  softwareType: string;
  entry: CatalogueEntry;
  version: string;
  storage: 'external-sas' | 'external' | 'local';
}

export const packageFileName = (b: BinaryPlan): string => `${b.entry.name}-${b.version}.zip`;

/** 1980-01-01, the first time a zip can hold. */
const PACKAGE_TIME = new Date(1980, 0, 1);

/** The package file itself: a small zip with a manifest (served for platform-stored packages). */
export function packageContent(b: BinaryPlan): Buffer {
  const manifest = { name: b.entry.name, version: b.version, deviceType: b.softwareType, apptype: APPTYPE_OF[b.entry.type] };
  // Stored (level 0) with a fixed time: the same bytes on every run, so md5/sha256 are stable.
  const file = strToU8(`${JSON.stringify(manifest, null, 2)}\n`);
  return Buffer.from(zipSync({ [`${b.entry.name}-${b.version}/manifest.json`]: [file, { level: 0, mtime: PACKAGE_TIME }] }));
}

/** Binary bodies need their dependency ids and, for local storage, a platform binary id. */
export function renderSoftware(seed: number, now: number, b: BinaryPlan, index: number, url: string, dependencies: SoftwareRef[]): Record<string, unknown> {
  const r = rngFor(seed, 'software', index);
  const file = packageFileName(b);
  const content = packageContent(b);
  return {
    type: OTHER_TYPE.software,
    name: b.entry.name,
    version: b.version,
    deviceType: b.softwareType,
    url,
    md5: createHash('md5').update(content).digest('hex'),
    sha256: createHash('sha256').update(content).digest('hex'),
    apptype: APPTYPE_OF[b.entry.type],
    category: b.entry.critical ? 'critical' : 'normal',
    full_packagename: file,
    installation_requires_approval: !!b.entry.requiresApproval,
    c8y_encryptionKey: true,
    urlHasIncludedSAS: b.storage === 'external-sas',
    dependencies: dependencies.map((d) => ({ id: d.id, name: d.name, version: d.version })),
    creationTime: iso(now - r.int(30, 700) * DAY_HOURS * HOUR_MS),
  };
}

export function externalUrl(seed: number, b: BinaryPlan, index: number): string {
  const r = rngFor(seed, 'software-url', index);
  const file = `${b.entry.name}-${b.version}.zip`;
  if (b.storage === 'external-sas') {
    return `${EXTERNAL_STORAGE_HOSTS[0]}/software/${encodeURIComponent(b.softwareType)}/${file}?sv=2022-11-02&ss=b&srt=o&sp=r&se=2030-12-31T23%3A59%3A59Z&sig=${r.hex(43)}`;
  }
  return `${EXTERNAL_STORAGE_HOSTS[1]}/repository/${b.entry.name}/${b.version}/${file}`;
}

export const firmwareUrl = (repo: string, version: string): string =>
  `${EXTERNAL_STORAGE_HOSTS[0]}/firmware/${encodeURIComponent(repo)}/${version}.bin`;

export { FIRMWARE_REPOSITORIES };
