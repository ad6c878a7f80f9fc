/**
 * The server-side job of both device lists (spec 1, sections 3, 4 and 7; spec 2, 4): the newest
 * c8y_status object tells whether an assignment, clear-pending or initialize job is still running
 * and how far it got. One poller for both lists: the banner's query and the wait for a job.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requiredInterval } from '../domain/availability';
import { STATUS_IDLE_POLLING_MS, STATUS_POLLING_MS } from '../domain/constants';
import { fetchNewestJobStatus, type AssignmentResult } from '../platform/create-software-ng';
import { isNetworkError, isPlatformError, isRequestTimeout } from '../platform/fetch-client';
import { msg } from '../plugin-api/i18n';
import { getManagedObject, type ManagedObject } from '../platform/inventory';

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

/** The counters of a /createSoftwareAssignment answer for `total` devices (missing ones 0). */
export function answerCounters(answer: Partial<AssignmentResult> | null | undefined, total: number): AssignCounters {
  return {
    total,
    success: num(answer?.noOfSuccessfullAssignment),
    updated: num(answer?.noOfUpdatedAssignment),
    upToDate: num(answer?.noOfNoAssignment),
    failed: num(answer?.noOfFailedAssignment),
  };
}

/** Counters of several assignments added up (one per package, e.g. a transfer). */
export const sumCounters = (all: readonly AssignCounters[]): AssignCounters =>
  all.reduce((a, c) => ({ total: a.total + c.total, success: a.success + c.success, updated: a.updated + c.updated, upToDate: a.upToDate + c.upToDate, failed: a.failed + c.failed }), {
    total: 0,
    success: 0,
    updated: 0,
    upToDate: 0,
    failed: 0,
  });

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

const KINDS: readonly JobKind[] = ['assign', 'clearPending', 'initialize'];

/** The jobs the status object says run (their status present and not completed). */
export const runningKinds = (status: ManagedObject): JobKind[] =>
  KINDS.filter((k) => status[STATUS_FIELD[k]] !== undefined && status[STATUS_FIELD[k]] !== COMPLETED);

/** The completed jobs of a status object that counted devices (what its job was about). */
function countedKinds(status: ManagedObject): JobKind[] {
  return KINDS.filter((k) => {
    if (!isJobCompleted(k, status)) return false;
    const c = k === 'assign' ? assignCounters(status) : successFailed(k, status);
    return Object.values(c).some((n) => n > 0);
  });
}

/** What a page has seen of the newest status object: which one, and the jobs it saw running in it. */
export interface JobWatch {
  id: string | null;
  running: readonly JobKind[];
}

/**
 * The jobs that finished between a page's previous read of the newest status (`watch`; undefined:
 * this is its first read) and this one (spec 1, 4: "then result counters are shown"), from the
 * server's status object, so a tab or a user that did not start the job learns its result too:
 * - the same object: the jobs seen running that are completed now;
 * - a newer object, already completed (a job started and finished between two reads): its jobs
 *   that counted devices.
 * The first read is the page's starting point: a job finished before the page was shown is not
 * reported (it may be days old).
 */
export function watchJobs(watch: JobWatch | undefined, status: ManagedObject | null): { watch: JobWatch; finished: JobKind[] } {
  const next: JobWatch = { id: status?.id ?? null, running: status ? runningKinds(status) : [] };
  if (!watch || !status) return { watch: next, finished: [] };
  if (status.id === watch.id) return { watch: next, finished: watch.running.filter((k) => isJobCompleted(k, status)) };
  return { watch: next, finished: countedKinds(status) };
}

export const serverJobKeys = { newest: () => ['server-job', 'newest'] as const };

/**
 * The newest status object: polled every STATUS_POLLING_MS while a job runs, so the banner goes
 * away by itself, and every STATUS_IDLE_POLLING_MS while none runs, so a job started elsewhere
 * (another user, another tab) brings its banner without a reload of the page.
 */
export const newestStatusOptions = () =>
  queryOptions({
    queryKey: serverJobKeys.newest(),
    queryFn: fetchNewestJobStatus,
    refetchInterval: (q) => (isJobOngoing(q.state.data) ? STATUS_POLLING_MS : STATUS_IDLE_POLLING_MS),
  });

