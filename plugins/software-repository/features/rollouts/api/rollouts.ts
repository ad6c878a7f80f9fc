/**
 * Server state of the Software Rollouts page: the rollout objects from the inventory, an expanded
 * rollout polled every 5 s until it settles (realtime pushes in between), status changes, delete.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getSoftwareRolloutDevices, updateSoftwareRolloutStatus, type SoftwareRollout } from '@shared/platform/create-software-ng';
import { deleteManagedObject, getManagedObject, listAllManagedObjects, type ManagedObject } from '@shared/platform/inventory';
import { createQueryKeys } from '@shared/platform/query-keys';
import { ROLLOUT_POLLING_MS, SELECTION_LIST_PAGE_SIZE } from '@shared/domain/constants';
import { ACTION_STATUS, byCreationDesc, isSettled, ROLLOUT_TYPE, type CounterResult, type RolloutAction } from '../model/rollout';

export const rolloutKeys = createQueryKeys('software-repository', 'rollouts');

export type Rollout = SoftwareRollout & { devices?: unknown[] };

const asRollout = (mo: ManagedObject) => mo as Rollout;

/** Every rollout object, newest first. */
export async function fetchRollouts(): Promise<Rollout[]> {
  const all = await listAllManagedObjects({ type: ROLLOUT_TYPE }, SELECTION_LIST_PAGE_SIZE);
  return all.map(asRollout).sort(byCreationDesc);
}

export const rolloutsQuery = () => queryOptions({ queryKey: rolloutKeys.lists(), queryFn: fetchRollouts });

export const useRollouts = () => useQuery(rolloutsQuery());

export const fetchRollout = async (id: string): Promise<Rollout> => asRollout(await getManagedObject(id));

/** Polls while the rollout can still change; stops at the first error (the page then reloads the list). */
export const rolloutQuery = (id: string, initial?: Rollout) =>
  queryOptions({
    queryKey: rolloutKeys.detail(id),
    queryFn: () => fetchRollout(id),
    initialData: initial,
    initialDataUpdatedAt: 0,
    retry: false,
    refetchInterval: (q) => (q.state.status === 'error' || isSettled(q.state.data?.status) ? false : ROLLOUT_POLLING_MS),
  });

export const useRolloutPolling = (id: string, initial: Rollout | undefined, enabled: boolean) => useQuery({ ...rolloutQuery(id, initial), enabled });

/** Puts a newer copy of a rollout into the list and its detail. */
export function storeRollout(queryClient: QueryClient, rollout: Partial<Rollout> & { id: string }): void {
  queryClient.setQueryData<Rollout[]>(rolloutKeys.lists(), (list) => list?.map((r) => (r.id === rollout.id ? { ...r, ...rollout } : r)));
  queryClient.setQueryData<Rollout>(rolloutKeys.detail(rollout.id), (old) => (old ? { ...old, ...rollout } : undefined));
}

export const changeRolloutStatus = (id: string, action: RolloutAction) => updateSoftwareRolloutStatus(id, ACTION_STATUS[action]);

export const deleteRollout = (id: string) => deleteManagedObject(id);

/** One page of a rollout's devices with their result and failure reason (a counter opens this). */
export const rolloutDevicesQuery = (id: string, result: CounterResult, currentPage: number, pageSize: number) =>
  queryOptions({
    queryKey: [...rolloutKeys.detail(id), 'devices', result, currentPage, pageSize],
    queryFn: () => getSoftwareRolloutDevices(id, { result, currentPage, pageSize }),
    placeholderData: (previous) => previous,
  });
