/**
 * Realtime beyond the basics: the *WithChildren channels (a record of a descendant reaches the
 * ancestor's channel), the websocket transport of the Bayeux endpoint, and its /cep/realtime address.
 */
import WebSocket from 'ws';
import { basicToken, bayeux, type BayeuxMessage, Subscriber } from './bayeux';
import { REALTIME_BODY_LIMIT_BYTES, REALTIME_MAX_MESSAGES } from '../core/realtime';
import { type client, serverPerFile } from './helpers';

jest.setTimeout(30_000);

const ctx = serverPerFile();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

async function mo(body: Record<string, unknown>): Promise<string> {
  return (await api<{ id: string }>('POST', '/inventory/managedObjects', { body })).body.id;
}

/** group -> (childAssets) device -> (childDevices) child; `other` is unrelated. */
async function tree() {
  const group = await mo({ name: 'rt-group', c8y_IsDeviceGroup: {} });
  const device = await mo({ name: 'rt-device', c8y_IsDevice: {} });
  const child = await mo({ name: 'rt-child', c8y_IsDevice: {} });
  const other = await mo({ name: 'rt-other', c8y_IsDevice: {} });
  await api('POST', `/inventory/managedObjects/${group}/childAssets`, { body: { managedObject: { id: device } } });
  await api('POST', `/inventory/managedObjects/${device}/childDevices`, { body: { managedObject: { id: child } } });
  return { group, device, child, other };
}

const summary = (ms: BayeuxMessage[]) => ms.map((m) => `${m.channel} ${m.data?.realtimeAction}`).sort();

describe('alarmsWithChildren / eventsWithChildren', () => {
  it('deliver alarms and events of the object and of all its descendants, not of others', async () => {
    const t = await tree();
    const { sub, replies } = await Subscriber.open(ctx.server.url, [`/alarmsWithChildren/${t.group}`, `/eventsWithChildren/${t.device}`]);
    expect(replies.every((r) => r.successful)).toBe(true);

    const time = new Date().toISOString();
    const alarm = await api<{ id: string }>('POST', '/alarm/alarms', { body: { source: { id: t.child }, type: 'rt_A', text: 'deep', severity: 'MAJOR', time } });
    await api('POST', '/alarm/alarms', { body: { source: { id: t.other }, type: 'rt_A', text: 'unrelated', severity: 'MAJOR', time } });
    await api('POST', '/event/events', { body: { source: { id: t.child }, type: 'rt_E', text: 'child event', time } });
    await api('POST', '/event/events', { body: { source: { id: t.group }, type: 'rt_E', text: 'above the device', time } });
    await api('PUT', `/alarm/alarms/${alarm.body.id}`, { body: { status: 'ACKNOWLEDGED' } });

    const got = await sub.until((all) => all.length >= 3);
    await sub.settle();
    expect(summary(sub.received)).toEqual([`/alarmsWithChildren/${t.group} CREATE`, `/alarmsWithChildren/${t.group} UPDATE`, `/eventsWithChildren/${t.device} CREATE`].sort());
    expect(got.find((m) => m.channel.startsWith('/events'))?.data?.data).toMatchObject({ text: 'child event', source: { id: t.child } });
    await sub.close();
  });

  it('include the object itself, and deletions (bulk alarm delete, event delete) carry the id', async () => {
    const t = await tree();
    const time = new Date().toISOString();
    const alarm = await api<{ id: string }>('POST', '/alarm/alarms', { body: { source: { id: t.device }, type: 'rt_D', text: 'd', severity: 'MINOR', time } });
    const event = await api<{ id: string }>('POST', '/event/events', { body: { source: { id: t.child }, type: 'rt_D', text: 'd', time } });
    const { sub } = await Subscriber.open(ctx.server.url, [`/alarmsWithChildren/${t.device}`, `/eventsWithChildren/${t.group}`]);
    await api('DELETE', `/alarm/alarms?source=${t.device}`);
    await api('DELETE', `/event/events/${event.body.id}`);
    await sub.until((all) => all.length >= 2);
    expect(sub.received.map((m) => [m.channel, m.data?.realtimeAction, m.data?.data]).sort()).toEqual(
      [
        [`/alarmsWithChildren/${t.device}`, 'DELETE', alarm.body.id],
        [`/eventsWithChildren/${t.group}`, 'DELETE', event.body.id],
      ].sort(),
    );
    await sub.close();
  });

  it('a wildcard subscriber receives each record once', async () => {
    const t = await tree();
    const { sub } = await Subscriber.open(ctx.server.url, ['/alarmsWithChildren/*', `/alarmsWithChildren/${t.group}`]);
    await api('POST', '/alarm/alarms', { body: { source: { id: t.child }, type: 'rt_W', text: 'w', severity: 'MAJOR', time: new Date().toISOString() } });
    await sub.until((all) => all.length >= 2);
    await sub.settle();
    // Once for the wildcard (the source's channel), once for the group's own subscription.
    expect(summary(sub.received)).toEqual([`/alarmsWithChildren/${t.child} CREATE`, `/alarmsWithChildren/${t.group} CREATE`].sort());
    await sub.close();
  });
});

