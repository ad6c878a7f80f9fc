import { STATUS_IDLE_POLLING_MS, STATUS_POLLING_MS } from '../domain/constants';
import { configureClient } from '../platform/fetch-client';
import { jsonReply } from '../plugin-api/testing';
import { assignCounters, isJobCompleted, watchJobs, runningKinds, type JobWatch, isJobOngoing, newestStatusOptions, progressOf, STATUS_POLL_FAILURES_TOLERATED, successFailed, waitForJob } from './server-job';

const status = (over: Record<string, unknown>) => ({
  id: '1',
  type: 'c8y_status',
  dmg_clear_pending_assignment_status: 'completed',
  dmg_assign_software_status: 'completed',
  dmg_initialize_fragments_status: 'completed',
  ...over,
});

describe('server job status', () => {
  it('no status object: nothing runs', () => {
    expect(isJobOngoing(undefined)).toBe(false);
  });
  it('ongoing unless clear pending and assign are both completed', () => {
    expect(isJobOngoing(status({}))).toBe(false);
    expect(isJobOngoing(status({ dmg_assign_software_status: 'ongoing' }))).toBe(true);
    expect(isJobOngoing(status({ dmg_clear_pending_assignment_status: 'ongoing' }))).toBe(true);
    expect(isJobOngoing(status({ dmg_initialize_fragments_status: 'ongoing' }))).toBe(false);
  });
  it('completion per job kind', () => {
    expect(isJobCompleted('initialize', status({ dmg_initialize_fragments_status: 'ongoing' }))).toBe(false);
    expect(isJobCompleted('assign', status({}))).toBe(true);
  });
  it('assignment progress reads the counters', () => {
    const s = status({
      dmg_assign_software_status: 'ongoing',
      dmg_assign_software_counter_total: 40,
      dmg_assign_software_counter_success: 5,
      dmg_assign_software_counter_updated: 2,
      dmg_assign_software_counter_uptodate: 3,
      dmg_assign_software_counter_failed: 1,
    });
    expect(progressOf('assign', s, 40)).toEqual({ done: 11, total: 40 });
    expect(assignCounters(s)).toEqual({ total: 40, success: 5, updated: 2, upToDate: 3, failed: 1 });
  });
  it('clear pending progress counts success and failed against the submitted devices', () => {
    const s = status({ dmg_clear_pending_assignment_success: 7, dmg_clear_pending_assignment_failed: 2 });
    expect(progressOf('clearPending', s, 20)).toEqual({ done: 9, total: 20 });
    expect(successFailed('clearPending', s)).toEqual({ success: 7, failed: 2 });
  });
});

describe('newestStatusOptions', () => {
  const interval = (data: unknown) => (newestStatusOptions().refetchInterval as (q: { state: { data: unknown } }) => number | false)({ state: { data } });
  it('polls every 2 s while a job runs, and slowly while none runs so a job started elsewhere shows', () => {
    expect(interval({ id: '1', dmg_assign_software_status: 'ongoing', dmg_clear_pending_assignment_status: 'completed' })).toBe(STATUS_POLLING_MS);
    expect(interval({ id: '1', dmg_assign_software_status: 'completed', dmg_clear_pending_assignment_status: 'completed' })).toBe(STATUS_IDLE_POLLING_MS);
    expect(interval(null)).toBe(STATUS_IDLE_POLLING_MS);
  });
});

