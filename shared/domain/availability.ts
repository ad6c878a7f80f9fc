/**
 * Connection monitoring of a device: send status from c8y_Availability, push status from
 * c8y_Connection, maintenance from the required interval (the platform's maintenance switch
 * negates c8y_RequiredAvailability.responseInterval; 0 or none means not monitored).
 */

export type SendStatus = 'AVAILABLE' | 'UNAVAILABLE' | 'NOT_MONITORED' | 'UNKNOWN' | 'MAINTENANCE';
export type PushStatus = 'CONNECTED' | 'DISCONNECTED' | 'MAINTENANCE' | 'UNKNOWN';

interface MonitoredDevice {
  c8y_Availability?: { status?: string; lastMessage?: string } | unknown;
  c8y_Connection?: { status?: string } | unknown;
  c8y_RequiredAvailability?: { responseInterval?: number } | unknown;
  [k: string]: unknown;
}

const field = <T>(fragment: unknown, key: string): T | undefined =>
  fragment && typeof fragment === 'object' ? ((fragment as Record<string, unknown>)[key] as T | undefined) : undefined;

/** The required interval in minutes (negative while in maintenance), undefined when not set. */
export const requiredInterval = (d: MonitoredDevice): number | undefined => field<number>(d.c8y_RequiredAvailability, 'responseInterval');

/** The device is in maintenance. */
export const isInMaintenance = (d: MonitoredDevice): boolean =>
  (requiredInterval(d) ?? 0) < 0 || field<string>(d.c8y_Availability, 'status') === 'MAINTENANCE';

/** Send status (spec: AVAILABLE online, UNAVAILABLE offline, NOT_MONITORED, UNKNOWN, MAINTENANCE). */
export function sendStatus(d: MonitoredDevice): SendStatus {
  if (isInMaintenance(d)) return 'MAINTENANCE';
  const interval = requiredInterval(d);
  if (!interval) return 'NOT_MONITORED';
  const status = field<string>(d.c8y_Availability, 'status');
  if (status === 'AVAILABLE' || status === 'UNAVAILABLE') return status;
  return 'UNKNOWN';
}

/** Push status (the device's open connection for notifications). */
export function pushStatus(d: MonitoredDevice): PushStatus {
  const status = field<string>(d.c8y_Connection, 'status');
  if (status === 'CONNECTED' || status === 'DISCONNECTED' || status === 'MAINTENANCE') return status;
  return 'UNKNOWN';
}

/** Online means the send status is AVAILABLE. */
export const isOnline = (d: MonitoredDevice): boolean => sendStatus(d) === 'AVAILABLE';

/** Last message time, undefined when none. */
export const lastMessage = (d: MonitoredDevice): string | undefined => field<string>(d.c8y_Availability, 'lastMessage');

/** The required interval to save when the maintenance switch is flipped (sign toggled). */
export function toggleMaintenanceInterval(interval: number | undefined): number {
  return -(interval ?? 0);
}
