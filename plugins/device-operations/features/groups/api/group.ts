/** One group and the device filter behind it (static: its child assets; smart: its stored query). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getManagedObject, type ManagedObject } from '@shared/platform/inventory';
import { and, bygroupid, has, type Filter } from '@shared/platform/query-language';
import { createQueryKeys } from '@shared/platform/query-keys';

export const groupKeys = createQueryKeys('device-operations', 'groups');

export const groupOptions = (id: string) => queryOptions({ queryKey: groupKeys.detail(id), queryFn: () => getManagedObject(id, { withChildren: false }) });
export const useGroup = (id: string) => useQuery(groupOptions(id));

/** The `$filter` part of a smart group's c8y_DeviceQueryString (its own order is not needed). */
export function filterOfQueryString(query: string): string | undefined {
  const m = /\$filter=\s*\(([\s\S]*)\)\s*(\$orderby=[\s\S]*)?$/i.exec(query.trim());
  if (m) return m[1].trim() || undefined;
  return /\$orderby=/i.test(query) ? undefined : query.trim() || undefined;
}

/** Devices of the group as a list base filter. */
export function groupDeviceFilter(group: ManagedObject): Filter {
  const stored = typeof group.c8y_DeviceQueryString === 'string' ? filterOfQueryString(group.c8y_DeviceQueryString) : undefined;
  if (group.c8y_IsDynamicGroup !== undefined && stored) return { ql: stored };
  return and(bygroupid(group.id), has('c8y_IsDevice')) as Filter;
}
