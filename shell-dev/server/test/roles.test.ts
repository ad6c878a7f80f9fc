/**
 * The role table (http/roles.ts) against the running server: every write route fastify knows is
 * in the table and every entry is a route; then every entry is called as admin, operator and
 * viewer, and each answer is 403 exactly when the table refuses that user.
 */
import Fastify from 'fastify';
import { ROLES } from '../core/auth';
import { allows, type EndpointRule, registerRoleGuard, ROLE_TABLE, writeRoutesOf } from '../http/roles';
import type { ServerCore } from '../core/api';
import { validPackage } from '../services/create-software-ng/testing/fixtures';
import { AUTH, ERROR_SHAPE, serverPerFile } from './helpers';

jest.setTimeout(120_000);

const ctx = serverPerFile();
const CSNG = '/service/create-software-ng';
const USERS = ['viewer', 'operator', 'admin'] as const;
type User = (typeof USERS)[number];

interface Fixtures {
  device: string;
  doomed: Record<User, string>;
  child: Record<User, string>;
  binary: Record<User, string>;
  alarm: string;
  event: string;
  operation: string;
  measurement: string;
  app: Record<User, string>;
  uploadApp: Record<User, string>;
  pkg: string;
  doomedPkg: Record<User, string>;
  profile: string;
  doomedProfile: Record<User, string>;
  rollout: string;
  readersGroup: string;
}

interface Call {
  path: string;
  json?: unknown;
  form?: FormData;
  raw?: { data: string; type: string };
}

