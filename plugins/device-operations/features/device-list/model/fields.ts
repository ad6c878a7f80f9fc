/**
 * Where each list column reads its value in a device document (spec 1, section 3). The list
 * filters and sorts on these paths on the server, so they are the one place to change when the
 * inventory shape changes.
 */
import { PRODUCT } from '@shared/plugin-api/types';

export const FIELD = {
  status: 'c8y_Availability.status',
  lastMessage: 'c8y_Availability.lastMessage',
  name: 'name',
  machineSerial: `${PRODUCT}_adamos_netbox_MachineSerialNumber`,
  machineModel: `${PRODUCT}_IoTconnector_Machine.model`,
  registrationDate: 'creationTime',
  agentVersion: 'c8y_Agent.version',
  imageVersion: `${PRODUCT}_adamos_netbox_Hardware.information`,
  machineControl: `${PRODUCT}_adamos_netbox_MachineControlType`,
  pendingUpdates: `${PRODUCT}_adamos_netbox_PendingUpdates`,
  failedInstallations: `${PRODUCT}_adamos_netbox_FailedInstallationCount`,
  alarms: 'c8y_ActiveAlarmsStatus',
  alarmsCritical: 'c8y_ActiveAlarmsStatus.critical',
  customerName: `${PRODUCT}_adamos_netbox_Customer.name`,
  customerNumber: `${PRODUCT}_adamos_netbox_Customer.number`,
  model: 'c8y_Hardware.model',
} as const;

/** Availability states (spec 4, device send connection). */
export const AVAILABILITY_STATES = ['AVAILABLE', 'UNAVAILABLE', 'NOT_MONITORED', 'UNKNOWN', 'MAINTENANCE'] as const;
export type AvailabilityState = (typeof AVAILABILITY_STATES)[number];

/** Reads a dotted path from a document; undefined when any step is missing. */
export function readPath(doc: Record<string, unknown>, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}
