/** Software binaries and device profiles offered for the selected devices' types (one page). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SHORT_LIST_PAGE_SIZE, SOFTWARE_TYPE } from '@shared/domain/constants';
import { listManagedObjects, type ManagedObject } from '@shared/platform/inventory';
import { and, anyOf, buildQuery, eq, or } from '@shared/platform/query-language';
import { listKeys } from './devices';

export const PROFILE_TYPE = 'c8y_Profile';

export interface SoftwareChoice {
  id: string;
  kind: 'software' | 'profile';
  name: string;
  version: string;
  url: string;
  category?: string;
  installationRequiresApproval: boolean;
  encryptionKey?: unknown;
}

export function toChoice(mo: ManagedObject): SoftwareChoice {
  const profile = mo.type === PROFILE_TYPE;
  return {
    id: mo.id,
    kind: profile ? 'profile' : 'software',
    name: mo.name ?? '',
    version: profile ? '' : String(mo.version ?? ''),
    url: typeof mo.url === 'string' ? mo.url : '',
    category: typeof mo.category === 'string' ? mo.category : undefined,
    installationRequiresApproval: mo.installation_requires_approval === true,
    encryptionKey: mo.c8y_encryptionKey,
  };
}

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

export const softwareOptions = (deviceTypes: readonly string[], search: string, page: number) =>
  queryOptions({
    queryKey: [...listKeys.all, 'software', { deviceTypes, search, page }],
    queryFn: async () => {
      const res = await listManagedObjects({ query: softwareQuery(deviceTypes, search), pageSize: SHORT_LIST_PAGE_SIZE, currentPage: page, withChildren: false });
      return { items: res.items.map(toChoice), hasNext: res.items.length === SHORT_LIST_PAGE_SIZE && res.hasNext !== false };
    },
    placeholderData: keepPreviousData,
  });

export const useSoftwareChoices = (deviceTypes: readonly string[], search: string, page: number) => useQuery(softwareOptions(deviceTypes, search, page));
