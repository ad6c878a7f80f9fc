/**
 * @jest-environment-options {"url": "http://tenant.example.test/apps/public/login/"}
 *
 * The login application's page script (login-app/login.js) in a DOM, against a scripted
 * platform: labels, languages, errors, the POST it sends and where it goes afterwards. The page is
 * served from a host other than localhost, where it checks the application's manifest first.
 */
import fs from 'node:fs';
import path from 'node:path';

const DIR = path.join(__dirname, '..', 'login-app');
const HTML = fs.readFileSync(path.join(DIR, 'index.html'), 'utf8');
const SCRIPT = fs.readFileSync(path.join(DIR, 'login.js'), 'utf8');

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
type Route = (init?: RequestInit) => Answer | Promise<Answer>;
interface LoginApi {
  redirectTarget(stored: string | null, origin: string): string;
  navigate(url: string): void;
  ready: Promise<unknown>;
}

const DEMO = { tenant: 'demo', password: 'demo', users: [{ userName: 'admin' }, { userName: 'operator' }, { userName: 'viewer' }] };

/** Loads the page with `routes` answering its requests (path without query -> answer); returns what it asked and where it went. */
async function loadPage(routes: Record<string, Route>, language = 'en-US') {
  Object.defineProperty(window.navigator, 'language', { value: language, configurable: true });
  Object.defineProperty(window.navigator, 'languages', { value: [language], configurable: true });
  document.documentElement.innerHTML = HTML.replace(/^[\s\S]*?<html[^>]*>/, '').replace(/<\/html>\s*$/, '');
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  window.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const route = routes[url.split('?')[0]];
    const { status, body, headers = {} } = route ? await route(init) : { status: 404, body: { error: 'general/Not Found', message: 'none' } };
    // What the page reads of a fetch Response (jsdom has none of its own).
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] ?? null },
      json: async () => {
        if (body === undefined) throw new SyntaxError('Unexpected end of JSON input');
        return JSON.parse(JSON.stringify(body)) as unknown;
      },
    } as Response;
  }) as typeof fetch;
  window.eval(SCRIPT);
  const api = (window as unknown as { c8yLogin: LoginApi }).c8yLogin;
  const went: string[] = [];
  api.navigate = (url) => void went.push(url);
  await api.ready;
  return { api, calls, went };
}

const byId = (id: string) => document.getElementById(id) as HTMLInputElement;
const anonymous: Record<string, Route> = { '/user/currentUser': () => ({ status: 401, body: { error: 'security/Unauthorized', message: 'Full authentication is required' } }) };

async function submit(tenant: string, user: string, password: string) {
  byId('login-tenant').value = tenant;
  byId('login-user').value = user;
  byId('login-password').value = password;
  byId('login-form').dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
  // The handler awaits the login and the manifest check.
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
}

beforeEach(() => window.sessionStorage.clear());

