/** Restart operations of a device: the newest of each kind, and creating one (spec 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createOperation, listOperations, SINCE_EVER, type Operation } from '@shared/platform/operations';
import { RESTART_FRAGMENT, type RestartKind } from '../logic/restart';

export const restartKeys = {
  latest: (deviceId: string, kind: RestartKind) => ['device-operations', 'restart', deviceId, kind] as const,
};

export const latestRestartQuery = (deviceId: string, kind: RestartKind) =>
  queryOptions({
    queryKey: restartKeys.latest(deviceId, kind),
    queryFn: async (): Promise<Operation | null> =>
      (await listOperations({ deviceId, fragmentType: RESTART_FRAGMENT[kind], dateFrom: SINCE_EVER, pageSize: 1, revert: true })).items[0] ?? null,
  });
export const useLatestRestart = (deviceId: string, kind: RestartKind, enabled: boolean) => useQuery({ ...latestRestartQuery(deviceId, kind), enabled });

export const RESTART_DESCRIPTION: Record<RestartKind, string> = { agent: 'Restart agent', iotconnector: 'Restart IoTconnector' };

export const createRestart = (deviceId: string, kind: RestartKind) =>
  createOperation({ deviceId, description: RESTART_DESCRIPTION[kind], [RESTART_FRAGMENT[kind]]: {} });
