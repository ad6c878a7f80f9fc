/** The newest c8y_status object, polled while a server job runs (spec 1, sections 4 and 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STATUS_POLLING_MS } from '@shared/domain/constants';
import { listManagedObjects, type ManagedObject } from '@shared/platform/inventory';
import { buildQuery, eq } from '@shared/platform/query-language';
import { createQueryKeys } from '@shared/platform/query-keys';
import { STATUS_TYPE, isJobOngoing } from '../model/status';

export const statusKeys = createQueryKeys('device-operations', 'server-job');

export async function fetchNewestStatus(): Promise<ManagedObject | null> {
  const page = await listManagedObjects({
    query: buildQuery(eq('type', STATUS_TYPE), [{ field: 'creationTime', direction: 'desc' }]),
    pageSize: 1,
    withChildren: false,
  });
  return page.items[0] ?? null;
}

export const newestStatusOptions = () =>
  queryOptions({
    queryKey: [...statusKeys.all, 'newest'],
    queryFn: fetchNewestStatus,
    // While a job runs the banner must go away by itself when it ends.
    refetchInterval: (q) => (isJobOngoing(q.state.data) ? STATUS_POLLING_MS : false),
  });

export const useNewestStatus = () => useQuery(newestStatusOptions());
