/** The live Bayeux clients one user may hold, and how the page's realtime client takes a refusal. */
import { RealtimeClient } from '../../../shared/platform/realtime';
import { REALTIME_MAX_CLIENTS_PER_USER, TOO_MANY_CLIENTS } from '../core/realtime';
import { basicToken, bayeux, type BayeuxMessage } from './bayeux';
import { serverPerFile, type Who } from './helpers';

const ctx = serverPerFile();

const handshake = async (who: Exclude<Who, 'nobody'>): Promise<BayeuxMessage> =>
  (await bayeux(ctx.server.url, [{ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'], ext: { 'com.cumulocity.authn': { token: basicToken(who) } } }]))[0];
const disconnect = (clientId: string) => bayeux(ctx.server.url, [{ channel: '/meta/disconnect', clientId }]);

async function formLogin(user: string): Promise<{ cookie: string; xsrf: string }> {
  const res = await fetch(`${ctx.server.url}/tenant/oauth?tenant_id=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'PASSWORD', username: user, password: 'demo' }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { cookie: cookies.join('; '), xsrf: decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]) };
}

describe('realtime clients per user', () => {
  let held: string[] = [];
  afterEach(async () => {
    await Promise.all(held.map(disconnect));
    held = [];
  });

  it(`refuses a handshake beyond ${REALTIME_MAX_CLIENTS_PER_USER} live clients of one user, as the platform refuses one; a disconnect frees a place`, async () => {
    expect(REALTIME_MAX_CLIENTS_PER_USER).toBe(100);
    const replies = await Promise.all(Array.from({ length: REALTIME_MAX_CLIENTS_PER_USER + 5 }, () => handshake('operator')));
    const accepted = replies.filter((r) => r.successful);
    held = accepted.map((r) => r.clientId!);
    expect(accepted).toHaveLength(REALTIME_MAX_CLIENTS_PER_USER);
    const refused = replies.filter((r) => !r.successful);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r).toMatchObject({ channel: '/meta/handshake', successful: false, error: TOO_MANY_CLIENTS });
    expect(TOO_MANY_CLIENTS).toMatch(/^403::/);
    expect(refused.every((r) => r.clientId === undefined)).toBe(true);
    // Another user is not affected.
    const viewer = await handshake('viewer');
    expect(viewer.successful).toBe(true);
    held.push(viewer.clientId!);
    // A client that leaves frees its place.
    await disconnect(held.shift()!);
    const again = await handshake('operator');
    expect(again.successful).toBe(true);
    held.push(again.clientId!);
    expect((await handshake('operator')).error).toBe(TOO_MANY_CLIENTS);
  });

  it("the page's realtime client backs off on the refusal (no handshake per round trip) and connects once a place is free", async () => {
    const full = await Promise.all(Array.from({ length: REALTIME_MAX_CLIENTS_PER_USER }, () => handshake('admin')));
    held = full.map((r) => r.clientId!);
    expect(full.every((r) => r.successful)).toBe(true);

    const { cookie, xsrf } = await formLogin('admin');
    const sent: string[] = [];
    const errors: string[] = [];
    const client = new RealtimeClient({
      url: `${ctx.server.url}/notification/realtime`,
      xsrfToken: () => xsrf,
      retryDelayMs: 100,
      maxRetryDelayMs: 400,
      disconnectGraceMs: 0,
      onError: (e) => errors.push(String(e)),
      fetch: (async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Array<{ channel: string }>;
        sent.push(...body.map((m) => m.channel));
        return fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
      }) as typeof fetch,
    });
    const unsubscribe = client.subscribe('/alarms/*', () => undefined);
    try {
      await new Promise((r) => setTimeout(r, 1500));
      const handshakes = sent.filter((c) => c === '/meta/handshake').length;
      // Waits of 100, 200, 400, 400, ... ms: about six tries in 1.5 s, not hundreds.
      expect(handshakes).toBeGreaterThanOrEqual(2);
      expect(handshakes).toBeLessThanOrEqual(8);
      expect(sent.every((c) => c === '/meta/handshake')).toBe(true);
      expect(errors.at(-1)).toContain(TOO_MANY_CLIENTS);

      await disconnect(held.shift()!);
      for (const end = Date.now() + 5000; !sent.includes('/meta/subscribe'); ) {
        if (Date.now() > end) throw new Error(`never subscribed: ${sent.join(', ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      unsubscribe();
    }
  });
});
