/**
 * The fixed vocabulary of the demo fleet: device families, customers, machines, software
 * catalogue, groups, alarm and event types. Everything random in the fleet is a choice among
 * these, so tests and the README can name them.
 */
import { CELOSX_TYPE, IOTCONNECTOR_FLEX_TYPE, IPC_X64_TYPE, MOBILE_ROUTER_TYPE, NETBOX_TYPE } from '@shared/domain/device-types';
import { TIMEZONES, timezoneValue } from '@shared/domain/timezones';
import { PRODUCT } from '@shared/plugin-api/types';
import { FRAGMENTS as F } from '@shared/platform/fragments';

export { MOBILE_ROUTER_TYPE };

export const DEVICE_TYPE = {
  netbox: NETBOX_TYPE,
  celosx: CELOSX_TYPE,
  ipcX64: IPC_X64_TYPE,
  flex: IOTCONNECTOR_FLEX_TYPE,
};
export type DeviceType = string;

/** Share of the fleet per type (IoTconnectors are the bulk of a real fleet). */
export const DEVICE_TYPE_SHARE: readonly (readonly [DeviceType, number])[] = [
  [DEVICE_TYPE.netbox, 0.6],
  [DEVICE_TYPE.celosx, 0.12],
  [DEVICE_TYPE.ipcX64, 0.13],
  [DEVICE_TYPE.flex, 0.15],
];

/** Software is catalogued per software type; CELOS x64 devices of both types share one. */
export const SOFTWARE_TYPE_OF: Record<DeviceType, DeviceType> = {
  [DEVICE_TYPE.netbox]: DEVICE_TYPE.netbox,
  [DEVICE_TYPE.celosx]: DEVICE_TYPE.ipcX64,
  [DEVICE_TYPE.ipcX64]: DEVICE_TYPE.ipcX64,
  [DEVICE_TYPE.flex]: DEVICE_TYPE.flex,
};
export const SOFTWARE_TYPES = [DEVICE_TYPE.netbox, DEVICE_TYPE.ipcX64, DEVICE_TYPE.flex] as const;

export const MOBILE_ROUTER_OPERATIONS = ['Restart', 'StartMonitoring', 'UpdateFirmware', 'UpdateProfile'].map(
  (op) => `${MOBILE_ROUTER_TYPE}_${op}`,
);
/** Share of IoTconnectors that carry a mobile router child. */
export const MOBILE_ROUTER_SHARE = 0.1;

/** Fragment names: the platform's, declared once in shared/platform/fragments (the console reads the same). */

export { F };

export const CHILD_TYPE = {
  ccmConfiguration: `${PRODUCT}_IoTconnector_ccm_configuration`,
  azureDps: `${PRODUCT}_IoTconnector_azure_dps_config`,
} as const;

export const OTHER_TYPE = {
  eventTypes: `${PRODUCT}_Event_types`,
  status: 'c8y_status',
  software: 'c8y_Software',
  profile: 'c8y_Profile',
  firmware: 'c8y_Firmware',
  firmwareBinary: 'c8y_FirmwareBinary',
  configurationDump: 'c8y_ConfigurationDump',
  staticGroup: 'c8y_DeviceGroup',
  rollout: `${PRODUCT}_software_rollout_object`,
  dynamicGroup: 'c8y_DynamicGroup',
} as const;

/** The platform's availability states the fleet is spread over (share of devices). */
export const AVAILABILITY_SHARE = [
  ['AVAILABLE', 0.68],
  ['UNAVAILABLE', 0.2],
  ['NOT_MONITORED', 0.07],
  ['MAINTENANCE', 0.05],
] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_SHARE)[number][0];
/** responseInterval values that put a device out of monitoring (platform semantics). */
export const RESPONSE_INTERVAL_NOT_MONITORED = 0;
export const RESPONSE_INTERVAL_MAINTENANCE = -1;
export const RESPONSE_INTERVALS_MINUTES = [10, 15, 30, 60, 120] as const;

export const DAY_MS = 86_400_000;
export const HISTORY_DAYS = 60;
export const FLEET_AGE_DAYS = 730;

