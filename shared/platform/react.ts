/** React bindings of the platform client: realtime notifications feeding the query cache. */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { QueryCache, QueryClient, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { describeFailure, retryTransientFailures } from './fetch-client';
import { FAIL_WHEN_OFFLINE, READ_AGAIN_WHEN_ONLINE } from './network-mode';
import { getRealtime, type RealtimeClient, type RealtimeMessage, type RealtimeRefusal } from './realtime';

export type RealtimeCacheHandler<T> = (message: RealtimeMessage<T>, queryClient: QueryClient, channel: string) => void;

/** Query clients with a re-read after a realtime resume already queued (every live screen asks for it at once). */
const rereadQueued = new WeakSet<QueryClient>();

/** After an interruption of the realtime connection, every query on screen is read again, once. */
function rereadAfterResume(queryClient: QueryClient): void {
  if (rereadQueued.has(queryClient)) return;
  rereadQueued.add(queryClient);
  queueMicrotask(() => {
    rereadQueued.delete(queryClient);
    void queryClient.invalidateQueries({ type: 'active' });
  });
}

/**
 * Subscribes to a realtime channel while the component is mounted (null/undefined: no
 * subscription). The handler gets the QueryClient to update or invalidate cached queries; it
 * may change between renders without resubscribing. When the connection works again after an
 * interruption (notifications were missed), the queries on screen are read again.
 */
export function useRealtime<T = unknown>(
  channel: string | null | undefined,
  handler: RealtimeCacheHandler<T>,
  client: RealtimeClient = getRealtime(),
): void {
  const queryClient = useQueryClient();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!channel) return undefined;
    const unsubscribe = client.subscribe<T>(channel, (message, ch) => latest.current(message, queryClient, ch));
    const stopListening = client.onResume(() => rereadAfterResume(queryClient));
    return () => {
      stopListening();
      unsubscribe();
    };
  }, [channel, client, queryClient]);
}

/**
 * True while the realtime connection is interrupted (a request failed or the server forgot the
 * session, and it has not worked again since): a live screen says so, as what it shows may be
 * out of date. Re-renders on each change.
 */
export function useRealtimeInterrupted(client: RealtimeClient = getRealtime()): boolean {
  const subscribe = useCallback((onChange: () => void) => client.onStatusChange(onChange), [client]);
  return useSyncExternalStore(subscribe, () => client.interrupted, () => false);
}

const NO_REFUSALS: readonly RealtimeRefusal[] = [];

/**
 * The subscribed channels whose subscription the server refused (no permission to read them, or a
 * channel it does not serve): they get no live updates, so a live screen says so. Re-renders on
 * each change.
 */
export function useRealtimeRefused(client: RealtimeClient = getRealtime()): readonly RealtimeRefusal[] {
  const subscribe = useCallback((onChange: () => void) => client.onStatusChange(onChange), [client]);
  return useSyncExternalStore(subscribe, () => client.refused ?? NO_REFUSALS, () => NO_REFUSALS);
}

/** Invalidates the given queries on every notification of the channel. */
export function useRealtimeInvalidate(channel: string | null | undefined, queryKeys: readonly QueryKey[], client?: RealtimeClient): void {
  const keys = useRef(queryKeys);
  keys.current = queryKeys;
  useRealtime(
    channel,
    (_m, queryClient) => {
      for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
    },
    client,
  );
}

/**
 * Keeps a cached object current from its channel: UPDATE merges the notification's data into
 * the cached value, DELETE removes the query, CREATE is ignored (lists refetch on their own).
 */
export function useRealtimeDetail<T extends object>(channel: string | null | undefined, queryKey: QueryKey, client?: RealtimeClient): void {
  const key = useRef(queryKey);
  key.current = queryKey;
  useRealtime<T>(
    channel,
    (message, queryClient) => {
      if (message.realtimeAction === 'DELETE') queryClient.removeQueries({ queryKey: key.current, exact: true });
      else if (message.realtimeAction === 'UPDATE') {
        queryClient.setQueryData<T>(key.current, (old) => (old ? { ...old, ...message.data } : message.data));
      }
    },
    client,
  );
}

/**
 * The page's query cache: a read that failed for good (after its retries) is logged with its
 * query key and cause, whatever the screen shows of it. Both query clients (the dev shell's and
 * the platform UI's) use it.
 */
export function loggingQueryCache(): QueryCache {
  return new QueryCache({
    onError: (error, query) => console.error(`Read ${JSON.stringify(query.queryKey)} failed: ${describeFailure(error)}`, error),
  });
}

/**
 * The page's one query client, as both hosts make it: failed reads logged (above), transient
 * failures retried (not a time-out, not a refusal), offline requests failing with the client's
 * message. `refetchOnWindowFocus`: the dev shell reads stale data again when its tab gets focus
 * again (React Query's default); inside the platform UI the plugins do not (as its own screens).
 */
export function createPageQueryClient({ refetchOnWindowFocus }: { refetchOnWindowFocus: boolean }): QueryClient {
  return new QueryClient({
    queryCache: loggingQueryCache(),
    defaultOptions: { queries: { refetchOnWindowFocus, retry: retryTransientFailures, ...READ_AGAIN_WHEN_ONLINE }, mutations: FAIL_WHEN_OFFLINE },
  });
}
