/**
 * What the real platform shell (@c8y/bootstrap + @c8y/ngx-components 1023.77.1) asks the stand-in:
 * its application's manifest (also on a host name other than localhost), versioned plugin URLs,
 * the device grid's inventory query, feature toggles and options, and the login application.
 */
import { AUTH, client, ERROR_SHAPE, start, type Who } from './helpers';
import { applicationSchemaErrors, bundleOnDisk, DEFAULT_REMOTES, PLATFORM_SHELL, rawGet, zip } from './platform-shell-fixture';

jest.setTimeout(30_000);

type Server = Awaited<ReturnType<typeof start>>;
type App = { id: string; key: string; name: string; contextPath: string; type: string; self: string; config?: { remotes?: Record<string, string[]>; excludedRemotes?: Record<string, string[]> }; manifest?: { version?: string } };

let server: Server;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await start(bundleOnDisk());
  api = client(server.url);
});
afterAll(async () => {
  await server?.close();
});

const manifestOf = (ctx: string, who: Who = 'admin') =>
  api<{ application: App }>('GET', `/application/applications/${ctx}/manifest`, { who });

describe('GET /application/applications/<contextPath>/manifest', () => {
  it("answers the devicemanagement application with its id and config.remotes (the bundle's default-enabled plugins)", async () => {
    const res = await manifestOf('devicemanagement');
    expect(res.status).toBe(200);
    const a = res.body.application;
    expect(a).toMatchObject({ key: PLATFORM_SHELL.key, name: PLATFORM_SHELL.name, contextPath: 'devicemanagement', type: 'HOSTED', manifest: { version: '1023.77.1' } });
    expect(a.id).toMatch(/^\d+$/);
    // The application's own plugins the manifest switches off start in excludedRemotes.
    expect(a.config).toEqual({ remotes: DEFAULT_REMOTES, excludedRemotes: { devicemanagement: ['ServicesModule'] } });
    // What @c8y/bootstrap does next: the application by that id.
    const detail = await api<App>('GET', `/application/applications/${a.id}`);
    expect(detail.body).toEqual(a);
  });

  it('answers 200 on a host name other than localhost (the shell loops to the login on a 404 there)', async () => {
    const res = await rawGet(`${server.url}/application/applications/devicemanagement/manifest`, { host: 'tenant.example.test', authorization: AUTH.viewer, accept: 'application/json' });
    expect(res.status).toBe(200);
    const { application } = JSON.parse(res.text) as { application: App };
    expect(application.contextPath).toBe('devicemanagement');
    expect(application.self).toBe(`http://tenant.example.test/application/applications/${application.id}`);
  });

  it('answers every plugin application and every logged-in user; 404 with the error body for an unknown one; 401 anonymous', async () => {
    for (const who of ['admin', 'operator', 'viewer'] as const) expect((await manifestOf('device-operations', who)).status).toBe(200);
    const unknown = await manifestOf('no-such-app');
    expect(unknown).toMatchObject({ status: 404, body: ERROR_SHAPE });
    expect(await manifestOf('devicemanagement', 'nobody')).toMatchObject({ status: 401, body: ERROR_SHAPE });
  });

  it('keeps every application valid against the OpenAPI application schema', async () => {
    const list = await api<{ applications: App[] }>('GET', '/application/applications?pageSize=100');
    expect(list.body.applications.map((a) => a.contextPath)).toEqual(expect.arrayContaining(['shell', 'devicemanagement', 'device-operations', 'mobile-router']));
    for (const a of list.body.applications) expect([a.contextPath, applicationSchemaErrors(a)]).toEqual([a.contextPath, undefined]);
    expect(applicationSchemaErrors((await manifestOf('devicemanagement')).body.application)).toBeUndefined();
    // The check can fail: a wrong type is refused.
    expect(applicationSchemaErrors({ ...list.body.applications[0], availability: 'EVERYONE' })).toMatch(/availability/);
  });
});

