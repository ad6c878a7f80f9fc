import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import faye from 'faye';
import { configureClient, PlatformError, request } from './fetch-client';
import { MAX_NETWORK_DELAY_MS, MAX_RETRY_DELAY_MS, RETRY_DELAY_MS, RealtimeClient, channelMatches, type RealtimeMessage } from './realtime';

type Adapter = InstanceType<typeof faye.NodeAdapter> & { on(event: string, l: (...a: string[]) => void): void };

const until = async (cond: () => boolean, ms = 4000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('RealtimeClient against a faye Bayeux server', () => {
  let server: Server;
  let adapter: Adapter;
  let url: string;
  const events: string[] = [];
  const handshakes: unknown[] = [];

  beforeAll(async () => {
    adapter = new faye.NodeAdapter({ mount: '/notification/realtime', timeout: 1 }) as Adapter;
    adapter.addExtension({
      incoming: (m, _req, cb) => {
        if (m.channel === '/meta/handshake') handshakes.push(m.ext);
        cb(m);
      },
    });
    adapter.on('subscribe', (_c, channel) => events.push(`subscribe ${channel}`));
    adapter.on('unsubscribe', (_c, channel) => events.push(`unsubscribe ${channel}`));
    adapter.on('disconnect', () => events.push('disconnect'));
    server = createServer();
    adapter.attach(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notification/realtime`;
  });

  afterAll(async () => {
    adapter.getClient().disconnect();
    adapter.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  beforeEach(() => {
    events.length = 0;
    handshakes.length = 0;
  });

  const publish = (channel: string, message: RealtimeMessage) =>
    new Promise<void>((resolve, reject) => adapter.getClient().publish(channel, message).then(resolve, reject));

  it('handshakes with the XSRF token, subscribes once per channel, delivers and unsubscribes', async () => {
    const client = new RealtimeClient({ url, xsrfToken: () => 'tok', disconnectGraceMs: 50 });
    const a: RealtimeMessage[] = [];
    const b: RealtimeMessage[] = [];
    const offA = client.subscribe('/operations/42', (m) => a.push(m));
    const offB = client.subscribe('/operations/42', (m) => b.push(m));
    await until(() => events.includes('subscribe /operations/42'));
    expect(handshakes).toEqual([{ 'com.cumulocity.authn': { xsrfToken: 'tok' } }]);
    expect(events.filter((e) => e.startsWith('subscribe'))).toHaveLength(1);

    await publish('/operations/42', { realtimeAction: 'UPDATE', data: { id: '7', status: 'EXECUTING' } });
    await until(() => a.length === 1 && b.length === 1);
    expect(a[0]).toEqual({ realtimeAction: 'UPDATE', data: { id: '7', status: 'EXECUTING' } });

    offA();
    await publish('/operations/42', { realtimeAction: 'UPDATE', data: { id: '7', status: 'SUCCESSFUL' } });
    await until(() => b.length === 2);
    expect(a).toHaveLength(1);

    offB();
    await until(() => events.includes('unsubscribe /operations/42') && events.includes('disconnect'));
    expect(client.connected).toBe(false);
  });

  it('delivers wildcard subscriptions and keeps polling past the server timeout', async () => {
    const client = new RealtimeClient({ url, xsrfToken: () => 'tok' });
    const got: string[] = [];
    client.subscribe('/managedobjects/*', (m, channel) => got.push(`${channel} ${m.realtimeAction}`));
    await until(() => events.includes('subscribe /managedobjects/*'));
    await new Promise((r) => setTimeout(r, 1300)); // one long-poll times out (server timeout 1 s)
    await publish('/managedobjects/5', { realtimeAction: 'CREATE', data: { id: '5' } });
    await until(() => got.length === 1);
    expect(got).toEqual(['/managedobjects/5 CREATE']);
    await client.disconnect();
    await until(() => events.includes('disconnect'));
  });
});

describe('RealtimeClient reconnect', () => {
  it('handshakes again and resubscribes when the server forgets the client', async () => {
    const sent: { channel: string; clientId?: string; subscription?: string }[] = [];
    let handshakes = 0;
    let connects = 0;
    const fake = (async (_url: string, init: RequestInit) => {
      const [m] = JSON.parse(String(init.body)) as { channel: string; clientId?: string; subscription?: string; id: string }[];
      sent.push({ channel: m.channel, clientId: m.clientId, subscription: m.subscription });
      let reply: unknown;
      if (m.channel === '/meta/handshake') reply = { channel: m.channel, successful: true, clientId: `c${++handshakes}`, id: m.id };
      else if (m.channel === '/meta/subscribe') reply = { channel: m.channel, successful: true, subscription: m.subscription, id: m.id };
      else if (m.channel === '/meta/connect') {
        connects++;
        reply =
          connects === 1
            ? { channel: m.channel, successful: false, error: '402::Unknown client', advice: { reconnect: 'handshake', interval: 0 }, id: m.id }
            : { channel: m.channel, successful: true, advice: { reconnect: 'retry', interval: 20 }, id: m.id };
      } else reply = { channel: m.channel, successful: true, id: m.id };
      return new Response(JSON.stringify([reply]), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const client = new RealtimeClient({ url: '/rt', fetch: fake, xsrfToken: () => '', disconnectGraceMs: 0 });
    let resumes = 0;
    client.onResume(() => resumes++);
    const off = client.subscribe('/alarms/1', () => undefined);
    await until(() => connects >= 2);
    // The server forgot the session (a restart): what it published meanwhile is lost, so listeners hear of the resume, once.
    await until(() => resumes === 1);
    off();
    await client.disconnect();
    expect(sent.slice(0, 5)).toEqual([
      { channel: '/meta/handshake' },
      { channel: '/meta/subscribe', clientId: 'c1', subscription: '/alarms/1' },
      { channel: '/meta/connect', clientId: 'c1' },
      { channel: '/meta/handshake' },
      { channel: '/meta/subscribe', clientId: 'c2', subscription: '/alarms/1' },
    ]);
  });

  it('backs off after failed requests and recovers', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const fake = (async (_url: string, init: RequestInit) => {
      calls++;
      const [m] = JSON.parse(String(init.body)) as { channel: string; id: string }[];
      if (calls <= 2) return new Response('down', { status: 503, statusText: 'Service Unavailable' });
      const reply = m.channel === '/meta/handshake' ? { channel: m.channel, successful: true, clientId: 'c', id: m.id } : { channel: m.channel, successful: true, id: m.id, advice: { interval: 20 } };
      return new Response(JSON.stringify([reply]), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const client = new RealtimeClient({ url: '/rt', fetch: fake, xsrfToken: () => '', retryDelayMs: 10, onError: (e) => errors.push(e) });
    let resumes = 0;
    client.onResume(() => resumes++);
    client.subscribe('/events/1', () => undefined);
    await until(() => client.connected && resumes === 1);
    expect(errors).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 60));
    expect(resumes).toBe(1);
    await client.disconnect();
  });

  it('waits 1 s after the first failure, doubling up to 30 s (the README and the server README give these figures)', async () => {
    expect([RETRY_DELAY_MS, MAX_RETRY_DELAY_MS, MAX_NETWORK_DELAY_MS]).toEqual([1000, 30_000, 10_000]);
    // The same back-off on a small scale: 20 ms doubling up to 80 ms against a server that never answers.
    const sent: number[] = [];
    const fake = (async () => {
      sent.push(Date.now());
      return new Response('down', { status: 503, statusText: 'Service Unavailable' });
    }) as unknown as typeof fetch;
    const client = new RealtimeClient({ url: '/rt', fetch: fake, xsrfToken: () => '', retryDelayMs: 20, maxRetryDelayMs: 80, onError: () => undefined });
    client.subscribe('/events/1', () => undefined);
    await until(() => sent.length >= 6, 8000);
    await client.disconnect();
    const gaps = sent.slice(1, 6).map((t, i) => t - sent[i]);
    // At least the delay (timers never fire early), and the cap holds: 20, 40, 80, 80, 80.
    [20, 40, 80, 80, 80].forEach((least, i) => expect(gaps[i]).toBeGreaterThanOrEqual(least - 2));
    // Without the cap the fifth wait would be 320 ms.
    expect(gaps[4]).toBeLessThan(250);
  });
});

describe('RealtimeClient after a failed connect of a live session', () => {
  it('asks for an answer at once (advice timeout 0) and tells its listeners it is live again, once', async () => {
    const connects: unknown[] = [];
    let failing = 0;
    const fake = (async (_url: string, init: RequestInit) => {
      const [m] = JSON.parse(String(init.body)) as { channel: string; id: string; advice?: unknown }[];
      if (m.channel === '/meta/connect') {
        connects.push(m.advice);
        // The second and third connect fail (the network is down), the session stays.
        if (connects.length === 2 || connects.length === 3) {
          failing++;
          return new Response('down', { status: 503, statusText: 'Service Unavailable' });
        }
      }
      const reply = m.channel === '/meta/handshake' ? { channel: m.channel, successful: true, clientId: 'c', id: m.id } : { channel: m.channel, successful: true, id: m.id, advice: { interval: 20 } };
      return new Response(JSON.stringify([reply]), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const client = new RealtimeClient({ url: '/rt', fetch: fake, xsrfToken: () => '', retryDelayMs: 10, onError: () => undefined });
    let resumes = 0;
    client.onResume(() => resumes++);
    client.subscribe('/events/1', () => undefined);
    try {
      await until(() => connects.length >= 6);
      expect(failing).toBe(2);
      expect(connects.slice(0, 6)).toEqual([undefined, undefined, { timeout: 0 }, { timeout: 0 }, undefined, undefined]);
      expect(resumes).toBe(1);
    } finally {
      await client.disconnect();
    }
  });
});

describe('RealtimeClient interruption status', () => {
  /** A fake server whose requests fail while `down` is set; the session survives. */
  function fakeServer() {
    const state = { down: false, requests: 0 };
    const fake = (async (_url: string, init: RequestInit) => {
      state.requests++;
      const [m] = JSON.parse(String(init.body)) as { channel: string; id: string }[];
      if (state.down) return new Response('down', { status: 503, statusText: 'Service Unavailable' });
      const reply = m.channel === '/meta/handshake' ? { channel: m.channel, successful: true, clientId: 'c', id: m.id } : { channel: m.channel, successful: true, id: m.id, advice: { interval: 10 } };
      return new Response(JSON.stringify([reply]), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    return { state, fetch: fake };
  }

  it('is interrupted while requests fail, cleared when one works again, and tells its listeners once per change', async () => {
    const server = fakeServer();
    const client = new RealtimeClient({ url: '/rt', fetch: server.fetch, xsrfToken: () => '', retryDelayMs: 5, disconnectGraceMs: 0, onError: () => undefined });
    const seen: boolean[] = [];
    const stop = client.onStatusChange(() => seen.push(client.interrupted));
    client.subscribe('/events/1', () => undefined);
    try {
      await until(() => client.connected);
      expect(client.interrupted).toBe(false);
      server.state.down = true;
      await until(() => client.interrupted);
      // Several failed retries still make one change.
      const failing = server.state.requests;
      await until(() => server.state.requests >= failing + 2);
      expect(seen).toEqual([true]);
      server.state.down = false;
      await until(() => !client.interrupted);
      await new Promise((r) => setTimeout(r, 40));
      expect(seen).toEqual([true, false]);
      stop();
      server.state.down = true;
      await until(() => client.interrupted);
      expect(seen).toEqual([true, false]);
    } finally {
      await client.disconnect();
    }
  });

  it('is interrupted when the server forgets the session, until it is subscribed again', async () => {
    let connects = 0;
    const fake = (async (_url: string, init: RequestInit) => {
      const [m] = JSON.parse(String(init.body)) as { channel: string; id: string }[];
      let reply: unknown = { channel: m.channel, successful: true, id: m.id, advice: { interval: 10 } };
      if (m.channel === '/meta/handshake') reply = { channel: m.channel, successful: true, clientId: `c${connects}`, id: m.id };
      if (m.channel === '/meta/connect' && ++connects === 2) reply = { channel: m.channel, successful: false, error: '402::Unknown client', advice: { reconnect: 'handshake' }, id: m.id };
      return new Response(JSON.stringify([reply]), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const client = new RealtimeClient({ url: '/rt', fetch: fake, xsrfToken: () => '', disconnectGraceMs: 0 });
    const seen: boolean[] = [];
    client.onStatusChange(() => seen.push(client.interrupted));
    client.subscribe('/events/1', () => undefined);
    try {
      await until(() => connects >= 4);
      expect(seen).toEqual([true, false]);
      expect(client.interrupted).toBe(false);
    } finally {
      await client.disconnect();
    }
  });

  it("backs off and starts a new session when the server ends this one with 'reconnect: none' (no connect per round trip)", async () => {
    const sent: string[] = [];
    const sentAt: number[] = [];
    let endedAt = 0;
    let connects = 0;
    const fake = (async (_url: string, init: RequestInit) => {
      const [m] = JSON.parse(String(init.body)) as { channel: string; id: string }[];
      sent.push(m.channel);
      sentAt.push(performance.now());
      let reply: unknown = { channel: m.channel, successful: true, id: m.id, advice: { interval: 10 } };
      if (m.channel === '/meta/handshake') reply = { channel: m.channel, successful: true, clientId: `c${connects}`, id: m.id };
      if (m.channel === '/meta/connect' && ++connects === 2) {
        reply = { channel: m.channel, successful: false, error: '403::Session ended', advice: { reconnect: 'none', interval: 0 }, id: m.id };
        endedAt = performance.now();
      }
      return new Response(JSON.stringify([reply]), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const errors: unknown[] = [];
    const client = new RealtimeClient({ url: '/rt', fetch: fake, xsrfToken: () => '', retryDelayMs: 50, disconnectGraceMs: 0, onError: (e) => errors.push(e) });
    const seen: boolean[] = [];
    client.onStatusChange(() => seen.push(client.interrupted));
    client.subscribe('/events/1', () => undefined);
    try {
      await until(() => client.interrupted);
      const afterEnd = sent.length;
      await until(() => connects >= 3 && !client.interrupted);
      // Within the back-off nothing is sent: the next request leaves a whole retry delay after the end
      // (a bound that load can only lengthen, not a timed wait).
      expect(sentAt[afterEnd] - endedAt).toBeGreaterThanOrEqual(45);
      expect(seen).toEqual([true, false]);
      expect(String(errors[0])).toContain('Realtime session ended by the server: 403::Session ended');
      expect(sent.filter((c) => c === '/meta/handshake')).toHaveLength(2);
    } finally {
      await client.disconnect();
    }
  });

  it('is no longer interrupted once nothing is subscribed (nothing on screen is live)', async () => {
    const server = fakeServer();
    server.state.down = true;
    const client = new RealtimeClient({ url: '/rt', fetch: server.fetch, xsrfToken: () => '', retryDelayMs: 5, disconnectGraceMs: 0, onError: () => undefined });
    const seen: boolean[] = [];
    client.onStatusChange(() => seen.push(client.interrupted));
    const off = client.subscribe('/events/1', () => undefined);
    await until(() => client.interrupted);
    off();
    await until(() => !client.interrupted);
    expect(seen).toEqual([true, false]);
  });
});

describe('RealtimeClient refused subscriptions', () => {
  /** A fake server refusing the channels in `refuse` (error per channel); counts subscribes per channel. */
  function refusingServer(refuse: Map<string, string>) {
    const subscribes: string[] = [];
    /** Set: the next connect is answered as after a server restart (402, handshake again). */
    const state = { forget: false };
    const fake = (async (_url: string, init: RequestInit) => {
      const [m] = JSON.parse(String(init.body)) as { channel: string; id: string; subscription?: string }[];
      let reply: unknown = { channel: m.channel, successful: true, id: m.id, advice: { interval: 10 } };
      if (m.channel === '/meta/handshake') reply = { channel: m.channel, successful: true, clientId: 'c', id: m.id };
      if (m.channel === '/meta/connect' && state.forget) {
        state.forget = false;
        reply = { channel: m.channel, successful: false, error: '402::Unknown client', advice: { reconnect: 'handshake' }, id: m.id };
      }
      if (m.channel === '/meta/subscribe') {
        subscribes.push(m.subscription!);
        const error = refuse.get(m.subscription!);
        reply = error ? { channel: m.channel, successful: false, error, subscription: m.subscription, id: m.id } : { channel: m.channel, successful: true, subscription: m.subscription, id: m.id };
      }
      return new Response(JSON.stringify([reply]), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    return { fetch: fake, subscribes, state };
  }

  it('keeps which channels the server refused, tells its listeners, does not ask again in a loop, and forgets a channel nobody subscribes to', async () => {
    const server = refusingServer(new Map([['/alarms/7', '403:/alarms/7:Access is denied']]));
    const errors: unknown[] = [];
    const client = new RealtimeClient({ url: '/rt', fetch: server.fetch, xsrfToken: () => '', disconnectGraceMs: 0, onError: (e) => errors.push(e) });
    let changes = 0;
    client.onStatusChange(() => changes++);
    client.subscribe('/events/7', () => undefined);
    const off = client.subscribe('/alarms/7', () => undefined);
    try {
      await until(() => client.refused.length > 0);
      expect(client.refused).toEqual([{ channel: '/alarms/7', error: '403:/alarms/7:Access is denied' }]);
      expect(changes).toBe(1);
      expect(client.interrupted).toBe(false);
      expect(String(errors[0])).toContain('Realtime subscribe to /alarms/7 failed: 403:/alarms/7:Access is denied');
      // Several connect rounds later the refused channel was asked for once.
      const snapshot = client.refused;
      await new Promise((r) => setTimeout(r, 60));
      expect(server.subscribes.filter((c) => c === '/alarms/7')).toHaveLength(1);
      expect(client.refused).toBe(snapshot);
      off();
      expect(client.refused).toEqual([]);
      expect(changes).toBe(2);
    } finally {
      await client.disconnect();
    }
  });

  it('forgets a refusal when a later subscribe of the channel succeeds (a new session, the user now has the role)', async () => {
    const refuse = new Map([['/alarms/7', '403:/alarms/7:Access is denied']]);
    const server = refusingServer(refuse);
    const client = new RealtimeClient({ url: '/rt', fetch: server.fetch, xsrfToken: () => '', onError: () => undefined });
    const seen: number[] = [];
    client.onStatusChange(() => seen.push(client.refused.length));
    client.subscribe('/alarms/7', () => undefined);
    try {
      await until(() => client.refused.length === 1);
      refuse.clear();
      server.state.forget = true;
      await until(() => server.subscribes.length === 2 && client.refused.length === 0);
      expect(client.channels).toEqual(['/alarms/7']);
      // Refused, interrupted (the session was forgotten), not refused, not interrupted.
      expect(seen).toEqual([1, 1, 0, 0]);
    } finally {
      await client.disconnect();
    }
  });

  it('forgets every refusal when it disconnects', async () => {
    const server = refusingServer(new Map([['/operations/1', '404:/operations/1:Unknown channel']]));
    const client = new RealtimeClient({ url: '/rt', fetch: server.fetch, xsrfToken: () => '', onError: () => undefined });
    client.subscribe('/operations/1', () => undefined);
    await until(() => client.refused.length === 1);
    await client.disconnect();
    expect(client.refused).toEqual([]);
  });
});

it.each([
  ['/operations/42', '/operations/42', true],
  ['/operations/*', '/operations/42', true],
  ['/operations/*', '/operations/42/x', false],
  ['/operations/**', '/operations/42/x', true],
  ['/operations/42', '/operations/43', false],
  ['/managedobjects/*', '/operations/1', false],
])('channel %s matches %s: %s', (pattern, channel, expected) => {
  expect(channelMatches(pattern, channel)).toBe(expected);
});

describe('RealtimeClient when the network goes away without a word', () => {
  const reply = (m: { channel: string; id: string }, extra: object = {}) =>
    new Response(JSON.stringify([{ channel: m.channel, successful: true, id: m.id, ...(m.channel === '/meta/handshake' ? { clientId: 'c' } : {}), ...extra }]), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });

  it("counts a connect unanswered past the server's hold plus the network delay as lost: interrupted, then live again", async () => {
    let connects = 0;
    const errors: unknown[] = [];
    const fake = (async (_url: string, init: RequestInit) => {
      const [m] = JSON.parse(String(init.body)) as { channel: string; id: string }[];
      if (m.channel === '/meta/connect' && ++connects === 2) {
        // A dead connection: no answer, no error, until the request is aborted.
        return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      return reply(m, m.channel === '/meta/connect' ? { advice: { interval: 10, timeout: 30 } } : {});
    }) as unknown as typeof fetch;
    const client = new RealtimeClient({ url: '/rt', fetch: fake, xsrfToken: () => '', retryDelayMs: 10, maxNetworkDelayMs: 50, onError: (e) => errors.push(e) });
    let resumes = 0;
    client.onResume(() => resumes++);
    client.subscribe('/events/1', () => undefined);
    try {
      await until(() => client.interrupted);
      expect(String(errors[0])).toMatch(/no answer within/);
      await until(() => !client.interrupted && resumes === 1 && connects >= 4);
    } finally {
      await client.disconnect();
    }
  });

  it('is interrupted as soon as the browser goes offline, and tries again as soon as it is online (not after the back-off)', async () => {
    const network = new EventTarget();
    const state = { offline: false, requests: 0 };
    const fake = (async (_url: string, init: RequestInit) => {
      state.requests++;
      const [m] = JSON.parse(String(init.body)) as { channel: string; id: string }[];
      if (state.offline) throw new TypeError('Failed to fetch');
      if (m.channel === '/meta/connect' && state.requests === 4) {
        // A long-poll the server holds (the stand-in: 45 s).
        return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      return reply(m, m.channel === '/meta/connect' ? { advice: { interval: 10 } } : {});
    }) as unknown as typeof fetch;
    // A back-off far longer than the test: only the online event can end it.
    const client = new RealtimeClient({ url: '/rt', fetch: fake, xsrfToken: () => '', retryDelayMs: 60_000, networkEvents: network, onError: () => undefined });
    client.subscribe('/events/1', () => undefined);
    try {
      await until(() => client.connected && state.requests >= 4);
      expect(client.interrupted).toBe(false);
      state.offline = true;
      network.dispatchEvent(new Event('offline'));
      await until(() => client.interrupted);
      const during = state.requests;
      await new Promise((r) => setTimeout(r, 100));
      expect(state.requests).toBe(during); // backing off, no loop
      state.offline = false;
      network.dispatchEvent(new Event('online'));
      await until(() => !client.interrupted, 1000);
    } finally {
      await client.disconnect();
    }
  });
});

/**
 * A fake server: a connect is held until its request is aborted (a long-poll the server holds 45 s)
 * unless it asks for an answer at once; requests fail while `down`. `interval`: the wait it advises
 * between connects.
 */
function holdingServer(interval = 0) {
  const state = { down: false, held: 0, aborted: 0, subscribed: [] as string[] };
  const fake = (async (_url: string, init: RequestInit) => {
    const [m] = JSON.parse(String(init.body)) as { channel: string; id: string; subscription?: string; advice?: { timeout?: number } }[];
    if (state.down) throw new TypeError('Failed to fetch');
    const ok = (extra: object = {}) =>
      new Response(JSON.stringify([{ channel: m.channel, successful: true, id: m.id, ...extra }]), { status: 200, headers: { 'content-type': 'application/json' } });
    if (m.channel === '/meta/handshake') return ok({ clientId: 'c', advice: { timeout: 45_000, interval } });
    if (m.channel === '/meta/subscribe') {
      state.subscribed.push(m.subscription!);
      return ok({ subscription: m.subscription });
    }
    if (m.channel === '/meta/connect' && m.advice?.timeout !== 0) {
      state.held++;
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => {
          state.aborted++;
          reject(new DOMException('aborted', 'AbortError'));
        }),
      );
    }
    return ok();
  }) as unknown as typeof fetch;
  return { state, fetch: fake };
}

describe('RealtimeClient when a subscribe fails beside the held long-poll', () => {
  it('says interrupted at once (not at the end of the hold), ends the long-poll and subscribes the channel before it is live again; a normal wait is no alarm', async () => {
    const server = holdingServer();
    const errors: unknown[] = [];
    const client = new RealtimeClient({ url: '/rt', fetch: server.fetch, xsrfToken: () => '', retryDelayMs: 20, networkEvents: new EventTarget(), onError: (e) => errors.push(e) });
    const seen: boolean[] = [];
    client.onStatusChange(() => seen.push(client.interrupted));
    client.subscribe('/events/1', () => undefined);
    try {
      await until(() => server.state.held === 1);
      // A second screen subscribes while the long-poll waits: no alarm, the long-poll goes on.
      client.subscribe('/events/3', () => undefined);
      await until(() => server.state.subscribed.includes('/events/3'));
      await new Promise((r) => setTimeout(r, 100));
      expect(seen).toEqual([]);
      expect(server.state.aborted).toBe(0);

      // The server cannot be reached: a third screen's subscribe fails while the long-poll is held.
      server.state.down = true;
      client.subscribe('/events/2', () => undefined);
      await until(() => client.interrupted, 1000);
      expect(server.state.aborted).toBe(1);
      expect(String(errors[0])).toContain('Failed to fetch');

      server.state.down = false;
      await until(() => !client.interrupted && server.state.held === 2, 2000);
      // Subscribed on the same session before it said live again; the others were not asked again.
      expect(server.state.subscribed).toEqual(['/events/1', '/events/3', '/events/2']);
      expect(seen).toEqual([true, false]);
    } finally {
      await client.disconnect();
    }
  });

  it('a new session whose subscribe request fails is not said live until the channel is subscribed', async () => {
    const server = holdingServer();
    let failSubscribes = 1;
    const fake = (async (url: string, init: RequestInit) => {
      if (String(init.body).includes('/meta/subscribe') && failSubscribes-- > 0) throw new TypeError('Failed to fetch');
      return server.fetch(url, init);
    }) as unknown as typeof fetch;
    const client = new RealtimeClient({ url: '/rt', fetch: fake, xsrfToken: () => '', retryDelayMs: 20, networkEvents: new EventTarget(), onError: () => undefined });
    const seen: boolean[] = [];
    client.onStatusChange(() => seen.push(client.interrupted));
    client.subscribe('/events/1', () => undefined);
    try {
      await until(() => client.interrupted, 1000);
      await until(() => !client.interrupted && server.state.held === 1, 2000);
      expect(server.state.subscribed).toEqual(['/events/1']);
      expect(seen).toEqual([true, false]);
    } finally {
      await client.disconnect();
    }
  });
});

describe('RealtimeClient when another request of the page gets no answer', () => {
  /** The page's REST client (fetch-client) answering as `answer` does. */
  const restAnswers = (answer: (init: RequestInit) => Promise<Response>) => configureClient({ fetch: ((_url: string, init: RequestInit) => answer(init)) as unknown as typeof fetch });
  const noAnswer = () => restAnswers(() => Promise.reject(new TypeError('Failed to fetch')));
  afterEach(() => configureClient({ fetch: undefined }));

  it('says interrupted at once (not at the end of the hold), ends the held long-poll as lost, and is live again after the back-off', async () => {
    const server = holdingServer();
    const errors: unknown[] = [];
    const client = new RealtimeClient({ url: '/rt', fetch: server.fetch, xsrfToken: () => '', retryDelayMs: 20, networkEvents: new EventTarget(), onError: (e) => errors.push(e) });
    const seen: boolean[] = [];
    let resumes = 0;
    client.onStatusChange(() => seen.push(client.interrupted));
    client.onResume(() => resumes++);
    client.subscribe('/events/1', () => undefined);
    try {
      await until(() => server.state.held === 1);
      // A VPN dropped: no `offline` event, the long-poll waits for an answer that will not come.
      noAnswer();
      await expect(request('GET', '/inventory/managedObjects')).rejects.toMatchObject({ name: 'NetworkError' });
      // Said before the failed read's caller hears of it.
      expect(client.interrupted).toBe(true);
      await until(() => server.state.aborted === 1, 1000);
      expect(String(errors[0])).toBe('Error: Realtime request lost: another request of the page got no answer');
      expect((errors[0] as Error).cause).toMatchObject({ name: 'NetworkError' });

      // The connection works again: the next try after the back-off says so.
      await until(() => !client.interrupted && server.state.held === 2, 2000);
      expect(seen).toEqual([true, false]);
      expect(resumes).toBe(1);
    } finally {
      await client.disconnect();
    }
  });

  it("is not interrupted by an answer with an error status or the user's own cancel, nor once nothing is subscribed", async () => {
    const server = holdingServer();
    const client = new RealtimeClient({ url: '/rt', fetch: server.fetch, xsrfToken: () => '', retryDelayMs: 20, networkEvents: new EventTarget(), onError: () => undefined });
    const seen: boolean[] = [];
    client.onStatusChange(() => seen.push(client.interrupted));
    const off = client.subscribe('/events/1', () => undefined);
    try {
      await until(() => server.state.held === 1);
      restAnswers(async () => new Response(JSON.stringify({ error: 'general/internalError', message: 'Database unavailable' }), { status: 503, headers: { 'content-type': 'application/json' } }));
      await expect(request('GET', '/inventory/managedObjects')).rejects.toBeInstanceOf(PlatformError);
      restAnswers((init) => new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))));
      const cancel = new AbortController();
      const cancelled = request('GET', '/inventory/managedObjects', { signal: cancel.signal }).catch((e: unknown) => e);
      cancel.abort();
      expect(await cancelled).toMatchObject({ name: 'AbortError' });
      await new Promise((r) => setTimeout(r, 50));
      expect(server.state.aborted).toBe(0);
      expect(seen).toEqual([]);

      // Nothing live any more: a read without answer tells it nothing.
      off();
      await client.disconnect();
      noAnswer();
      await expect(request('GET', '/x')).rejects.toMatchObject({ name: 'NetworkError' });
      expect(client.interrupted).toBe(false);
      expect(seen).toEqual([]);
    } finally {
      await client.disconnect();
    }
  });

  it('between two connects (the wait the server advises) says interrupted too, and the next connect asks for an answer at once', async () => {
    const server = holdingServer(300);
    const client = new RealtimeClient({ url: '/rt', fetch: server.fetch, xsrfToken: () => '', retryDelayMs: 20, networkEvents: new EventTarget(), onError: () => undefined });
    let resumes = 0;
    client.onResume(() => resumes++);
    client.subscribe('/events/1', () => undefined);
    try {
      await until(() => server.state.held === 1);
      noAnswer();
      await expect(request('GET', '/x')).rejects.toMatchObject({ name: 'NetworkError' });
      // After the back-off, a connect answered at once: live again, then the advised wait.
      await until(() => !client.interrupted && resumes === 1, 1000);
      expect(server.state.held).toBe(1);
      await expect(request('GET', '/x')).rejects.toMatchObject({ name: 'NetworkError' });
      expect(client.interrupted).toBe(true);
      // No long-poll is held until a connect has answered that the connection works.
      await until(() => !client.interrupted && resumes === 2 && server.state.held === 2, 2000);
    } finally {
      await client.disconnect();
    }
  });
});
