/**
 * The device of a device tab, kept live: the shell hands over the device it loaded; the tab
 * refetches it after its own saves and takes every /managedobjects/{id} update pushed by the
 * platform, so package statuses and availability change in the open tab without polling; after an
 * interruption of realtime it is read again.
 */
import { useCallback, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { isPlatformError } from '@shared/platform/fetch-client';
import { getManagedObject, type ManagedObject } from '@shared/platform/inventory';
import { createQueryKeys } from '@shared/platform/query-keys';
import { useDevice } from '@shared/plugin-api/context';
import type { Device } from '@shared/plugin-api/types';
import { useRealtime } from '@shared/platform/react';
import { realtimeClient } from './realtime';

export const liveDeviceKeys = createQueryKeys('device-operations', 'device');

export const liveDeviceQuery = (id: string, initial?: Device) =>
  queryOptions({
    queryKey: liveDeviceKeys.detail(id),
    queryFn: () => getManagedObject(id, { withParents: true }) as Promise<Device>,
    initialData: initial,
    // The shell's copy is fresh at mount; later changes arrive through realtime.
    staleTime: Infinity,
  });

export interface LiveDevice {
  device: Device;
  refresh: () => Promise<unknown>;
  replace: (d: Device) => void;
  /**
   * The device no longer exists (another user deleted it while the tab was open): the platform
   * pushed its deletion, or reading it again answered 404. The tab keeps what it showed.
   */
  deleted: boolean;
}

const isNotFound = (e: unknown) => isPlatformError(e) && e.status === 404;

export function useLiveDevice(): LiveDevice {
  const initial = useDevice();
  const queryClient = useQueryClient();
  const query = useQuery(liveDeviceQuery(initial.id, initial));
  // The id whose deletion was pushed (a page that goes on to another device starts afresh).
  const [deletedId, setDeletedId] = useState<string | null>(null);
  const { refetch } = query;
  // A failed read rejects (a refetch alone resolves with the error): the tab's Reload says it
  // instead of keeping the old device as if it had been read again. Stable: the page's alerts
  // (which read the device again after a 404) are made from it once.
  const refresh = useCallback(() => refetch({ throwOnError: true }), [refetch]);
  // useRealtime also reads the device again when the connection works after an interruption
  // (the updates published meanwhile never arrive).
  useRealtime<ManagedObject>(
    `/managedobjects/${initial.id}`,
    (msg, qc) => {
      if (msg.realtimeAction === 'UPDATE' && msg.data) {
        qc.setQueryData(liveDeviceKeys.detail(initial.id), (old: Device | undefined) => ({ ...old, ...(msg.data as Device) }));
      } else if (msg.realtimeAction === 'DELETE') {
        setDeletedId(initial.id);
      }
    },
    realtimeClient(),
  );
  return {
    device: query.data ?? initial,
    refresh,
    replace: (d: Device) => queryClient.setQueryData(liveDeviceKeys.detail(initial.id), d),
    deleted: deletedId === initial.id || isNotFound(query.error),
  };
}
