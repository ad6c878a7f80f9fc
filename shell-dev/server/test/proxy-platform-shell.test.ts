/**
 * Proxy mode (`npm start -- --proxy <tenant>`) with the real platform shell: the shell and the
 * bundle's plugins are served locally, the API and the tenant's login app come from the tenant.
 * A second stand-in plays the tenant: its devicemanagement application lists none of the local
 * plugins, one older copy of a local plugin, a plugin of its own and an exclusion.
 */
import net from 'node:net';
import { AUTH, client, ERROR_SHAPE, start } from './helpers';
import { bundleManifest, bundleOnDisk, PLATFORM_SHELL, rawGet, zip } from './platform-shell-fixture';
import { rewriteSetCookie, wantsPage, withLocalRemotes } from '../http/proxy';

jest.setTimeout(30_000);

type Server = Awaited<ReturnType<typeof start>>;
type App = { id: string; contextPath: string; config?: { remotes?: Record<string, string[]>; excludedRemotes?: Record<string, string[]> } };

const TENANT_PASSWORD = 'tenant-only-secret';
const TENANT_CONFIG = {
  remotes: { 'tenant-plugin@3.0.0': ['TenantProviders'], 'device-operations@0.9.0': ['OldDeviceOperations'] },
  excludedRemotes: { 'connection-checks@1.0.0': ['ConnectionChecksProviders'] },
};
/** The tenant's config with the local default-enabled plugins merged in, as the proxy answers it. */
const MERGED_REMOTES = {
  'tenant-plugin@3.0.0': ['TenantProviders'],
  'device-operations@1.0.0': ['DeviceOperationsProviders'],
  'dashboard-widgets@1.0.0': ['DashboardWidgetsProviders'],
};

let tenant: Server;
let proxy: Server;
const basic = (password: string) => 'Basic ' + Buffer.from(`demo/admin:${password}`).toString('base64');

beforeAll(async () => {
  // The tenant: a platform shell application but no plugins of this bundle, other users' password.
  tenant = await start({ ...bundleOnDisk(bundleManifest({ exports: [] })), demoPassword: TENANT_PASSWORD });
  const api = client(tenant.url);
  const headers = { authorization: basic(TENANT_PASSWORD) };
  const dm = (await api<{ application: App }>('GET', `/application/applications/${PLATFORM_SHELL.contextPath}/manifest`, { who: 'nobody', headers })).body.application;
  expect((await api('PUT', `/application/applications/${dm.id}`, { who: 'nobody', headers, body: { config: TENANT_CONFIG } })).status).toBe(200);
  // A plugin only the tenant has, installed as a tenant admin does.
  const created = await api<App>('POST', '/application/applications', { who: 'nobody', headers, body: { name: 'tenant-plugin', key: 'tenant-plugin-key', contextPath: 'tenant-plugin', type: 'HOSTED' } });
  const form = new FormData();
  const files = { 'cumulocity.json': JSON.stringify({ contextPath: 'tenant-plugin', version: '3.0.0', isPackage: true }), 'remoteEntry.js': '/* tenant plugin */' };
  form.append('file', new Blob([new Uint8Array(await zip(files))]), 'p.zip');
  expect((await fetch(`${tenant.url}/application/applications/${created.body.id}/binaries`, { method: 'POST', headers, body: form })).status).toBe(201);

  proxy = await start({ ...bundleOnDisk(), proxy: tenant.url });
});
afterAll(async () => {
  await proxy?.close();
  await tenant?.close();
});

