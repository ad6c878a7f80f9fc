// Conformance of the stand-in platform with the platform's official client, @c8y/client (ESM
// only, so a plain node:test script): node --test e2e/conformance.test.mjs
// Starts the real server (npx tsx shell-dev/server/main.ts) on a fresh data folder and port.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { BasicAuth, Client } from '@c8y/client';
import Ajv from 'ajv';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 60_000;
const REALTIME_TIMEOUT_MS = 15_000;

// Response bodies are checked against the platform's published OpenAPI description. The repository
// keeps the schemas these tests use (and what they reference) in OAS_SUBSET; where the whole
// description is at hand (C8Y_OAS, or reference/ beside the repository) the subset must equal what
// it holds, and C8Y_OAS_UPDATE=1 rewrites the subset from it.
const OAS_SUBSET = path.join(ROOT, 'shell-dev', 'server', 'test', 'c8y-oas-schemas.json');
const OAS_FULL = process.env.C8Y_OAS ?? path.join(ROOT, '..', 'shared', 'reference', 'c8y-oas.json');
const OAS_ROOTS = ['measurement', 'MeasurementCollection', 'MeasurementSeries', 'user', 'UserCollection', 'UserGroupCollection', 'UserRoleCollection', 'UserReferenceCollection', 'userReference', 'error'];

/** The named schemas and every schema they reference, transitively. */
function schemaClosure(schemas, roots) {
  const out = {};
  const todo = [...roots];
  while (todo.length) {
    const name = todo.pop();
    if (out[name]) continue;
    if (!schemas[name]) throw new Error(`the OAS has no schema ${name}`);
    out[name] = schemas[name];
    JSON.stringify(schemas[name]).replace(/"#\/components\/schemas\/([^"]+)"/g, (_m, ref) => todo.push(ref));
  }
  return Object.fromEntries(Object.keys(out).sort().map((k) => [k, out[k]]));
}

function loadOasSchemas() {
  if (fs.existsSync(OAS_FULL)) {
    const closure = schemaClosure(JSON.parse(fs.readFileSync(OAS_FULL, 'utf8')).components.schemas, OAS_ROOTS);
    if (process.env.C8Y_OAS_UPDATE === '1') fs.writeFileSync(OAS_SUBSET, JSON.stringify(closure, null, 1) + '\n');
    assert.deepEqual(JSON.parse(fs.readFileSync(OAS_SUBSET, 'utf8')), closure, `${OAS_SUBSET} differs from ${OAS_FULL}: rerun with C8Y_OAS_UPDATE=1`);
  }
  return JSON.parse(fs.readFileSync(OAS_SUBSET, 'utf8'));
}

const ajv = new Ajv({ strict: false, validateFormats: false, validateSchema: false, allErrors: true, logger: false });
ajv.addSchema({ components: { schemas: loadOasSchemas() } }, 'oas');

/** Fails with ajv's findings unless `data` is a valid instance of the OAS schema `name`. */
function assertOas(name, data) {
  const validate = ajv.getSchema(`oas#/components/schemas/${name}`);
  assert.ok(validate, `no schema ${name}`);
  assert.ok(validate(data), `${name}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(data).slice(0, 500)}`);
}

let server;
let baseUrl;
let client;
let dataDir;

before(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-'));
  server = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(ROOT, 'shell-dev', 'server', 'main.ts'), '--port', '0', '--data', dataDir, '--devices', '0', '--simulate', 'off'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  server.stderr.on('data', (d) => (err += d));
  baseUrl = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), START_TIMEOUT_MS);
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/localhost:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
  client = new Client(new BasicAuth({ tenant: 'demo', user: 'admin', password: 'demo' }), baseUrl);
});

