import { queryOptions, useQuery } from '@tanstack/react-query';
import { getManagedObject, type ManagedObject } from '@shared/platform/inventory';
import { createQueryKeys } from '@shared/platform/query-keys';
import { PRODUCT } from '@shared/plugin-api/types';

/** One URL check as the device reports it in {product}_IoTconnector_URLChecks.results. */
export interface UrlCheckResult {
  success: boolean;
  url: string;
  error?: string;
}

export const URL_CHECKS_FRAGMENT = `${PRODUCT}_IoTconnector_URLChecks`;

export const connectionCheckKeys = createQueryKeys('connection-checks', 'device');

/**
 * A check's `success` as the device sent it: a JSON boolean, or its text "true" / "false" (devices
 * reporting through text templates send strings). Anything else is no success.
 */
function isSuccess(value: unknown): boolean {
  if (typeof value === 'string') return value.trim().toLowerCase() === 'true';
  return value === true;
}

/**
 * A check's error as text: a code sent as a number (or a flag, or an object) is shown as sent,
 * not dropped, so a failed check never shows an empty Error column for what the device said.
 */
function errorText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The results of a device, in the order the device reported them. A check without a URL stays
 * (its URL empty, shown as '-'): dropping it hid a failed check and, when no check had a URL, the
 * tab that shows because the device has results said 'No results to display.'. Entries that are
 * no object carry nothing to show and are left out.
 */
export function urlCheckResults(device: Partial<ManagedObject> | undefined): UrlCheckResult[] {
  const results = (device?.[URL_CHECKS_FRAGMENT] as { results?: unknown } | undefined)?.results;
  if (!Array.isArray(results)) return [];
  return results
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r))
    .map((r) => ({ success: isSuccess(r.success), url: typeof r.url === 'string' ? r.url : '', error: errorText(r.error) }));
}

export const deviceQuery = (id: string, initial?: ManagedObject) =>
  queryOptions({
    queryKey: connectionCheckKeys.detail(id),
    queryFn: () => getManagedObject(id),
    initialData: initial,
    staleTime: 0,
  });

export const useDeviceWithChecks = (id: string, initial?: ManagedObject) => useQuery(deviceQuery(id, initial));
