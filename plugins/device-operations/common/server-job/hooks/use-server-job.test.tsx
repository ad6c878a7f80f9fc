import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureClient, NetworkError } from '@shared/platform/fetch-client';
import { jsonReply } from '@shared/plugin-api/testing';
import { CONNECTION_LOSS_WAIT_MS, JobConnectionLostError, waitThroughConnectionLoss } from '@shared/ui/server-job';
import { jobFailure, unexpectedError } from '../model/messages';
import { useServerJob } from './use-server-job';

const status = (assign: string, success: number) => () =>
  jsonReply(200, {
    managedObjects: [{ id: '9', type: 'c8y_status', dmg_assign_software_status: assign, dmg_clear_pending_assignment_status: 'completed', dmg_assign_software_counter_total: 4, dmg_assign_software_counter_success: success }],
    statistics: { currentPage: 1, pageSize: 1 },
  });

/** The status reads answer from `replies` in turn ('offline': the browser has no connection); the last one repeats. */
function serverAnswers(replies: ((() => Response) | 'offline' | 403)[]) {
  let i = 0;
  configureClient({
    fetch: (async () => {
      const reply = replies[Math.min(i++, replies.length - 1)];
      if (reply === 'offline') throw new TypeError('Failed to fetch');
      if (reply === 403) return jsonReply(403, { error: 'security/Forbidden', message: 'Access is denied' });
      return reply();
    }) as unknown as typeof fetch,
  });
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
