import { PRODUCT } from '../../../shared/plugin-api/types';

export const OP = {
  restartAgent: 'netbox_RestartAgentOperation',
  restartNetbox: 'netbox_RestartNetboxOperation',
  register: 'netbox_RegisterSoftwarePackage',
  install: 'netbox_InstallSoftwarePackage',
  /** Written by create-software-ng's createTimezoneOperations. */
  setTimezone: 'netbox_SetTimezoneOperation',
  routerRestart: `${PRODUCT}_MobileRouter_Restart`,
  routerStartMonitoring: `${PRODUCT}_MobileRouter_StartMonitoring`,
  routerUpdateFirmware: `${PRODUCT}_MobileRouter_UpdateFirmware`,
  routerUpdateProfile: `${PRODUCT}_MobileRouter_UpdateProfile`,
} as const;

export const FRAGMENT = {
  packageList: `${PRODUCT}_adamos_netbox_SoftwarePackageList`,
  failedCount: `${PRODUCT}_adamos_netbox_FailedInstallationCount`,
  pendingUpdates: `${PRODUCT}_adamos_netbox_PendingUpdates`,
  lastInstalled: `${PRODUCT}_adamos_netbox_LastSucessfullInstallVersion`,
  timezone: `${PRODUCT}_adamos_netbox_timezone`,
  availability: 'c8y_Availability',
  isDevice: 'c8y_IsDevice',
} as const;

export const MOBILE_ROUTER_TYPE = `${PRODUCT}_MobileRouter`;
export const SOFTWARE_TYPE = 'c8y_Software';
/** What a router update's repository_id names: the firmware binary (its c8y_Firmware has version and url), the configuration dump. */
export const FIRMWARE_BINARY_TYPE = 'c8y_FirmwareBinary';
export const CONFIGURATION_DUMP_TYPE = 'c8y_ConfigurationDump';

/** Package statuses in the order an agent walks them (device-operations spec section 4). */
export const PKG = {
  assigned: 'assigned',
  registered: 'registered',
  downloading: 'downloading',
  downloaded: 'downloaded successfully',
  toBeInstalled: 'to be installed',
  executing: 'executing',
  waitingForApproval: 'waiting for approval',
  installed: 'installed',
  executed: 'executed',
  downloadFailed: 'download failed',
  installationFailed: 'installation failed',
} as const;
export const DONE_STATUSES: readonly string[] = [PKG.installed, PKG.executed];
export const isFailed = (status: string) => status.includes('failed');

export const MESSAGES = {
  downloadFailed: 'Download failed: checksum mismatch',
  installationFailed: 'Installer exited with code 1603',
  agentRestartFailed: 'Agent did not come back after the restart',
  netboxRestartFailed: 'IoTconnector did not come back after the restart',
  timezoneFailed: 'Time zone could not be set: unknown zone on the device',
  notRegistered: 'Software package is not registered on the device',
  cleared: 'Software assignment was cleared',
  replaced: 'Software assignment was replaced by another version',
  routerRestartFailed: 'Router did not come back after the restart',
  firmwareFailed: 'Firmware image verification failed',
  profileFailed: 'Configuration profile could not be applied',
  monitoringFailed: 'Monitoring could not be started on the router',
  noRouter: 'No mobile router attached to the device',
  /** The update's repository_id names no firmware binary / configuration dump: nothing to download. */
  firmwareNotFound: (id: string) => `Firmware binary ${id} not found`,
  profileNotFound: (id: string) => `Configuration dump ${id} not found`,
} as const;

/** Mobile router DeviceState values (dashboards spec section 4). */
export const ROUTER_STATE = {
  running: 'running',
  restarting: 'restarting',
  downloadingFirmware: 'downloading firmware',
  verifyingFirmware: 'verifying firmware',
  applyingFirmware: 'applying firmware',
  downloadingProfile: 'downloading profile',
  verifyingProfile: 'verifying profile',
  applyingProfile: 'applying profile',
} as const;

export const UNAVAILABILITY_ALARM = { type: 'c8y_UnavailabilityAlarm', severity: 'MAJOR', text: 'No data received from device within required interval.' } as const;

/** Alarms the background raises (naming as shell-dev/server/demo: category by type prefix). */
export const BACKGROUND_ALARMS = [
  { type: `${PRODUCT}_software_InstallationFailed`, severity: 'MAJOR', text: 'Installation of software package failed' },
  { type: `${PRODUCT}_connectivity_WeakMobileSignal`, severity: 'WARNING', text: 'Mobile signal is weak' },
  { type: `${PRODUCT}_service_ServiceRestarted`, severity: 'WARNING', text: 'Service restarted unexpectedly' },
  { type: `${PRODUCT}_service_MDCStopped`, severity: 'CRITICAL', text: 'Machine data collector stopped' },
  { type: `${PRODUCT}_hardware_DiskSpaceLow`, severity: 'MINOR', text: 'Free disk space below 10 %' },
] as const;

/** What a heartbeat measures: the agent's CPU workload in percent (the platform's c8y_CPUMeasurement). */
export const CPU_MEASUREMENT = { type: 'c8y_CPUMeasurement', fragment: 'c8y_CPUMeasurement', series: 'Workload', unit: '%' } as const;
/** Old measurements are removed every this many background batches (one indexed delete). */
export const MEASUREMENT_PRUNE_EVERY_BATCHES = 100;
