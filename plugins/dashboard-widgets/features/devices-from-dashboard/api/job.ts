/** The newest c8y_status object: the banner follows it, polled every STATUS_POLLING_MS while a job runs. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STATUS_POLLING_MS } from '@shared/domain/constants';
import { fetchNewestJobStatus } from '@shared/platform/create-software-ng';
import type { ManagedObject } from '@shared/platform/inventory';
import { isJobCompleted, isJobOngoing, type JobKind } from '../model/job';
import { listKeys } from './devices';

export const fetchNewestStatus = fetchNewestJobStatus;

export const statusOptions = () =>
  queryOptions({
    queryKey: [...listKeys.all, 'status'],
    queryFn: fetchNewestStatus,
    refetchInterval: (q) => (isJobOngoing(q.state.data) ? STATUS_POLLING_MS : false),
  });

export const useNewestStatus = () => useQuery(statusOptions());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until the job's own status is completed (the spec's 2 s polling). */
export async function waitForJob(kind: JobKind): Promise<ManagedObject | null> {
  for (;;) {
    const latest = await fetchNewestStatus();
    if (!latest || isJobCompleted(kind, latest)) return latest;
    await sleep(STATUS_POLLING_MS);
  }
}
