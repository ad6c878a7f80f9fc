/** Services tab data (spec 2 "Services tab", 5: software named KB* is excluded). */
import { PRODUCT, type Device } from '@shared/plugin-api/types';
import { NETBOX_TYPE } from '@shared/domain/device-types';

export const SERVICES_FRAGMENT = `${PRODUCT}_adamos_netbox_Services`;
export const MDC_STATUS_FRAGMENT = `${PRODUCT}_IoTconnector_MDC_Status`;
/** Windows updates (KB...) are not services the user manages. */
export const EXCLUDED_PREFIX = 'KB';

export interface ServiceEntry {
  name: string;
  state: string;
}
export interface MdcInterface {
  ID: string;
  Status: string;
  ErrorState: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

export const isExcluded = (name: string): boolean => name.startsWith(EXCLUDED_PREFIX);

export function services(device: Device): ServiceEntry[] {
  const list = device[SERVICES_FRAGMENT];
  if (!Array.isArray(list)) return [];
  return (list as Record<string, unknown>[])
    .map((s) => ({ name: str(s?.name), state: str(s?.state) }))
    .filter((s) => s.name && !isExcluded(s.name));
}

export function mdcInterfaces(device: Device): MdcInterface[] {
  const list = (device[MDC_STATUS_FRAGMENT] as { Interfaces?: unknown } | undefined)?.Interfaces;
  if (!Array.isArray(list)) return [];
  return (list as Record<string, unknown>[]).map((i) => ({ ID: str(i?.ID), Status: str(i?.Status), ErrorState: str(i?.ErrorState) }));
}

/** The MDC table exists for IoTconnectors only. */
export const hasMdcTable = (device: Device): boolean => device.type === NETBOX_TYPE;

export const isOffline = (device: Device): boolean => (device.c8y_Availability as { status?: string } | undefined)?.status === 'UNAVAILABLE';

/** The services table's empty text; `filtered`: services exist, but none in the chosen state. */
export const servicesEmptyText = (offline: boolean, filtered = false): string =>
  offline ? 'Device is offline' : filtered ? 'No services in this state' : 'No services available';
export const MDC_EMPTY_TEXT = 'No MDC status information available';
/** The empty text of the MDC table: an offline device's interfaces are not known either. */
export const mdcEmptyText = (offline: boolean): string => (offline ? 'Device is offline' : MDC_EMPTY_TEXT);

/**
 * What the tab shows as current: nothing for an offline device. Its last report is no current
 * state ("stopped", "Connected" would read as live), so both tables say "Device is offline"
 * until it reports again. `offline` travels with the tables, so a view held with Realtime off
 * keeps the reason its tables are empty.
 */
export function currentStates(device: Device): { s: ServiceEntry[]; m: MdcInterface[]; offline: boolean } {
  const offline = isOffline(device);
  return offline ? { s: [], m: [], offline } : { s: services(device), m: mdcInterfaces(device), offline };
}
