/**
 * The server-side job of the dashboard lists (spec 4): ongoing unless both the clear-pending and
 * the assign-software status of the newest c8y_status object are 'completed'; and the result
 * messages of spec 8.
 */
import type { ManagedObject } from '@shared/platform/inventory';

export const ONGOING_MESSAGE = 'An operation is currently ongoing - please try again later.';
const COMPLETED = 'completed';

export type JobKind = 'assign' | 'clearPending' | 'initialize';

const STATUS_FIELD: Record<JobKind, string> = {
  assign: 'dmg_assign_software_status',
  clearPending: 'dmg_clear_pending_assignment_status',
  initialize: 'dmg_initialize_fragments_status',
};

export function isJobOngoing(status: ManagedObject | null | undefined): boolean {
  if (!status) return false;
  return !(status.dmg_clear_pending_assignment_status === COMPLETED && status.dmg_assign_software_status === COMPLETED);
}

export const isJobCompleted = (kind: JobKind, status: ManagedObject | null | undefined): boolean => !!status && status[STATUS_FIELD[kind]] === COMPLETED;

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function successFailed(kind: 'clearPending' | 'initialize', status: ManagedObject | null): { success: number; failed: number } {
  const base = kind === 'clearPending' ? 'dmg_clear_pending_assignment' : 'dmg_initialize_fragments';
  return { success: num(status?.[`${base}_success`]), failed: num(status?.[`${base}_failed`]) };
}

export interface Counters {
  created: number;
  updated: number;
  alreadyAssigned: number;
  failed: number;
}

/** The assignment's counters from the status object, else from the call's answer. */
export function assignmentCounters(
  status: ManagedObject | null,
  answer: { noOfSuccessfullAssignment?: number; noOfUpdatedAssignment?: number; noOfNoAssignment?: number; noOfFailedAssignment?: number } | null,
): Counters {
  if (status && status.dmg_assign_software_counter_total !== undefined) {
    return {
      created: num(status.dmg_assign_software_counter_success),
      updated: num(status.dmg_assign_software_counter_updated),
      alreadyAssigned: num(status.dmg_assign_software_counter_uptodate),
      failed: num(status.dmg_assign_software_counter_failed),
    };
  }
  return {
    created: num(answer?.noOfSuccessfullAssignment),
    updated: num(answer?.noOfUpdatedAssignment),
    alreadyAssigned: num(answer?.noOfNoAssignment),
    failed: num(answer?.noOfFailedAssignment),
  };
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

export const initializeMessage = ({ success, failed }: { success: number; failed: number }): Message => ({
  type: failed > 0 ? 'warning' : 'success',
  text: 'Initialized {{n}} not monitored devices.',
  values: { n: success },
  lines: failed > 0 ? [{ text: 'Initialization of {{m}} not monitored devices failed.', values: { m: failed } }] : undefined,
});

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
