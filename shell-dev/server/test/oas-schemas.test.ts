/**
 * Route schemas from the platform's OpenAPI description (http/schemas.ts): the checked-in extract
 * matches reference/c8y-oas.json, every route it names has its schema, and per route family a
 * bad body or query is answered by the schema with the platform's error body (status, error and
 * message), while what the platform allows (custom fragments, nulls, lists) still passes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROLLOUT_BATCH_SIZE_MAX, ROLLOUT_BATCH_SIZE_MIN } from '@shared/domain/constants';
import { oasRoutesOf } from '../http/schemas';
import { HISTORY_DAYS, MAX_PAGE_SIZE as OD_MAX_PAGE_SIZE } from '../services/operation-dashboard/constants';
import { serverPerFile } from './helpers';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const OAS_FULL = process.env.C8Y_OAS ?? path.join(ROOT, 'reference', 'c8y-oas.json');
const EXTRACT = path.join(ROOT, 'shell-dev', 'server', 'http', 'oas-routes.json');
const COLLECTION = 'application/vnd.com.nsn.cumulocity.measurementcollection+json';

describe('the extract', () => {
  it(`equals what scripts/oas-route-schemas.mjs takes from ${path.relative(ROOT, OAS_FULL)}`, () => {
    const out = execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'oas-route-schemas.mjs'), '--check'], { env: { ...process.env, C8Y_OAS: OAS_FULL }, encoding: 'utf8' });
    expect(out).toMatch(/matches/);
  });
});

const ctx = serverPerFile();
const invalid = (domain: string, message: string) => ({ status: 422, body: { error: `${domain}/Invalid Data`, message, info: expect.any(String) } });

describe('every route of the extract', () => {
  it('is served by the stand-in with its schema', () => {
    const { routes } = JSON.parse(fs.readFileSync(EXTRACT, 'utf8')) as { routes: Record<string, unknown> };
    expect(Object.keys(routes).length).toBeGreaterThan(30);
    expect(oasRoutesOf(ctx.server.app).sort()).toEqual(Object.keys(routes).sort());
  });
});

describe('inventory', () => {
  it('refuses a fragment of the wrong type the OAS describes, keeps custom fragments and nulls', async () => {
    const { api } = ctx;
    expect(await api('POST', '/inventory/managedObjects', { body: { name: 'x', c8y_IsDevice: 'yes' } })).toMatchObject(invalid('inventory', "'c8y_IsDevice' must be an object"));
    expect(await api('POST', '/inventory/managedObjects', { body: { c8y_SupportedOperations: ['a', 1] } })).toMatchObject(invalid('inventory', "'c8y_SupportedOperations.1' must be a string"));
    const created = await api('POST', '/inventory/managedObjects', { body: { name: 'x', type: null, my_Fragment: { any: [1, 'two'] } } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'x', my_Fragment: { any: [1, 'two'] } });
    const id = created.body.id as string;
    expect((await api('PUT', `/inventory/managedObjects/${id}`, { body: { name: null, other: 1 } })).status).toBe(200);
    // No coercion: a number where the OAS wants a string stays refused, it does not become "5".
    expect(await api('PUT', `/inventory/managedObjects/${id}`, { body: { type: 5 } })).toMatchObject(invalid('inventory', "'type' must be a string"));
    expect(await api('POST', '/inventory/managedObjects', { raw: '[1]' })).toMatchObject(invalid('inventory', 'The request body must be a JSON object'));
  });

  it('checks every query parameter the OAS describes, by its type; the handler still reads the raw query', async () => {
    const { api } = ctx;
    expect(await api('GET', '/inventory/managedObjects?withChildrenCount=maybe')).toMatchObject(invalid('query', "'withChildrenCount' must be true or false"));
    expect(await api('GET', '/inventory/managedObjects?pageSize=2001')).toMatchObject(invalid('query', "'pageSize' must be a whole number from 1 to 2000"));
    expect(await api('GET', '/inventory/managedObjects?currentPage=0')).toMatchObject(invalid('query', "'currentPage' must be a whole number of at least 1"));
    expect(await api('GET', '/inventory/managedObjects/1?withParents=yes')).toMatchObject(invalid('query', "'withParents' must be true or false"));
    const page = await api('GET', '/inventory/managedObjects?pageSize=1&withTotalPages=true&ids=1,2&pageSize=2');
    expect(page.status).toBe(200);
    // The last of a repeated parameter counts (as before); the self link keeps the request's query.
    expect(page.body.statistics).toMatchObject({ pageSize: 2 });
    expect(String(page.body.self)).toContain('pageSize=1&withTotalPages=true&ids=1,2&pageSize=2');
  });

  it('tells a reference, a list of references and a new child apart by shape, as the handler does', async () => {
    const { api } = ctx;
    const parent = (await api('POST', '/inventory/managedObjects', { body: { name: 'parent' } })).body.id as string;
    const child = (await api('POST', '/inventory/managedObjects', { body: { name: 'child' } })).body.id as string;
    expect(await api('POST', `/inventory/managedObjects/${parent}/childAssets`, { body: { managedObject: { id: true } } })).toMatchObject(
      invalid('inventory', "'managedObject.id' must be a string or a number"),
    );
    expect(await api('POST', `/inventory/managedObjects/${parent}/childAssets`, { body: { references: [5] } })).toMatchObject(invalid('inventory', "'references.0' must be an object"));
    // A `references` that is no list is refused, not stored as a new child's fragment.
    expect(await api('POST', `/inventory/managedObjects/${parent}/childAssets`, { body: { references: 'x' } })).toMatchObject(invalid('inventory', "'references' must be an array"));
    expect(await api('POST', `/inventory/managedObjects/${parent}/childAssets`, { body: { references: { managedObject: { id: child } } } })).toMatchObject(
      invalid('inventory', "'references' must be an array"),
    );
    expect(await api('POST', `/inventory/managedObjects/${parent}/childAssets`, { body: { name: 7 } })).toMatchObject(invalid('inventory', "'name' must be a string"));
    expect((await api('POST', `/inventory/managedObjects/${parent}/childAssets`, { body: { managedObject: { id: Number(child) } } })).status).toBe(201);
    expect((await api('POST', `/inventory/managedObjects/${parent}/childDevices`, { body: { references: [{ managedObject: { id: child } }] } })).status).toBe(201);
    expect(await api('GET', `/inventory/managedObjects/${parent}/childAssets?withTotalElements=1`)).toMatchObject(invalid('query', "'withTotalElements' must be true or false"));
  });
});

describe('alarms', () => {
  it('refuses a bad body and query with the OAS enums; time stays optional (the stand-in stamps it)', async () => {
    const { api } = ctx;
    const source = (await api('POST', '/inventory/managedObjects', { body: { name: 'src' } })).body.id as string;
    const alarm = { source: { id: source }, type: 't', text: 'x', severity: 'MAJOR' };
    expect(await api('POST', '/alarm/alarms', { body: { ...alarm, status: 'OPEN' } })).toMatchObject(invalid('alarm', "'status' must be one of ACTIVE, ACKNOWLEDGED, CLEARED"));
    expect(await api('POST', '/alarm/alarms', { body: { ...alarm, text: undefined } })).toMatchObject(invalid('alarm', "'text' is required"));
    expect(await api('POST', '/alarm/alarms', { body: { ...alarm, time: 'soon' } })).toMatchObject(invalid('alarm', "'time' must be a date and time (ISO 8601)"));
    expect((await api('POST', '/alarm/alarms', { body: alarm })).status).toBe(201);
    expect(await api('GET', '/alarm/alarms?severity=MAJOR,HUGE')).toMatchObject(invalid('query', "'severity' must be one of CRITICAL, MAJOR, MINOR, WARNING"));
    expect((await api('GET', '/alarm/alarms?severity=major,minor&status=active')).status).toBe(200);
    expect(await api('GET', '/alarm/alarms/count?resolved=maybe')).toMatchObject(invalid('query', "'resolved' must be true or false"));
    expect(await api('PUT', `/alarm/alarms?source=${source}`, { body: { status: 'GONE' } })).toMatchObject(invalid('alarm', "'status' must be one of ACTIVE, ACKNOWLEDGED, CLEARED"));
    expect(await api('DELETE', `/alarm/alarms?source=${source}&dateTo=later`)).toMatchObject(invalid('query', "'dateTo' must be a date and time (ISO 8601)"));
  });
});

describe('events', () => {
  it('refuses a bad body and query', async () => {
    const { api } = ctx;
    const source = (await api('POST', '/inventory/managedObjects', { body: { name: 'src' } })).body.id as string;
    expect(await api('POST', '/event/events', { body: { source: { id: source }, type: 't', text: 5 } })).toMatchObject(invalid('event', "'text' must be a string"));
    expect(await api('POST', '/event/events', { body: { source: {}, type: 't', text: 'x' } })).toMatchObject(invalid('event', "'source.id' is required"));
    expect((await api('POST', '/event/events', { body: { source: { id: source }, type: 't', text: 'x' } })).status).toBe(201);
    expect(await api('GET', '/event/events?revert=backwards')).toMatchObject(invalid('query', "'revert' must be true or false"));
    expect(await api('GET', '/event/events?createdFrom=never')).toMatchObject(invalid('query', "'createdFrom' must be a date and time (ISO 8601)"));
  });

  it('takes ISO 8601 times only: "5" was stored as 2001-05-01, "2024-02-30" as 1 March, year 275760 sorted before 2026', async () => {
    const { api } = ctx;
    const source = (await api('POST', '/inventory/managedObjects', { body: { name: 'src-time' } })).body.id as string;
    for (const time of ['5', '2024-02-30T00:00:00Z', '+275760-09-13T00:00:00.000Z', 'March 7']) {
      expect(await api('POST', '/event/events', { body: { source: { id: source }, type: 't', text: 'x', time } })).toMatchObject(invalid('event', "'time' must be a date and time (ISO 8601)"));
      expect(await api('POST', '/alarm/alarms', { body: { source: { id: source }, type: 't', text: 'x', severity: 'MAJOR', time } })).toMatchObject(invalid('alarm', "'time' must be a date and time (ISO 8601)"));
      expect((await api('GET', `/event/events?source=${source}&dateFrom=${encodeURIComponent(time)}`)).status).toBe(422);
    }
    expect((await api('GET', `/event/events?source=${source}&withTotalElements=true`)).body).toMatchObject({ events: [], statistics: { totalElements: 0 } });
    expect((await api('POST', '/event/events', { body: { source: { id: source }, type: 't', text: 'x', time: '2024-02-29T10:00:00+01:00' } })).body).toMatchObject({ time: '2024-02-29T09:00:00.000Z' });
  });
});

describe('read-only fields (the OAS readOnly): refused on records, one rule for every route that lists them', () => {
  it('refuses what the platform stamps itself, on create as on update; id and self sent back stay accepted', async () => {
    const { api } = ctx;
    const source = (await api('POST', '/inventory/managedObjects', { body: { name: 'src-ro' } })).body.id as string;
    const event = { source: { id: source }, type: 't', text: 'x' };
    const alarm = { ...event, severity: 'MAJOR' };
    const then = '2020-01-01T00:00:00.000Z';
    // creationTime on a new event was taken as given (the platform stamps it; the OAS marks it read-only).
    expect(await api('POST', '/event/events', { body: { ...event, creationTime: then } })).toMatchObject(invalid('event', "'creationTime' cannot be set when creating an event"));
    expect(await api('POST', '/event/events', { body: { ...event, lastUpdated: then } })).toMatchObject(invalid('event', "'lastUpdated' cannot be set when creating an event"));
    expect(await api('POST', '/alarm/alarms', { body: { ...alarm, count: 5, firstOccurrenceTime: then } })).toMatchObject(invalid('alarm', "'count', 'firstOccurrenceTime' cannot be set when creating an alarm"));
    expect(await api('POST', '/alarm/alarms', { body: { ...alarm, creationTime: then } })).toMatchObject(invalid('alarm', "'creationTime' cannot be set when creating an alarm"));
    expect((await api('GET', `/event/events?source=${source}`)).body).toMatchObject({ events: [] });
    expect((await api('GET', `/alarm/alarms?source=${source}`)).body).toMatchObject({ alarms: [] });
    const created = await api('POST', '/event/events', { body: { ...event, id: '1', self: 'x' } });
    expect(created.status).toBe(201);
    expect(await api('PUT', `/event/events/${created.body.id as string}`, { body: { creationTime: then } })).toMatchObject(
      invalid('event', "Only text and custom fragments of an event can be updated, not 'creationTime'"),
    );
    expect(await api('POST', '/devicecontrol/operations', { body: { deviceId: source, c8y_Restart: {}, status: 'SUCCESSFUL' } })).toMatchObject(
      invalid('devicecontrol', "'status' cannot be set when creating an operation (it starts PENDING)"),
    );
    // bulkOperationId is read-only in the OAS too, but passes: the platform UI's retry of a failed operation sends it.
    const retried = await api('POST', '/devicecontrol/operations', { body: { deviceId: source, c8y_Restart: {}, bulkOperationId: '77' } });
    expect(retried).toMatchObject({ status: 201, body: { status: 'PENDING' } });
    // A measurement has only id and self read-only: sent back, they are accepted.
    expect((await api('POST', '/measurement/measurements', { body: { source: { id: source }, type: 't', time: then, id: '9', c8y_T: { T: { value: 1 } } } })).status).toBe(201);
  });
});

describe('operations', () => {
  it('refuses a bad body and query; a PUT without status still changes fragments', async () => {
    const { api } = ctx;
    const device = (await api('POST', '/inventory/managedObjects', { body: { name: 'dev', c8y_IsDevice: {} } })).body.id as string;
    expect(await api('POST', '/devicecontrol/operations', { body: { deviceId: { id: device } } })).toMatchObject(invalid('devicecontrol', "'deviceId' must be a string or a number"));
    const op = await api('POST', '/devicecontrol/operations', { body: { deviceId: Number(device), c8y_Restart: {} } });
    expect(op.status).toBe(201);
    expect(await api('PUT', `/devicecontrol/operations/${op.body.id}`, { body: { status: 'successful' } })).toMatchObject(
      invalid('devicecontrol', "'status' must be one of SUCCESSFUL, FAILED, EXECUTING, PENDING"),
    );
    expect((await api('PUT', `/devicecontrol/operations/${op.body.id}`, { body: { c8y_Progress: 50 } })).status).toBe(200);
    expect(await api('GET', '/devicecontrol/operations?pageSize=abc')).toMatchObject(invalid('query', "'pageSize' must be a whole number from 1 to 2000"));
    expect(await api('DELETE', `/devicecontrol/operations?deviceId=${device}&status=DONE`)).toMatchObject(invalid('query', "'status' must be one of SUCCESSFUL, FAILED, EXECUTING, PENDING"));
  });
});

describe('measurements', () => {
  it('checks one measurement and a collection by the media type, and the series query', async () => {
    const { api } = ctx;
    expect(await api('POST', '/measurement/measurements', { body: { source: { id: '1' }, type: 't' } })).toMatchObject(invalid('measurement', "'time' is required"));
    expect(await api('POST', '/measurement/measurements', { body: { measurements: 'x' }, contentType: COLLECTION })).toMatchObject(invalid('measurement', "'measurements' must be an array"));
    expect(await api('POST', '/measurement/measurements', { body: { measurements: [{ type: 't' }] }, contentType: COLLECTION })).toMatchObject(
      invalid('measurement', "'measurements.0.source' is required"),
    );
    expect(await api('GET', '/measurement/measurements/series?dateFrom=2026-01-01&dateTo=2026-01-02')).toMatchObject(invalid('query', "'source' is required"));
    expect(await api('GET', '/measurement/measurements?revert=no')).toMatchObject(invalid('query', "'revert' must be true or false"));
  });
});

describe('identity, users, applications', () => {
  it('refuses a bad body and query', async () => {
    const { api } = ctx;
    const mo = (await api('POST', '/inventory/managedObjects', { body: { name: 'x' } })).body.id as string;
    expect(await api('POST', `/identity/globalIds/${mo}/externalIds`, { body: { type: 'c8y_Serial' } })).toMatchObject(invalid('identity', "'externalId' is required"));
    expect(await api('PUT', '/user/currentUser', { body: { email: 'no-at' } })).toMatchObject(invalid('user', "'email' must be an e-mail address"));
    expect(await api('POST', '/user/demo/users', { body: { userName: 'u1', email: 'u1@example.com', enabled: 'yes' } })).toMatchObject(invalid('user', "'enabled' must be true or false"));
    expect(await api('PUT', '/user/demo/users/viewer', { body: { firstName: 3 } })).toMatchObject(invalid('user', "'firstName' must be a string"));
    expect(await api('GET', '/user/demo/users?onlyDevices=perhaps')).toMatchObject(invalid('query', "'onlyDevices' must be true or false"));
    expect(await api('GET', '/user/roles?pageSize=0')).toMatchObject(invalid('query', "'pageSize' must be a whole number from 1 to 2000"));
    // The read role is checked before the query: a caller without it learns nothing from it.
    for (const url of ['/user/roles?pageSize=0', '/user/demo/users?onlyDevices=perhaps', '/user/demo/groups?pageSize=x']) {
      expect(await api('GET', url, { who: 'operator' })).toMatchObject({ status: 403, body: { error: 'security/Forbidden' } });
    }
    expect(await api('POST', '/application/applications', { body: { name: 'n', key: 'k' } })).toMatchObject(invalid('application', "'type' is required"));
    expect(await api('GET', '/application/applications?withTotalPages=sure')).toMatchObject(invalid('query', "'withTotalPages' must be true or false"));
  });
});

describe('create-software-ng (its own schemas: the OAS does not describe the microservice)', () => {
  const CSNG = '/service/create-software-ng';
  const bad = (message: string) => ({ status: 400, body: { error: 'create-software-ng/badRequest', message } });

  it('refuses a rollout without devices, with a device without id, or with parameters out of range', async () => {
    const { api } = ctx;
    expect(await api('POST', `${CSNG}/createSoftwareRollout`, { body: { devices: [], softwareId: '1' } })).toMatchObject(bad('devices must be a non-empty list of device ids.'));
    expect(await api('POST', `${CSNG}/createSoftwareRollout`, { body: { devices: [{ name: 'x' }], softwareId: '1' } })).toMatchObject(bad('devices contains an entry without a device id.'));
    expect(await api('POST', `${CSNG}/createSoftwareRollout`, { body: { devices: ['1'] } })).toMatchObject(bad('softwareId is required.'));
    expect(await api('POST', `${CSNG}/createSoftwareRollout`, { raw: '[]' })).toMatchObject(bad('A JSON object body is required.'));
    expect(await api('POST', `${CSNG}/createSoftwareRollout`, { body: { devices: ['1'], softwareId: '1', rolloutParameters: { batchSize: 0 } } })).toMatchObject({
      status: 422,
      body: { error: 'create-software-ng/validationError', message: `batchSize must be an integer from ${ROLLOUT_BATCH_SIZE_MIN} to ${ROLLOUT_BATCH_SIZE_MAX}.` },
    });
    expect(await api('POST', `${CSNG}/createSoftwareRollout`, { body: { devices: ['1'], softwareId: '1', rolloutParameters: { automaticPauseLimits: [10, 'x'] } } })).toMatchObject({
      status: 422,
      body: { error: 'create-software-ng/validationError', message: expect.stringMatching(/^automaticPauseLimits must be integers from/) },
    });
    // Valid parameters pass the schema: the unknown software is what the handler then refuses.
    expect((await api('POST', `${CSNG}/createSoftwareRollout`, { body: { devices: ['1'], softwareId: '424242', rolloutParameters: { errorThresholdPercent: null } } })).status).toBe(404);
  });

  it('refuses bad device lists, a bad time zone and a replacement without both external ids', async () => {
    const { api } = ctx;
    expect(await api('POST', `${CSNG}/createTimezoneOperations`, { body: { devices: ['1'], timezone: 'Berlin' } })).toMatchObject(bad("timezone must read '{name}#{windowsZone}'."));
    expect(await api('POST', `${CSNG}/createSoftwareAssignment`, { body: { devices: [{}] } })).toMatchObject(bad('devices contains an entry without a device id.'));
    expect(await api('PUT', `${CSNG}/initialize`, { body: {} })).toMatchObject(bad('deviceList must be a non-empty list of device ids.'));
    expect(await api('PUT', `${CSNG}/clearPendingAssignment/selectedDevices`, { body: { deviceList: 'all' } })).toMatchObject(bad('deviceList must be a non-empty list of device ids.'));
    expect(await api('PUT', `${CSNG}/assignTargetDeviceToSourceDevice?sourceExternalId=a&targetExternalId=`)).toMatchObject(bad('sourceExternalId and targetExternalId are required.'));
    // A valid request passes the schema: the unknown devices are what the handler then refuses.
    expect((await api('POST', `${CSNG}/createTimezoneOperations`, { body: { devices: ['424242'], timezone: 'Europe/Berlin#W. Europe Standard Time' } })).status).toBe(404);
  });

  it('refuses bad software package, dependency and profile bodies', async () => {
    const { api } = ctx;
    expect(await api('POST', `${CSNG}/softwarePackage`, { body: { inventoryRequest: 'x' } })).toMatchObject(bad('inventoryRequest is required.'));
    expect(await api('PUT', `${CSNG}/softwarePackage`, { body: { inventoryRequest: { name: 'x' } } })).toMatchObject(bad('inventoryRequest.id is required.'));
    expect(await api('DELETE', `${CSNG}/softwarePackage?inventoryId=`)).toMatchObject(bad('inventoryId is required.'));
    expect(await api('PUT', `${CSNG}/dependencies`, { body: { managedObject: { id: '1' }, dependencies: {} } })).toMatchObject(bad('dependencies must be a list.'));
    expect(await api('PUT', `${CSNG}/validateSoftware`, { body: { name: '' } })).toMatchObject(bad('name is required.'));
    expect(await api('POST', `${CSNG}/deviceProfile`, { body: { name: ' ', deviceType: 'x' } })).toMatchObject(bad('name is required.'));
    expect(await api('POST', `${CSNG}/deviceProfile`, { body: { name: 'p' } })).toMatchObject(bad('deviceType is required.'));
    expect(await api('POST', `${CSNG}/deviceProfile`, { body: { name: 'p', deviceType: 'toaster' } })).toMatchObject(bad(expect.stringMatching(/^deviceType must be one of /) as unknown as string));
    expect(await api('PUT', `${CSNG}/deviceProfile/1`, { body: { c8y_DeviceProfile: { software: [{ id: '1', name: 'a' }] } } })).toMatchObject(bad('Each profile software needs id, name and version.'));
    expect(await api('PUT', `${CSNG}/deviceProfile/1`, { body: { c8y_DeviceProfile: { software: 'all' } } })).toMatchObject(bad('c8y_DeviceProfile.software must be a list.'));
  });

  it("refuses a bad page or result filter of a rollout's devices", async () => {
    const { api } = ctx;
    expect(await api('GET', `${CSNG}/softwareRollout/1/devices?pageSize=101`)).toMatchObject(bad('pageSize must be an integer from 1 to 100.'));
    const lastRolloutPage = Math.floor(Number.MAX_SAFE_INTEGER / 100);
    expect(await api('GET', `${CSNG}/softwareRollout/1/devices?currentPage=x`)).toMatchObject(bad(`currentPage must be an integer from 1 to ${lastRolloutPage}.`));
    // A page whose offset is no safe integer would reach SQLite unbindable.
    expect(await api('GET', `${CSNG}/softwareRollout/1/devices?currentPage=100000000000000000000`)).toMatchObject(bad(`currentPage must be an integer from 1 to ${lastRolloutPage}.`));
    expect(await api('GET', `${CSNG}/softwareRollout/1/devices?result=bogus`)).toMatchObject(bad(expect.stringMatching(/^result must be one of pending, waiting, /) as unknown as string));
    expect((await api('GET', `${CSNG}/softwareRollout/424242/devices?result=upToDate&pageSize=5`)).status).toBe(404);
  });
});

describe('operation-dashboard (its own schemas)', () => {
  const OD = '/service/operation-dashboard';
  const bad = (message: string) => ({ status: 400, body: { error: 'operation-dashboard/Bad Request', message, info: expect.any(String) } });

  it('refuses a bad page or day count with 400 and its error body; good ones pass', async () => {
    const { api } = ctx;
    expect(await api('GET', `${OD}/listdevices/online?pageSize=0`)).toMatchObject(bad(`pageSize must be an integer between 1 and ${OD_MAX_PAGE_SIZE}`));
    const lastPage = Math.floor(Number.MAX_SAFE_INTEGER / OD_MAX_PAGE_SIZE);
    expect(await api('GET', `${OD}/listpagealarms/critical?currentPage=x`)).toMatchObject(bad(`currentPage must be an integer between 1 and ${lastPage}`));
    // Offsets beyond a safe integer were a 500 from SQLite on every list (session 19's audit); the last page still answers.
    for (const list of ['listdevices/online', 'historydevicelistpage/1', 'softwaremonitoringdevicelistpage/wfd', 'recovereddevicelistpage/total', 'listpagealarms/critical']) {
      expect(await api('GET', `${OD}/${list}?currentPage=${lastPage + 1}&pageSize=${OD_MAX_PAGE_SIZE}`)).toMatchObject(bad(`currentPage must be an integer between 1 and ${lastPage}`));
      expect((await api('GET', `${OD}/${list}?currentPage=${lastPage}&pageSize=${OD_MAX_PAGE_SIZE}`)).status).toBe(200);
    }
    expect(await api('GET', `${OD}/toptenalarmtypes/1.5`)).toMatchObject(bad(`days must be an integer between 1 and ${HISTORY_DAYS}`));
    expect(await api('GET', `${OD}/historydevicelistpage/0?pageSize=1`)).toMatchObject(bad(`day must be an integer between 1 and ${HISTORY_DAYS}`));
    expect((await api('GET', `${OD}/toptenalarmtypes/${HISTORY_DAYS}`)).status).toBe(200);
    const page = await api('GET', `${OD}/listdevices/total?pageSize=3&currentPage=1&pageSize=2`);
    expect(page.status).toBe(200);
    expect(page.body.statistics).toMatchObject({ pageSize: 2, currentPage: 1 });
    // An unknown list is a missing resource (404), whatever the page asks.
    expect((await api('GET', `${OD}/listdevices/everything`)).status).toBe(404);
  });
});