/** One call per table entry; `who` makes names unique where the allowed users create things. */
const CALLS: Record<string, (f: Fixtures, who: User) => Call> = {
  'POST /tenant/oauth': (_f, who) => ({ path: '/tenant/oauth', raw: { data: `grant_type=PASSWORD&username=demo/${who}&password=demo`, type: 'application/x-www-form-urlencoded' } }),
  'POST /user/logout': () => ({ path: '/user/logout' }),
  'PUT /user/currentUser': () => ({ path: '/user/currentUser', json: { customProperties: { walked: true } } }),
  // A wrong current password (422 for the allowed): the walk's users keep theirs.
  'PUT /user/currentUser/password': () => ({ path: '/user/currentUser/password', json: { currentUserPassword: 'not-the-password', newPassword: 'Walk-pass-1' } }),
  'POST /user/:tenant/users': (_f, who) => ({ path: '/user/demo/users', json: { userName: `walk-new-${who}`, email: `${who}@example.com`, password: 'Walk-pass-1' } }),
  'PUT /user/:tenant/users/:userName': () => ({ path: '/user/demo/users/walk-user', json: { firstName: 'Walked' } }),
  'DELETE /user/:tenant/users/:userName': (_f, who) => ({ path: `/user/demo/users/walk-doomed-${who}` }),
  'POST /user/:tenant/groups/:groupId/users': (f) => ({ path: `/user/demo/groups/${f.readersGroup}/users`, json: { user: { self: 'http://localhost/user/demo/users/walk-user' } } }),
  'DELETE /user/:tenant/groups/:groupId/users/:userName': (f) => ({ path: `/user/demo/groups/${f.readersGroup}/users/walk-user` }),
  'POST /application/applications': (_f, who) => ({ path: '/application/applications', json: { name: `walk-${who}`, key: `walk-${who}-key`, contextPath: `walk-${who}`, type: 'HOSTED' } }),
  'PUT /application/applications/:id': (f, who) => ({ path: `/application/applications/${f.app[who]}`, json: { description: 'walked' } }),
  'DELETE /application/applications/:id': (f, who) => ({ path: `/application/applications/${f.app[who]}` }),
  'POST /application/applications/:id/binaries': (f, who) => ({ path: `/application/applications/${f.uploadApp[who]}/binaries`, form: upload('app.zip', 'not a zip') }),
  'POST /inventory/managedObjects': (_f, who) => ({ path: '/inventory/managedObjects', json: { name: `walk-${who}` } }),
  'PUT /inventory/managedObjects/:id': (f) => ({ path: `/inventory/managedObjects/${f.device}`, json: { c8y_Notes: 'walked' } }),
  'DELETE /inventory/managedObjects/:id': (f, who) => ({ path: `/inventory/managedObjects/${f.doomed[who]}` }),
  'POST /inventory/managedObjects/:id/:kind': (f, who) => ({ path: `/inventory/managedObjects/${f.device}/childAdditions`, json: { name: `walk-child-${who}` } }),
  'DELETE /inventory/managedObjects/:id/:kind/:childId': (f, who) => ({ path: `/inventory/managedObjects/${f.device}/childAssets/${f.child[who]}` }),
  'POST /inventory/binaries': (_f, who) => ({ path: '/inventory/binaries', form: upload(`walk-${who}.txt`, 'walk') }),
  'PUT /inventory/binaries/:id': (f, who) => ({ path: `/inventory/binaries/${f.binary[who]}`, raw: { data: 'replaced', type: 'application/octet-stream' } }),
  'DELETE /inventory/binaries/:id': (f, who) => ({ path: `/inventory/binaries/${f.binary[who]}` }),
  'POST /identity/globalIds/:id/externalIds': (f, who) => ({ path: `/identity/globalIds/${f.device}/externalIds`, json: { type: 'c8y_Serial', externalId: `walk-${who}` } }),
  'DELETE /identity/externalIds/:type/:externalId': (_f, who) => ({ path: `/identity/externalIds/c8y_Serial/walk-${who}` }),
  'POST /alarm/alarms': (f) => ({ path: '/alarm/alarms', json: { source: { id: f.device }, type: 'walk_Alarm', text: 't', severity: 'MINOR', time: new Date().toISOString() } }),
  'PUT /alarm/alarms/:id': (f) => ({ path: `/alarm/alarms/${f.alarm}`, json: { status: 'ACKNOWLEDGED' } }),
  'PUT /alarm/alarms': (f) => ({ path: `/alarm/alarms?source=${f.device}`, json: { status: 'CLEARED' } }),
  'DELETE /alarm/alarms': (f) => ({ path: `/alarm/alarms?source=${f.device}&type=walk_Alarm` }),
  'POST /event/events': (f) => ({ path: '/event/events', json: { source: { id: f.device }, type: 'walk_Event', text: 't', time: new Date().toISOString() } }),
  'PUT /event/events/:id': (f) => ({ path: `/event/events/${f.event}`, json: { text: 'walked' } }),
  'DELETE /event/events/:id': (f) => ({ path: `/event/events/${f.event}` }),
  'POST /devicecontrol/operations': (f) => ({ path: '/devicecontrol/operations', json: { deviceId: f.device, description: 'walk', c8y_Restart: {} } }),
  'PUT /devicecontrol/operations/:id': (f) => ({ path: `/devicecontrol/operations/${f.operation}`, json: { status: 'EXECUTING' } }),
  'DELETE /devicecontrol/operations': (f) => ({ path: `/devicecontrol/operations?deviceId=${f.device}&status=SUCCESSFUL` }),
  'POST /measurement/measurements': (f) => ({ path: '/measurement/measurements', json: { source: { id: f.device }, type: 'walk_M', time: new Date().toISOString(), c8y_Walk: { x: { value: 1 } } } }),
  'DELETE /measurement/measurements': (f) => ({ path: `/measurement/measurements?source=${f.device}&type=none` }),
  'DELETE /measurement/measurements/:id': (f) => ({ path: `/measurement/measurements/${f.measurement}` }),
  [`POST ${CSNG}/softwarePackage`]: (_f, who) => ({ path: `${CSNG}/softwarePackage`, json: { inventoryRequest: { ...validPackage, name: `walk-${who}` } } }),
  [`PUT ${CSNG}/softwarePackage`]: (f) => ({ path: `${CSNG}/softwarePackage`, json: { inventoryRequest: { id: f.pkg, md5: 'c'.repeat(32), sha256: 'd'.repeat(64), apptype: 'APPLICATION', category: 'normal' } } }),
  [`DELETE ${CSNG}/softwarePackage`]: (f, who) => ({ path: `${CSNG}/softwarePackage?inventoryId=${f.doomedPkg[who]}` }),
  [`PUT ${CSNG}/dependencies`]: (f) => ({ path: `${CSNG}/dependencies`, json: { managedObject: { id: f.pkg }, dependencies: [] } }),
  [`PUT ${CSNG}/validateSoftware`]: () => ({ path: `${CSNG}/validateSoftware`, json: { name: 'MDC', version: '2.1.0', deviceType: 'adamos_NETbox' } }),
  [`POST ${CSNG}/deviceProfile`]: (_f, who) => ({ path: `${CSNG}/deviceProfile`, json: { name: `walk-${who}`, deviceType: 'adamos_NETbox', deviceGroup: null, c8y_DeviceProfile: { software: [] } } }),
  [`PUT ${CSNG}/deviceProfile/:id`]: (f) => ({ path: `${CSNG}/deviceProfile/${f.profile}`, json: { name: 'walk-renamed' } }),
  [`DELETE ${CSNG}/deviceProfile/:id`]: (f, who) => ({ path: `${CSNG}/deviceProfile/${f.doomedProfile[who]}` }),
  [`POST ${CSNG}/deviceProfile/:id/duplicate`]: (f) => ({ path: `${CSNG}/deviceProfile/${f.profile}/duplicate` }),
  [`POST ${CSNG}/createTimezoneOperations`]: (f) => ({ path: `${CSNG}/createTimezoneOperations`, json: { devices: [f.device], timezone: 'Europe/Berlin#W. Europe Standard Time' } }),
  [`POST ${CSNG}/createSoftwareAssignment`]: (f) => ({
    path: `${CSNG}/createSoftwareAssignment`,
    json: { devices: [f.device], forceInstallation: false, netbox_RegisterSoftwarePackage: { name: 'MDC', version: '2.1.0', repository_id: f.pkg } },
  }),
  [`PUT ${CSNG}/clearPendingAssignment/selectedDevices`]: (f) => ({ path: `${CSNG}/clearPendingAssignment/selectedDevices`, json: { deviceList: [f.device], operationType: 'netbox_RegisterSoftwarePackage' } }),
  [`PUT ${CSNG}/initialize`]: (f) => ({ path: `${CSNG}/initialize`, json: { deviceList: [f.device] } }),
  [`PUT ${CSNG}/assignTargetDeviceToSourceDevice`]: () => ({ path: `${CSNG}/assignTargetDeviceToSourceDevice?sourceExternalId=walk-a&targetExternalId=walk-b` }),
  [`POST ${CSNG}/createSoftwareRollout`]: (f, who) => ({ path: `${CSNG}/createSoftwareRollout`, json: { name: `walk-${who}`, devices: [f.device], softwareId: f.pkg } }),
  [`PUT ${CSNG}/updateSoftwareRolloutStatus/:id/:status`]: (f) => ({ path: `${CSNG}/updateSoftwareRolloutStatus/${f.rollout}/CANCELLED` }),
};

