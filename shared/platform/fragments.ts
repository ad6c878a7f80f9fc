/**
 * The device fragments of the platform this bundle reads and writes (spec: `{product}_...`), named
 * once for the plugins, the stand-in's demo data and its services.
 */
import { PRODUCT } from '../plugin-api/types';

export const FRAGMENTS = {
  customer: `${PRODUCT}_adamos_netbox_Customer`,
  timezone: `${PRODUCT}_adamos_netbox_timezone`,
  machineSerial: `${PRODUCT}_adamos_netbox_MachineSerialNumber`,
  machineControl: `${PRODUCT}_adamos_netbox_MachineControlType`,
  netboxHardware: `${PRODUCT}_adamos_netbox_Hardware`,
  machine: `${PRODUCT}_IoTconnector_Machine`,
  info: `${PRODUCT}_IoTconnector_Info`,
  ccm: `${PRODUCT}_adamos_netbox_ccm`,
  failedCount: `${PRODUCT}_adamos_netbox_FailedInstallationCount`,
  pendingUpdates: `${PRODUCT}_adamos_netbox_PendingUpdates`,
  lastInstallVersion: `${PRODUCT}_adamos_netbox_LastSucessfullInstallVersion`,
  services: `${PRODUCT}_adamos_netbox_Services`,
  mdcStatus: `${PRODUCT}_IoTconnector_MDC_Status`,
  updateStrategy: `${PRODUCT}_IoTconnector_UpdateStrategy`,
  appliedProfile: `c8y_${PRODUCT}_service_dto_AppliedDeviceProfile`,
  packageList: `${PRODUCT}_adamos_netbox_SoftwarePackageList`,
  urlChecks: `${PRODUCT}_IoTconnector_URLChecks`,
  eventList: `${PRODUCT}_adamos_netbox_EventList`,
} as const;

/**
 * The platform's standard log files (reference/c8y-oas.json): a device lists the log types it
 * offers in `c8y_SupportedLogs`; the Logs tab asks for one with a `c8y_LogfileRequest` operation
 * (logFile, dateFrom, dateTo, searchText, maximumLines), which the agent answers with `file`, the
 * uploaded log's binary URL.
 */
export const LOGS = {
  supported: 'c8y_SupportedLogs',
  request: 'c8y_LogfileRequest',
} as const;

/** The log types the stand-in's simulated agents offer: their operations, their events and alarms. */
export const SIMULATED_LOG_TYPES = ['agent', 'syslog'] as const;
