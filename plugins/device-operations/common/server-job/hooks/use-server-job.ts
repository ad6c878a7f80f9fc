/**
 * Runs a bulk action that the microservice executes as a server job: blocks while another job
 * runs, shows the overlay, polls the newest c8y_status every STATUS_POLLING_MS until the job's
 * status is completed and hands back the final status object for the result message.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchNewestJobStatus } from '@shared/platform/create-software-ng';
import type { ManagedObject } from '@shared/platform/inventory';
import { ONGOING_MESSAGE } from '@shared/ui/server-job-banner';
import { isJobOngoing, newestStatusOptions, progressOf, useNewestStatus, waitThroughConnectionLoss, type JobKind } from '@shared/ui/server-job';

export interface OverlayState {
  /** What is being done; none: the overlay's own "Loading…". */
  text?: string;
  values?: Record<string, string | number>;
  progress?: { done: number; total: number };
  /** The job's status cannot be read (no connection): the job goes on on the server, the wait too. */
  connectionLost?: boolean;
}

export class JobBlockedError extends Error {
  constructor() {
    super(ONGOING_MESSAGE);
  }
}

/**
 * The jobs this tab runs (runJob): their results are said by runJob's caller, so the watch of
 * jobs started elsewhere (useJobResults) leaves them out. `running`: jobs started and not yet
 * ended here (their status object may not be known yet); `ids`: their status objects.
 */
export const ownJobs = { running: 0, ids: new Set<string>() };

export function useServerJob() {
  const client = useQueryClient();
  const status = useNewestStatus();
  const [overlay, setOverlay] = useState<OverlayState | null>(null);
  // A page left while its job's status cannot be read stops asking (no timer left behind).
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
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

  /**
   * Fresh check before an action: throws JobBlockedError while a job runs. It asks even while the
   * browser says it is offline (React Query would hold the read until it is online again, and the
   * page's overlay with it): without a connection the action fails with the connection's message.
   * Its own query, so it never joins the banner's read held while offline; the banner takes its answer.
   */
  const ensureIdle = useCallback(async () => {
    const banner = newestStatusOptions();
    const fresh = await client.fetchQuery({ queryKey: [...banner.queryKey, 'check'] as const, queryFn: fetchNewestJobStatus, staleTime: 0, gcTime: 0, networkMode: 'always' });
    client.setQueryData(banner.queryKey, fresh);
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
      ownJobs.running++;
      let latest: ManagedObject | null;
      let response: T;
      try {
        response = await start();
        let progress = { done: 0, total: submitted };
        latest = await waitThroughConnectionLoss(
          kind,
          (status) => {
            ownJobs.ids.add(status.id);
            progress = progressOf(kind, status, submitted);
            setOverlay({ text: '', progress });
          },
          () => setOverlay({ text: '', progress, connectionLost: true }),
          () => mounted.current,
        );
      } finally {
        ownJobs.running--;
        setOverlay(null);
      }
      client.setQueryData(newestStatusOptions().queryKey, latest);
      return { response, status: latest };
    },
    [client],
  );

  return { ongoing, overlay, withOverlay, ensureIdle, ensureIdleBlocked, runJob, status };
}
