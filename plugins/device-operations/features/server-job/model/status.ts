/**
 * The server-side job status (spec 1, sections 3 and 4): the newest c8y_status object tells
 * whether an assignment, clear-pending or initialize job is still running and how far it got.
 */
import type { ManagedObject } from '@shared/platform/inventory';

const COMPLETED = 'completed';

export type JobKind = 'assign' | 'clearPending' | 'initialize';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Ongoing unless both the clear-pending and the assign-software status are completed (spec 4). */
export function isJobOngoing(status: ManagedObject | null | undefined): boolean {
  if (!status) return false;
  return !(status.dmg_clear_pending_assignment_status === COMPLETED && status.dmg_assign_software_status === COMPLETED);
}

const STATUS_FIELD: Record<JobKind, string> = {
  assign: 'dmg_assign_software_status',
  clearPending: 'dmg_clear_pending_assignment_status',
  initialize: 'dmg_initialize_fragments_status',
};

export const isJobCompleted = (kind: JobKind, status: ManagedObject | null | undefined): boolean =>
  !!status && status[STATUS_FIELD[kind]] === COMPLETED;

export interface AssignCounters {
  total: number;
  success: number;
  updated: number;
  upToDate: number;
  failed: number;
}

export function assignCounters(status: ManagedObject): AssignCounters {
  return {
    total: num(status.dmg_assign_software_counter_total),
    success: num(status.dmg_assign_software_counter_success),
    updated: num(status.dmg_assign_software_counter_updated),
    upToDate: num(status.dmg_assign_software_counter_uptodate),
    failed: num(status.dmg_assign_software_counter_failed),
  };
}

export interface SuccessFailed {
  success: number;
  failed: number;
}

export function successFailed(kind: 'clearPending' | 'initialize', status: ManagedObject): SuccessFailed {
  const base = kind === 'clearPending' ? 'dmg_clear_pending_assignment' : 'dmg_initialize_fragments';
  return { success: num(status[`${base}_success`]), failed: num(status[`${base}_failed`]) };
}

/** done/total of a running job; `submitted` is the number of devices the client sent. */
export function progressOf(kind: JobKind, status: ManagedObject, submitted: number): { done: number; total: number } {
  if (kind === 'assign') {
    const c = assignCounters(status);
    return { done: c.success + c.updated + c.upToDate + c.failed, total: c.total || submitted };
  }
  const c = successFailed(kind, status);
  return { done: c.success + c.failed, total: submitted };
}
