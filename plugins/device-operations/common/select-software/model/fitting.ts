/**
 * A group's devices (its sub-assets page, its device list) may be of several families: software or
 * a profile is sent only to the devices it is for. The Select software dialog names the others
 * before OK; the action leaves them out and says how many, rather than sending them to fail.
 */
import { ALERT_SUCCESS_DISMISS_MS } from '@shared/domain/constants';
import { devicesOutsideType } from '@shared/domain/device-types';
import type { AlertSpec } from '../../server-job/model/messages';

export function splitByType<T extends { id: string; type?: string | null }>(devices: readonly T[], softwareType: string | null | undefined): { fitting: T[]; leftOut: number } {
  const outside = new Set(devicesOutsideType(devices, softwareType).map((d) => d.id));
  return { fitting: devices.filter((d) => !outside.has(d.id)), leftOut: outside.size };
}

/** Said after the action, beside its result. */
export const leftOutMessage = (count: number): AlertSpec => ({
  alert: { type: 'info', text: '{{count}} devices of another type were left out.', values: { count } },
  dismissAfterMs: ALERT_SUCCESS_DISMISS_MS,
});