describe('the platform shell application through the proxy', () => {
  it("answers the tenant's manifest with the local default-enabled plugins in config.remotes, minus the tenant's exclusions", async () => {
    const res = await client(proxy.url)<{ application: App }>('GET', '/application/applications/devicemanagement/manifest', { who: 'nobody', headers: { authorization: basic(TENANT_PASSWORD) } });
    expect(res.status).toBe(200);
    expect(res.body.application.config).toEqual({ remotes: MERGED_REMOTES, excludedRemotes: TENANT_CONFIG.excludedRemotes });
    // The tenant itself still answers its own config: only the proxy's answer carries the local plugins.
    const direct = await client(tenant.url)<{ application: App }>('GET', '/application/applications/devicemanagement/manifest', { who: 'nobody', headers: { authorization: basic(TENANT_PASSWORD) } });
    expect(direct.body.application.config).toEqual(TENANT_CONFIG);
  });

  it('answers the application by id (what @c8y/bootstrap reads the config from) the same way, also on another host name', async () => {
    const { application } = (await client(proxy.url)<{ application: App }>('GET', '/application/applications/devicemanagement/manifest', { who: 'nobody', headers: { authorization: basic(TENANT_PASSWORD) } })).body;
    const res = await rawGet(`${proxy.url}/application/applications/${application.id}`, { host: 'tenant.example.test', authorization: basic(TENANT_PASSWORD), accept: 'application/json' });
    expect(res.status).toBe(200);
    expect((JSON.parse(res.text) as App).config?.remotes).toEqual(MERGED_REMOTES);
  });

  it("passes other applications and the tenant's errors on unchanged", async () => {
    const api = client(proxy.url);
    const headers = { authorization: basic(TENANT_PASSWORD) };
    const other = await api<{ application: App }>('GET', '/application/applications/tenant-plugin/manifest', { who: 'nobody', headers });
    expect(other.body.application.config).toBeUndefined();
    expect(await api('GET', '/application/applications/nothing-here/manifest', { who: 'nobody', headers })).toMatchObject({ status: 404, body: ERROR_SHAPE });
    expect(await api('GET', '/application/applications/devicemanagement/manifest', { who: 'nobody', headers: { authorization: AUTH.admin } })).toMatchObject({ status: 401, body: ERROR_SHAPE });
  });
});

