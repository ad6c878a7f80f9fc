/**
 * The results of server jobs this tab did not start (another tab, another user): read from the
 * newest c8y_status object the list polls anyway (shared/ui/server-job watchJobs), so every tab
 * that shows the list while or after a job runs learns its counters, not only the tab that
 * started it (spec 1, sections 3, 4 and 7).
 */
import { useEffect, useRef } from 'react';
import type { ManagedObject } from '@shared/platform/inventory';
import { assignCounters, successFailed, useNewestStatus, watchJobs, type JobKind, type JobWatch } from '@shared/ui/server-job';
import { assignmentResult, clearPendingResult, initializeResult, startedElsewhere, type AlertSpec } from '../model/messages';
import { ownJobs } from './use-server-job';

/** The result message of a finished job, as its starting tab says it, marked as started elsewhere. */
export function foreignJobResult(kind: JobKind, status: ManagedObject): AlertSpec {
  if (kind === 'assign') return startedElsewhere(assignmentResult(assignCounters(status)));
  if (kind === 'clearPending') return startedElsewhere(clearPendingResult(successFailed('clearPending', status)));
  // The interval the devices got is not known here (the devices are not): the message without it.
  return startedElsewhere(initializeResult(successFailed('initialize', status), undefined));
}

/** Calls `onResult` once for each job started elsewhere that finishes while the page is shown. */
export function useJobResults(onResult: (kind: JobKind, spec: AlertSpec) => void) {
  const { data, isSuccess } = useNewestStatus();
  const watch = useRef<JobWatch | undefined>(undefined);
  const report = useRef(onResult);
  useEffect(() => {
    report.current = onResult;
  }, [onResult]);
  useEffect(() => {
    // No read yet, or this tab's own job under way (its status object may not be known as its own yet).
    if (!isSuccess || ownJobs.running > 0) return;
    const status = data ?? null;
    const { watch: next, finished } = watchJobs(watch.current, status);
    watch.current = next;
    if (!status || ownJobs.ids.has(status.id)) return;
    for (const kind of finished) report.current(kind, foreignJobResult(kind, status));
  }, [data, isSuccess]);
}
