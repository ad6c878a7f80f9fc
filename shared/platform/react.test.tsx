import React from 'react';
import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRealtime, useRealtimeDetail, useRealtimeInvalidate } from './react';
import type { RealtimeClient, RealtimeHandler, RealtimeMessage } from './realtime';

/** A RealtimeClient double that records subscriptions and lets the test push notifications. */
function fakeRealtime() {
  const subs = new Map<string, Set<RealtimeHandler>>();
  const client = {
    subscribe: (channel: string, h: RealtimeHandler) => {
      if (!subs.has(channel)) subs.set(channel, new Set());
      subs.get(channel)!.add(h);
      return () => subs.get(channel)!.delete(h);
    },
  } as unknown as RealtimeClient;
  const push = (channel: string, m: RealtimeMessage) => act(() => subs.get(channel)?.forEach((h) => h(m, channel)));
  const count = (channel: string) => subs.get(channel)?.size ?? 0;
  return { client, push, count };
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
