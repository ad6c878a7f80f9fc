/**
 * Issue 18, finding 4: login throttling per user and per client address (core/auth.ts). The
 * server runs on a clock only the test moves, so locks end without waiting real minutes.
 */
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_USER,
} from '../core/auth';
import { bayeux } from './bayeux';
import { ERROR_SHAPE, serverPerFile } from './helpers';

jest.setTimeout(120_000);

// The clock stands still but for the test's moves: a lock's remaining seconds (Retry-After) must not
// depend on how long the requests took on a busy machine.
const start = Date.now();
let offset = 0;
const ctx = serverPerFile({ clock: { now: () => start + offset } });
/** Every test starts after the previous one's windows and locks have passed. */
beforeEach(() => {
  offset += LOGIN_FAILURE_WINDOW_MS + LOGIN_LOCK_MS;
});

const basic = (user: string, password: string) => 'Basic ' + Buffer.from(`demo/${user}:${password}`).toString('base64');

async function formLogin(user: string, password: string) {
  const res = await fetch(`${ctx.server.url}/tenant/oauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'PASSWORD', username: `demo/${user}`, password }).toString(),
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function basicCall(user: string, password: string) {
  const res = await fetch(`${ctx.server.url}/user/currentUser`, { headers: { authorization: basic(user, password) } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as unknown };
}

const hashes = () => ctx.server.core.auth.passwordChecks;
const lockSeconds = String(LOGIN_LOCK_MS / 1000);

it('locks a user after repeated wrong passwords (429, Retry-After, no hashing), leaves other users be, and lets the right password in after the lock', async () => {
  const before = hashes();
  // The run: 30 wrong passwords in a row, then the right one.
  const answers = [];
  for (let i = 0; i < 30; i++) answers.push(await formLogin('operator', `wrong-${i}`));
  expect(answers.slice(0, LOGIN_MAX_FAILURES_PER_USER).map((a) => a.status)).toEqual(Array(LOGIN_MAX_FAILURES_PER_USER).fill(401));
  for (const a of answers.slice(LOGIN_MAX_FAILURES_PER_USER)) expect(a).toEqual({ status: 429, retryAfter: lockSeconds, body: ERROR_SHAPE });
  expect(await formLogin('operator', 'demo')).toMatchObject({ status: 429, retryAfter: lockSeconds });
  // Basic credentials are the same login: locked too, the right password included.
  expect(await basicCall('operator', 'demo')).toMatchObject({ status: 429, retryAfter: lockSeconds });
  // Only the attempts before the lock cost a hash.
  expect(hashes() - before).toBe(LOGIN_MAX_FAILURES_PER_USER);

  expect((await formLogin('admin', 'demo')).status).toBe(200);
  expect((await basicCall('viewer', 'demo')).status).toBe(200);

  offset += LOGIN_LOCK_MS - 2000;
  const almost = await formLogin('operator', 'demo');
  expect(almost).toMatchObject({ status: 429, retryAfter: '2' });
  offset += 2000;
  expect((await formLogin('operator', 'demo')).status).toBe(200);
  expect((await basicCall('operator', 'demo')).status).toBe(200);
});

it('counts wrong Basic credentials like wrong form logins, and a success clears the user count', async () => {
  for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER - 1; i++) expect((await basicCall('viewer', `nope-${i}`)).status).toBe(401);
  expect((await basicCall('viewer', 'demo')).status).toBe(200);
  // The success started the count afresh: as many failures again before the lock.
  for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER; i++) expect((await basicCall('viewer', `again-${i}`)).status).toBe(401);
  expect(await basicCall('viewer', 'demo')).toMatchObject({ status: 429, body: { error: 'security/Too Many Requests' } });
});

it('locks a client address that guesses across many user names, without hashing the refused guesses', async () => {
  const before = hashes();
  for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) expect((await formLogin(`sprayed-${i}`, 'guess')).status).toBe(401);
  expect(await formLogin('admin', 'demo')).toMatchObject({ status: 429, retryAfter: lockSeconds });
  expect(await basicCall('admin', 'demo')).toMatchObject({ status: 429 });
  expect(hashes() - before).toBe(LOGIN_MAX_FAILURES_PER_ADDRESS);
  offset += LOGIN_LOCK_MS;
  expect((await formLogin('admin', 'demo')).status).toBe(200);
});

// What kept /health slow in the issue (p50 263 ms) was hashing every guess; this checks that cause
// is gone (only the guesses before the lock are hashed) and that /health answers throughout. The
// latency itself is printed, not asserted: speed is a bench line, and this machine is shared.
it('hashes only the guesses before the lock while 10 clients send 300 guesses, and /health answers throughout', async () => {
  const before = hashes();
  let sent = 0;
  const guesser = async () => {
    while (sent < 300) {
      sent++;
      await formLogin('admin', `guess-${sent}`);
    }
  };
  const latencies: number[] = [];
  const probe = async () => {
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      expect((await fetch(`${ctx.server.url}/health`)).status).toBe(200);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all([...Array.from({ length: 10 }, guesser), probe()]);
  latencies.sort((a, b) => a - b);
  const p50 = latencies[Math.floor(latencies.length / 2)];
  console.log(`login throttling: 300 guesses, ${hashes() - before} hashed, /health p50 ${p50.toFixed(1)} ms`);
  expect(hashes() - before).toBe(LOGIN_MAX_FAILURES_PER_USER);
  expect(latencies).toHaveLength(30);
});

it('has the figures README and the server README give: 10 per user, 30 per address, within 15 minutes, a 5-minute lock', () => {
  expect([LOGIN_MAX_FAILURES_PER_USER, LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_FAILURE_WINDOW_MS, LOGIN_LOCK_MS]).toEqual([10, 30, 15 * 60_000, 5 * 60_000]);
});

it('counts only the failures within the window: older ones no longer bring the lock nearer', async () => {
  for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER - 1; i++) expect((await formLogin('operator', `early-${i}`)).status).toBe(401);
  offset += LOGIN_FAILURE_WINDOW_MS;
  for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER - 1; i++) expect((await formLogin('operator', `late-${i}`)).status).toBe(401);
  expect((await formLogin('operator', 'demo')).status).toBe(200);
});

it('locks the realtime handshake too: its wrong credentials count, and a locked user cannot handshake with the right ones', async () => {
  const handshake = async (user: string, password: string) => {
    const [reply] = await bayeux(ctx.server.url, [
      { channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'], ext: { 'com.cumulocity.authn': { token: basic(user, password).slice('Basic '.length) } } },
    ]);
    return reply;
  };
  expect(await handshake('viewer', 'demo')).toMatchObject({ successful: true });
  for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER; i++) expect(await handshake('viewer', `wrong-${i}`)).toMatchObject({ successful: false });
  // The handshake's failures locked the user for every kind of login.
  expect(await formLogin('viewer', 'demo')).toMatchObject({ status: 429, retryAfter: lockSeconds });
  expect(await handshake('viewer', 'demo')).toMatchObject({ successful: false });
  offset += LOGIN_LOCK_MS;
  expect(await handshake('viewer', 'demo')).toMatchObject({ successful: true });
});

it("counts a wrong current password of Change password (PUT /user/currentUser/password) towards the user's lock: 422 each, then 429 (the right one too), and no login until the lock ends", async () => {
  // A login session (cookie), as the platform UI has: whoever holds it need not know the password.
  const login = await fetch(`${ctx.server.url}/tenant/oauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'PASSWORD', username: 'demo/operator', password: 'demo' }),
  });
  expect(login.status).toBe(200);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const session = { cookie: cookies.join('; '), 'x-xsrf-token': decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]) };
  const changePassword = (currentUserPassword: string) =>
    fetch(`${ctx.server.url}/user/currentUser/password`, {
      method: 'PUT',
      headers: { ...session, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ currentUserPassword, newPassword: 'Changed-pass2' }),
    }).then((res) => ({ status: res.status, retryAfter: res.headers.get('retry-after') }));
  const answers = [];
  for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER; i++) answers.push(await changePassword(`wrong-${i}`));
  expect(answers.map((a) => a.status)).toEqual(Array(LOGIN_MAX_FAILURES_PER_USER).fill(422));
  // The guesses locked the user: the right current password is refused too, and so is a login.
  expect(await changePassword('demo')).toMatchObject({ status: 429, retryAfter: lockSeconds });
  expect(await formLogin('operator', 'demo')).toMatchObject({ status: 429, retryAfter: lockSeconds });
  offset += LOGIN_LOCK_MS;
  // Nothing of that changed the password.
  expect((await formLogin('operator', 'demo')).status).toBe(200);
});