describe('apps through the proxy', () => {
  it('serves the local plugins under their versions and forwards what only the tenant has', async () => {
    const local = await fetch(`${proxy.url}/apps/device-operations@1.0.0/remoteEntry.js?nocache=1`);
    expect([local.status, await local.text()]).toEqual([200, '/* local device-operations */']);
    const fromTenant = await fetch(`${proxy.url}/apps/tenant-plugin@3.0.0/remoteEntry.js?nocache=1`);
    expect([fromTenant.status, await fromTenant.text()]).toEqual([200, '/* tenant plugin */']);
    // A version the local bundle does not have may live on the tenant: asked there, which answers 404 here.
    const missing = await fetch(`${proxy.url}/apps/device-operations@0.9.0/remoteEntry.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual(ERROR_SHAPE);
  });

  it("forwards the tenant's login app and logs in there, with cookies the local origin keeps", async () => {
    const page = await fetch(`${proxy.url}/apps/public/login/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="login-password"');
    // The tenant's page, not a local one: the tenant's demo users have another password, so it offers none.
    expect(await (await fetch(`${proxy.url}/apps/public/login/demo-logins.json`)).json()).toEqual({ tenant: 'demo', password: null, users: [] });

    const loginFrom = (origin: string) =>
      fetch(`${proxy.url}/tenant/oauth?tenant_id=demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({ grant_type: 'PASSWORD', username: 'admin', password: TENANT_PASSWORD }).toString(),
      });
    // Another site's page is refused by the tenant (the proxy passes its Origin on); the local page's
    // Origin reaches the tenant as the tenant's own.
    const crossSite = await loginFrom('https://attacker.example');
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.getSetCookie()).toEqual([]);
    const login = await loginFrom(proxy.url);
    expect(login.status).toBe(200);
    const setCookies = login.headers.getSetCookie();
    expect(setCookies.length).toBeGreaterThan(0);
    for (const c of setCookies) expect(c).not.toMatch(/;\s*(domain=|secure)/i);
    const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
    const manifest = await fetch(`${proxy.url}/application/applications/devicemanagement/manifest`, { headers: { cookie, accept: 'application/json' } });
    expect(manifest.status).toBe(200);
    expect(((await manifest.json()) as { application: App }).application.config?.remotes).toEqual(MERGED_REMOTES);
  });
});

describe('rewriteSetCookie', () => {
  it.each([
    ['drops Domain and Secure, so localhost keeps the cookie', 'authorization=abc; Domain=tenant.example.com; Path=/; Secure; HttpOnly', 'authorization=abc; Path=/; HttpOnly'],
    ['SameSite=None, which needs Secure, becomes Lax', 'XSRF-TOKEN=x; path=/; secure; SameSite=None', 'XSRF-TOKEN=x; path=/; SameSite=Lax'],
    ['leaves a local cookie as it is', 'a=b; Path=/; HttpOnly; SameSite=Strict', 'a=b; Path=/; HttpOnly; SameSite=Strict'],
  ])('%s', (_what, cookie, rewritten) => {
    expect(rewriteSetCookie(cookie)).toBe(rewritten);
  });
});

describe('withLocalRemotes', () => {
  it.each([
    ['no config: starts from the manifest remotes', { manifest: { remotes: { 't@1': ['T'] } } }, { 't@1': ['T'], 'a@1.0.0': ['A'] }],
    ['excluded in any version', { config: { remotes: {}, excludedRemotes: { 'a@0.1.0': ['A'] } } }, {}],
    ['an empty exclusion list excludes nothing (as @c8y/bootstrap)', { config: { excludedRemotes: { 'a@1.0.0': [] } } }, { 'a@1.0.0': ['A'] }],
    ['the local copy replaces the tenant one', { config: { remotes: { a: ['Old'], 'a@2': ['Old'], b: ['B'] } } }, { b: ['B'], 'a@1.0.0': ['A'] }],
  ])('%s', (_what, app, remotes) => {
    expect(withLocalRemotes(app, { 'a@1.0.0': ['A'] }).remotes).toEqual(remotes);
  });
});

describe('a tenant that cannot be reached', () => {
  it('tells a page load from an API call by its Accept header', () => {
    expect(wantsPage({ accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' })).toBe(true);
    expect(wantsPage({ accept: 'application/json' })).toBe(false);
    expect(wantsPage({ accept: 'application/vnd.com.nsn.cumulocity.managedobject+json, */*' })).toBe(false);
    expect(wantsPage({})).toBe(false);
  });

  it('answers 502 with the error body, naming the tenant, the cause and what to do, for every API call', async () => {
    // A port nothing listens on (not 9: fetch refuses that one itself, "bad port").
    const closed = net.createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((ok) => closed.close(ok));
    const lonely = await start({ ...bundleOnDisk(), proxy: `http://127.0.0.1:${port}` });
    try {
      // The shell sends a browser without a session on to the tenant's login app: that page load gets a
      // readable page saying the same (status 502), not the JSON body shown as raw text.
      const login = await rawGet(`${lonely.url}/apps/public/login/`, { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' });
      expect(login.status).toBe(502);
      expect(login.headers['content-type']).toMatch(/^text\/html/);
      expect(login.text).toContain('<h1>The tenant cannot be reached</h1>');
      expect(login.text).toContain(`The tenant <strong>http://127.0.0.1:${port}</strong> cannot be reached (connect ECONNREFUSED 127.0.0.1:${port}).`);
      expect(login.text).toContain('Check the address given to <code>--proxy</code> and that the tenant is up');
      // The manifest (read here, to add the local plugins) and any other call (forwarded as it is: it answered 500 "connect ECONNREFUSED …").
      for (const url of ['/application/applications/devicemanagement/manifest', '/tenant/currentTenant', '/inventory/managedObjects?pageSize=1']) {
        const res = await client(lonely.url)<{ message: string }>('GET', url);
        expect([url, res.status, res.body]).toEqual([url, 502, expect.objectContaining(ERROR_SHAPE)]);
        expect(res.body.message).toBe(`The tenant http://127.0.0.1:${port} cannot be reached (connect ECONNREFUSED 127.0.0.1:${port}). Check the address given to --proxy and that the tenant is up.`);
      }
    } finally {
      await lonely.close();
    }
  });
});
