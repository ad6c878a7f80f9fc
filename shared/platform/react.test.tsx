import React from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { PlatformError, retryTransientFailures } from './fetch-client';
import { FAIL_WHEN_OFFLINE, READ_AGAIN_WHEN_ONLINE } from './network-mode';
import { createPageQueryClient, loggingQueryCache, useRealtime, useRealtimeDetail, useRealtimeInvalidate } from './react';
import type { RealtimeClient, RealtimeHandler, RealtimeMessage } from './realtime';

/** A RealtimeClient double that records subscriptions and lets the test push notifications. */
function fakeRealtime() {
  const subs = new Map<string, Set<RealtimeHandler>>();
  const resumes = new Set<() => void>();
  const client = {
    subscribe: (channel: string, h: RealtimeHandler) => {
      if (!subs.has(channel)) subs.set(channel, new Set());
      subs.get(channel)!.add(h);
      return () => subs.get(channel)!.delete(h);
    },
    onResume: (l: () => void) => {
      resumes.add(l);
      return () => resumes.delete(l);
    },
  } as unknown as RealtimeClient;
  const push = (channel: string, m: RealtimeMessage) => act(() => subs.get(channel)?.forEach((h) => h(m, channel)));
  const count = (channel: string) => subs.get(channel)?.size ?? 0;
  const resume = () => resumes.forEach((l) => l());
  return { client, push, count, resume, resumes };
}

const wrap = (qc: QueryClient, ui: React.ReactElement) => <QueryClientProvider client={qc}>{ui}</QueryClientProvider>;

it('subscribes while mounted, calls the latest handler, unsubscribes on unmount', () => {
  const rt = fakeRealtime();
  const qc = new QueryClient();
  const seen: string[] = [];
  function C({ tag, channel }: { tag: string; channel: string | null }) {
    useRealtime(channel, (m) => seen.push(`${tag}:${m.realtimeAction}`), rt.client);
    return null;
  }
  const { rerender, unmount } = render(wrap(qc, <C tag="a" channel="/operations/1" />));
  expect(rt.count('/operations/1')).toBe(1);
  rerender(wrap(qc, <C tag="b" channel="/operations/1" />));
  expect(rt.count('/operations/1')).toBe(1);
  rt.push('/operations/1', { realtimeAction: 'UPDATE', data: {} });
  expect(seen).toEqual(['b:UPDATE']);
  rerender(wrap(qc, <C tag="b" channel={null} />));
  expect(rt.count('/operations/1')).toBe(0);
  unmount();
});

it('invalidates and updates cached queries', async () => {
  const rt = fakeRealtime();
  const qc = new QueryClient();
  qc.setQueryData(['p', 'devices', 'detail', '7'], { id: '7', name: 'old', c8y_Notes: 'n' });
  qc.setQueryData(['p', 'devices', 'list'], ['x']);
  function C() {
    useRealtimeDetail('/managedobjects/7', ['p', 'devices', 'detail', '7'], rt.client);
    useRealtimeInvalidate('/managedobjects/7', [['p', 'devices', 'list']], rt.client);
    return null;
  }
  render(wrap(qc, <C />));
  rt.push('/managedobjects/7', { realtimeAction: 'UPDATE', data: { id: '7', name: 'new' } });
  expect(qc.getQueryData(['p', 'devices', 'detail', '7'])).toEqual({ id: '7', name: 'new', c8y_Notes: 'n' });
  expect(qc.getQueryState(['p', 'devices', 'list'])?.isInvalidated).toBe(true);
  rt.push('/managedobjects/7', { realtimeAction: 'DELETE', data: '7' });
  expect(qc.getQueryData(['p', 'devices', 'detail', '7'])).toBeUndefined();
});

it('logs a read that failed for good with its query key and cause, once (not each retry)', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const qc = new QueryClient({ queryCache: loggingQueryCache(), defaultOptions: { queries: { retry: 1, retryDelay: 0 } } });
    const error = new PlatformError(500, 'Err', { error: 'general/internalError', message: 'Database unavailable' });
    await expect(qc.fetchQuery({ queryKey: ['device-operations', 'devices', 3], queryFn: () => Promise.reject(error) })).rejects.toBe(error);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith('Read ["device-operations","devices",3] failed: 500 general/internalError: Database unavailable', error);
  } finally {
    logged.mockRestore();
  }
});

