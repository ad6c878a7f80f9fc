import type { TFunction } from 'i18next';
import { describeFailure, PlatformError, UnreadableAnswerError } from '@shared/platform/fetch-client';
import type { Device } from '@shared/plugin-api/types';

/** Spec: "Device IDs in routes must be numeric." */
export const isNumericId = (id: string): boolean => /^\d+$/.test(id);

export type GuardResult =
  | { ok: true; device: Device }
  | { ok: false; reason: 'not-numeric' | 'not-found' | 'failed'; status?: number; message: string; cause?: unknown };

/** What the guard needs of the inventory: the HTTP status and, on 200, the managed object. */
export type FetchDevice = (id: string) => Promise<{ status: number; body: unknown }>;

/**
 * The device route guard: numeric id, device fetched from inventory, navigation refused unless
 * the fetch answered 200 (the device then becomes the route's context data).
 */
export async function guardDeviceRoute(id: string, fetchDevice: FetchDevice): Promise<GuardResult> {
  if (!isNumericId(id)) return { ok: false, reason: 'not-numeric', message: `Device id '${id}' is not numeric.` };
  let res: { status: number; body: unknown };
  try {
    res = await fetchDevice(id);
  } catch (e) {
    return { ok: false, reason: 'failed', message: e instanceof Error ? e.message : String(e), cause: e };
  }
  if (res.status !== 200) {
    const body = res.body as { message?: unknown; error?: unknown } | null;
    const message = body && typeof body.message === 'string' ? body.message : `Device ${id} could not be loaded (${res.status}).`;
    const cause = new PlatformError(res.status, '', { error: body?.error, message });
    return { ok: false, reason: res.status === 404 ? 'not-found' : 'failed', status: res.status, message, cause };
  }
  const device = res.body as Device | null;
  if (!device || typeof device !== 'object' || String(device.id) !== id) {
    const cause = new UnreadableAnswerError(`/inventory/managedObjects/${id}`, res.body);
    return { ok: false, reason: 'failed', status: res.status, message: `Device ${id}: the inventory answered without the device.`, cause };
  }
  return { ok: true, device: Object.freeze({ ...device, id: String(device.id) }) };
}

/**
 * A refusal for the console, once per refused navigation (the shell calls it where it shows the
 * message): what lies behind the message, as shared/platform's describeFailure says it (the
 * status and error code of a refusal, the browser's error of a request without answer). A bad
 * id had no request and says all in its message.
 */
export function logRefusal(id: string, result: Extract<GuardResult, { ok: false }>): void {
  if (result.cause === undefined) return;
  console.error(`Device ${id} could not be loaded: ${describeFailure(result.cause)}`, result.cause);
}

/** Legacy tab paths the platform redirects (spec: device-info -> info). */
export const DEVICE_TAB_REDIRECTS: Readonly<Record<string, string>> = { 'device-info': 'info' };

/**
 * Why the page did not change, in the user's language: the server's own text (English on the
 * platform) only where the cause is neither a bad id nor a missing device.
 */
export function refusalText(t: TFunction, id: string, result: Extract<GuardResult, { ok: false }>): string {
  const why =
    result.reason === 'not-numeric'
      ? t('Device id \'{{id}}\' is not numeric.', { id })
      : result.reason === 'not-found'
        ? t('Could not find device {{id}}.', { id })
        : t('Device {{id}} could not be loaded: {{message}}', { id, message: result.message });
  return t('Navigation refused: {{message}}', { message: why });
}
