/**
 * The result messages of the dashboard list's actions (spec 2, section 8). Whether a job runs and
 * how far it got is the shared server job's (shared/ui/server-job).
 */
import type { ManagedObject } from '@shared/platform/inventory';
import { msg } from '@shared/plugin-api/i18n';
import type { AssignmentResult } from '@shared/platform/create-software-ng';
import { answerCounters, assignCounters } from '@shared/ui/server-job';

export interface Counters {
  created: number;
  updated: number;
  alreadyAssigned: number;
  failed: number;
}

/** The assignment's counters from the status object, else from the call's answer (the shared readers of both). */
export function assignmentCounters(status: ManagedObject | null, answer: Partial<AssignmentResult> | null): Counters {
  const c = status && status.dmg_assign_software_counter_total !== undefined ? assignCounters(status) : answerCounters(answer, 0);
  return { created: c.success, updated: c.updated, alreadyAssigned: c.upToDate, failed: c.failed };
}

export interface Message {
  type: 'success' | 'info' | 'warning' | 'danger';
  text: string;
  values?: Record<string, string | number>;
  /** Extra lines, each an i18n key with values. */
  lines?: { text: string; values?: Record<string, string | number> }[];
}

export const clearPendingMessage = ({ success, failed }: { success: number; failed: number }): Message => ({
  type: failed > 0 ? 'warning' : 'success',
  text: 'Cleared all pending software operations successfully for {{n}} devices.',
  values: { n: success },
  lines: failed > 0 ? [{ text: '{{m}} devices failed.', values: { m: failed } }] : undefined,
});

/**
 * Initialize gives each not monitored device a required interval; the platform derives the status
 * from it later, so the list keeps them as not monitored for a while (issue 19.12): the message
 * says what changed and when the status follows. `minutes`: the interval read back from an
 * initialized device (shared/ui/server-job initializedInterval), undefined when unknown.
 */
export function initializeMessage({ success, failed }: { success: number; failed: number }, minutes: number | undefined): Message {
  const followUp =
    minutes === undefined
      ? { text: msg('They are monitored now: each turns Online with its next message, or Offline when none arrives within its required interval. Until then the list shows them as not monitored.') }
      : {
          text: msg('They are monitored now with a required interval of {{minutes}} minutes: each turns Online with its next message, or Offline when none arrives within {{minutes}} minutes. Until then the list shows them as not monitored.'),
          values: { minutes },
        };
  const lines = [...(success > 0 ? [followUp] : []), ...(failed > 0 ? [{ text: 'Initialization of {{m}} not monitored devices failed.', values: { m: failed } }] : [])];
  return { type: failed > 0 ? 'warning' : 'success', text: 'Initialized {{n}} not monitored devices.', values: { n: success }, lines: lines.length ? lines : undefined };
}

export function assignmentMessage(c: Counters): Message {
  if (c.failed > 0) {
    return {
      type: 'danger',
      text: 'An unexpected error occured during software assignment.',
      lines: [
        { text: 'Created: {{n}}', values: { n: c.created } },
        { text: 'Updated: {{n}}', values: { n: c.updated } },
        { text: 'Already assigned/installed: {{n}}', values: { n: c.alreadyAssigned } },
        { text: 'Failed: {{n}}', values: { n: c.failed } },
      ],
    };
  }
  return { type: 'success', text: 'Software successfully assigned.' };
}

/** HTTP status 400 or above of clear pending / initialize (a network failure has status 0). */
export const httpErrorMessage = (status: number, statusText: string): Message => ({ type: 'danger', text: 'Error: {{status}} {{statusText}}', values: { status, statusText } });