export const useNewestStatus = () => useQuery(newestStatusOptions());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Failed status reads in a row that end the wait. The job runs on the server whatever the
 * client reads: one failed poll of a minute-long assignment must not report the assignment as
 * failed (the user would retry a job that is running).
 */
export const STATUS_POLL_FAILURES_TOLERATED = 3;

/**
 * Polls the newest status every STATUS_POLLING_MS until the job's own status is completed (the
 * spec's 2 s polling) and returns it; null when the platform has no status object. `onStatus`
 * sees every status read (progress). A failed read is tried again at the next poll; the error of
 * STATUS_POLL_FAILURES_TOLERATED failures in a row is thrown.
 */
export async function waitForJob(kind: JobKind, onStatus?: (status: ManagedObject) => void): Promise<ManagedObject | null> {
  let failures = 0;
  for (;;) {
    let latest: ManagedObject | null;
    try {
      latest = await fetchNewestJobStatus();
      failures = 0;
    } catch (e) {
      if (++failures >= STATUS_POLL_FAILURES_TOLERATED) throw e;
      await sleep(STATUS_POLLING_MS);
      continue;
    }
    if (latest) onStatus?.(latest);
    if (!latest || isJobCompleted(kind, latest)) return latest;
    await sleep(STATUS_POLLING_MS);
  }
}

/**
 * How long a job's wait goes on through a lost connection (a tenant restarting, a VPN that
 * dropped) before it gives up and says the job goes on on the server.
 */
export const CONNECTION_LOSS_WAIT_MS = 120_000;

/**
 * A failed status read that says nothing about the job: no answer, a read that timed out, or a
 * gateway or server that is (re)starting (502, 503, 504).
 */
export const isConnectionFailure = (e: unknown): boolean =>
  isNetworkError(e) || isRequestTimeout(e) || (isPlatformError(e) && [502, 503, 504].includes(e.status));

/** What a wait that ended without a connection says (a key of the plugins' namespaces). */
export const JOB_CONNECTION_LOST = msg('The connection to the server was lost while the operation ran on the server. It goes on there; Reload shows when it is done.');

/** The wait for a job ended without a connection: the job goes on on the server (its message is JOB_CONNECTION_LOST). */
export class JobConnectionLostError extends Error {
  constructor() {
    super(JOB_CONNECTION_LOST);
    this.name = 'JobConnectionLostError';
  }
}

/**
 * waitForJob through a lost connection: its failures in a row end its wait, but the job runs on
 * on the server, so while the failures are the connection's the wait goes on (`onLost` says so)
 * for up to CONNECTION_LOSS_WAIT_MS; then JobConnectionLostError. A refusal ends it at once.
 */
export async function waitThroughConnectionLoss(
  kind: JobKind,
  onStatus: (status: ManagedObject) => void,
  onLost: () => void,
  /** False once nobody waits (the page was left): a lost connection then ends the wait at once. */
  wanted: () => boolean = () => true,
): Promise<ManagedObject | null> {
  let lostSince: number | null = null;
  for (;;) {
    try {
      return await waitForJob(kind, (status) => {
        lostSince = null;
        onStatus(status);
      });
    } catch (e) {
      if (!isConnectionFailure(e)) throw e;
      lostSince ??= Date.now();
      if (!wanted() || Date.now() - lostSince >= CONNECTION_LOSS_WAIT_MS) throw new JobConnectionLostError();
      onLost();
      await sleep(STATUS_POLLING_MS);
      if (!wanted()) throw new JobConnectionLostError();
    }
  }
}

/** Devices read to learn the interval Initialize set (the first one that tells suffices). */
const INTERVAL_PROBES = 3;

/**
 * The required interval Initialize gave the devices, in minutes, read back from the first devices
 * of the selection that were not monitored; undefined when none could be read (logged).
 */
export async function initializedInterval(devices: readonly ManagedObject[]): Promise<number | undefined> {
  const candidates = devices.filter((d) => !(requiredInterval(d) ?? 0)).slice(0, INTERVAL_PROBES);
  for (const device of candidates) {
    try {
      const minutes = requiredInterval(await getManagedObject(device.id));
      if (minutes && minutes > 0) return minutes;
    } catch (e) {
      console.warn(`Initialize: could not read the required interval of device ${device.id}`, e);
    }
  }
  return undefined;
}