function upload(name: string, content: string): FormData {
  const form = new FormData();
  form.append('object', JSON.stringify({ name, type: 'text/plain' }));
  form.append('file', new Blob([content]), name);
  return form;
}

async function send(method: string, c: Call, who: User): Promise<{ status: number; body: unknown; text: string }> {
  const headers: Record<string, string> = { authorization: AUTH[who], accept: 'application/json' };
  let body: BodyInit | undefined;
  if (c.form) body = c.form;
  else if (c.raw) {
    body = c.raw.data;
    headers['content-type'] = c.raw.type;
  } else if (c.json !== undefined) {
    body = JSON.stringify(c.json);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(ctx.server.url + c.path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text };
}

async function create(path: string, json: unknown): Promise<string> {
  const res = await ctx.api<{ id: string }>('POST', path, { body: json });
  if (res.status >= 300) throw new Error(`fixture ${path} answered ${res.status}: ${res.text}`);
  return String(res.body.id);
}

const perUser = async (make: (who: User) => Promise<string>): Promise<Record<User, string>> => {
  const out = {} as Record<User, string>;
  for (const who of USERS) out[who] = await make(who);
  return out;
};

async function fixtures(): Promise<Fixtures> {
  const device = await create('/inventory/managedObjects', { name: 'walk-device', type: 'adamos_NETbox', c8y_IsDevice: {}, adamos_adamos_netbox_SoftwarePackageList: [] });
  const doomed = await perUser((who) => create('/inventory/managedObjects', { name: `walk-doomed-${who}` }));
  const child = await perUser(async (who) => {
    const id = await create('/inventory/managedObjects', { name: `walk-child-${who}` });
    await ctx.api('POST', `/inventory/managedObjects/${device}/childAssets`, { body: { managedObject: { id } } });
    return id;
  });
  const binary = await perUser(async (who) => {
    const res = await fetch(`${ctx.server.url}/inventory/binaries`, { method: 'POST', headers: { authorization: AUTH.admin }, body: upload(`b-${who}.txt`, 'b') });
    return String(((await res.json()) as { id: string }).id);
  });
  const alarm = await create('/alarm/alarms', { source: { id: device }, type: 'walk_Fixture', text: 't', severity: 'MAJOR', time: new Date().toISOString() });
  const event = await create('/event/events', { source: { id: device }, type: 'walk_Fixture', text: 't', time: new Date().toISOString() });
  const operation = await create('/devicecontrol/operations', { deviceId: device, c8y_Restart: {} });
  const measurement = await create('/measurement/measurements', { source: { id: device }, type: 'walk_Fixture', time: new Date().toISOString(), c8y_T: { T: { value: 1 } } });
  await create('/user/demo/users', { userName: 'walk-user', email: 'walk@example.com', password: 'Walk-pass-1' });
  for (const who of USERS) await create('/user/demo/users', { userName: `walk-doomed-${who}`, email: `d-${who}@example.com`, password: 'Walk-pass-1' });
  const appOf = (name: string) => create('/application/applications', { name, key: `${name}-key`, contextPath: name, type: 'HOSTED' });
  const app = await perUser((who) => appOf(`walk-app-${who}`));
  const uploadApp = await perUser((who) => appOf(`walk-upload-${who}`));
  const pkgRes = await ctx.api<{ id: string }>('POST', `${CSNG}/softwarePackage`, { body: { inventoryRequest: validPackage } });
  const pkg = String(pkgRes.body.id);
  const doomedPkg = await perUser(async (who) => {
    const res = await ctx.api<{ id: string }>('POST', `${CSNG}/softwarePackage`, { body: { inventoryRequest: { ...validPackage, name: `walk-doomed-${who}` } } });
    return String(res.body.id);
  });
  // A profile per device group (one default profile, without a group, per device type).
  const profileOf = async (name: string) => {
    const group = await create('/inventory/managedObjects', { name: `${name}-group`, type: 'c8y_DeviceGroup', c8y_IsDeviceGroup: {} });
    const res = await ctx.api<{ ok: { id: string } }>('POST', `${CSNG}/deviceProfile`, { body: { name, deviceType: 'adamos_NETbox', deviceGroup: group, c8y_DeviceProfile: { software: [] } } });
    if (res.status >= 300) throw new Error(`profile fixture answered ${res.status}: ${res.text}`);
    return String(res.body.ok.id);
  };
  const profile = await profileOf('walk-profile');
  const doomedProfile = await perUser((who) => profileOf(`walk-doomed-${who}`));
  const rollout = await create(`${CSNG}/createSoftwareRollout`, { name: 'walk-rollout', devices: [device], softwareId: pkg });
  const groups = await ctx.api<{ groups: Array<{ id: number; name: string }> }>('GET', '/user/demo/groups');
  const readersGroup = String(groups.body.groups.find((g) => g.name === 'readers')!.id);
  return { device, doomed, child, binary, alarm, event, operation, measurement, app, uploadApp, pkg, doomedPkg, profile, doomedProfile, rollout, readersGroup };
}

const label = (r: EndpointRule) => `${r.method} ${r.url}`;

it('names every write route of the running server, and only those', () => {
  const routes = writeRoutesOf(ctx.server.app).map((r) => `${r.method} ${r.url}`);
  const table = ROLE_TABLE.map(label);
  expect(routes.filter((r) => !table.includes(r))).toEqual([]);
  expect(table.filter((r) => !routes.includes(r))).toEqual([]);
  expect(new Set(table).size).toBe(table.length);
  // The walk below has one call per entry.
  expect(Object.keys(CALLS).sort()).toEqual([...table].sort());
});

it('answers 403 to each demo user exactly where the table refuses them, on every write route', async () => {
  const f = await fixtures();
  const rolesOf = async (who: User) =>
    (await ctx.api<{ effectiveRoles: Array<{ id: string }> }>('GET', '/user/currentUser', { who })).body.effectiveRoles.map((r) => r.id);
  const roles = { viewer: await rolesOf('viewer'), operator: await rolesOf('operator'), admin: await rolesOf('admin') };
  const mismatches: string[] = [];
  const refused: Record<User, string[]> = { viewer: [], operator: [], admin: [] };
  for (const rule of ROLE_TABLE) {
    // Refused users first: a refused call must change nothing the allowed ones then use.
    for (const who of USERS) {
      const allowed = allows(rule.access, roles[who]);
      if (!allowed) refused[who].push(label(rule));
      const res = await send(rule.method, CALLS[label(rule)](f, who), who);
      if (allowed && res.status === 403) mismatches.push(`${who} ${label(rule)}: allowed by the table, answered 403 ${res.text.slice(0, 160)}`);
      if (!allowed && res.status !== 403) mismatches.push(`${who} ${label(rule)}: refused by the table, answered ${res.status} ${res.text.slice(0, 160)}`);
      if (res.status >= 500) mismatches.push(`${who} ${label(rule)}: ${res.status} ${res.text.slice(0, 160)}`);
      if (res.status === 403) expect(res.body).toEqual(ERROR_SHAPE);
    }
  }
  expect(mismatches).toEqual([]);
  // What the README promises each demo login, independently of the table's wording.
  expect(refused.admin).toEqual([]);
  expect(refused.operator.sort()).toEqual(
    [
      'POST /user/:tenant/users',
      'PUT /user/:tenant/users/:userName',
      'DELETE /user/:tenant/users/:userName',
      'POST /user/:tenant/groups/:groupId/users',
      'DELETE /user/:tenant/groups/:groupId/users/:userName',
      'POST /application/applications',
      'PUT /application/applications/:id',
      'DELETE /application/applications/:id',
      'POST /application/applications/:id/binaries',
      `DELETE ${CSNG}/softwarePackage`,
    ].sort(),
  );
  expect(ROLE_TABLE.map(label).filter((l) => !refused.viewer.includes(l))).toEqual([
    'POST /tenant/oauth',
    'POST /user/logout',
    'PUT /user/currentUser',
    'PUT /user/currentUser/password',
    `PUT ${CSNG}/validateSoftware`,
  ]);
});

it('refuses a write route missing from the table (fail closed), and says where to add it', async () => {
  const core = { user: () => ({ tenant: 't', userName: 'u', effectiveRoles: Object.values(ROLES) }) } as unknown as ServerCore;
  const app = Fastify();
  registerRoleGuard(app, core);
  app.post('/not-in-the-table', async () => ({ done: true }));
  app.get('/not-in-the-table', async () => ({ read: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const res = await fetch(`${base}/not-in-the-table`, { method: 'POST' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'security/Forbidden', message: expect.stringContaining('shell-dev/server/http/roles.ts') });
    expect((await fetch(`${base}/not-in-the-table`)).status).toBe(200);
    expect(writeRoutesOf(app)).toEqual([{ method: 'POST', url: '/not-in-the-table' }]);
  } finally {
    await app.close();
  }
});
