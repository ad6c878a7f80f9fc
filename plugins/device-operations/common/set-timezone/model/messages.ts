/** Result messages of the time zone operation (spec 1, section 8). */
import { isPlatformError } from '@shared/platform/fetch-client';

export interface TimeZoneMessage {
  type: 'success' | 'warning' | 'danger';
  text: string;
  values?: Record<string, string | number>;
}

const NOT_FOUND = 404;

export function timeZoneSuccess(created: number, devices: readonly { id: string; name?: string }[]): TimeZoneMessage {
  if (devices.length === 1 && created > 0) return { type: 'success', text: 'Time Zone operation created for {{device}}', values: { device: devices[0].name ?? devices[0].id } };
  // The service created fewer than asked (e.g. for a device that is no IoTconnector): the count says so.
  return { type: created < devices.length ? 'warning' : 'success', text: 'Time Zone operation created for {{count}} of {{total}} devices.', values: { count: created, total: devices.length } };
}

export function timeZoneError(error: unknown): TimeZoneMessage {
  const status = isPlatformError(error) ? error.status : 0;
  if (status === NOT_FOUND) return { type: 'danger', text: 'Bad Request. Please try again later.' };
  return { type: 'danger', text: 'Unknown error: {{status}} Please try again later.', values: { status } };
}