/** Every package status the agents report (spec device-operations 4), weighted for the fleet. */
export const PACKAGE_STATUSES = [
  'assigned',
  'registered',
  'installing',
  'downloading',
  'downloaded successfully',
  'to be installed',
  'to be executed',
  'executing',
  'waiting for approval',
  'installed',
  'executed',
  'failed',
  'download failed',
  'installation failed',
] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
export const FINAL_OK_STATUSES: readonly PackageStatus[] = ['installed', 'executed'];
export const isFailedStatus = (s: string): boolean => s.includes('failed');
/** Statuses that count as a pending update (neither done nor failed). */
export const isPendingStatus = (s: string): boolean => !FINAL_OK_STATUSES.includes(s as PackageStatus) && !isFailedStatus(s);

export const PACKAGE_TYPES = ['AGENT', 'AGENTUPDATER', 'WINDOWS', 'APPLICATION', 'BATCH'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
/** Binary apptype per package type (the agent itself ships through its updater). */
export const APPTYPE_OF: Record<PackageType, string> = {
  AGENT: 'AGENTUPDATER',
  AGENTUPDATER: 'AGENTUPDATER',
  WINDOWS: 'WINDOWS',
  APPLICATION: 'APPLICATION',
  BATCH: 'BATCH',
};

export interface CatalogueEntry {
  name: string;
  type: PackageType;
  versions: readonly string[];
  requiresApproval?: boolean;
  critical?: boolean;
}

export const AGENT_NAME: Record<DeviceType, string> = {
  [DEVICE_TYPE.netbox]: 'adamos-agent',
  [DEVICE_TYPE.celosx]: 'celos-agent',
  [DEVICE_TYPE.ipcX64]: 'celos-agent',
  [DEVICE_TYPE.flex]: 'flex-agent',
};

/** Versions around the spec's two thresholds (0.2.30 shows the agent, 0.4.0 allows restarts). */
export const AGENT_VERSION_THRESHOLDS = ['0.2.30', '0.4.0'] as const;

export const SOFTWARE_CATALOGUE: Record<(typeof SOFTWARE_TYPES)[number], readonly CatalogueEntry[]> = {
  [DEVICE_TYPE.netbox]: [
    { name: 'adamos-agent', type: 'AGENT', versions: ['0.1.9', '0.2.18', '0.2.29', '0.2.30', '0.3.4', '0.3.11', '0.4.0', '0.4.6', '0.5.1'], critical: true },
    { name: 'agent-updater', type: 'AGENTUPDATER', versions: ['1.0.2', '1.1.0', '1.2.3'] },
    { name: 'opcua-connector', type: 'APPLICATION', versions: ['1.2.0', '1.3.2', '1.4.0'] },
    { name: 'mdc-collector', type: 'APPLICATION', versions: ['2.3.0', '2.4.1', '2.5.0', '3.0.0-rc1'] },
    { name: 'machine-monitor', type: 'APPLICATION', versions: ['4.1.0', '4.2.0'] },
    { name: 'remote-service', type: 'APPLICATION', versions: ['0.9.8', '1.0.0', '1.1.5'], requiresApproval: true },
    { name: 'edge-analytics', type: 'APPLICATION', versions: ['2022.1', '2023.2', '2024.1'], requiresApproval: true },
    { name: 'set-ntp-server', type: 'BATCH', versions: ['1.0', '1.1'] },
    { name: 'proxy-config', type: 'BATCH', versions: ['1.0.0'] },
  ],
  [DEVICE_TYPE.ipcX64]: [
    { name: 'celos-agent', type: 'AGENT', versions: ['0.2.12', '0.2.30', '0.3.8', '0.4.0', '0.4.9'], critical: true },
    { name: 'celos-agent-updater', type: 'AGENTUPDATER', versions: ['1.0.0', '1.1.4'] },
    { name: 'KB5031356', type: 'WINDOWS', versions: ['1.0'], requiresApproval: true, critical: true },
    { name: 'KB5034441', type: 'WINDOWS', versions: ['1.0'], requiresApproval: true, critical: true },
    { name: 'dotnet-runtime', type: 'APPLICATION', versions: ['6.0.25', '8.0.1'] },
    { name: 'celos-machine-connector', type: 'APPLICATION', versions: ['3.2.0', '3.3.1', '3.4.0'] },
    { name: 'celos-app-manager', type: 'APPLICATION', versions: ['5.0.1', '5.1.0'] },
    { name: 'celos-energy-monitor', type: 'APPLICATION', versions: ['1.0.0', '1.1.0'], requiresApproval: true },
    { name: 'enable-rdp', type: 'BATCH', versions: ['1.0'] },
  ],
  [DEVICE_TYPE.flex]: [
    { name: 'flex-agent', type: 'AGENT', versions: ['0.2.25', '0.2.30', '0.3.2', '0.4.0', '0.4.3'], critical: true },
    { name: 'flex-agent-updater', type: 'AGENTUPDATER', versions: ['1.0.0', '1.0.4'] },
    { name: 'mqtt-bridge', type: 'APPLICATION', versions: ['2.0.0', '2.1.1'] },
    { name: 'flex-mdc', type: 'APPLICATION', versions: ['1.0.0', '1.1.0', '1.2.0'] },
    { name: 'node-red-flows', type: 'APPLICATION', versions: ['3.0.2', '3.1.0'], requiresApproval: true },
    { name: 'firmware-tools', type: 'BATCH', versions: ['2023.10', '2024.04-r2'] },
  ],
};

/**
 * Dependencies as 'name@version' -> ['name@version', ...]. Every target is catalogued before its
 * dependant (within its software type), which keeps the graph acyclic by construction. A package
 * with all its dependencies, and a profile with all of theirs, needs each name in one version
 * only (a device holds one version of a name): seed.test.ts checks it.
 */
export const SOFTWARE_DEPENDENCIES: Record<(typeof SOFTWARE_TYPES)[number], Record<string, readonly string[]>> = {
  [DEVICE_TYPE.netbox]: {
    'mdc-collector@2.5.0': ['opcua-connector@1.3.2'],
    'mdc-collector@3.0.0-rc1': ['opcua-connector@1.4.0', 'agent-updater@1.2.3'],
    'machine-monitor@4.2.0': ['mdc-collector@2.5.0'],
    'remote-service@1.1.5': ['agent-updater@1.2.3'],
    'edge-analytics@2023.2': ['machine-monitor@4.2.0', 'mdc-collector@2.5.0'],
    // Reads the 3.0 collector directly: machine-monitor 4.2.0 needs the 2.5.0 one.
    'edge-analytics@2024.1': ['mdc-collector@3.0.0-rc1'],
  },
  [DEVICE_TYPE.ipcX64]: {
    'celos-machine-connector@3.4.0': ['dotnet-runtime@8.0.1'],
    'celos-app-manager@5.1.0': ['dotnet-runtime@8.0.1', 'celos-machine-connector@3.3.1'],
    'celos-energy-monitor@1.1.0': ['celos-app-manager@5.1.0'],
  },
  [DEVICE_TYPE.flex]: {
    'flex-mdc@1.2.0': ['mqtt-bridge@2.1.1'],
    'node-red-flows@3.1.0': ['flex-mdc@1.1.0'],
  },
};

/** Two external blob stores (spec: "one of two known external storage hosts") and the platform. */
export const EXTERNAL_STORAGE_HOSTS = ['https://adamosstorage.blob.core.windows.net', 'https://adamossoftware.blob.core.windows.net'] as const;

export interface ProfileSpec {
  name: string;
  deviceType: (typeof SOFTWARE_TYPES)[number];
  /** Static group name, or null for the type's default profile. */
  group: string | null;
  software: readonly string[];
}

export const PROFILES: readonly ProfileSpec[] = [
  { name: 'IoTconnector standard', deviceType: DEVICE_TYPE.netbox, group: null, software: ['adamos-agent@0.4.6', 'opcua-connector@1.3.2', 'mdc-collector@2.5.0'] },
  { name: 'IoTconnector Bielefeld', deviceType: DEVICE_TYPE.netbox, group: 'Plant Bielefeld', software: ['adamos-agent@0.5.1', 'mdc-collector@2.5.0', 'machine-monitor@4.2.0'] },
  { name: 'IoTconnector analytics pilot', deviceType: DEVICE_TYPE.netbox, group: 'Pfronten Milling', software: ['adamos-agent@0.5.1', 'edge-analytics@2024.1'] },
  { name: 'IoTconnector legacy', deviceType: DEVICE_TYPE.netbox, group: 'Service Pool', software: ['adamos-agent@0.3.11', 'mdc-collector@2.3.0'] },
  { name: 'CELOS x64 standard', deviceType: DEVICE_TYPE.ipcX64, group: null, software: ['celos-agent@0.4.9', 'dotnet-runtime@8.0.1', 'celos-machine-connector@3.4.0'] },
  { name: 'CELOS x64 Chicago', deviceType: DEVICE_TYPE.ipcX64, group: 'Plant Chicago', software: ['celos-agent@0.4.9', 'celos-app-manager@5.1.0', 'KB5034441@1.0'] },
  { name: 'IOT2050 Shanghai', deviceType: DEVICE_TYPE.flex, group: 'Plant Shanghai', software: ['flex-agent@0.4.3', 'flex-mdc@1.2.0'] },
];

export interface GroupSpec {
  name: string;
  parent?: string;
  /** Relative weight of devices placed directly in this group (0: holds subgroups only). */
  weight: number;
}

export const STATIC_GROUPS: readonly GroupSpec[] = [
  { name: 'Plant Bielefeld', weight: 2 },
  { name: 'Bielefeld Hall 1', parent: 'Plant Bielefeld', weight: 3 },
  { name: 'Bielefeld Hall 2', parent: 'Plant Bielefeld', weight: 2 },
  { name: 'Bielefeld Hall 2 Line A', parent: 'Bielefeld Hall 2', weight: 1 },
  { name: 'Plant Pfronten', weight: 1 },
  { name: 'Pfronten Assembly', parent: 'Plant Pfronten', weight: 2 },
  { name: 'Pfronten Milling', parent: 'Plant Pfronten', weight: 2 },
  { name: 'Plant Seebach', weight: 2 },
  { name: 'Plant Chicago', weight: 2 },
  { name: 'Chicago Building 1', parent: 'Plant Chicago', weight: 1 },
  { name: 'Plant Shanghai', weight: 2 },
  { name: 'Service Pool', weight: 1 },
  { name: 'Test Devices', weight: 0.2 },
  { name: 'Returned Devices', weight: 0 },
];
/** Share of devices in no static group, and of devices in a second one. */
export const UNGROUPED_SHARE = 0.15;
export const SECOND_GROUP_SHARE = 0.05;

export const CUSTOMER_REGIONS = ['DACH', 'EMEA', 'AMERICAS', 'APAC'] as const;
export const CUSTOMERS: readonly { name: string; number: string; regio: string }[] = [
  ['Müller Maschinenbau GmbH', 'DACH'],
  ['Präzisionsteile Schwarz AG', 'DACH'],
  ['Hoffmann Werkzeugbau', 'DACH'],
  ['Alpen Drehtechnik GmbH', 'DACH'],
  ['Keller Fräszentrum KG', 'DACH'],
  ['Bergmann Automotive', 'DACH'],
  ['Nordic Precision AB', 'EMEA'],
  ['Atelier Mécanique Dubois', 'EMEA'],
  ['Officine Rossi S.p.A.', 'EMEA'],
  ['Van Dijk Metaalbewerking', 'EMEA'],
  ['Polska Obróbka Sp. z o.o.', 'EMEA'],
  ['Iberia Mecanizados S.L.', 'EMEA'],
  ['Midwest Machining Inc.', 'AMERICAS'],
  ['Great Lakes Tooling LLC', 'AMERICAS'],
  ['Carolina Aerospace Parts', 'AMERICAS'],
  ['Monterrey Industrial S.A.', 'AMERICAS'],
  ['São Paulo Usinagem Ltda.', 'AMERICAS'],
  ['Shanghai Precision Works', 'APAC'],
  ['Nagoya Seimitsu K.K.', 'APAC'],
  ['Pune Engineering Pvt. Ltd.', 'APAC'],
  ['Busan Heavy Machining', 'APAC'],
  ['Melbourne CNC Pty Ltd', 'APAC'],
].map(([name, regio], i) => ({ name, regio, number: `C-${10001 + i * 7}` }));

/** Windows zones the fleet runs in, resolved against the Set timezone dialog's list. */
const FLEET_WINDOWS_ZONES = [
  'W. Europe Standard Time',
  'Romance Standard Time',
  'Central European Standard Time',
  'GMT Standard Time',
  'FLE Standard Time',
  'Turkey Standard Time',
  'Central Standard Time',
  'Eastern Standard Time',
  'Pacific Standard Time',
  'Central Standard Time (Mexico)',
  'E. South America Standard Time',
  'China Standard Time',
  'Tokyo Standard Time',
  'India Standard Time',
  'Korea Standard Time',
  'AUS Eastern Standard Time',
] as const;
/** '{name}#{windowsZone}' values (spec device-operations 3), as the dialog would write them. */
export const TIME_ZONES: readonly string[] = FLEET_WINDOWS_ZONES.map((w) => {
  const zone = TIMEZONES.find((z) => z.windowsZone === w);
  if (!zone) throw new Error(`time zone ${w} is not in shared/domain/timezones.ts`);
  return timezoneValue(zone);
});
export const TIME_ZONES_BY_REGION: Record<string, readonly number[]> = {
  DACH: [0],
  EMEA: [0, 1, 2, 3, 4, 5],
  AMERICAS: [6, 7, 8, 9, 10],
  APAC: [11, 12, 13, 14, 15],
};

export const MACHINES: readonly { manufacturer: string; model: string; controller: string; control: string }[] = [
  { manufacturer: 'DMG MORI', model: 'DMU 50 3rd Generation', controller: 'SIEMENS 840D sl', control: 'SIEMENS' },
  { manufacturer: 'DMG MORI', model: 'NLX 2500', controller: 'MAPPS V', control: 'MITSUBISHI' },
  { manufacturer: 'DMG MORI', model: 'CMX 1100 V', controller: 'HEIDENHAIN TNC 640', control: 'HEIDENHAIN' },
  { manufacturer: 'DMG MORI', model: 'CTX beta 800', controller: 'SIEMENS 840D sl', control: 'SIEMENS' },
  { manufacturer: 'Hermle', model: 'C 42 U', controller: 'HEIDENHAIN TNC 640', control: 'HEIDENHAIN' },
  { manufacturer: 'Heller', model: 'H 5000', controller: 'SIEMENS ONE', control: 'SIEMENS' },
  { manufacturer: 'Grob', model: 'G350', controller: 'SIEMENS 840D sl', control: 'SIEMENS' },
  { manufacturer: 'Chiron', model: 'FZ 16 S', controller: 'FANUC 31i-B', control: 'FANUC' },
  { manufacturer: 'INDEX', model: 'G220', controller: 'SIEMENS 840D sl', control: 'SIEMENS' },
  { manufacturer: 'EMAG', model: 'VL 4', controller: 'FANUC 0i-F', control: 'FANUC' },
  { manufacturer: 'Trumpf', model: 'TruLaser 3030', controller: 'SIEMENS 840D sl', control: 'SIEMENS' },
  { manufacturer: 'Okuma', model: 'MU-5000V', controller: 'OSP-P300MA', control: 'OKUMA' },
];

export const HARDWARE: Record<DeviceType, { models: readonly string[]; images: readonly string[]; serialPrefix: string; namePrefix: string }> = {
  [DEVICE_TYPE.netbox]: { models: ['IoTconnector S', 'IoTconnector M', 'NETbox 2'], images: ['2.3.1', '2.4.0', '2.5.2', '3.0.1'], serialPrefix: 'NB', namePrefix: 'IoTconnector' },
  [DEVICE_TYPE.celosx]: { models: ['CELOS X PC 2.0'], images: ['CELOS X 1.4.0', 'CELOS X 1.5.2'], serialPrefix: 'CX', namePrefix: 'CELOS X' },
  [DEVICE_TYPE.ipcX64]: { models: ['SIMATIC IPC427E', 'SIMATIC IPC527G'], images: ['CELOS OS 2.1.0', 'CELOS OS 2.2.3'], serialPrefix: 'IP', namePrefix: 'IPC x64' },
  [DEVICE_TYPE.flex]: { models: ['SIMATIC IOT2050 Advanced', 'SIMATIC IOT2050 Basic'], images: ['CELOS OS aarch64 1.0.4', 'CELOS OS aarch64 1.1.0'], serialPrefix: 'FX', namePrefix: 'IOT2050' },
};

export const SERVICE_NAMES: Record<DeviceType, readonly string[]> = {
  [DEVICE_TYPE.netbox]: ['netbox-agent', 'mdc-collector', 'opcua-server', 'mqtt-client', 'ntp', 'vpn-client'],
  [DEVICE_TYPE.celosx]: ['CelosAgent', 'CelosMachineConnector', 'W32Time', 'KB5034441 installer', 'OpcUaServer'],
  [DEVICE_TYPE.ipcX64]: ['CelosAgent', 'CelosMachineConnector', 'W32Time', 'KB5031356 installer', 'WinRM'],
  [DEVICE_TYPE.flex]: ['flex-agent', 'mosquitto', 'node-red', 'chronyd'],
};
export const SERVICE_STATES = [['running', 0.85], ['stopped', 0.1], ['failed', 0.05]] as const;

export const MDC_INTERFACES = ['OPC UA', 'MTConnect', 'SIEMENS S7', 'FANUC FOCAS', 'HEIDENHAIN DNC'] as const;
export const MDC_ERRORS = ['Connection refused', 'Timeout while reading data', 'Certificate not trusted'] as const;

export const URL_CHECK_TARGETS = [
  'https://adamos-hub.com',
  'https://adamos.eu-latest.cumulocity.com',
  'https://adamosstorage.blob.core.windows.net',
  'https://global.azure-devices-provisioning.net',
  'https://time.windows.com',
] as const;
export const URL_CHECK_ERRORS = ['Connection timed out', 'Name or service not known', 'SSL certificate problem: unable to get local issuer certificate', 'HTTP 403 Forbidden'] as const;
/** Share of IoTconnectors that report URL check results. */
export const URL_CHECK_SHARE = 0.25;

/** Known scope ids map to two provisioning hosts (spec device-operations 3). */
export const AZURE_DPS = [
  { scopeId: '0ne00A1B2C3', url: 'global.azure-devices-provisioning.net' },
  { scopeId: '0ne00D4E5F6', url: 'adamos-dps.azure-devices-provisioning.net' },
] as const;

export type AlarmCategory = 'software' | 'connectivity' | 'services' | 'others';

export interface AlarmTypeSpec {
  type: string;
  category: AlarmCategory;
  severity: 'CRITICAL' | 'MAJOR' | 'MINOR' | 'WARNING';
  text: string;
}

/** Category prefixes (README "Alarm types"): the operation dashboard maps types by these. */
export const ALARM_CATEGORY_PREFIXES: readonly (readonly [string, AlarmCategory])[] = [
  [`${PRODUCT}_software_`, 'software'],
  ['c8y_UnavailabilityAlarm', 'connectivity'],
  [`${PRODUCT}_connectivity_`, 'connectivity'],
  [`${PRODUCT}_service_`, 'services'],
];
export const alarmCategoryOf = (type: string): AlarmCategory =>
  ALARM_CATEGORY_PREFIXES.find(([prefix]) => type.startsWith(prefix))?.[1] ?? 'others';

export const UNAVAILABILITY_ALARM: AlarmTypeSpec = {
  type: 'c8y_UnavailabilityAlarm',
  category: 'connectivity',
  severity: 'MAJOR',
  text: 'No data received from device within required interval.',
};

export const ALARM_TYPES: readonly AlarmTypeSpec[] = [
  { type: `${PRODUCT}_software_InstallationFailed`, category: 'software', severity: 'MAJOR', text: 'Installation of software package failed' },
  { type: `${PRODUCT}_software_DownloadFailed`, category: 'software', severity: 'MINOR', text: 'Download of software package failed' },
  { type: `${PRODUCT}_software_DependencyMissing`, category: 'software', severity: 'WARNING', text: 'Software dependency is not installed' },
  { type: `${PRODUCT}_software_AgentUpdateFailed`, category: 'software', severity: 'CRITICAL', text: 'Agent update failed, agent rolled back' },
  UNAVAILABILITY_ALARM,
  { type: `${PRODUCT}_connectivity_MachineConnectionLost`, category: 'connectivity', severity: 'CRITICAL', text: 'Connection to the machine control lost' },
  { type: `${PRODUCT}_connectivity_URLCheckFailed`, category: 'connectivity', severity: 'MINOR', text: 'Cloud endpoint not reachable' },
  { type: `${PRODUCT}_connectivity_WeakMobileSignal`, category: 'connectivity', severity: 'WARNING', text: 'Mobile signal is weak' },
  { type: `${PRODUCT}_service_MDCStopped`, category: 'services', severity: 'CRITICAL', text: 'Machine data collector stopped' },
  { type: `${PRODUCT}_service_OPCUAServerDown`, category: 'services', severity: 'MAJOR', text: 'OPC UA server not responding' },
  { type: `${PRODUCT}_service_ServiceRestarted`, category: 'services', severity: 'WARNING', text: 'Service restarted unexpectedly' },
  { type: `${PRODUCT}_hardware_DiskSpaceLow`, category: 'others', severity: 'MINOR', text: 'Free disk space below 10 %' },
  { type: `${PRODUCT}_hardware_TemperatureHigh`, category: 'others', severity: 'MAJOR', text: 'Device temperature above limit' },
  { type: `${PRODUCT}_system_TimeNotSynchronized`, category: 'others', severity: 'WARNING', text: 'System time is not synchronized' },
  { type: `${PRODUCT}_system_CertificateExpiring`, category: 'others', severity: 'CRITICAL', text: 'Device certificate expires within 14 days' },
];
export const SEVERITIES = ['CRITICAL', 'MAJOR', 'MINOR', 'WARNING'] as const;
export const ALARM_STATUSES = ['ACTIVE', 'ACKNOWLEDGED', 'CLEARED'] as const;
/** Mean number of historical alarms per device over the history window. */
export const ALARMS_PER_DEVICE = 1.2;

export const EVENT_TYPES = [
  `${PRODUCT}_netbox_AgentStarted`,
  `${PRODUCT}_netbox_AgentRestarted`,
  `${PRODUCT}_netbox_NetboxRestarted`,
  `${PRODUCT}_netbox_SoftwareInstalled`,
  `${PRODUCT}_netbox_SoftwareInstallationFailed`,
  `${PRODUCT}_netbox_ConfigurationChanged`,
  `${PRODUCT}_netbox_TimezoneChanged`,
  `${PRODUCT}_netbox_MachineConnected`,
  `${PRODUCT}_netbox_MachineDisconnected`,
  `${PRODUCT}_netbox_UserLogin`,
] as const;
export const EVENTS_PER_DEVICE = 1.5;
export const OPERATIONS_PER_DEVICE = 0.4;
/** Share of devices that never registered any software (the dashboard's "without assignments"). */
export const NO_SOFTWARE_SHARE = 0.04;
/** The time zone operation the create-software-ng service creates and the simulator answers. */
export const OP_SET_TIMEZONE = 'netbox_SetTimezoneOperation';

export const FAILURE_REASONS = ['Operation timed out', 'Device rejected the operation', 'Agent not reachable', 'Checksum mismatch'] as const;
export const PACKAGE_FAILURE_MESSAGES = [
  'Download failed: HTTP 404',
  'Checksum verification failed',
  'Installer exited with code 1603',
  'Dependency not satisfied',
  'Not enough disk space',
] as const;

export const ROUTER = {
  models: ['RUT955', 'RUTX11'],
  providers: ['Telekom.de', 'Vodafone.de', 'o2 - de', 'AT&T', 'China Mobile'],
  networks: ['LTE', '5G NSA', 'UMTS', 'GSM'],
  networkStates: ['registered (home)', 'registered (roaming)', 'searching', 'not registered'],
  onlineStates: [['online', 0.75], ['offline', 0.12], ['logging in', 0.05], ['unknown', 0.08]] as const,
  // Spelled as the spec lists them (and as the simulator writes them).
  deviceStates: [
    'running',
    'unknown',
    'unavailable',
    'restarting',
    'downloading firmware',
    'uploading firmware',
    'verifying firmware',
    'applying firmware',
    'downloading profile',
    'uploading profile',
    'verifying profile',
    'applying profile',
    'executing_provisioning',
    'waiting_provisioning_credentials',
  ] as const,
  apns: ['internet.telekom', 'web.vodafone.de', 'internet', 'iot.1nce.net'],
};

/** Firmware repositories; the last one is not for mobile routers (tests the filter). */
export const FIRMWARE_REPOSITORIES: readonly { name: string; filterType: string; versions: readonly (readonly [string, string | null])[] }[] = [
  { name: 'RUT955 firmware', filterType: MOBILE_ROUTER_TYPE, versions: [['RUT9_R_00.07.02', null], ['RUT9_R_00.07.03.4', null], ['RUT9_R_00.07.04.5', null], ['RUT9_R_00.07.04.6', 'RUT9_R_00.07.04.5'], ['RUT9_R_00.07.05', null]] },
  { name: 'RUTX11 firmware', filterType: MOBILE_ROUTER_TYPE, versions: [['RUTX_R_00.07.04.5', null], ['RUTX_R_00.07.06', null], ['RUTX_R_00.07.06.1', 'RUTX_R_00.07.06']] },
  { name: 'IoTconnector BIOS', filterType: DEVICE_TYPE.netbox, versions: [['BIOS 1.12', null], ['BIOS 1.14', null]] },
];
export const CONFIGURATION_DUMPS: readonly (readonly [string, string])[] = [
  ['Default profile', '1.0'],
  ['Default profile', '1.1'],
  ['Default profile', '2.0'],
  ['Private APN profile', '1.0'],
  ['Monitoring profile', '1.3'],
];

export interface RolloutSpec {
  name: string;
  software: string;
  status: 'CREATED' | 'COMPLETED' | 'CANCELLED' | 'ARCHIVED' | 'BROKEN';
  devices: number;
  /** Shares of the devices per outcome; what is left was not processed. */
  outcome: { success: number; upToDate: number; updated: number; failed: number; disabled: number };
  createdDaysAgo: number;
  /** Days the rollout ran (null: it never finished). */
  ranDays: number | null;
  batchSize: number;
  batchGapSeconds: number;
  automaticPauseLimits: number[];
}

/** Finished rollouts for the Software Rollouts page, and one waiting to be started (IoTconnectors). */
export const ROLLOUTS: readonly RolloutSpec[] = [
  { name: 'mdc-collector 2.5.0 Bielefeld', software: 'mdc-collector@2.5.0', status: 'COMPLETED', devices: 40, outcome: { success: 0.75, upToDate: 0.125, updated: 0.05, failed: 0.05, disabled: 0.025 }, createdDaysAgo: 21, ranDays: 1, batchSize: 10, batchGapSeconds: 60, automaticPauseLimits: [] },
  { name: 'opcua-connector 1.4.0 pilot', software: 'opcua-connector@1.4.0', status: 'CANCELLED', devices: 30, outcome: { success: 0.3, upToDate: 0.1, updated: 0, failed: 0.1, disabled: 0 }, createdDaysAgo: 12, ranDays: 2, batchSize: 5, batchGapSeconds: 300, automaticPauseLimits: [100] },
  { name: 'adamos-agent 0.5.1', software: 'adamos-agent@0.5.1', status: 'ARCHIVED', devices: 50, outcome: { success: 0.9, upToDate: 0.06, updated: 0, failed: 0.04, disabled: 0 }, createdDaysAgo: 55, ranDays: 3, batchSize: 25, batchGapSeconds: 120, automaticPauseLimits: [100, 200] },
  { name: 'remote-service 1.1.5', software: 'remote-service@1.1.5', status: 'BROKEN', devices: 20, outcome: { success: 0.2, upToDate: 0, updated: 0, failed: 0.15, disabled: 0 }, createdDaysAgo: 6, ranDays: null, batchSize: 10, batchGapSeconds: 60, automaticPauseLimits: [] },
  { name: 'machine-monitor 4.2.0', software: 'machine-monitor@4.2.0', status: 'CREATED', devices: 25, outcome: { success: 0, upToDate: 0, updated: 0, failed: 0, disabled: 0 }, createdDaysAgo: 1, ranDays: null, batchSize: 10, batchGapSeconds: 60, automaticPauseLimits: [] },
];

/** Smart groups: more than the dynamic-group page (10) so "Search more" shows. */
export const DYNAMIC_GROUPS: readonly (readonly [string, string])[] = [
  ['Offline IoTconnectors', `type eq '${DEVICE_TYPE.netbox}' and c8y_Availability.status eq 'UNAVAILABLE'`],
  ['Online IoTconnectors', `type eq '${DEVICE_TYPE.netbox}' and c8y_Availability.status eq 'AVAILABLE'`],
  ['Not monitored devices', `c8y_Availability.status eq 'NOT_MONITORED'`],
  ['Devices in maintenance', `c8y_Availability.status eq 'MAINTENANCE'`],
  ['CELOS x64', `type eq '${DEVICE_TYPE.celosx}' or type eq '${DEVICE_TYPE.ipcX64}'`],
  ['CELOS IOT2050', `type eq '${DEVICE_TYPE.flex}'`],
  ['Customers DACH', `${F.customer}.regio eq 'DACH'`],
  ['Customers EMEA', `${F.customer}.regio eq 'EMEA'`],
  ['Customers Americas', `${F.customer}.regio eq 'AMERICAS'`],
  ['Customers APAC', `${F.customer}.regio eq 'APAC'`],
  ['Failed installations', `${F.failedCount} gt 0`],
  ['Pending updates', `${F.pendingUpdates} gt 0`],
  ['IoTconnector M hardware', `c8y_Hardware.model eq 'IoTconnector M'`],
  ['Mobile router devices', `has(c8y_Mobile) and type eq '${DEVICE_TYPE.netbox}'`],
  ['SIEMENS controls', `${F.machineControl} eq 'SIEMENS'`],
  ['Serials NB24*', `type eq '${DEVICE_TYPE.netbox}' and c8y_Hardware.serialNumber eq 'NB24*'`],
].map(([name, filter]) => [name, `$filter=(has(c8y_IsDevice) and (${filter})) $orderby=name asc`] as const);
