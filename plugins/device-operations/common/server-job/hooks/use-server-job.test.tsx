import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { READ_TIMEOUT_MS } from '@shared/domain/constants';
import { configureClient, NetworkError, PlatformError, RequestTimeoutError } from '@shared/platform/fetch-client';
import { jsonReply } from '@shared/plugin-api/testing';
import { CONNECTION_LOSS_WAIT_MS, isConnectionFailure, JobConnectionLostError, STATUS_POLL_FAILURES_TOLERATED, waitThroughConnectionLoss } from '@shared/ui/server-job';
import { jobFailure, unexpectedError } from '../model/messages';
import { useServerJob } from './use-server-job';

const status = (assign: string, success: number) => () =>
  jsonReply(200, {
    managedObjects: [{ id: '9', type: 'c8y_status', dmg_assign_software_status: assign, dmg_clear_pending_assignment_status: 'completed', dmg_assign_software_counter_total: 4, dmg_assign_software_counter_success: success }],
    statistics: { currentPage: 1, pageSize: 1 },
  });

/**
 * A status read's answer: a status object, 'offline' (the browser has no connection), 'timeout'
 * (no answer at all: the read times out) or an error status.
 */
type Reply = (() => Response) | 'offline' | 'timeout' | number;

function answer(reply: Reply, init?: RequestInit): Promise<Response> | Response {
  if (reply === 'offline') throw new TypeError('Failed to fetch');
  // Never answers; the client's time-out aborts it.
  if (reply === 'timeout') return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
  if (reply === 403) return jsonReply(403, { error: 'security/Forbidden', message: 'Access is denied' });
  if (typeof reply === 'number') return jsonReply(reply, { error: 'x', message: `answered ${reply}` });
  return reply();
}

/** The status reads answer from `replies` in turn; the last one repeats. */
function serverAnswers(replies: Reply[]) {
  let i = 0;
  configureClient({ fetch: (async (_url: string, init?: RequestInit) => answer(replies[Math.min(i++, replies.length - 1)], init)) as unknown as typeof fetch });
}

/** Runs the wait on fake timers until it settles (each status poll sleeps 2 s). */
async function runWait(limitMs: number) {
  const seen: string[] = [];
  const done = waitThroughConnectionLoss(
    'assign',
    (s) => seen.push(`status ${String(s.dmg_assign_software_counter_success)}`),
    () => seen.push('lost'),
  ).then(
    (s) => ({ result: s, error: undefined }),
    (error: unknown) => ({ result: undefined, error }),
  );
  for (let t = 0; t < limitMs; t += 500) await jest.advanceTimersByTimeAsync(500);
  return { ...(await done), seen };
}

describe('waitThroughConnectionLoss (a server job while the connection drops)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps waiting through 20 s without connection, says so, and ends with the job\'s result once the server answers again', async () => {
    // 1 read, then 10 polls (20 s) without connection, then the job goes on and completes.
    serverAnswers([status('ongoing', 1), ...Array<'offline'>(10).fill('offline'), status('ongoing', 2), status('completed', 4)]);
    const { result, error, seen } = await runWait(40_000);
    expect(error).toBeUndefined();
    expect(result).toEqual(expect.objectContaining({ dmg_assign_software_status: 'completed', dmg_assign_software_counter_success: 4 }));
    expect(seen[0]).toBe('status 1');
    expect(seen).toContain('lost');
    expect(seen.slice(-2)).toEqual(['status 2', 'status 4']);
  });

  it('gives up after CONNECTION_LOSS_WAIT_MS without connection with an error that says the job goes on', async () => {
    serverAnswers([status('ongoing', 1), 'offline']);
    const { error } = await runWait(CONNECTION_LOSS_WAIT_MS + 20_000);
    expect(error).toBeInstanceOf(JobConnectionLostError);
    expect(jobFailure(error, unexpectedError)).toEqual({ alert: { type: 'warning', text: (error as Error).message } });
    expect((error as Error).message).toMatch(/^The connection to the server was lost while the operation ran on the server\. It goes on there/);
  });

  it('ends at once on a refusal (no connection problem): its error as before', async () => {
    serverAnswers([403]);
    const { error, seen } = await runWait(10_000);
    expect(error).toEqual(expect.objectContaining({ status: 403 }));
    expect(seen).toEqual([]);
  });

  it('a connection failure that is not a lost job keeps its own message (the start request itself)', () => {
    expect(jobFailure(new NetworkError(new TypeError('Failed to fetch')), unexpectedError).alert.type).toBe('danger');
  });
});

/** What README "Decisions" counts as a lost connection: only no answer, a read time-out, 502, 503 and 504. */
const LOST: [string, Reply][] = [
  ['no answer', 'offline'],
  ['a read time-out', 'timeout'],
  ['502', 502],
  ['503', 503],
  ['504', 504],
];
const FAILED = [500, 404];

describe('isConnectionFailure (which failed status read is a lost connection)', () => {
  it('is one for no answer, a read time-out, 502, 503 and 504', () => {
    expect(isConnectionFailure(new NetworkError(new TypeError('Failed to fetch')))).toBe(true);
    expect(isConnectionFailure(new RequestTimeoutError(READ_TIMEOUT_MS))).toBe(true);
    for (const status of [502, 503, 504]) expect([status, isConnectionFailure(new PlatformError(status, '', { message: 'down' }))]).toEqual([status, true]);
  });

  it('is none for any other answer (500, 404, 403, 400)', () => {
    for (const status of [500, 404, 403, 400]) expect([status, isConnectionFailure(new PlatformError(status, '', { message: 'no' }))]).toEqual([status, false]);
  });
});

