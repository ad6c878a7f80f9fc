/**
 * The SDK's stand-in client against the platform's official client, @c8y/client: both make the
 * same calls (method, path, query parameters, JSON body) for the same intent. Media types are
 * not compared: we send the platform's vnd types where reference/c8y-oas.json names them.
 */
import { AlarmService, AuditService, OperationStatus, ApplicationService, BasicAuth, EventService, FetchClient, IdentityService, InventoryService, OperationService, UserService } from '@c8y/client';
import { configureClient } from './fetch-client';
import { addChildAsset, listChildAdditions, createManagedObject, deleteManagedObject, getManagedObject, listChildAssets, listManagedObjects, removeChildAsset, updateManagedObject } from './inventory';
import { bulkUpdateAlarms, countAlarms, listAlarms, updateAlarm } from './alarms';
import { createOperation, listOperations, updateOperation } from './operations';
import { createEvent, listEvents } from './events';
import { getExternalId, listExternalIds } from './identity';
import { getCurrentUser, getUser, updateCurrentUser, updateUser } from './user';
import { listAuditRecords } from './audit';
import { getApplication, getApplicationsByName, listApplications, updateApplication } from './applications';

interface Seen {
  method: string;
  path: string;
  query: [string, string][];
  body: unknown;
}

const BASE = 'http://platform.test';
let seen: Seen[] = [];

function respond(path: string): unknown {
  if (path.endsWith('/count')) return 3;
  if (path.includes('/childAssets')) return { references: [{ managedObject: { id: '2' } }], statistics: {} };
  return { id: '1', userName: 'u', auditRecords: [], managedObjects: [], alarms: [], operations: [], events: [], externalIds: [], applications: [], references: [], statistics: {} };
}

const fake = (async (input: string, init: RequestInit = {}) => {
  const url = new URL(input, BASE);
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body ?? null;
  seen.push({ method: init.method ?? 'GET', path: url.pathname, query: [...url.searchParams.entries()].sort(), body });
  return new Response(JSON.stringify(respond(url.pathname)), { status: 200, headers: { 'content-type': 'application/json' } });
}) as unknown as typeof fetch;

async function capture(run: () => Promise<unknown>): Promise<Seen[]> {
  seen = [];
  await run();
  return seen;
}

const c8y = new FetchClient(new BasicAuth({ user: 'u', password: 'p', tenant: 't' }), BASE);
const inventory = new InventoryService(c8y);
const alarms = new AlarmService(c8y);
const operations = new OperationService(c8y);
const events = new EventService(c8y);
const identity = new IdentityService(c8y);
const users = new UserService(c8y);
const applications = new ApplicationService(c8y);
// The official client puts the tenant of its login into user paths.
(c8y as unknown as { tenant: string }).tenant = 't';
const audits = new AuditService(c8y);

// @c8y/client's CommonJS build prefers window.fetch over its bundled cross-fetch.
const g = globalThis as { window?: unknown };
beforeAll(() => {
  g.window = { fetch: fake };
  configureClient({ baseUrl: BASE, fetch: fake, xsrfToken: () => '' });
});
afterAll(() => {
  delete g.window;
  configureClient({ baseUrl: '', fetch: undefined, xsrfToken: undefined });
});

const query = "$filter=(type eq 'adamos_NETbox') $orderby=name asc";