after(async () => {
  client?.realtime?.disconnect();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.on('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('InventoryService: create, list with a query and totals, detail, update, childAssets', async () => {
  const created = [];
  for (const n of [1, 2, 3]) {
    const { data, res } = await client.inventory.create({ name: `Conformance ${n}`, type: 'conformance_Device', c8y_IsDevice: {} });
    assert.equal(res.status, 201);
    created.push(data);
  }
  const { data, paging } = await client.inventory.list({
    query: "$filter=(type eq 'conformance_Device' and name eq 'conformance*') $orderby=name desc",
    pageSize: 2,
    withTotalElements: true,
    withTotalPages: true,
  });
  assert.deepEqual(
    data.map((m) => m.name),
    ['Conformance 3', 'Conformance 2'],
  );
  assert.equal(paging.totalElements, 3);
  assert.equal(paging.totalPages, 2);
  const page2 = await paging.next();
  assert.deepEqual(
    page2.data.map((m) => m.name),
    ['Conformance 1'],
  );

  const detail = await client.inventory.detail(created[0].id);
  assert.equal(detail.data.name, 'Conformance 1');
  const updated = await client.inventory.update({ id: created[0].id, c8y_Notes: 'hello' });
  assert.equal(updated.data.c8y_Notes, 'hello');

  const { data: group } = await client.inventory.create({ name: 'Conformance group', type: 'c8y_DeviceGroup', c8y_IsDeviceGroup: {} });
  const add = await client.inventory.childAssetsAdd(created[1].id, group.id);
  assert.equal(add.res.status, 201);
  const children = await client.inventory.childAssetsList(group.id);
  assert.deepEqual(
    children.data.map((m) => m.id),
    [created[1].id],
  );
});

test('AlarmService: create, list, update', async () => {
  const { data: device } = await client.inventory.create({ name: 'Alarm source', c8y_IsDevice: {} });
  const { data: alarm } = await client.alarm.create({ source: { id: device.id }, type: 'conformance_Alarm', text: 'Too hot', severity: 'MAJOR', time: new Date().toISOString() });
  const { data } = await client.alarm.list({ source: device.id, severity: 'MAJOR', status: 'ACTIVE' });
  assert.deepEqual(
    data.map((a) => a.id),
    [alarm.id],
  );
  const { data: cleared } = await client.alarm.update({ id: alarm.id, status: 'CLEARED' });
  assert.equal(cleared.status, 'CLEARED');
});

test('OperationService: create, list', async () => {
  const { data: device } = await client.inventory.create({ name: 'Operated', c8y_IsDevice: {} });
  const { data: op, res } = await client.operation.create({ deviceId: device.id, description: 'Restart', c8y_Restart: {} });
  assert.equal(res.status, 201);
  assert.equal(op.status, 'PENDING');
  const { data } = await client.operation.list({ deviceId: device.id, fragmentType: 'c8y_Restart' });
  assert.deepEqual(
    data.map((o) => o.id),
    [op.id],
  );
});

test('Realtime: subscribe receives a CREATE', async () => {
  const received = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no realtime message')), REALTIME_TIMEOUT_MS);
    client.realtime.subscribe('/managedobjects/*', (msg) => {
      if (msg.data?.realtimeAction === 'CREATE' && msg.data.data?.name === 'Realtime device') {
        clearTimeout(timer);
        resolve(msg.data);
      }
    });
  });
  // The subscription is live once the handshake and subscribe have gone through.
  await new Promise((r) => setTimeout(r, 1000));
  await client.inventory.create({ name: 'Realtime device', c8y_IsDevice: {} });
  const message = await received;
  assert.equal(message.realtimeAction, 'CREATE');
});

