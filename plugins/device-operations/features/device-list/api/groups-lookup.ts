/** Device groups for the admin list's group filter (one page of GROUP_LIST_PAGE_SIZE, spec 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { GROUP_LIST_PAGE_SIZE } from '@shared/domain/constants';
import { listManagedObjects } from '@shared/platform/inventory';
import { buildQuery, has } from '@shared/platform/query-language';
import { createQueryKeys } from '@shared/platform/query-keys';

export const groupLookupKeys = createQueryKeys('device-operations', 'group-lookup');

export const groupOptionsQuery = () =>
  queryOptions({
    queryKey: groupLookupKeys.lists(),
    queryFn: async () => {
      const page = await listManagedObjects({
        query: buildQuery(has('c8y_IsDeviceGroup'), [{ field: 'name', direction: 'asc' }]),
        pageSize: GROUP_LIST_PAGE_SIZE,
        withChildren: false,
      });
      return page.items.map((g) => ({ value: g.id, label: g.name ?? g.id }));
    },
  });

export interface GroupOptions {
  /** Empty while loading and after a failure (spec 8: a failed lookup gives an empty list). */
  options: { value: string; label: string }[];
  loading: boolean;
  /** Why the groups could not be loaded: the picker says it instead of "No groups". */
  error?: Error;
}

export function useGroupOptions(enabled: boolean): GroupOptions {
  const q = useQuery({ ...groupOptionsQuery(), enabled });
  return { options: q.isError ? [] : (q.data ?? []), loading: enabled && q.isPending && !q.isError, error: q.isError ? (q.error as Error) : undefined };
}