describe('subscription roles', () => {
  it("a subscription needs the read role of the channel's records, as the REST reads do", async () => {
    await api('POST', '/user/demo/users', { body: { userName: 'rt-no-roles', email: 'rt@example.com', password: 'Realtime-1' } });
    const token = Buffer.from('demo/rt-no-roles:Realtime-1').toString('base64');
    for (const channel of ['/managedobjects/*', '/alarms/1', '/alarmsWithChildren/*', '/events/*', '/eventsWithChildren/1', '/operations/*', '/measurements/*']) {
      const { sub, replies } = await Subscriber.open(ctx.server.url, [channel], { token });
      expect(replies).toEqual([expect.objectContaining({ successful: false, error: expect.stringContaining('403') })]);
      await sub.close();
    }
    const readers = (await api<{ groups: Array<{ id: number; name: string }> }>('GET', '/user/demo/groups')).body.groups.find((g) => g.name === 'readers')!;
    await api('POST', `/user/demo/groups/${readers.id}/users`, { body: { user: { id: 'rt-no-roles' } } });
    // Roles are read at the handshake: a new one sees the group's roles.
    const { sub, replies } = await Subscriber.open(ctx.server.url, ['/measurements/*', '/alarmsWithChildren/*'], { token });
    expect(replies.every((r) => r.successful)).toBe(true);
    await sub.close();
  });

  it('a client gets nothing more once its user loses the role, is deactivated or deleted, or its login session ends', async () => {
    const device = await mo({ name: 'rt-revoked', c8y_IsDevice: {} });
    const raise = (text: string) => api('POST', '/alarm/alarms', { body: { source: { id: device }, type: 'rt_revoked', text, severity: 'MINOR', time: new Date().toISOString() } });
    const readers = (await api<{ groups: Array<{ id: number; name: string }> }>('GET', '/user/demo/groups')).body.groups.find((g) => g.name === 'readers')!;
    const revocations: Array<[string, (user: string) => Promise<unknown>]> = [
      ['role', (user) => api('DELETE', `/user/demo/groups/${readers.id}/users/${user}`)],
      ['deactivated', (user) => api('PUT', `/user/demo/users/${user}`, { body: { enabled: false } })],
      ['deleted', (user) => api('DELETE', `/user/demo/users/${user}`)],
    ];
    for (const [how, revoke] of revocations) {
      const user = `rt-${how}`;
      await api('POST', '/user/demo/users', { body: { userName: user, email: `${user}@example.com`, password: 'Realtime-1' } });
      await api('POST', `/user/demo/groups/${readers.id}/users`, { body: { user: { id: user } } });
      const { sub } = await Subscriber.open(ctx.server.url, [`/alarms/${device}`], { token: Buffer.from(`demo/${user}:Realtime-1`).toString('base64') });
      await raise(`before ${how}`);
      await sub.until((all) => all.some((m) => (m.data?.data as { text?: string })?.text === `before ${how}`));
      await revoke(user);
      await raise(`after ${how}`);
      expect((await sub.settle()).map((m) => (m.data?.data as { text?: string })?.text)).toEqual([`before ${how}`]);
      const [again] = await bayeux(ctx.server.url, [{ channel: '/meta/subscribe', clientId: sub.clientId, subscription: `/alarms/${device}` }]);
      expect(again).toMatchObject({ successful: false, error: expect.stringMatching(/^40[12]:/) });
    }

    // A cookie login's client ends with its session (logout).
    const login = await fetch(`${ctx.server.url}/tenant/oauth?tenant_id=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=PASSWORD&username=viewer&password=demo',
    });
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const cookie = cookies.join('; ');
    const xsrfToken = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
    const post = async (messages: unknown[]) =>
      (await (await fetch(`${ctx.server.url}/notification/realtime`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(messages) })).json()) as BayeuxMessage[];
    const [hs] = await post([{ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'], ext: { 'com.cumulocity.authn': { xsrfToken } } }]);
    expect(hs.successful).toBe(true);
    expect((await post([{ channel: '/meta/subscribe', clientId: hs.clientId, subscription: `/alarms/${device}` }]))[0].successful).toBe(true);
    await fetch(`${ctx.server.url}/user/logout`, { method: 'POST', headers: { cookie, 'x-xsrf-token': xsrfToken } });
    await raise('after logout');
    const after = await post([{ channel: '/meta/connect', clientId: hs.clientId, connectionType: 'long-polling', advice: { timeout: 0 } }]);
    expect(after.filter((m) => !m.channel.startsWith('/meta/'))).toEqual([]);
    expect(after[0]).toMatchObject({ successful: false, error: expect.stringMatching(/^40[12]:/) });
  });
});

/** A Bayeux client over a real websocket: each frame is a JSON array of messages. */
class WsBayeux {
  readonly messages: BayeuxMessage[] = [];
  private waiters: Array<() => void> = [];
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.messages.push(...(JSON.parse(String(raw)) as BayeuxMessage[]));
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static open(url: string): Promise<WsBayeux> {
    const ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new WsBayeux(ws)));
      ws.once('error', reject);
    });
  }

  send(...messages: unknown[]): void {
    this.ws.send(JSON.stringify(messages));
  }

  async next(match: (m: BayeuxMessage) => boolean, timeoutMs = 5000): Promise<BayeuxMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.messages.find(match);
      if (hit) return hit;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching websocket message; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.waiters.push(() => (clearTimeout(t), r()));
      });
    }
  }

  close(): void {
    this.ws.close();
  }
}

describe.each(['/notification/realtime', '/cep/realtime'])('websocket transport at %s', (mount) => {
  it('handshakes with supportedConnectionTypes websocket, subscribes and receives a notification over the socket', async () => {
    const bx = await WsBayeux.open(`${ctx.server.url.replace(/^http/, 'ws')}${mount}`);
    try {
      bx.send({ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['websocket'], ext: { 'com.cumulocity.authn': { token: basicToken('viewer') } } });
      const hs = await bx.next((m) => m.channel === '/meta/handshake');
      expect(hs).toMatchObject({ successful: true, supportedConnectionTypes: expect.arrayContaining(['websocket']) });
      const clientId = hs.clientId!;
      bx.send({ channel: '/meta/subscribe', clientId, subscription: '/managedobjects/*' });
      expect(await bx.next((m) => m.channel === '/meta/subscribe')).toMatchObject({ successful: true, subscription: '/managedobjects/*' });
      bx.send({ channel: '/meta/connect', clientId, connectionType: 'websocket' });

      const created = await mo({ name: `ws ${mount}`, c8y_IsDevice: {} });
      const note = await bx.next((m) => m.channel === `/managedobjects/${created}`);
      expect(note.data).toMatchObject({ realtimeAction: 'CREATE', data: { id: created, name: `ws ${mount}` } });
    } finally {
      bx.close();
    }
  });
});

it('refuses a websocket handshake without credentials', async () => {
  const bx = await WsBayeux.open(`${ctx.server.url.replace(/^http/, 'ws')}/notification/realtime`);
  try {
    bx.send({ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['websocket'] });
    expect(await bx.next((m) => m.channel === '/meta/handshake')).toMatchObject({ successful: false });
  } finally {
    bx.close();
  }
});

describe('hostile realtime requests', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${ctx.server.url}/notification/realtime`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const handshake = (who: 'viewer' | 'admin' = 'viewer') => ({ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'], ext: { 'com.cumulocity.authn': { token: basicToken(who) } } });

  it(`refuses a body over ${REALTIME_BODY_LIMIT_BYTES} bytes with 413 and the error body, declared or streamed, and keeps serving`, async () => {
    const big = JSON.stringify([{ channel: '/meta/connect', clientId: 'x', pad: 'p'.repeat(REALTIME_BODY_LIMIT_BYTES) }]);
    const declared = await post(big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ error: 'general/Request Entity Too Large', message: expect.any(String), info: expect.any(String) });
    // Chunked: no Content-Length to judge by, so the bytes are counted as they come.
    const chunks = [Buffer.from('['), ...Array.from({ length: 40 }, () => Buffer.from(`${JSON.stringify({ channel: '/meta/connect', clientId: 'x', pad: 'p'.repeat(64 * 1024) })},`)), Buffer.from('{}]')];
    const streamed = await fetch(`${ctx.server.url}/notification/realtime`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit).catch((e: unknown) => e);
    // The answer is 413, or the connection closes before the client finished sending.
    if (streamed instanceof Response) expect(streamed.status).toBe(413);
    const [hs] = await bayeux(ctx.server.url, [handshake()]);
    expect(hs.successful).toBe(true);
  });

  it(`refuses more than ${REALTIME_MAX_MESSAGES} messages, or two handshakes, in one request: no client is made`, async () => {
    const many = await bayeux(ctx.server.url, Array.from({ length: REALTIME_MAX_MESSAGES + 1 }, () => handshake()));
    expect(many).toEqual([{ channel: '/meta/handshake', successful: false, error: `413::More than ${REALTIME_MAX_MESSAGES} messages in one request` }]);
    const two = await bayeux(ctx.server.url, [handshake(), handshake()]);
    expect(two).toEqual([{ channel: '/meta/handshake', successful: false, error: '400::One handshake per request' }]);
    const [hs] = await bayeux(ctx.server.url, [handshake()]);
    const connects = await bayeux(
      ctx.server.url,
      Array.from({ length: REALTIME_MAX_MESSAGES }, () => ({ channel: '/meta/subscribe', clientId: hs.clientId, subscription: '/alarms/*' })),
    );
    expect(connects).toHaveLength(REALTIME_MAX_MESSAGES);
    expect(connects.every((m) => m.successful)).toBe(true);
  });

  it(`closes a websocket that sends a frame over ${REALTIME_BODY_LIMIT_BYTES} bytes (1009), and serves websockets below it`, async () => {
    const url = `${ctx.server.url.replace(/^http/, 'ws')}/notification/realtime`;
    const ws = new WebSocket(url);
    await new Promise<void>((r) => ws.once('open', r));
    const closed = new Promise<number>((r) => ws.once('close', r));
    ws.send(JSON.stringify([{ channel: '/meta/connect', clientId: 'x', pad: 'p'.repeat(REALTIME_BODY_LIMIT_BYTES) }]));
    expect(await closed).toBe(1009);
    const bx = await WsBayeux.open(url);
    try {
      bx.send({ ...handshake(), supportedConnectionTypes: ['websocket'], pad: 'p'.repeat(REALTIME_BODY_LIMIT_BYTES / 2) });
      expect(await bx.next((m) => m.channel === '/meta/handshake')).toMatchObject({ successful: true });
      bx.send(handshake(), handshake());
      expect(await bx.next((m) => m.error === '400::One handshake per request')).toMatchObject({ successful: false });
    } finally {
      bx.close();
    }
  });

  it('answers a message that is no object with a channel name with a Bayeux error, on either transport, and keeps serving', async () => {
    const malformed = [[null], [{ channel: 5 }], [{ clientId: 'x' }], [7]];
    for (const batch of malformed) {
      expect([batch, await bayeux(ctx.server.url, batch)]).toEqual([batch, [{ channel: '/meta/unsuccessful', successful: false, error: '400::Malformed message' }]]);
    }
    const url = `${ctx.server.url.replace(/^http/, 'ws')}/notification/realtime`;
    const bx = await WsBayeux.open(url);
    try {
      // faye's own upgrade handler caught what a message threw; a throw here ended the server.
      for (const batch of malformed) bx.send(...batch);
      await bx.next(() => bx.messages.filter((m) => m.error === '400::Malformed message').length === malformed.length);
      bx.send({ ...handshake(), supportedConnectionTypes: ['websocket'] });
      expect(await bx.next((m) => m.channel === '/meta/handshake')).toMatchObject({ successful: true });
    } finally {
      bx.close();
    }
    const [hs] = await bayeux(ctx.server.url, [handshake()]);
    expect(hs.successful).toBe(true);
  });

  it('answers no other origin with CORS headers, as the REST API', async () => {
    const res = await post(JSON.stringify([handshake()]), { origin: 'https://elsewhere.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${ctx.server.url}/notification/realtime`, { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('a connect while another of the same client is held', () => {
  it('ends the held one and answers the new one as it asks (at once for advice timeout 0), as CometD does', async () => {
    const { sub } = await Subscriber.open(ctx.server.url, ['/alarms/*']);
    const connect = (advice?: { timeout: number }) =>
      bayeux(ctx.server.url, [{ channel: '/meta/connect', clientId: sub.clientId, connectionType: 'long-polling', ...(advice ? { advice } : {}) }]);
    // The client's first connect answers at once; the next one is held (the server's 45 s).
    await connect({ timeout: 0 });
    const started = Date.now();
    const held = connect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A client that gave up the held connect (its connection was lost) asks again, for an answer at once.
    const [again] = await connect({ timeout: 0 });
    expect(again).toMatchObject({ channel: '/meta/connect', successful: true });
    const [ended] = await held;
    expect(ended).toMatchObject({ channel: '/meta/connect', successful: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    await sub.close();
  });
});
