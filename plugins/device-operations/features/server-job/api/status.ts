/** The newest c8y_status object, polled while a server job runs (spec 1, sections 4 and 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STATUS_POLLING_MS } from '@shared/domain/constants';
import { fetchNewestJobStatus } from '@shared/platform/create-software-ng';
import { createQueryKeys } from '@shared/platform/query-keys';
import { isJobOngoing } from '../model/status';

export const statusKeys = createQueryKeys('device-operations', 'server-job');

export const fetchNewestStatus = fetchNewestJobStatus;

export const newestStatusOptions = () =>
  queryOptions({
    queryKey: [...statusKeys.all, 'newest'],
    queryFn: fetchNewestStatus,
    // While a job runs the banner must go away by itself when it ends.
    refetchInterval: (q) => (isJobOngoing(q.state.data) ? STATUS_POLLING_MS : false),
  });

export const useNewestStatus = () => useQuery(newestStatusOptions());
