/** The result messages of bulk actions (spec 1, section 8), as alerts with their dismiss time. */
import { ALERT_DISMISS_MS, ALERT_SUCCESS_DISMISS_MS } from '@shared/domain/constants';
import { isPlatformError } from '@shared/platform/fetch-client';
import type { ListAlert } from '../store/alerts';
import { msg } from '@shared/plugin-api/i18n';
import { JobConnectionLostError, type AssignCounters, type SuccessFailed } from '@shared/ui/server-job';

export interface AlertSpec {
  alert: Omit<ListAlert, 'id'>;
  /** undefined: stays until closed. */
  dismissAfterMs?: number;
}

/**
 * The connection was lost while a started job ran, and did not come back in time: the job goes
 * on on the server (its banner shows while it runs), so this is no failure of the job.
 */
/** A job's failure as its alert: a lost connection as a warning of its own, anything else as `otherwise` says it. */
export const jobFailure = (error: unknown, otherwise: (error: unknown) => AlertSpec): AlertSpec =>
  error instanceof JobConnectionLostError ? { alert: { type: 'warning', text: error.message } } : otherwise(error);

const counterLines = (c: AssignCounters): NonNullable<ListAlert['details']> => [
  { text: 'Created: {{n}}', values: { n: c.success } },
  { text: 'Updated: {{n}}', values: { n: c.updated } },
  { text: 'Already assigned/installed: {{n}}', values: { n: c.upToDate } },
  { text: 'Failed: {{n}}', values: { n: c.failed } },
];

/**
 * A job's result in a tab that did not start it (another tab, another user): its message, with
 * the line that says so first, so nobody takes it for the answer to something they did.
 */
export const startedElsewhere = (spec: AlertSpec): AlertSpec => ({
  ...spec,
  alert: { ...spec.alert, details: [{ text: msg('Started in another browser tab or by another user; finished on the server.') }, ...(spec.alert.details ?? [])] },
});

export function assignmentResult(c: AssignCounters): AlertSpec {
  if (c.failed > 0) return { alert: { type: 'danger', text: 'Software assignment failed', details: counterLines(c) } };
  return { alert: { type: 'success', text: 'Software assignment successful', details: counterLines(c) }, dismissAfterMs: ALERT_SUCCESS_DISMISS_MS };
}

/** An alert as one line of text (its details after the text), for the tabs' plain-text alerts. */
export const alertText = (spec: AlertSpec, t: (key: string, values?: Record<string, unknown>) => string): string =>
  [t(spec.alert.text, spec.alert.values), ...(spec.alert.details ?? []).map((d) => (d.raw ? d.text : t(d.text, d.values)))].join(' ');

const dataText = (data: unknown): string => (data === null || data === undefined ? '' : typeof data === 'string' ? data : JSON.stringify(data));

/** A dialog's request answered with an error status (assignment, rollout). */
export function unexpectedError(error: unknown): AlertSpec {
  const status = isPlatformError(error) ? error.status : error instanceof Error ? error.message : String(error);
  const data = isPlatformError(error) ? dataText(error.data) : '';
  return { alert: { type: 'danger', text: 'An unexpected error occured: {{status}}', values: { status }, details: data ? [{ text: data, raw: true }] : undefined } };
}

export const rolloutCreated = (): AlertSpec => ({
  alert: { type: 'success', text: 'Software rollout creation successful - needs to be started' },
  dismissAfterMs: ALERT_DISMISS_MS,
});

export function rolloutFailed(error: unknown): AlertSpec {
  const data = isPlatformError(error) ? dataText(error.data) || error.message : error instanceof Error ? error.message : String(error);
  return { alert: { type: 'danger', text: 'Software rollout creation failed', details: data ? [{ text: data, raw: true }] : undefined } };
}

export const noSoftwareAssigned = (): AlertSpec => ({ alert: { type: 'info', text: 'No software assigned' }, dismissAfterMs: ALERT_DISMISS_MS });

export const clearPendingTriggered = (): AlertSpec => ({
  alert: { type: 'info', text: 'Clearing pending software assignments triggered' },
  dismissAfterMs: ALERT_DISMISS_MS,
});

const failedLine = (failed: number) => (failed > 0 ? [{ text: '{{n}} devices failed.', values: { n: failed } }] : undefined);

export function clearPendingResult(r: SuccessFailed): AlertSpec {
  return {
    alert: { type: r.failed > 0 ? 'warning' : 'success', text: 'Cleared all pending software operations successfully for {{n}} devices.', values: { n: r.success }, details: failedLine(r.failed) },
    dismissAfterMs: r.failed > 0 ? undefined : ALERT_DISMISS_MS,
  };
}

/** Status 400 or above (or a network failure) of a clear-pending or initialize call. */
export function httpError(error: unknown): AlertSpec {
  if (isPlatformError(error)) return { alert: { type: 'danger', text: 'Error: {{status}} {{statusText}}', values: { status: error.status, statusText: error.statusText } } };
  // No answer (the connection) has no status: "Error: 0 ..." read as a code the server sent.
  return { alert: { type: 'danger', text: 'Error: {{message}}', values: { message: error instanceof Error ? error.message : String(error) } } };
}

/**
 * Initialize gives each not monitored device a required interval; the platform derives the
 * status from it later, so the list keeps showing them as not monitored for a while (issue 19.12):
 * the message says what changed and when the status follows. `minutes`: the interval read back
 * from an initialized device (shared/ui/server-job initializedInterval), undefined when unknown.
 * It stays until closed: a user filtering on "Not monitored" needs it while the list catches up.
 */
export function initializeResult(r: SuccessFailed, minutes: number | undefined): AlertSpec {
  const followUp =
    minutes === undefined
      ? { text: msg('They are monitored now: each turns Online with its next message, or Offline when none arrives within its required interval. Until then the list shows them as not monitored.') }
      : {
          text: msg('They are monitored now with a required interval of {{minutes}} minutes: each turns Online with its next message, or Offline when none arrives within {{minutes}} minutes. Until then the list shows them as not monitored.'),
          values: { minutes },
        };
  return {
    alert: {
      type: r.failed > 0 ? 'warning' : 'success',
      text: 'Initialized {{n}} not monitored devices.',
      values: { n: r.success },
      // The failed count in the words of spec 2's catalogue (one Initialize, both lists).
      details: [...(r.success > 0 ? [followUp] : []), ...(r.failed > 0 ? [{ text: 'Initialization of {{n}} not monitored devices failed.', values: { n: r.failed } }] : [])],
    },
    dismissAfterMs: 0,
  };
}

/** Spec 2, group sub-assets. */
export const emptyGroup = (): AlertSpec => ({ alert: { type: 'warning', text: 'No Device to assign Sofware' }, dismissAfterMs: ALERT_DISMISS_MS });
/** Select Software of a group another user deleted since its page read it (its devices read as none). */
export const groupGone = (): AlertSpec => ({ alert: { type: 'danger', text: 'This group does not exist; another user may have deleted it.' } });
export const groupAssigned = (): AlertSpec => ({ alert: { type: 'success', text: 'Software successfully assigned' }, dismissAfterMs: ALERT_SUCCESS_DISMISS_MS });
export const groupNotAssigned = (): AlertSpec => ({ alert: { type: 'info', text: 'No software was assigned' }, dismissAfterMs: ALERT_DISMISS_MS });