describe('enabling and disabling plugins: PUT /application/applications/{id} config', () => {
  const dm = async () => (await manifestOf('devicemanagement')).body.application;

  it('stores config.remotes / excludedRemotes as a tenant admin writes them (the whole config, as the platform)', async () => {
    const { id } = await dm();
    const config = { remotes: { 'device-operations@1.0.0': ['DeviceOperationsProviders'] }, excludedRemotes: { 'dashboard-widgets@1.0.0': ['DashboardWidgetsProviders'] }, other: 1 };
    const put = await api<App>('PUT', `/application/applications/${id}`, { body: { config } });
    expect(put).toMatchObject({ status: 200, body: { config } });
    expect((await dm()).config).toEqual(config);
    // @c8y/client's resetRemotes sends the config without remotes: they are gone, not merged back.
    await api('PUT', `/application/applications/${id}`, { body: { config: { other: 1 } } });
    expect((await dm()).config).toEqual({ other: 1 });
    expect(applicationSchemaErrors(await dm())).toBeUndefined();
    await api('PUT', `/application/applications/${id}`, { body: { config: { remotes: DEFAULT_REMOTES, excludedRemotes: {} } } });
  });

  it.each([
    ['a module list that is no list', { remotes: { 'a@1.0.0': 'A' } }],
    ['an empty module name', { remotes: { 'a@1.0.0': [''] } }],
    ['a key that is no context path', { remotes: { '../x@1': ['A'] } }],
    ['a key with a path', { excludedRemotes: { 'a/b@1.0.0': ['A'] } }],
    ['an empty version', { remotes: { 'a@': ['A'] } }],
    ['a config that is no object', []],
  ])('refuses %s with 422 and keeps the config', async (_what, config) => {
    const before = await dm();
    expect(await api('PUT', `/application/applications/${before.id}`, { body: { config } })).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect((await dm()).config).toEqual(before.config);
  });

  it('lets only application admins change it', async () => {
    const { id } = await dm();
    expect(await api('PUT', `/application/applications/${id}`, { who: 'operator', body: { config: { remotes: {} } } })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect((await dm()).config?.remotes).toEqual(DEFAULT_REMOTES);
  });

  it('an uploaded plugin package is served under its version and, once enabled for devicemanagement, listed in its config', async () => {
    const created = await api<App>('POST', '/application/applications', { body: { name: 'extra-plugin', key: 'extra-plugin-key', contextPath: 'extra-plugin', type: 'HOSTED' } });
    expect(created.status).toBe(201);
    const files = {
      'cumulocity.json': JSON.stringify({ name: 'extra-plugin', contextPath: 'extra-plugin', version: '2.1.0', isPackage: true, package: 'plugin', exports: [{ name: 'Extra', module: 'ExtraProviders', path: './extra.ts' }] }),
      'remoteEntry.js': '/* extra 2.1.0 */',
    };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await zip(files))], { type: 'application/zip' }), 'extra.zip');
    const up = await fetch(`${server.url}/application/applications/${created.body.id}/binaries`, { method: 'POST', headers: { authorization: AUTH.admin }, body: form });
    expect(up.status).toBe(201);

    const entry = await fetch(`${server.url}/apps/extra-plugin@2.1.0/remoteEntry.js?nocache=1`);
    expect([entry.status, await entry.text()]).toEqual([200, '/* extra 2.1.0 */']);
    expect((await fetch(`${server.url}/apps/extra-plugin@2.0.0/remoteEntry.js`)).status).toBe(404);

    // What the platform's plugin UI does to enable it: read the application, merge, write the config.
    const app = await dm();
    const config = { ...app.config, remotes: { ...app.config?.remotes, 'extra-plugin@2.1.0': ['ExtraProviders'] } };
    expect((await api('PUT', `/application/applications/${app.id}`, { body: { config } })).status).toBe(200);
    expect((await dm()).config?.remotes).toEqual({ ...DEFAULT_REMOTES, 'extra-plugin@2.1.0': ['ExtraProviders'] });
    expect(applicationSchemaErrors((await api<App>('GET', `/application/applications/${created.body.id}`)).body)).toBeUndefined();
    await api('PUT', `/application/applications/${app.id}`, { body: { config: app.config } });
  });
});