describe('waitForJob', () => {
  afterEach(() => {
    jest.useRealTimers();
    configureClient({ fetch: undefined });
  });
  /** Answers the status reads in turn: a number is a failing status code, an object the newest status. */
  function statusReads(answers: (number | Record<string, unknown>)[]) {
    let i = 0;
    configureClient({
      fetch: (async () => {
        const a = answers[Math.min(i++, answers.length - 1)];
        return typeof a === 'number' ? jsonReply(a, { error: 'x', message: 'Gateway timeout' }) : jsonReply(200, { managedObjects: [a], statistics: { currentPage: 1, pageSize: 1 } });
      }) as unknown as typeof fetch,
    });
    return () => i;
  }
  const run = async <T,>(p: Promise<T>) => {
    const settled = p.then(
      (v) => ({ v }),
      (e: unknown) => ({ e }),
    );
    for (let k = 0; k < 20; k++) await jest.advanceTimersByTimeAsync(STATUS_POLLING_MS);
    return settled;
  };

  it('keeps polling through a failed status read and returns the completed status (the job runs on the server regardless)', async () => {
    jest.useFakeTimers();
    const reads = statusReads([status({ dmg_assign_software_status: 'ongoing' }), 504, status({ dmg_assign_software_counter_success: 3 })]);
    const seen: unknown[] = [];
    const result = await run(waitForJob('assign', (s) => seen.push(s)));
    expect(result).toEqual({ v: expect.objectContaining({ dmg_assign_software_counter_success: 3 }) });
    expect(reads()).toBe(3);
    expect(seen).toHaveLength(2);
  });

  it(`gives up with the error after ${STATUS_POLL_FAILURES_TOLERATED} failed reads in a row`, async () => {
    jest.useFakeTimers();
    const reads = statusReads([status({ dmg_assign_software_status: 'ongoing' }), 504]);
    const result = await run(waitForJob('assign'));
    expect(result).toEqual({ e: expect.objectContaining({ status: 504 }) });
    expect(reads()).toBe(1 + STATUS_POLL_FAILURES_TOLERATED);
  });
});

describe('watchJobs: the result of a job another tab or user started', () => {
  const assignRunning = status({ id: '7', dmg_assign_software_status: 'ongoing', dmg_assign_software_counter_total: 4, dmg_assign_software_counter_success: 1 });
  const assignDone = status({ id: '7', dmg_assign_software_counter_total: 4, dmg_assign_software_counter_success: 3, dmg_assign_software_counter_failed: 1 });

  it('names the jobs a status object says run', () => {
    expect(runningKinds(assignRunning)).toEqual(['assign']);
    expect(runningKinds(status({ dmg_clear_pending_assignment_status: 'ongoing', dmg_initialize_fragments_status: 'ongoing' }))).toEqual(['clearPending', 'initialize']);
    expect(runningKinds(status({}))).toEqual([]);
  });

  it('the first read is the starting point: a job finished before is not reported', () => {
    expect(watchJobs(undefined, assignDone)).toEqual({ watch: { id: '7', running: [] }, finished: [] });
    expect(watchJobs(undefined, null)).toEqual({ watch: { id: null, running: [] }, finished: [] });
  });

  it('a job seen running is reported once, when its status is completed', () => {
    const first = watchJobs(undefined, assignRunning);
    expect(first).toEqual({ watch: { id: '7', running: ['assign'] }, finished: [] });
    expect(watchJobs(first.watch, assignRunning).finished).toEqual([]);
    const done = watchJobs(first.watch, assignDone);
    expect(done.finished).toEqual(['assign']);
    expect(watchJobs(done.watch, assignDone).finished).toEqual([]);
  });

  it('a job that started and finished between two reads (a newer status object) is reported by what it counted', () => {
    const before: JobWatch = { id: '3', running: [] };
    expect(watchJobs(before, assignDone).finished).toEqual(['assign']);
    expect(watchJobs(before, status({ id: '8', dmg_clear_pending_assignment_success: 5 })).finished).toEqual(['clearPending']);
    expect(watchJobs(before, status({ id: '9', dmg_initialize_fragments_failed: 2 })).finished).toEqual(['initialize']);
    expect(watchJobs({ id: null, running: [] }, assignDone).finished).toEqual(['assign']);
    // A newer one still running is reported when it completes.
    expect(watchJobs(before, assignRunning)).toEqual({ watch: { id: '7', running: ['assign'] }, finished: [] });
  });
});
