/** Rollout rules of the Software Rollouts page (spec 1 section 4, spec 2 sections 2 and 4). */
import type { RolloutCounters, RolloutStatus, RolloutStatusChange, SoftwareRollout } from '@shared/platform/create-software-ng';
import { PRODUCT } from '@shared/plugin-api/types';

/** Inventory type of rollout objects. */
export const ROLLOUT_TYPE = `${PRODUCT}_software_rollout_object`;

export type RolloutAction = 'start' | 'pause' | 'cancel' | 'archive';

/** The status each action sets. */
export const ACTION_STATUS: Record<RolloutAction, RolloutStatusChange> = {
  start: 'ONGOING',
  pause: 'PAUSED',
  cancel: 'CANCELLED',
  archive: 'ARCHIVED',
};

/** Where each action is offered; BROKEN and ARCHIVED offer none. */
const OFFERED_IN: Record<RolloutAction, readonly RolloutStatus[]> = {
  start: ['CREATED', 'PAUSED'],
  pause: ['ONGOING'],
  // Cancel also while running (issue 20): the engine sends nothing more and fails unstarted operations.
  cancel: ['CREATED', 'ONGOING', 'PAUSED'],
  archive: ['COMPLETED', 'CANCELLED'],
};

const ACTIONS: readonly RolloutAction[] = ['start', 'pause', 'cancel', 'archive'];

export const allowedActions = (status: RolloutStatus | string | undefined): RolloutAction[] =>
  ACTIONS.filter((a) => OFFERED_IN[a].includes(status as RolloutStatus));

/**
 * Delete is not gated by the spec; a running rollout must be paused first so the engine never
 * dispatches a batch for a rollout that is gone.
 */
export const canDelete = (status: RolloutStatus | string | undefined): boolean => status !== 'ONGOING';

/**
 * Polling of an expanded rollout ends in COMPLETED or CANCELLED (the spec), and also in BROKEN
 * and ARCHIVED, which can never change again either.
 */
export const isSettled = (status: RolloutStatus | string | undefined): boolean =>
  status === 'COMPLETED' || status === 'CANCELLED' || status === 'BROKEN' || status === 'ARCHIVED';

/** The derived processed count: every device with a result. */
export function processedSum(c: Partial<RolloutCounters> | undefined): number {
  if (!c) return 0;
  return (c.success ?? 0) + (c.upToDate ?? 0) + (c.updated ?? 0) + (c.failed ?? 0) + (c.disabled ?? 0);
}

/** Devices of the rollout: the counters' total, else the device list's length. */
export function totalOf(r: Pick<SoftwareRollout, 'counters'> & { devices?: unknown }): number {
  if (typeof r.counters?.total === 'number') return r.counters.total;
  return Array.isArray(r.devices) ? r.devices.length : 0;
}

/** Percent of devices processed, whole numbers. */
export function progressPercent(r: Pick<SoftwareRollout, 'counters'> & { devices?: unknown }): number {
  const total = totalOf(r);
  return total > 0 ? Math.round((processedSum(r.counters) / total) * 100) : 0;
}

/** How many batches the rollout sends its devices out in. */
export function batchCount(r: Pick<SoftwareRollout, 'counters' | 'rolloutParameters'> & { devices?: unknown }): number {
  const size = r.rolloutParameters?.batchSize ?? 0;
  return size > 0 ? Math.ceil(totalOf(r) / size) : 0;
}

/** The page's filter: archived only when shown, text in the rollout's or its software's name or version. */
export function visibleRollouts<R extends Pick<SoftwareRollout, 'status' | 'name' | 'software'>>(
  rollouts: readonly R[],
  opts: { showArchived: boolean; text: string },
): R[] {
  const t = opts.text.trim().toLowerCase();
  return rollouts.filter((r) => {
    if (r.status === 'ARCHIVED' && !opts.showArchived) return false;
    if (!t) return true;
    return [r.name, r.software?.name, r.software?.version].some((s) => typeof s === 'string' && s.toLowerCase().includes(t));
  });
}

/** Newest first. */
export const byCreationDesc = (a: { creationTime?: string }, b: { creationTime?: string }): number =>
  String(b.creationTime ?? '').localeCompare(String(a.creationTime ?? ''));

/** Width shares (percent of all devices) of the progress bar's parts; what is left is not sent yet. */
export interface ProgressParts {
  success: number;
  failed: number;
  disabled: number;
  waiting: number;
}

export function progressParts(r: Pick<SoftwareRollout, 'counters'> & { devices?: unknown }): ProgressParts {
  const total = totalOf(r);
  const c = r.counters;
  const share = (n: number) => (total > 0 ? (n / total) * 100 : 0);
  return {
    success: share((c?.success ?? 0) + (c?.updated ?? 0) + (c?.upToDate ?? 0)),
    failed: share(c?.failed ?? 0),
    disabled: share(c?.disabled ?? 0),
    waiting: share(c?.waiting ?? 0),
  };
}

/** Whole seconds from now until an ISO time (0 when past); null without a time. */
export function secondsUntil(iso: string | null | undefined, now: number): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  return Math.max(0, Math.ceil((t - now) / 1000));
}

/** '1 h 5 min', '3 min 20 s', '45 s': the largest two units. */
export function shortDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return m ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return s ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** Counters that open the list of their devices, with the device-list filter each one asks for. */
export const COUNTER_RESULTS = ['processed', 'success', 'updated', 'upToDate', 'failed', 'disabled', 'waiting', 'cancelled'] as const;
export type CounterResult = (typeof COUNTER_RESULTS)[number];
