/** Software binaries and device profiles offered for the selected device types (one page). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SHORT_LIST_PAGE_SIZE } from '@shared/domain/constants';
import { listManagedObjects } from '@shared/platform/inventory';
import { and, anyOf, buildQuery, eq, or } from '@shared/platform/query-language';
import { createQueryKeys } from '@shared/platform/query-keys';
import { PROFILE_TYPE, SOFTWARE_TYPE, toSoftwareItem, type SoftwareItem } from '../model/storage';

export const softwareKeys = createQueryKeys('device-operations', 'select-software');

/** The query: software of the types, profiles filtered to the types, matching the search on name or version. */
export function softwareQuery(deviceTypes: readonly string[], search: string): string {
  const text = search.trim();
  const pattern = text.includes('*') ? text : `*${text}*`;
  return buildQuery(
    and(
      or(and(eq('type', SOFTWARE_TYPE), anyOf('deviceType', deviceTypes)), and(eq('type', PROFILE_TYPE), anyOf('c8y_Filter.type', deviceTypes))),
      text ? or(eq('name', pattern), eq('version', pattern)) : undefined,
    ),
    [
      { field: 'name', direction: 'asc' },
      { field: 'version', direction: 'asc' },
    ],
  );
}

export interface SoftwarePage {
  items: SoftwareItem[];
  hasNext: boolean;
}

export const softwarePageOptions = (deviceTypes: readonly string[], search: string, page: number) =>
  queryOptions({
    queryKey: [...softwareKeys.lists(), { deviceTypes, search, page }],
    queryFn: async (): Promise<SoftwarePage> => {
      const result = await listManagedObjects({
        query: softwareQuery(deviceTypes, search),
        pageSize: SHORT_LIST_PAGE_SIZE,
        currentPage: page,
        withChildren: false,
      });
      return { items: result.items.map(toSoftwareItem), hasNext: result.items.length === SHORT_LIST_PAGE_SIZE && result.hasNext !== false };
    },
    placeholderData: keepPreviousData,
  });

export const useSoftwarePage = (deviceTypes: readonly string[], search: string, page: number) =>
  useQuery(softwarePageOptions(deviceTypes, search, page));
