/**
 * Realtime subscriptions for the device tabs (spec 7: /operations/{id}, /operations/{deviceId},
 * /managedobjects/{id}). One connection per page, opened on the first subscription.
 *
 * The SDK's shared realtime module (shared/platform/realtime, a federation singleton) was not
 * there when this was written; this adapter is the one place to switch over to it.
 */
export interface RealtimeMessage<T = unknown> {
  realtimeAction: 'CREATE' | 'UPDATE' | 'DELETE';
  data: T;
}
export type Subscribe = <T = unknown>(channel: string, onMessage: (message: RealtimeMessage<T>) => void) => () => void;

type RealtimeClient = {
  subscribe(channel: string, cb: (msg: { data: unknown }) => void): unknown;
  unsubscribe(handle: unknown): void;
};

let client: Promise<RealtimeClient> | undefined;

function connect(): Promise<RealtimeClient> {
  client ??= import('@c8y/client').then(({ FetchClient, CookieAuth, Realtime }) => {
    const fetchClient = new FetchClient(new CookieAuth(), window.location.origin);
    return new Realtime(fetchClient) as unknown as RealtimeClient;
  });
  return client;
}

export const subscribe: Subscribe = (channel, onMessage) => {
  let closed = false;
  let handle: unknown;
  void connect().then((rt) => {
    if (closed) return;
    handle = rt.subscribe(channel, (msg) => onMessage(msg.data as RealtimeMessage<never>));
  });
  return () => {
    closed = true;
    if (handle !== undefined) void connect().then((rt) => rt.unsubscribe(handle));
  };
};