describe('versioned app URLs /apps/<contextPath>@<version>/', () => {
  it.each([
    ['/apps/device-operations@1.0.0/remoteEntry.js?nocache=123', '/* local device-operations */'],
    ['/apps/device-operations@latest/remoteEntry.js', '/* local device-operations */'],
    ['/apps/device-operations%401.0.0/remoteEntry.js', '/* local device-operations */'],
    ['/apps/connection-checks@1.0.0/remoteEntry.js', '/* local connection-checks */'],
  ])('%s serves the application files, uncached', async (url, content) => {
    const res = await fetch(server.url + url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(content);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the manifest and deep links of a version; /apps/<ctx>@<v> leads to the trailing slash', async () => {
    const json = await fetch(`${server.url}/apps/device-operations@1.0.0/cumulocity.json`);
    expect(json.headers.get('cache-control')).toBe('no-store');
    expect(await json.json()).toMatchObject({ version: '1.0.0' });
    const deep = await fetch(`${server.url}/apps/devicemanagement@1023.77.1/some/route`);
    expect(await deep.text()).toContain('platform shell');
    const bare = await fetch(`${server.url}/apps/device-operations@1.0.0`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([302, '/apps/device-operations@1.0.0/']);
  });

  it.each([
    ['another version of the application', '/apps/device-operations@0.9.0/remoteEntry.js'],
    ['an unknown application', '/apps/not-installed@1.0.0/remoteEntry.js'],
    ['a missing file of a right version', '/apps/device-operations@1.0.0/nothing.js'],
  ])('answers %s with 404 and the error body', async (_what, url) => {
    const res = await fetch(server.url + url);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(ERROR_SHAPE);
  });

  it('answers what the shell asks of public apps nobody configured with 404, never a 5xx', async () => {
    for (const url of ['/apps/public/public-options@app-devicemanagement/options.json?nocache=1', '/apps/public/user-defined-translations/en.json', '/apps/device-operations/de.json']) {
      const res = await fetch(server.url + url);
      expect([url, res.status]).toEqual([url, 404]);
      expect(await res.json()).toEqual(ERROR_SHAPE);
    }
  });
});

describe("the device grid's inventory query", () => {
  type Mo = { id: string; name: string; assetParents?: { references: Array<{ managedObject: { id: string; name: string; self: string } }>; self: string } };
  let ids: { groupA: string; groupB: string; device: string; lonely: string; router: string };

  beforeAll(async () => {
    const create = async (body: Record<string, unknown>) => (await api<{ id: string }>('POST', '/inventory/managedObjects', { body })).body.id;
    const groupA = await create({ name: 'Grid group A', c8y_IsDeviceGroup: {} });
    const groupB = await create({ name: 'Grid group B', c8y_IsDeviceGroup: {} });
    const device = await create({ name: 'Grid device 1', type: 'grid_Device', c8y_IsDevice: {} });
    const lonely = await create({ name: 'Grid device 2', type: 'grid_Device', c8y_IsDevice: {} });
    const router = await create({ name: 'Grid router', type: 'grid_Device', c8y_IsDevice: {} });
    await create({ name: 'Grid asset (no device)', type: 'grid_Device' });
    for (const g of [groupA, groupB]) await api('POST', `/inventory/managedObjects/${g}/childAssets`, { body: { managedObject: { id: device } } });
    // A device that is an asset parent of another (a router under its device) is no group.
    await api('POST', `/inventory/managedObjects/${device}/childAssets`, { body: { managedObject: { id: router } } });
    ids = { groupA, groupB, device, lonely, router };
  });

  it('an empty q= still means devices only', async () => {
    const all = await api<{ managedObjects: Mo[] }>('GET', `/inventory/managedObjects?pageSize=100&q=&query=${encodeURIComponent("type eq 'grid_Device'")}`);
    expect(all.body.managedObjects.map((m) => m.name).sort()).toEqual(['Grid device 1', 'Grid device 2', 'Grid router']);
    const noQ = await api<{ managedObjects: Mo[] }>('GET', `/inventory/managedObjects?pageSize=100&query=${encodeURIComponent("type eq 'grid_Device'")}`);
    expect(noQ.body.managedObjects).toHaveLength(4);
    const withFilter = await api<{ managedObjects: Mo[] }>('GET', `/inventory/managedObjects?pageSize=100&q=${encodeURIComponent("$filter=(name eq 'Grid*') $orderby=name desc")}`);
    expect(withFilter.body.managedObjects.map((m) => m.name)).toEqual(['Grid router', 'Grid device 2', 'Grid device 1']);
  });

  it("withGroups=true adds each item's groups as assetParents", async () => {
    const res = await api<{ managedObjects: Mo[] }>('GET', `/inventory/managedObjects?pageSize=100&withGroups=true&withChildren=false&q=${encodeURIComponent("$filter=(name eq 'Grid*')")}`);
    const byId = new Map(res.body.managedObjects.map((m) => [m.id, m]));
    const device = byId.get(ids.device)!;
    expect(device.assetParents!.references.map((r) => r.managedObject.name).sort()).toEqual(['Grid group A', 'Grid group B']);
    expect(device.assetParents!.references[0].managedObject.self).toBe(`${server.url}/inventory/managedObjects/${device.assetParents!.references[0].managedObject.id}`);
    expect(device.assetParents!.self).toBe(`${server.url}/inventory/managedObjects/${ids.device}/assetParents`);
    expect(byId.get(ids.lonely)!.assetParents).toEqual({ references: [], self: `${server.url}/inventory/managedObjects/${ids.lonely}/assetParents` });
    expect(byId.get(ids.router)!.assetParents!.references).toEqual([]);
    const without = await api<{ managedObjects: Mo[] }>('GET', `/inventory/managedObjects?pageSize=100&q=${encodeURIComponent("$filter=(name eq 'Grid device 1')")}`);
    expect(without.body.managedObjects[0].assetParents).toBeUndefined();
  });

  it('withGroups works for child devices too and refuses a value that is not a boolean', async () => {
    await api('POST', `/inventory/managedObjects/${ids.device}/childDevices`, { body: { managedObject: { id: ids.lonely } } });
    await api('POST', `/inventory/managedObjects/${ids.groupB}/childAssets`, { body: { managedObject: { id: ids.lonely } } });
    const res = await api<{ references: Array<{ managedObject: Mo }> }>('GET', `/inventory/managedObjects/${ids.device}/childDevices?withGroups=true`);
    expect(res.body.references.map((r) => r.managedObject.assetParents?.references.map((p) => p.managedObject.name))).toEqual([['Grid group B']]);
    expect(await api('GET', '/inventory/managedObjects?withGroups=maybe')).toMatchObject({ status: 422, body: ERROR_SHAPE });
  });
});

describe('feature toggles and options read after login', () => {
  it('GET /features answers the platform shape (a plain array), an unknown key 404', async () => {
    const res = await api<unknown[]>('GET', '/features?pageSize=1000');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(await api('GET', '/features/ui.search.wildcard')).toMatchObject({ status: 404, body: ERROR_SHAPE });
    expect((await api('GET', '/features', { who: 'nobody' })).status).toBe(401);
  });

  it.each([
    ['system', 'version', '1023.77.1'],
    ['support-user', 'enabled', 'true'],
    ['support', 'url', 'false'],
  ])('GET /tenant/system/options/%s/%s answers the option', async (category, key, value) => {
    const res = await api('GET', `/tenant/system/options/${category}/${key}`, { who: 'viewer' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/vnd\.com\.nsn\.cumulocity\.option\+json/);
    expect(res.body).toEqual({ category, key, value, self: `${server.url}/tenant/system/options/${category}/${key}` });
  });

  it('an unset tenant option answers 404 options/Not Found (as the platform), a bad evaluate 422', async () => {
    for (const mode of ['current', 'inherited']) {
      const res = await api('GET', `/tenant/options/configuration/system.support.url?evaluate=${mode}`);
      expect(res).toMatchObject({ status: 404, body: { ...ERROR_SHAPE, error: 'options/Not Found' } });
    }
    expect(await api('GET', '/tenant/options/configuration/system.support.url?evaluate=everything')).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect((await api<{ options: unknown[] }>('GET', '/tenant/options')).body.options).toEqual([]);
    expect(await api('GET', '/tenant/system/options/no/such')).toMatchObject({ status: 404, body: ERROR_SHAPE });
  });
});

describe('the login application at /apps/public/login/', () => {
  it('is served as a page with labelled tenant, username and password fields', async () => {
    const bare = await fetch(`${server.url}/apps/public/login`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([302, '/apps/public/login/']);
    const page = await fetch(`${server.url}/apps/public/login/?remotes=x`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    const html = await page.text();
    for (const id of ['login-tenant', 'login-user', 'login-password']) {
      expect(html).toContain(`<label for="${id}"`);
      expect(html).toContain(`id="${id}"`);
    }
    for (const file of ['login.js', 'login.css']) expect((await fetch(`${server.url}/apps/public/login/${file}`)).status).toBe(200);
    // The server's own source sits one folder up: an encoded '../' must not reach it.
    const escape = await fetch(`${server.url}/apps/public/login/%2e%2e%2fapp.ts`);
    expect([escape.status, await escape.text()]).toEqual([404, expect.not.stringContaining('createServer')]);
  });

  it('offers the demo logins while they still have the demo password and are enabled', async () => {
    type Demo = { tenant: string; password: string | null; users: Array<{ userName: string }> };
    const demo = await api<Demo>('GET', '/apps/public/login/demo-logins.json', { who: 'nobody' });
    expect(demo.body).toEqual({ tenant: 'demo', password: 'demo', users: [expect.objectContaining({ userName: 'admin' }), expect.objectContaining({ userName: 'operator' }), expect.objectContaining({ userName: 'viewer' })] });
    await api('PUT', '/user/demo/users/operator', { body: { enabled: false } });
    try {
      expect((await api<Demo>('GET', '/apps/public/login/demo-logins.json')).body.users.map((u) => u.userName)).toEqual(['admin', 'viewer']);
    } finally {
      await api('PUT', '/user/demo/users/operator', { body: { enabled: true } });
    }
  });

  it('logs in the way the page does (POST /tenant/oauth?tenant_id, form grant_type=PASSWORD) and the session opens the application', async () => {
    const form = new URLSearchParams({ grant_type: 'PASSWORD', username: 'operator', password: 'demo' }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' };
    const wrong = await fetch(`${server.url}/tenant/oauth?tenant_id=demo`, { method: 'POST', headers, body: form.replace('demo', 'nope') });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ ...ERROR_SHAPE, message: expect.stringMatching(/invalid credentials/i) });
    const ok = await fetch(`${server.url}/tenant/oauth?tenant_id=demo`, { method: 'POST', headers, body: form });
    expect(ok.status).toBe(200);
    const cookie = ok.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const manifest = await fetch(`${server.url}/application/applications/devicemanagement/manifest`, { headers: { cookie, accept: 'application/json' } });
    expect(manifest.status).toBe(200);
    expect((await fetch(`${server.url}/user/currentUser`, { headers: { cookie } })).status).toBe(200);
  });
});

describe('a stand-in started with another demo password', () => {
  it('shows no demo password on the login page', async () => {
    const other = await start({ ...bundleOnDisk(), demoPassword: 'not-the-demo-one' });
    try {
      const res = await client(other.url)<{ password: string | null; users: unknown[] }>('GET', '/apps/public/login/demo-logins.json', { who: 'nobody' });
      expect(res.body).toEqual({ tenant: 'demo', password: null, users: [] });
    } finally {
      await other.close();
    }
  });
});

describe('hostile input to these endpoints', () => {
  const HOSTILE = ['%ED%A0%80', '%00', '..%2F..%2Fapp.ts', '%2e%2e', '%F0%9F%98%80', "'%20or%201=1", '@', '@@', '%40latest', '__proto__'].map((h) => [h, h]);
  it.each([...HOSTILE, ['a 3000-character part', 'a'.repeat(3000)]])('%s in every part answers 4xx with the error body, never a 5xx', async (_label, h) => {
    const urls = [
      `/application/applications/${h}/manifest`,
      `/features/${h}`,
      `/tenant/system/options/${h}/${h}`,
      `/tenant/options/${h}/${h}?evaluate=${h}`,
      `/apps/${h}@1.0.0/remoteEntry.js`,
      `/apps/device-operations@${h}/remoteEntry.js`,
      `/apps/${h}/${h}`,
      `/apps/public/login/${h}`,
      `/inventory/managedObjects?q=${h}&withGroups=true`,
      `/inventory/managedObjects?withGroups=${h}`,
    ];
    for (const url of urls) {
      const res = await fetch(server.url + url, { headers: { authorization: AUTH.admin, accept: 'application/json' } });
      const text = await res.text();
      expect([url, res.status < 500]).toEqual([url, true]);
      if (res.status >= 400) expect([url, JSON.parse(text)]).toEqual([url, ERROR_SHAPE]);
    }
  });
});