it('reads the queries on screen again, once, when the realtime connection works again after an interruption', async () => {
  const rt = fakeRealtime();
  const qc = new QueryClient();
  let reads = 0;
  function C({ channel }: { channel: string }) {
    useQuery({ queryKey: ['alarms', channel], queryFn: () => ++reads });
    useRealtimeInvalidate(channel, [], rt.client);
    return null;
  }
  const { unmount } = render(wrap(qc, <><C channel="/alarms/1" /><C channel="/alarms/2" /></>));
  await waitFor(() => expect(reads).toBe(2));
  await act(async () => rt.resume());
  await waitFor(() => expect(reads).toBe(4));
  await new Promise((r) => setTimeout(r, 20));
  expect(reads).toBe(4);
  unmount();
  expect(rt.resumes.size).toBe(0);
});

describe('FAIL_WHEN_OFFLINE', () => {
  it("makes a read or a write while the browser is offline fail with the client's message at once, not wait paused until it is online", async () => {
    onlineManager.setOnline(false);
    try {
      const failing = () => Promise.reject(new Error('The platform cannot be reached. Check the connection and try again.'));
      const client = new QueryClient({ defaultOptions: { queries: { retry: false, ...FAIL_WHEN_OFFLINE }, mutations: FAIL_WHEN_OFFLINE } });
      await expect(client.fetchQuery({ queryKey: ['offline'], queryFn: failing })).rejects.toThrow('cannot be reached');
      await expect(client.getMutationCache().build(client, { mutationFn: failing }).execute(undefined)).rejects.toThrow('cannot be reached');
      // React Query's default would have waited: the read is paused, not failed.
      const paused = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      // It fails once the browser is online again (below): that rejection is expected, not asserted here.
      void paused.fetchQuery({ queryKey: ['offline'], queryFn: failing }).catch(() => 'the expected failure');
      await new Promise((r) => setTimeout(r, 20));
      expect(paused.getQueryState(['offline'])?.fetchStatus).toBe('paused');
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

describe('READ_AGAIN_WHEN_ONLINE', () => {
  it('reads a query that failed while offline again once the browser is online again (React Query turns that off in this network mode)', async () => {
    let online = false;
    let reads = 0;
    const read = async () => {
      reads++;
      if (!online) throw new TypeError('Failed to fetch');
      return 'figures';
    };
    function Screen({ options }: { options: object }) {
      const q = useQuery({ queryKey: ['screen'], queryFn: read, ...options });
      return <p>{q.isError ? 'cannot be reached' : (q.data ?? 'loading')}</p>;
    }
    for (const [options, readAgain] of [
      [READ_AGAIN_WHEN_ONLINE, true],
      [FAIL_WHEN_OFFLINE, false],
    ] as const) {
      online = false;
      reads = 0;
      onlineManager.setOnline(false);
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const { unmount } = render(
        <QueryClientProvider client={client}>
          <Screen options={options} />
        </QueryClientProvider>,
      );
      try {
        expect(await screen.findByText('cannot be reached')).toBeInTheDocument();
        online = true;
        act(() => onlineManager.setOnline(true));
        if (readAgain) expect(await screen.findByText('figures')).toBeInTheDocument();
        else {
          await act(async () => new Promise((r) => setTimeout(r, 50)));
          expect(screen.getByText('cannot be reached')).toBeInTheDocument();
        }
        expect(reads).toBe(readAgain ? 2 : 1);
      } finally {
        onlineManager.setOnline(true);
        unmount();
      }
    }
  });
});

describe('createPageQueryClient', () => {
  it('makes both hosts\' clients alike: logged failures, transient retries, offline requests sent; focus re-reads only where asked', () => {
    const shell = createPageQueryClient({ refetchOnWindowFocus: true });
    const platform = createPageQueryClient({ refetchOnWindowFocus: false });
    for (const client of [shell, platform]) {
      const { queries, mutations } = client.getDefaultOptions();
      expect(queries?.retry).toBe(retryTransientFailures);
      expect(queries?.networkMode).toBe('always');
      expect(queries?.refetchOnReconnect).toBe(true);
      expect(mutations?.networkMode).toBe('always');
    }
    expect(shell.getDefaultOptions().queries?.refetchOnWindowFocus).toBe(true);
    expect(platform.getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    shell.getQueryCache().config.onError?.(new Error('boom'), { queryKey: ['x'] } as never);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Read ["x"] failed'), expect.any(Error));
    error.mockRestore();
  });
});
