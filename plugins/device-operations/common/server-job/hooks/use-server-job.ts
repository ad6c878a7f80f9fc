/**
 * Runs a bulk action that the microservice executes as a server job: blocks while another job
 * runs, shows the overlay, polls the newest c8y_status every STATUS_POLLING_MS until the job's
 * status is completed and hands back the final status object for the result message.
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ManagedObject } from '@shared/platform/inventory';
import { ONGOING_MESSAGE } from '@shared/ui/server-job-banner';
import { isJobOngoing, newestStatusOptions, progressOf, useNewestStatus, waitForJob, type JobKind } from '@shared/ui/server-job';

export interface OverlayState {
  /** What is being done; none: the overlay's own "Loading…". */
  text?: string;
  values?: Record<string, string | number>;
  progress?: { done: number; total: number };
}

export class JobBlockedError extends Error {
  constructor() {
    super(ONGOING_MESSAGE);
  }
}

export function useServerJob() {
  const client = useQueryClient();
  const status = useNewestStatus();
  const [overlay, setOverlay] = useState<OverlayState | null>(null);
  const ongoing = isJobOngoing(status.data);

  /** Shows the overlay while `work` runs (loading a selection, a dialog's request). */
  const withOverlay = useCallback(async <T,>(text: string | undefined, work: (update: (o: OverlayState) => void) => Promise<T>): Promise<T> => {
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
   * ensureIdle for a page that shows the overlay: the page is blocked while the check runs (on a
   * slow network a second click meanwhile started the same job twice).
   */
  const ensureIdleBlocked = useCallback(() => withOverlay(undefined, ensureIdle), [withOverlay, ensureIdle]);

  /**
   * Starts a job with `start` and polls until it is completed. `submitted` is the number of
   * devices sent (the total of jobs whose status has no total).
   */
  const runJob = useCallback(
    async <T,>(kind: JobKind, submitted: number, start: () => Promise<T>): Promise<{ response: T; status: ManagedObject | null }> => {
      setOverlay({ text: 'Operation is running on the server ({{done}}/{{total}})', progress: { done: 0, total: submitted } });
      try {
        const response = await start();
        const latest = await waitForJob(kind, (status) => setOverlay({ text: '', progress: progressOf(kind, status, submitted) }));
        client.setQueryData(newestStatusOptions().queryKey, latest);
        return { response, status: latest };
      } finally {
        setOverlay(null);
      }
    },
    [client],
  );

  return { ongoing, overlay, withOverlay, ensureIdle, ensureIdleBlocked, runJob, status };
}
