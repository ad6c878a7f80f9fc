/**
 * Runs a bulk action that the microservice executes as a server job: blocks while another job
 * runs, shows the overlay, polls the newest c8y_status every STATUS_POLLING_MS until the job's
 * status is completed and hands back the final status object for the result message.
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { STATUS_POLLING_MS } from '@shared/domain/constants';
import type { ManagedObject } from '@shared/platform/inventory';
import { fetchNewestStatus, newestStatusOptions, useNewestStatus } from '../api/status';
import { isJobCompleted, isJobOngoing, progressOf, type JobKind } from '../model/status';

export interface OverlayState {
  text: string;
  values?: Record<string, string | number>;
  progress?: { done: number; total: number };
}

export class JobBlockedError extends Error {
  constructor() {
    super('An operation is currently ongoing - please try again later.');
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function useServerJob() {
  const client = useQueryClient();
  const status = useNewestStatus();
  const [overlay, setOverlay] = useState<OverlayState | null>(null);
  const ongoing = isJobOngoing(status.data);

  /** Shows the overlay while `work` runs (loading a selection, a dialog's request). */
  const withOverlay = useCallback(async <T,>(text: string, work: (update: (o: OverlayState) => void) => Promise<T>): Promise<T> => {
    setOverlay({ text });
    try {
      return await work(setOverlay);
    } finally {
      setOverlay(null);
    }
  }, []);

  /** Fresh check before an action: throws JobBlockedError while a job runs. */
  const ensureIdle = useCallback(async () => {
    const fresh = await client.fetchQuery({ ...newestStatusOptions(), staleTime: 0 });
    if (isJobOngoing(fresh)) throw new JobBlockedError();
  }, [client]);

  /**
   * Starts a job with `start` and polls until it is completed. `submitted` is the number of
   * devices sent (the total of jobs whose status has no total).
   */
  const runJob = useCallback(
    async <T,>(kind: JobKind, submitted: number, start: () => Promise<T>): Promise<{ response: T; status: ManagedObject | null }> => {
      setOverlay({ text: 'Operation is running on the server ({{done}}/{{total}})', progress: { done: 0, total: submitted } });
      try {
        const response = await start();
        let latest: ManagedObject | null = null;
        for (;;) {
          latest = await fetchNewestStatus();
          if (latest) setOverlay({ text: '', progress: progressOf(kind, latest, submitted) });
          if (!latest || isJobCompleted(kind, latest)) break;
          await sleep(STATUS_POLLING_MS);
        }
        client.setQueryData(newestStatusOptions().queryKey, latest);
        return { response, status: latest };
      } finally {
        setOverlay(null);
      }
    },
    [client],
  );

  return { ongoing, overlay, withOverlay, ensureIdle, runJob, status };
}