test('MeasurementService: create one and a collection, list, detail, series, delete; bodies match the OAS', async () => {
  const { data: device } = await client.inventory.create({ name: 'Measured', c8y_IsDevice: {} });
  const { data: one, res } = await client.measurement.create({ source: { id: device.id }, type: 'c8y_TemperatureMeasurement', time: '2026-01-01T10:00:00.000Z', c8y_Temperature: { T: { value: 21, unit: 'C' } } });
  assert.equal(res.status, 201);
  assertOas('measurement', one);
  const many = await client.core.fetch('/measurement/measurements', {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.com.nsn.cumulocity.measurementcollection+json', accept: 'application/vnd.com.nsn.cumulocity.measurementcollection+json' },
    body: JSON.stringify({ measurements: [25, 23].map((v, i) => ({ source: { id: device.id }, type: 'c8y_TemperatureMeasurement', time: `2026-01-01T1${i + 1}:00:00.000Z`, c8y_Temperature: { T: { value: v, unit: 'C' } } })) }),
  });
  assert.equal(many.status, 201);
  assertOas('MeasurementCollection', await many.json());

  const { data, paging } = await client.measurement.list({ source: device.id, pageSize: 2, withTotalPages: true, revert: true, dateFrom: '2026-01-01', dateTo: '2026-01-02' });
  assert.deepEqual(
    data.map((m) => m.c8y_Temperature.T.value),
    [23, 25],
  );
  assert.equal(paging.totalPages, 2);
  const listed = await client.core.fetch(`/measurement/measurements?source=${device.id}&pageSize=5`);
  assertOas('MeasurementCollection', await listed.json());
  assert.equal((await client.measurement.detail(one.id)).data.id, one.id);

  const series = await client.measurement.listSeries({ source: device.id, dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-01-02T00:00:00Z', series: 'c8y_Temperature.T', aggregationType: 'DAILY' });
  assertOas('MeasurementSeries', series.data);
  assert.deepEqual(series.data.values, { '2026-01-01T00:00:00.000Z': [{ min: 21, max: 25 }] });
  assert.deepEqual(series.data.series, [{ unit: 'C', name: 'T', type: 'c8y_Temperature' }]);

  assert.equal((await client.measurement.delete(one.id)).res.status, 204);
  const bulk = await client.core.fetch(`/measurement/measurements?source=${device.id}&dateTo=2026-01-01T12:00:00Z`, { method: 'DELETE' });
  assert.equal(bulk.status, 204);
  const left = await client.measurement.list({ source: device.id });
  assert.deepEqual(
    left.data.map((m) => m.time),
    ['2026-01-01T12:00:00.000Z'],
  );
  const bad = await client.core.fetch('/measurement/measurements/series?source=1', {});
  assert.equal(bad.status, 422);
  assertOas('error', await bad.json());
});

test('bulk DELETE of alarms and operations by filter answers 204', async () => {
  const { data: device } = await client.inventory.create({ name: 'Bulk deleted', c8y_IsDevice: {} });
  await client.alarm.create({ source: { id: device.id }, type: 'conformance_Bulk', text: 'x', severity: 'MINOR', time: new Date().toISOString() });
  await client.operation.create({ deviceId: device.id, c8y_Restart: {} });
  assert.equal((await client.core.fetch(`/alarm/alarms?source=${device.id}&severity=MINOR`, { method: 'DELETE' })).status, 204);
  assert.equal((await client.alarm.list({ source: device.id })).data.length, 0);
  assert.equal((await client.core.fetch(`/devicecontrol/operations?deviceId=${device.id}&status=PENDING`, { method: 'DELETE' })).status, 204);
  assert.equal((await client.operation.list({ deviceId: device.id })).data.length, 0);
});

test('UserService, UserGroupService, UserRoleService: create, log in, group membership, update, delete; bodies match the OAS', async () => {
  // Client.authenticate() would learn the tenant from /tenant/currentTenant; the user services need it.
  client.core.tenant = 'demo';
  const { data: user, res } = await client.user.create({ userName: 'conformance-user', email: 'c@example.com', password: 'Conform-123', firstName: 'Con' });
  assert.equal(res.status, 201);
  assertOas('user', user);
  const asUser = new Client(new BasicAuth({ tenant: 'demo', user: 'conformance-user', password: 'Conform-123' }), baseUrl);
  assert.equal((await asUser.user.current()).data.userName, 'conformance-user');

  const { data: groups } = await client.userGroup.list({ pageSize: 100 });
  const readers = groups.find((g) => g.name === 'readers');
  assert.ok(readers);
  assertOas('UserGroupCollection', await (await client.core.fetch('/user/demo/groups')).json());
  const added = await client.userGroup.addUserToGroup(readers.id, user.self);
  assert.equal(added.res.status, 201);
  const members = await client.core.fetch(`/user/demo/groups/${readers.id}/users`);
  const membersBody = await members.json();
  assertOas('UserReferenceCollection', membersBody);
  assert.ok(membersBody.references.some((r) => r.user.userName === 'conformance-user'));
  const { data: me } = await asUser.user.current();
  assert.ok(me.effectiveRoles.some((r) => r.id === 'ROLE_INVENTORY_READ'));

  const { data: roles } = await client.userRole.list({ pageSize: 100 });
  assert.ok(roles.some((r) => r.id === 'ROLE_ALARM_ADMIN'));
  assertOas('UserRoleCollection', await (await client.core.fetch('/user/roles')).json());

  const { data: updated } = await client.user.update({ id: user.id, lastName: 'Formance' });
  assert.equal(updated.lastName, 'Formance');
  assertOas('user', updated);
  assert.equal((await client.userGroup.removeUserFromGroup(readers.id, user.id)).res.status, 204);
  assertOas('UserCollection', await (await client.core.fetch('/user/demo/users')).json());
  assert.equal((await client.user.delete(user.id)).res.status, 204);
  await assert.rejects(asUser.user.current());
});

test('Realtime: /measurements/* and /alarmsWithChildren/<group> deliver', async () => {
  const { data: group } = await client.inventory.create({ name: 'Realtime group', c8y_IsDeviceGroup: {} });
  const { data: device } = await client.inventory.create({ name: 'Realtime child', c8y_IsDevice: {} });
  await client.inventory.childAssetsAdd(device.id, group.id);
  const wait = (channel, match) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no realtime message on ${channel}`)), REALTIME_TIMEOUT_MS);
      client.realtime.subscribe(channel, (msg) => {
        if (match(msg.data)) {
          clearTimeout(timer);
          resolve(msg.data);
        }
      });
    });
  const measurement = wait('/measurements/*', (d) => d?.realtimeAction === 'CREATE' && d.data?.source?.id === device.id);
  const alarm = wait(`/alarmsWithChildren/${group.id}`, (d) => d?.realtimeAction === 'CREATE' && d.data?.source?.id === device.id);
  await new Promise((r) => setTimeout(r, 1000));
  await client.measurement.create({ source: { id: device.id }, type: 't', time: new Date().toISOString(), c8y_T: { T: { value: 1 } } });
  await client.alarm.create({ source: { id: device.id }, type: 'conformance_Child', text: 'below the group', severity: 'MAJOR', time: new Date().toISOString() });
  assert.equal((await measurement).data.c8y_T.T.value, 1);
  assert.equal((await alarm).data.text, 'below the group');
});