describe('the login page', () => {
  it('ties every label to its field and speaks English by default', async () => {
    await loadPage(anonymous);
    for (const [id, label] of [
      ['login-tenant', 'Tenant'],
      ['login-user', 'Username'],
      ['login-password', 'Password'],
    ]) {
      expect(document.querySelector(`label[for="${id}"]`)!.textContent).toBe(label);
    }
    expect(byId('login-tenant').value).toBe('demo');
    expect(document.getElementById('login-submit')!.textContent).toBe('Log in');
    expect(document.activeElement).toBe(byId('login-user'));
  });

  it('speaks German to a German browser', async () => {
    await loadPage(anonymous, 'de-DE');
    expect(document.documentElement.lang).toBe('de');
    expect(document.querySelector('label[for="login-tenant"]')!.textContent).toBe('Mandant');
    expect(document.querySelector('label[for="login-password"]')!.textContent).toBe('Passwort');
    await submit('demo', '', '');
    expect(byId('login-error').textContent).toBe('Bitte Mandant, Benutzername und Passwort eingeben.');
  });

  it("says in German for how long a locked login waits, without the server's English text", async () => {
    const locked = { status: 429, headers: { 'Retry-After': '61' }, body: { error: 'security/Too Many Requests', message: 'Too many failed logins: try again in 61 s' } };
    await loadPage({ ...anonymous, '/tenant/oauth': () => locked }, 'de-DE');
    await submit('demo', 'admin', 'wrong');
    expect(byId('login-error').textContent).toBe('Zu viele Anmeldeversuche. Versuchen Sie es in 2 Min. erneut.');
  });

  it('offers the demo logins; picking one fills the form', async () => {
    await loadPage({ ...anonymous, 'demo-logins.json': () => ({ status: 200, body: DEMO }) });
    expect(document.getElementById('demo-logins')!.hidden).toBe(false);
    expect(document.getElementById('demo-hint')!.textContent).toContain('password demo');
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('#demo-list button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['admin', 'operator', 'viewer']);
    buttons[1].click();
    expect([byId('login-tenant').value, byId('login-user').value, byId('login-password').value]).toEqual(['demo', 'operator', 'demo']);
  });

  it('shows no demo logins when the platform has none', async () => {
    await loadPage(anonymous);
    expect(document.getElementById('demo-logins')!.hidden).toBe(true);
  });

  it('names a missing field and sends nothing', async () => {
    const { calls } = await loadPage(anonymous);
    await submit('demo', 'admin', '');
    expect(byId('login-error').hidden).toBe(false);
    expect(byId('login-error').textContent).toBe('Enter tenant, username and password.');
    expect(byId('login-password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(byId('login-password'));
    expect(calls.some((c) => c.url.startsWith('/tenant/oauth'))).toBe(false);
  });

  it.each([
    ['401', { status: 401, body: { error: 'security/Unauthorized', message: 'Invalid credentials!' } }, 'Invalid credentials.'],
    ['401 saying more', { status: 401, body: { error: 'security/Unauthorized', message: 'User account is locked' } }, 'Invalid credentials. User account is locked'],
    ['429', { status: 429, body: { error: 'security/Too Many Requests', message: 'Retry in 30 s' } }, 'Too many login attempts. Try again later.'],
    [
      '429 with Retry-After',
      { status: 429, headers: { 'Retry-After': '300' }, body: { error: 'security/Too Many Requests', message: 'Too many failed logins: try again in 300 s' } },
      'Too many login attempts. Try again in 5 min.',
    ],
    ['500', { status: 500, body: { error: 'general/Internal Server Error', message: 'An unexpected error occurred' } }, 'Login failed (HTTP 500). An unexpected error occurred'],
    ['502 without a body', { status: 502 }, 'Login failed (HTTP 502).'],
  ])('answers a failed login (%s) with a clear error and stays', async (_what, answer, text) => {
    const { went } = await loadPage({ ...anonymous, '/tenant/oauth': () => answer });
    await submit('demo', 'admin', 'wrong');
    expect(byId('login-error').textContent).toBe(text);
    expect(byId('login-error').getAttribute('role')).toBe('alert');
    expect((document.getElementById('login-submit') as HTMLButtonElement).disabled).toBe(false);
    expect(went).toEqual([]);
  });

  it('says so when the platform cannot be reached', async () => {
    await loadPage({
      ...anonymous,
      '/tenant/oauth': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await submit('demo', 'admin', 'demo');
    expect(byId('login-error').textContent).toMatch(/cannot be reached/);
  });

  it('posts the password grant to /tenant/oauth?tenant_id=<tenant> and returns to the stored path', async () => {
    window.sessionStorage.setItem('c8yRedirectAfterLoginPath', '/apps/devicemanagement/?remotes=x&code=abc#/device/42');
    const manifest = jest.fn(() => ({ status: 200, body: { application: { id: '7' } } }));
    const { calls, went } = await loadPage({ ...anonymous, '/tenant/oauth': () => ({ status: 200 }), '/application/applications/devicemanagement/manifest': manifest });
    await submit(' acme ', 'admin', 'p&ss=1');
    const post = calls.find((c) => c.url.startsWith('/tenant/oauth'))!;
    expect(post.url).toBe('/tenant/oauth?tenant_id=acme');
    expect(post.init?.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(String(post.init?.body)))).toEqual({ grant_type: 'PASSWORD', username: 'admin', password: 'p&ss=1' });
    expect(manifest).toHaveBeenCalled();
    expect(went).toEqual(['/apps/devicemanagement/?remotes=x#/device/42']);
    expect(window.sessionStorage.getItem('c8yRedirectAfterLoginPath')).toBeNull();
  });

  it('stays with a message instead of looping when the application refuses the user', async () => {
    window.sessionStorage.setItem('c8yRedirectAfterLoginPath', '/apps/secret-app/');
    const { went } = await loadPage({ ...anonymous, '/tenant/oauth': () => ({ status: 200 }) });
    await submit('demo', 'viewer', 'demo');
    expect(went).toEqual([]);
    expect(byId('login-error').textContent).toContain('"secret-app"');
  });

  it('goes back at once with a session that is still valid', async () => {
    window.sessionStorage.setItem('c8yRedirectAfterLoginPath', '/apps/shell/#/alarms');
    const { went } = await loadPage({
      '/user/currentUser': () => ({ status: 200, body: { userName: 'admin' } }),
      '/application/applications/shell/manifest': () => ({ status: 200, body: { application: { id: '1' } } }),
    });
    expect(went).toEqual(['/apps/shell/#/alarms']);
  });
});

describe('redirectTarget: only paths of this origin, never the login app itself', () => {
  const origin = 'http://tenant.example.test';
  it.each([
    ['/apps/devicemanagement/#/device/1', '/apps/devicemanagement/#/device/1'],
    ['/apps/x/?code=1&a=2&session_state=s#h', '/apps/x/?a=2#h'],
    [null, '/apps/devicemanagement/'],
    ['', '/apps/devicemanagement/'],
    ['apps/relative', '/apps/devicemanagement/'],
    ['//evil.example/apps/x', '/apps/devicemanagement/'],
    ['/\\evil.example/apps/x', '/apps/devicemanagement/'],
    ['/\t/evil.example/', '/apps/devicemanagement/'],
    ['https://evil.example/', '/apps/devicemanagement/'],
    ['javascript:alert(1)', '/apps/devicemanagement/'],
    ['/apps/public/login/?x=1', '/apps/devicemanagement/'],
    ['/apps/public/login', '/apps/devicemanagement/'],
  ])('%j -> %s', async (stored, target) => {
    const { api } = await loadPage(anonymous);
    expect(api.redirectTarget(stored, origin)).toBe(target);
  });
});
