import { AUTH, client, start } from './helpers';

type Server = Awaited<ReturnType<typeof start>>;
// Servers start and stop inside tests; the machine may be busy with other work.
jest.setTimeout(30_000);

let upstream: Server;
let proxy: Server;

beforeAll(async () => {
  upstream = await start();
  proxy = await start({ proxy: upstream.url });
});
afterAll(async () => {
  await proxy?.close();
  await upstream?.close();
});

type Msg = { channel: string; successful?: boolean; clientId?: string; error?: string; data?: { realtimeAction: string; data: { id: string; name?: string } } };

async function bayeux(baseUrl: string, messages: unknown[], cookie?: string): Promise<Msg[]> {
  const res = await fetch(`${baseUrl}/notification/realtime`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(messages),
  });
  return (await res.json()) as Msg[];
}

const basicToken = AUTH.operator.slice('Basic '.length);

async function handshake(baseUrl: string, ext: unknown, cookie?: string): Promise<Msg> {
  const [reply] = await bayeux(baseUrl, [{ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'], ext }], cookie);
  return reply;
}

describe('realtime (Bayeux at /notification/realtime)', () => {
  it('refuses a handshake without valid credentials', async () => {
    expect((await handshake(upstream.url, undefined)).successful).toBe(false);
    const wrong = Buffer.from('demo/admin:wrong').toString('base64');
    expect((await handshake(upstream.url, { 'com.cumulocity.authn': { token: wrong } })).successful).toBe(false);
  });

  it('refuses subscribe from an unknown client and publishing by clients', async () => {
    const [sub] = await bayeux(upstream.url, [{ channel: '/meta/subscribe', clientId: 'made-up', subscription: '/managedobjects/*' }]);
    expect(sub.successful).toBe(false);
    const hs = await handshake(upstream.url, { 'com.cumulocity.authn': { token: basicToken } });
    const [pub] = await bayeux(upstream.url, [{ channel: '/managedobjects/1', clientId: hs.clientId, data: { realtimeAction: 'DELETE', data: '1' } }]);
    expect(pub.successful).toBe(false);
    const [bad] = await bayeux(upstream.url, [{ channel: '/meta/subscribe', clientId: hs.clientId, subscription: '/secret/stuff' }]);
    expect(bad.successful).toBe(false);
  });

  it('delivers {realtimeAction, data} for writes to subscribed channels, including wildcards', async () => {
    const hs = await handshake(upstream.url, { 'com.cumulocity.authn': { token: basicToken } });
    expect(hs.successful).toBe(true);
    const clientId = hs.clientId!;
    const subs = await bayeux(upstream.url, [
      { channel: '/meta/subscribe', clientId, subscription: '/managedobjects/*' },
      { channel: '/meta/subscribe', clientId, subscription: '/operations/*' },
    ]);
    expect(subs.every((s) => s.successful)).toBe(true);
    await bayeux(upstream.url, [{ channel: '/meta/connect', clientId, connectionType: 'long-polling', advice: { timeout: 0 } }]);
    const api = client(upstream.url);
    const mo = await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'Live', c8y_IsDevice: {} } });
    await api('POST', '/devicecontrol/operations', { body: { deviceId: mo.body.id, c8y_Restart: {} } });
    const received: Msg[] = [];
    for (let i = 0; i < 20 && received.filter((m) => m.data).length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const replies = await bayeux(upstream.url, [{ channel: '/meta/connect', clientId, connectionType: 'long-polling', advice: { timeout: 0 } }]);
      received.push(...replies.filter((m) => !m.channel.startsWith('/meta/')));
    }
    expect(received).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: `/managedobjects/${mo.body.id}`, data: expect.objectContaining({ realtimeAction: 'CREATE', data: expect.objectContaining({ name: 'Live' }) }) }),
        expect.objectContaining({ channel: `/operations/${mo.body.id}`, data: expect.objectContaining({ realtimeAction: 'CREATE' }) }),
      ]),
    );
  }, 20_000);

  it('accepts a cookie session with its XSRF token, not the cookie alone', async () => {
    const login = await fetch(`${upstream.url}/tenant/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=PASSWORD&username=viewer&password=demo',
    });
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const cookie = cookies.join('; ');
    const xsrfToken = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1];
    expect((await handshake(upstream.url, undefined, cookie)).successful).toBe(false);
    expect((await handshake(upstream.url, { 'com.cumulocity.authn': { xsrfToken } }, cookie)).successful).toBe(true);
  });
});

describe('proxy mode (a second stand-in as upstream)', () => {
  it('forwards the API with credentials, keeps /health local', async () => {
    const api = client(proxy.url);
    const created = await api<{ id: string; self: string }>('POST', '/inventory/managedObjects', { body: { name: 'Via proxy' } });
    expect(created.status).toBe(201);
    const direct = await client(upstream.url)<{ name: string }>('GET', `/inventory/managedObjects/${created.body.id}`);
    expect(direct.body.name).toBe('Via proxy');
    expect((await api('GET', '/inventory/managedObjects', { who: 'nobody' })).status).toBe(401);
    expect((await api('GET', '/health', { who: 'nobody' })).body).toEqual({ status: 'UP' });
    // The proxy's own database stays empty: nothing was served locally.
    expect(proxy.core.inventory.count({})).toBe(0);
  });

  it('passes cookie login through with cookies usable on localhost', async () => {
    const res = await fetch(`${proxy.url}/tenant/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=PASSWORD&username=admin&password=demo',
    });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('authorization='))).toBe(true);
    for (const c of cookies) expect(c).not.toMatch(/domain=|;\s*secure/i);
    const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    expect((await client(proxy.url)('GET', '/user/currentUser', { who: 'nobody', headers: { cookie } })).body.userName).toBe('admin');
  });

  it('forwards realtime (Bayeux over HTTP) to the upstream', async () => {
    const hs = await handshake(proxy.url, { 'com.cumulocity.authn': { token: basicToken } });
    expect(hs.successful).toBe(true);
  });
});
