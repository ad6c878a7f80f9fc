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

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 60_000;
const REALTIME_TIMEOUT_MS = 15_000;

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