describe('waitThroughConnectionLoss: which failed status reads keep the wait going', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it.each(LOST)('%s: says the connection is lost and waits on to the job\'s result', async (_name, failure) => {
    // More failed reads in a row than waitForJob tolerates, then the job goes on and completes.
    serverAnswers([status('ongoing', 1), ...Array<Reply>(STATUS_POLL_FAILURES_TOLERATED).fill(failure), status('ongoing', 2), status('completed', 4)]);
    const { result, error, seen } = await runWait(STATUS_POLL_FAILURES_TOLERATED * READ_TIMEOUT_MS + 20_000);
    expect(error).toBeUndefined();
    expect(result).toEqual(expect.objectContaining({ dmg_assign_software_status: 'completed' }));
    expect(seen).toEqual(['status 1', 'lost', 'status 2', 'status 4']);
  });

  it.each(FAILED)('%i: ends the wait with that failure, never saying the connection is lost', async (failure) => {
    serverAnswers([status('ongoing', 1), failure]);
    // Long enough for a wait taken through a lost connection to give up (a clear failure, no hang).
    const { error, seen } = await runWait(CONNECTION_LOSS_WAIT_MS + 20_000);
    expect(error).toEqual(expect.objectContaining({ name: 'PlatformError', status: failure }));
    expect(seen).toEqual(['status 1']);
  });
});

describe('useServerJob: a failed status read while its job runs', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Runs a job in the hook while every read (the job's and the banner's) answers `now.reply`. */
  function runJobAnswering(now: { reply: Reply }) {
    configureClient({ fetch: (async (_url: string, init?: RequestInit) => answer(now.reply, init)) as unknown as typeof fetch });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const hook = renderHook(() => useServerJob(), { wrapper });
    const outcome: { value?: unknown; error?: unknown } = {};
    act(() => {
      hook.result.current.runJob('assign', 4, async () => 'started').then(
        (value) => void (outcome.value = value),
        (error: unknown) => void (outcome.error = error),
      );
    });
    return { hook, outcome };
  }

  const advance = async (ms: number, until: () => boolean = () => false) => {
    for (let t = 0; t < ms && !until(); t += 500) await act(() => jest.advanceTimersByTimeAsync(500));
  };

  it.each(LOST)('%s: the overlay says the connection is lost, and the job\'s result still arrives', async (_name, failure) => {
    const now: { reply: Reply } = { reply: status('ongoing', 1) };
    const { hook, outcome } = runJobAnswering(now);
    await advance(3_000);
    expect(hook.result.current.overlay).toEqual(expect.objectContaining({ progress: { done: 1, total: 4 } }));
    now.reply = failure;
    await advance(STATUS_POLL_FAILURES_TOLERATED * READ_TIMEOUT_MS + 20_000, () => hook.result.current.overlay?.connectionLost === true);
    expect(hook.result.current.overlay).toEqual(expect.objectContaining({ connectionLost: true }));
    expect(outcome).toEqual({});
    now.reply = status('completed', 4);
    await advance(10_000, () => 'value' in outcome);
    expect(outcome).toEqual({ value: { response: 'started', status: expect.objectContaining({ dmg_assign_software_status: 'completed' }) } });
    expect(hook.result.current.overlay).toBeNull();
  });

  it.each(FAILED)('%i: the job\'s wait ends with that failure; the overlay never says the connection is lost', async (failure) => {
    const now: { reply: Reply } = { reply: status('ongoing', 1) };
    const { hook, outcome } = runJobAnswering(now);
    await advance(3_000);
    now.reply = failure;
    let lost = false;
    await advance(60_000, () => {
      lost ||= hook.result.current.overlay?.connectionLost === true;
      return 'error' in outcome;
    });
    expect(outcome).toEqual({ error: expect.objectContaining({ name: 'PlatformError', status: failure }) });
    expect(lost).toBe(false);
    expect(hook.result.current.overlay).toBeNull();
  });
});

describe('useServerJob: the check before an action while the browser is offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('fails with the connection message instead of waiting (behind the page-blocking overlay) until the browser is online', async () => {
    serverAnswers(['offline']);
    onlineManager.setOnline(false);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useServerJob(), { wrapper });
    let error: unknown;
    await act(async () => {
      error = await result.current.ensureIdleBlocked().then(() => 'went through', (e: unknown) => e);
    });
    expect(error).toEqual(expect.objectContaining({ name: 'NetworkError', message: 'The platform cannot be reached. Check the connection and try again.' }));
    expect(result.current.overlay).toBeNull();
  });
});

describe('waitThroughConnectionLoss after the page was left', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('stops asking at the next lost read once nobody waits (no poll left running behind the page)', async () => {
    serverAnswers([status('ongoing', 1), 'offline']);
    let reads = 0;
    const counting = (async () => {
      reads++;
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    let wanted = true;
    const done = waitThroughConnectionLoss('assign', () => undefined, () => {
      wanted = false;
      configureClient({ fetch: counting });
    }, () => wanted).catch((e: unknown) => e);
    for (let t = 0; t < 20_000; t += 500) await jest.advanceTimersByTimeAsync(500);
    expect(await done).toBeInstanceOf(JobConnectionLostError);
    expect(reads).toBe(0);
  });
});