it.each<[string, () => Promise<unknown>, () => Promise<unknown>]>([
  [
    'inventory list',
    () => inventory.list({ query, pageSize: 25, currentPage: 2, withTotalPages: true, withChildren: false }),
    () => listManagedObjects({ query, pageSize: 25, currentPage: 2, withTotalPages: true, withChildren: false }),
  ],
  ['inventory detail', () => inventory.detail('7', { withParents: true }), () => getManagedObject('7', { withParents: true })],
  ['inventory update', () => inventory.update({ id: '7', c8y_Notes: 'n' }), () => updateManagedObject('7', { c8y_Notes: 'n' })],
  ['inventory create', () => inventory.create({ name: 'g', c8y_IsDeviceGroup: {} }), () => createManagedObject({ name: 'g', c8y_IsDeviceGroup: {} })],
  ['inventory delete', () => inventory.delete('7'), () => deleteManagedObject('7')],
  ['child assets list', () => inventory.childAssetsList('9', { pageSize: 10 }), () => listChildAssets('9', { pageSize: 10 })],
  ['child additions list', () => inventory.childAdditionsList('9', { pageSize: 2000 }), () => listChildAdditions('9', { pageSize: 2000 })],
  ['child asset add', () => inventory.childAssetsAdd('2', '9'), () => addChildAsset('9', '2')],
  ['child asset remove', () => inventory.childAssetsRemove('2', '9'), () => removeChildAsset('9', '2')],
  [
    'alarm list',
    () => alarms.list({ source: '7', status: 'ACTIVE', severity: 'MAJOR', pageSize: 100, withTotalPages: true }),
    () => listAlarms({ source: '7', status: 'ACTIVE', severity: 'MAJOR', pageSize: 100, withTotalPages: true }),
  ],
  ['alarm count', () => alarms.count({ source: '7', severity: 'CRITICAL' }), () => countAlarms({ source: '7', severity: 'CRITICAL' })],
  ['alarm update', () => alarms.update({ id: '5', status: 'ACKNOWLEDGED' }), () => updateAlarm('5', { status: 'ACKNOWLEDGED' })],
  [
    'alarm bulk update',
    () => alarms.updateBulk({ status: 'CLEARED' }, { source: '7', resolved: false, severity: 'MAJOR' }),
    () => bulkUpdateAlarms({ source: '7', resolved: false, severity: 'MAJOR' }, { status: 'CLEARED' }),
  ],
  [
    'operation create',
    () => operations.create({ deviceId: '7', description: 'Restart', netbox_RestartAgentOperation: {} }),
    () => createOperation({ deviceId: '7', description: 'Restart', netbox_RestartAgentOperation: {} }),
  ],
  [
    'operation list',
    () => operations.list({ deviceId: '7', fragmentType: 'x', pageSize: 5, revert: true, dateFrom: '1970-01-01' }),
    () => listOperations({ deviceId: '7', fragmentType: 'x', pageSize: 5, revert: true, dateFrom: '1970-01-01' }),
  ],
  ['operation update', () => operations.update({ id: '3', status: OperationStatus.FAILED }), () => updateOperation('3', { status: 'FAILED' })],
  ['event list', () => events.list({ source: '7', type: 't', pageSize: 10 }), () => listEvents({ source: '7', type: 't', pageSize: 10 })],
  ['external ids', () => identity.list('7'), () => listExternalIds('7')],
  ['external id detail', () => identity.detail({ type: 'c8y_Serial', externalId: 'A 1' }), () => getExternalId('c8y_Serial', 'A 1')],
  [
    'audit list',
    () => audits.list({ source: '5', type: 'Alarm', dateFrom: '1970-01-01T00:00:00.000Z', revert: true, pageSize: 100 }),
    () => listAuditRecords({ source: '5', type: 'Alarm', dateFrom: '1970-01-01T00:00:00.000Z', revert: true, pageSize: 100 }),
  ],
  ['user detail', () => users.detail('device_A1'), () => getUser('t', 'device_A1')],
  ['user update', () => users.update({ id: 'device_A1', enabled: false }), () => updateUser('t', 'device_A1', { enabled: false })],
  ['current user', () => users.current(), () => getCurrentUser()],
  ['current user update', () => users.updateCurrent({ customProperties: { k: 1 } }), () => updateCurrentUser({ customProperties: { k: 1 } })],
  ['application list', () => applications.list({ pageSize: 100 }), () => listApplications({ pageSize: 100 })],
  ['application detail', () => applications.detail('4'), () => getApplication('4')],
  ['application by name', () => applications.listByName('devicemanagement'), () => getApplicationsByName('devicemanagement')],
  ['application update', () => applications.update({ id: '4', config: { remotes: {} } }), () => updateApplication('4', { config: { remotes: {} } })],
])('%s', async (_name, official, ours) => {
  const expected = await capture(official);
  const actual = await capture(ours);
  expect(actual).toEqual(expected);
  expect(actual).toHaveLength(1);
});

it('creates events with the same body apart from the default time', async () => {
  const expected = await capture(() => events.create({ type: 't', text: 'x', time: '2024-01-01T00:00:00.000Z', source: { id: '7' } }));
  const actual = await capture(() => createEvent({ type: 't', text: 'x', time: '2024-01-01T00:00:00.000Z', source: { id: '7' } }));
  expect(actual).toEqual(expected);
});
