/**
 * Hostile input: a deterministic generator sends malformed bodies, queries, ids and paths to every
 * write and list endpoint of the stand-in (core REST API, application packages, the two
 * microservices, /apps). No answer may be a 5xx, every error answer must carry the platform's
 * {error, message, info} body, and the server must still answer afterwards.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { AUTH, client, start, tempDir } from './helpers';

/** The figure: this many generated requests. */
const CASES = 1000;
/** Requests in flight at once: enough to interleave writes, few enough for a shared machine. */
const CONCURRENCY = 4;
const SEED = 0x5eed;
/** Larger than any field the platform expects, well under the JSON body limit. */
const HUGE_STRING_LENGTH = 1024 * 1024;
/** Nesting depth beyond what a recursive walker survives without guarding itself. */
const DEEP_NESTING = 20_000;
/** Ids longer than this would hit Node's URL/header limit (431, answered before the app sees it). */
const LONG_ID_LENGTH = 4000;
const SECRET = 'hostile-input-secret-must-never-be-served';

jest.setTimeout(240_000);

/** mulberry32: small, fast and the same sequence on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  return { next, int, pick };
}
type Rng = ReturnType<typeof prng>;

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const HOSTILE_STRINGS = [
  '',
  ' ',
  "' OR 1=1 --",
  "'; DROP TABLE managed_objects; --",
  '" OR ""="',
  "name eq 'x') or (1 eq 1",
  '1; SELECT * FROM users',
  '<script>window.__pwned=1</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '\u0000\u0001\u0002',
  '\ud800',
  '𝕳𝖔𝖘𝖙𝖎𝖑𝖊 🚀 ünïcödé',
  '\u202e\u200b\ufeff',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999999',
  '-9007199254740993',
  'true',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  '*',
  '**',
  '%',
  '_',
  '\\',
  '$filter=',
];

/** Strings for the platform query language: unbalanced, unknown functions, odd operators. */
const BAD_QUERIES = [
  '$filter=(name eq',
  '$filter=)(',
  '$filter=((((((((((((((((((((name eq 1',
  "$filter=(name eq 'a' and) $orderby=",
  '$orderby=name desc desc',
  '$orderby=;DROP TABLE x',
  "$filter=(bygroupid('x' or 1))",
  '$filter=(has())',
  '$filter=(has(a b))',
  '$filter=(unknown(1))',
  "$filter=(c8y_Availability.status eq 'A' ornot x)",
  "$filter=(name eq '*" + '*'.repeat(500) + "')",
  "name eq '" + "'".repeat(50),
  'not not not not',
  '$filter=(lastUpdated.date gt 99999-99-99)',
  "$filter=(creationTime.date gt '2020-13-45T99:99:99Z')",
  '$filter=(a.b.c.d.e.f.g.h.i.j eq 1)',
  '$filter=(name eq 1 and ' + 'x eq 1 and '.repeat(300) + 'y eq 2)',
  "$filter=(id in (1,2,'a',))",
  '$filter=(name eq \\u0000)',
  '$filter=(' + '('.repeat(2000) + ')',
];

const PAGING_VALUES = ['-1', '0', '1.5', '1e3', '9999999999999999999', '2001', 'abc', '', ' 1', '0x10', String(Number.MAX_SAFE_INTEGER)];

const UNKNOWN_IDS = ['0', '-1', '99999999999', '999999999999999999999999', 'abc', '1.5', '1e3', 'null', "1'%20OR%20'1'='1", '..', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '%00', '%E0%A4%A', '%ZZ', encodeURIComponent('𝕳🚀'), 'x'.repeat(LONG_ID_LENGTH)];

/** A JSON value of a random kind, hostile where it can be. */
function value(r: Rng, depth = 0): unknown {
  switch (r.int(depth > 2 ? 8 : 11)) {
    case 0:
      return r.pick(HOSTILE_STRINGS);
    case 1:
      return r.pick([0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63]);
    case 2:
      return r.pick([true, false, null]);
    case 3:
      return 'x'.repeat(r.pick([1000, 65_536]));
    case 4:
      return r.pick(BAD_QUERIES);
    case 5:
      return {};
    case 6:
      return [];
    case 7:
      return r.pick(UNKNOWN_IDS);
    case 8:
      return Array.from({ length: r.int(4) }, () => value(r, depth + 1));
    case 9:
      return Object.fromEntries(Array.from({ length: r.int(4) }, () => [r.pick(HOSTILE_STRINGS), value(r, depth + 1)]));
    default:
      return { id: value(r, depth + 1), name: value(r, depth + 1) };
  }
}

interface Case {
  method: string;
  path: string;
  raw?: string | Buffer;
  contentType?: string;
  who?: keyof typeof AUTH | 'nobody';
}

interface Fixtures {
  device: string;
  device2: string;
  alarm: string;
  event: string;
  operation: string;
  measurement: string;
  user: string;
  group: string;
  pkg: string;
  profile: string;
  rollout: string;
  shellApp: string;
  binary: string;
}

type Endpoint = {
  method: string;
  path: (f: Fixtures, id: (valid: string) => string) => string;
  body?: (f: Fixtures) => Record<string, unknown>;
  list?: string[];
  /** Media type of the valid body (default application/json). */
  contentType?: string;
};

const CSNG = '/service/create-software-ng';
const OD = '/service/operation-dashboard';
/** Query parameters the list endpoints read; the generator sets a few of them to hostile values. */
const INVENTORY_PARAMS = ['query', 'q', 'type', 'fragmentType', 'ids', 'text', 'owner', 'onlyRoots', 'childAssetId', 'withParents', 'withChildren', 'pageSize', 'currentPage', 'withTotalPages', 'withTotalElements'];
const RECORD_PARAMS = ['source', 'status', 'severity', 'type', 'resolved', 'withSourceDevices', 'withSourceAssets', 'dateFrom', 'dateTo', 'createdFrom', 'lastUpdatedTo', 'deviceId', 'agentId', 'fragmentType', 'revert', 'pageSize', 'currentPage', 'withTotalPages'];

const MEASUREMENT_PARAMS = ['source', 'type', 'dateFrom', 'dateTo', 'revert', 'fragmentType', 'valueFragmentType', 'valueFragmentSeries', 'pageSize', 'currentPage', 'withTotalPages'];
const MEASUREMENT_COLLECTION = 'application/vnd.com.nsn.cumulocity.measurementcollection+json';

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: () => '/inventory/managedObjects', list: INVENTORY_PARAMS },
  { method: 'POST', path: () => '/inventory/managedObjects', body: () => ({ name: 'fuzz', type: 'fuzz_Device', c8y_IsDevice: {} }) },
  { method: 'GET', path: (f, id) => `/inventory/managedObjects/${id(f.device)}`, list: ['withParents', 'withChildren'] },
  { method: 'PUT', path: (f, id) => `/inventory/managedObjects/${id(f.device)}`, body: () => ({ name: 'renamed', c8y_Notes: 'n' }) },
  { method: 'DELETE', path: (_f, id) => `/inventory/managedObjects/${id('0')}` },
  { method: 'GET', path: (f, id) => `/inventory/managedObjects/${id(f.device)}/${id('childAssets')}`, list: INVENTORY_PARAMS },
  { method: 'POST', path: (f, id) => `/inventory/managedObjects/${id(f.device)}/childAssets`, body: (f) => ({ managedObject: { id: f.device2 } }) },
  { method: 'POST', path: (f, id) => `/inventory/managedObjects/${id(f.device)}/childDevices`, body: (f) => ({ references: [{ managedObject: { id: f.device2 } }] }) },
  { method: 'DELETE', path: (f, id) => `/inventory/managedObjects/${id(f.device)}/childAssets/${id('0')}` },
  { method: 'GET', path: () => '/inventory/binaries', list: ['pageSize', 'currentPage'] },
  { method: 'PUT', path: (f, id) => `/inventory/binaries/${id(f.binary)}`, body: () => ({ content: 'x' }) },
  { method: 'DELETE', path: (_f, id) => `/inventory/binaries/${id('0')}` },
  { method: 'GET', path: () => '/alarm/alarms', list: RECORD_PARAMS },
  { method: 'GET', path: () => '/alarm/alarms/count', list: RECORD_PARAMS },
  { method: 'POST', path: () => '/alarm/alarms', body: (f) => ({ source: { id: f.device }, type: 'fuzz_Alarm', text: 't', severity: 'MAJOR', time: new Date(0).toISOString() }) },
  { method: 'PUT', path: (f, id) => `/alarm/alarms/${id(f.alarm)}`, body: () => ({ status: 'ACKNOWLEDGED', text: 'changed' }) },
  { method: 'PUT', path: () => '/alarm/alarms?source=1', body: () => ({ status: 'CLEARED' }) },
  { method: 'DELETE', path: () => '/alarm/alarms', list: RECORD_PARAMS },
  { method: 'GET', path: () => '/event/events', list: RECORD_PARAMS },
  { method: 'POST', path: () => '/event/events', body: (f) => ({ source: { id: f.device }, type: 'fuzz_Event', text: 't', time: new Date(0).toISOString() }) },
  { method: 'PUT', path: (f, id) => `/event/events/${id(f.event)}`, body: () => ({ text: 'changed' }) },
  { method: 'DELETE', path: (_f, id) => `/event/events/${id('0')}` },
  { method: 'GET', path: () => '/devicecontrol/operations', list: RECORD_PARAMS },
  { method: 'POST', path: () => '/devicecontrol/operations', body: (f) => ({ deviceId: f.device, description: 'd', c8y_Restart: {} }) },
  { method: 'PUT', path: (f, id) => `/devicecontrol/operations/${id(f.operation)}`, body: () => ({ status: 'EXECUTING' }) },
  { method: 'DELETE', path: () => '/devicecontrol/operations', list: RECORD_PARAMS },
  { method: 'GET', path: () => '/measurement/measurements', list: MEASUREMENT_PARAMS },
  { method: 'POST', path: () => '/measurement/measurements', body: (f) => ({ source: { id: f.device }, type: 'fuzz_M', time: new Date(0).toISOString(), c8y_Fuzz: { x: { value: 1, unit: 'u' } } }) },
  { method: 'POST', path: () => '/measurement/measurements', body: (f) => ({ measurements: [{ source: { id: f.device }, type: 'fuzz_M', time: new Date(0).toISOString(), c8y_Fuzz: { x: { value: 1 } } }] }), contentType: MEASUREMENT_COLLECTION },
  { method: 'GET', path: (f, id) => `/measurement/measurements/${id(f.measurement)}` },
  { method: 'DELETE', path: (f, id) => `/measurement/measurements/${id(f.measurement)}` },
  { method: 'DELETE', path: () => '/measurement/measurements', list: MEASUREMENT_PARAMS },
  { method: 'GET', path: (f) => `/measurement/measurements/series?source=${f.device}&dateFrom=1970-01-01&dateTo=2100-01-01`, list: ['source', 'dateFrom', 'dateTo', 'series', 'aggregationType', 'revert'] },
  { method: 'GET', path: () => '/audit/auditRecords', list: ['source', 'type', 'revert', 'pageSize', 'currentPage', 'dateFrom'] },
  { method: 'PUT', path: () => '/user/currentUser', body: () => ({ firstName: 'A', customProperties: { x: 1 } }) },
  { method: 'GET', path: (_f, id) => `/user/${id('demo')}/users`, list: ['pageSize', 'currentPage'] },
  { method: 'PUT', path: (_f, id) => `/user/demo/users/${id('operator')}`, body: () => ({ enabled: true }) },
  { method: 'PUT', path: (_f, id) => `/user/demo/users/${id('fuzz-user')}`, body: () => ({ password: 'Fuzz-pass-1', email: 'f@example.com', customProperties: { a: 1 } }) },
  { method: 'POST', path: (_f, id) => `/user/${id('demo')}/users`, body: () => ({ userName: 'fuzz-user', email: 'f@example.com', password: 'Fuzz-pass-1', firstName: 'F' }) },
  { method: 'DELETE', path: (_f, id) => `/user/demo/users/${id('fuzz-user')}` },
  { method: 'GET', path: (_f, id) => `/user/${id('demo')}/groups`, list: ['pageSize', 'currentPage', 'withTotalPages'] },
  { method: 'GET', path: (f, id) => `/user/demo/groups/${id(f.group)}/users`, list: ['pageSize', 'currentPage'] },
  { method: 'POST', path: (f, id) => `/user/demo/groups/${id(f.group)}/users`, body: (f) => ({ user: { self: `http://localhost/user/demo/users/${f.user}` } }) },
  { method: 'DELETE', path: (f, id) => `/user/demo/groups/${id(f.group)}/users/${id(f.user)}` },
  { method: 'GET', path: () => '/user/roles', list: ['pageSize', 'currentPage', 'withTotalElements'] },
  { method: 'GET', path: () => '/application/applications', list: ['name', 'type', 'pageSize', 'currentPage'] },
  { method: 'POST', path: () => '/application/applications', body: () => ({ name: 'fuzz-app', key: 'fuzz-app-key', contextPath: 'fuzz-app', type: 'HOSTED' }) },
  { method: 'PUT', path: (f, id) => `/application/applications/${id(f.shellApp)}`, body: () => ({ config: { remotes: {}, excludedRemotes: {} } }) },
  { method: 'POST', path: (f, id) => `/identity/globalIds/${id(f.device)}/externalIds`, body: () => ({ type: 'c8y_Serial', externalId: 'fuzz' }) },
  { method: 'DELETE', path: (_f, id) => `/identity/externalIds/${id('c8y_Serial')}/${id('none')}` },
  // A user of its own: wrong passwords count towards a lock (login throttling), never the admin's.
  { method: 'POST', path: () => '/tenant/oauth', body: () => ({ grant_type: 'PASSWORD', username: 'demo/fuzz-guesser', password: 'wrong' }) },
  // create-software-ng
  { method: 'GET', path: () => `${CSNG}/softwarePackage`, list: ['name', 'version', 'deviceType'] },
  { method: 'POST', path: () => `${CSNG}/softwarePackage`, body: () => ({ inventoryRequest: { name: 'fuzz-pkg', version: '1.0.0', deviceType: 'adamos_NETbox', url: 'https://example.com/a.zip', apptype: 'APPLICATION', category: 'normal', password: 'secret-pass' } }) },
  { method: 'PUT', path: () => `${CSNG}/softwarePackage`, body: (f) => ({ inventoryRequest: { id: f.pkg, description: 'd' } }) },
  { method: 'DELETE', path: (_f, id) => `${CSNG}/softwarePackage?inventoryId=${id('0')}` },
  { method: 'PUT', path: () => `${CSNG}/dependencies`, body: (f) => ({ id: f.pkg, dependencies: [] }) },
  { method: 'PUT', path: () => `${CSNG}/validateSoftware`, body: () => ({ name: 'MDC', version: '1.0.0', deviceType: 'adamos_NETbox' }) },
  { method: 'GET', path: (_f, id) => `${CSNG}/getIotConnectorReplacmentlist?sourceDeviceId=${id('1')}` },
  { method: 'POST', path: () => `${CSNG}/createTimezoneOperations`, body: (f) => ({ devices: [f.device], timezone: 'Europe/Berlin#W. Europe Standard Time' }) },
  { method: 'POST', path: () => `${CSNG}/createSoftwareAssignment`, body: (f) => ({ devices: [f.device], netbox_RegisterSoftwarePackage: { repository_id: f.pkg } }) },
  { method: 'PUT', path: () => `${CSNG}/clearPendingAssignment/selectedDevices`, body: (f) => ({ deviceList: [f.device] }) },
  { method: 'PUT', path: () => `${CSNG}/initialize`, body: (f) => ({ deviceList: [f.device] }) },
  { method: 'PUT', path: (_f, id) => `${CSNG}/assignTargetDeviceToSourceDevice?sourceExternalId=${id('a')}&targetExternalId=${id('b')}` },
  { method: 'GET', path: () => `${CSNG}/deviceProfile` },
  { method: 'GET', path: (f, id) => `${CSNG}/deviceProfile/${id(f.profile)}` },
  { method: 'GET', path: (_f, id) => `${CSNG}/deviceProfile/restrictions?excludedIds=${id('1,2')}` },
  { method: 'GET', path: (f, id) => `${CSNG}/deviceProfile/restrictions/${id(f.profile)}` },
  { method: 'POST', path: () => `${CSNG}/deviceProfile`, body: () => ({ name: 'fuzz-profile', deviceType: 'adamos_NETbox', deviceGroup: null, c8y_DeviceProfile: { software: [] } }) },
  { method: 'PUT', path: (f, id) => `${CSNG}/deviceProfile/${id(f.profile)}`, body: () => ({ name: 'fuzz-profile-2' }) },
  { method: 'DELETE', path: (_f, id) => `${CSNG}/deviceProfile/${id('0')}` },
  { method: 'POST', path: (f, id) => `${CSNG}/deviceProfile/${id(f.profile)}/duplicate` },
  { method: 'POST', path: () => `${CSNG}/createSoftwareRollout`, body: (f) => ({ devices: [f.device], softwareId: f.pkg, rolloutParameters: { batchSize: 10, batchGapSeconds: 60, automaticPauseLimits: [] } }) },
  { method: 'PUT', path: (f, id) => `${CSNG}/updateSoftwareRolloutStatus/${id(f.rollout)}/${id('PAUSED')}` },
  // operation-dashboard (read-only: every list and figure with hostile path parts and paging)
  ...[
    'devicestatistics',
    'listdevices/:online',
    'historydevicelist',
    'historydevicelistpage/:1',
    'alarmcount/:critical',
    'alarmhistory',
    'toptenalarmtypes/:7',
    'softwaremonitoringstats/:7',
    'softwaremonitoringdevicelistpage/:wfd',
    'recovereddevicestats',
    'recovereddevicelistpage/:month',
    'listpagealarms/:critical',
    'listpagealarms/:critical/:availability',
  ].map(
    (p): Endpoint => ({
      method: 'GET',
      path: (_f, id) => `${OD}/${p.replace(/:(\w+)/g, (_m, v: string) => id(v))}`,
      list: ['pageSize', 'currentPage'],
    }),
  ),
];

/** Percent-encoding that lets lone surrogates through as the invalid UTF-8 a hostile client would send. */
const enc = (v: string) => v.split(/([\ud800-\udfff])/).map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part))).join('');

/** One generated request: hostile ids, queries, bodies, content types or raw text. */
function generate(r: Rng, f: Fixtures): Case {
  const ep = r.pick(ENDPOINTS);
  const hostileId = r.next() < 0.35;
  const id = (valid: string) => (hostileId && r.next() < 0.6 ? r.pick(UNKNOWN_IDS) : valid);
  let p = ep.path(f, id);
  if (ep.list && r.next() < 0.8) {
    const params: string[] = [];
    for (let i = 0, n = 1 + r.int(3); i < n; i++) {
      const name = r.pick(ep.list);
      const v = /page/i.test(name) ? r.pick(PAGING_VALUES) : name === 'query' || name === 'q' ? r.pick(BAD_QUERIES) : String(r.pick([...HOSTILE_STRINGS, ...UNKNOWN_IDS]));
      params.push(`${encodeURIComponent(name)}=${enc(v)}`);
      if (r.next() < 0.1) params.push(`${encodeURIComponent(name)}=${enc(r.pick(HOSTILE_STRINGS))}`);
    }
    p += (p.includes('?') ? '&' : '?') + params.join('&');
  }
  const who = r.next() < 0.05 ? r.pick(['nobody', 'viewer'] as const) : undefined;
  if (ep.method === 'GET' || ep.method === 'DELETE' || !ep.body) return { method: ep.method, path: p, who };
  const valid = ep.body(f);
  let raw: string | Buffer;
  let contentType = ep.contentType ?? 'application/json';
  switch (r.int(9)) {
    case 0:
      raw = r.pick(['{', '{"a":}', '{"a":1,}', "{'a':1}", '[1,2', 'nul', '"unterminated', '{"a":NaN}', '\u0000', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"x":1}}}']);
      break;
    case 1:
      raw = JSON.stringify(value(r));
      break;
    case 2:
      raw = r.pick([deepArray(DEEP_NESTING), deepObject(DEEP_NESTING), `{"name":${deepArray(DEEP_NESTING)}}`, `{"c8y_Notes":${deepObject(DEEP_NESTING)}}`]);
      break;
    case 3:
      raw = JSON.stringify({ ...valid, [r.pick(Object.keys(valid))]: 'h'.repeat(HUGE_STRING_LENGTH) });
      break;
    case 4:
      raw = JSON.stringify(valid);
      contentType = r.pick(['text/plain', 'application/xml', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/json; charset=utf-16']);
      break;
    case 5:
      raw = Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22, 0xc3, 0x28]);
      break;
    default: {
      // A valid body with one to three fields swapped for hostile values of another type.
      const b: Record<string, unknown> = structuredClone(valid);
      const fields = [...Object.keys(b), ...Object.keys(b).flatMap((k) => (b[k] && typeof b[k] === 'object' && !Array.isArray(b[k]) ? Object.keys(b[k] as object).map((s) => `${k}.${s}`) : []))];
      for (let i = 0, n = 1 + r.int(3); i < n; i++) {
        const [a, sub] = r.pick(fields).split('.');
        if (sub && b[a] && typeof b[a] === 'object') (b[a] as Record<string, unknown>)[sub] = value(r);
        else b[a] = value(r);
      }
      raw = JSON.stringify(b);
    }
  }
  return { method: ep.method, path: p, raw, contentType, who };
}

/** Multipart uploads with broken parts: binaries and application packages. */
function multipartCases(r: Rng, f: Fixtures, n: number): Case[] {
  const targets = ['/inventory/binaries', `/application/applications/${f.shellApp}/binaries`, '/application/applications/999999/binaries'];
  const bodies: Array<(b: string) => string> = [
    (b) => `--${b}--\r\n`,
    (b) => `--${b}\r\nContent-Disposition: form-data; name="object"\r\n\r\n{not json\r\n--${b}--\r\n`,
    (b) => `--${b}\r\nContent-Disposition: form-data; name="object"\r\n\r\n[1,2]\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\nabc\r\n--${b}--\r\n`,
    (b) => `--${b}\r\nContent-Disposition: form-data; name="file"; filename="../../../etc/passwd"\r\nContent-Type: application/zip\r\n\r\nPK\u0003\u0004garbage\r\n--${b}--\r\n`,
    (b) => `--${b}\r\nContent-Disposition: form-data; name="file"; filename="x.zip"\r\n\r\n${'PK'.repeat(100)}`,
    (b) => `garbage without boundary ${b}`,
    (b) => `--${b}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${b}--\r\n`,
  ];
  return Array.from({ length: n }, () => {
    const boundary = r.pick(['b0undary', 'x'.repeat(70), '----WebKitFormBoundary']);
    return { method: 'POST', path: r.pick(targets), raw: r.pick(bodies)(boundary), contentType: r.pick([`multipart/form-data; boundary=${boundary}`, 'multipart/form-data', `multipart/form-data; boundary=other`]) };
  });
}

/** Path traversal against /apps: encoded slashes, dots and backslashes (sent as they are, not normalized). */
const TRAVERSALS = [
  '/apps/../../package.json',
  '/apps/shell/../../secret.txt',
  '/apps/shell/..%2f..%2fsecret.txt',
  '/apps/shell/%2e%2e/%2e%2e/secret.txt',
  '/apps/%2e%2e%2fsecret.txt',
  '/apps/shell/..\\..\\secret.txt',
  '/apps/shell/%5c..%5c..%5csecret.txt',
  '/apps/shell/%00../secret.txt',
  '/apps/shell/%E0%A4%A',
  '/apps/..%252f..%252fsecret.txt',
  '/apps//etc/passwd',
  '/apps/shell/' + 'a/'.repeat(500),
  '/apps/' + encodeURIComponent('/etc/passwd'),
  '/inventory/binaries/..%2f..%2fsecret.txt',
  '/inventory/binaries/%2e%2e',
  '/inventory/managedObjects/%ZZ',
];

/** Raw HTTP so that paths reach the server exactly as written (fetch would normalize them). */
function send(base: string, c: Case): Promise<{ status: number; text: string; contentType: string }> {
  const url = new URL(base);
  const headers: Record<string, string | number> = { accept: 'application/json' };
  if (c.who !== 'nobody') headers.authorization = AUTH[c.who ?? 'admin'];
  if (c.raw !== undefined) {
    headers['content-type'] = c.contentType ?? 'application/json';
    headers['content-length'] = Buffer.byteLength(c.raw);
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method: c.method, path: c.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), contentType: String(res.headers['content-type'] ?? '') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (c.raw !== undefined) req.write(c.raw);
    req.end();
  });
}

function errorShapeOk(text: string): boolean {
  try {
    const b = JSON.parse(text) as Record<string, unknown>;
    return typeof b.error === 'string' && typeof b.message === 'string' && typeof b.info === 'string';
  } catch {
    return false;
  }
}

let server: Awaited<ReturnType<typeof start>>;
let fixtures: Fixtures;

beforeAll(async () => {
  const dataDir = tempDir('hostile-');
  // An app folder with a file beside it that traversal must never reach.
  const staticDir = path.join(dataDir, 'apps');
  fs.mkdirSync(path.join(staticDir, 'shell'), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'shell', 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(dataDir, 'secret.txt'), SECRET);
  fs.writeFileSync(path.join(staticDir, '..', 'package.json'), SECRET);
  server = await start({ dataDir, staticDir });
  const api = client(server.url);
  const mk = async (url: string, b: unknown) => {
    const res = await api<{ id: string }>('POST', url, { body: b });
    if (res.status >= 300) throw new Error(`fixture ${url} answered ${res.status}: ${res.text}`);
    return String(res.body.id);
  };
  const device = await mk('/inventory/managedObjects', { name: 'd1', type: 'adamos_NETbox', c8y_IsDevice: {}, adamos_adamos_netbox_SoftwarePackageList: [] });
  const device2 = await mk('/inventory/managedObjects', { name: 'd2', type: 'adamos_NETbox', c8y_IsDevice: {}, adamos_adamos_netbox_SoftwarePackageList: [] });
  const alarm = await mk('/alarm/alarms', { source: { id: device }, type: 't', text: 't', severity: 'MAJOR', time: new Date().toISOString() });
  const event = await mk('/event/events', { source: { id: device }, type: 't', text: 't', time: new Date().toISOString() });
  const operation = await mk('/devicecontrol/operations', { deviceId: device, c8y_Restart: {} });
  const measurement = await mk('/measurement/measurements', { source: { id: device }, type: 't', time: new Date().toISOString(), c8y_T: { T: { value: 1 } } });
  const user = await mk('/user/demo/users', { userName: 'fuzz-member', email: 'm@example.com', password: 'Fuzz-pass-1' });
  const groups = await api<{ groups: Array<{ id: number; name: string }> }>('GET', '/user/demo/groups');
  const group = String(groups.body.groups.find((g) => g.name === 'readers')!.id);
  const pkgRes = await api<{ id: string }>('POST', `${CSNG}/softwarePackage`, {
    body: { inventoryRequest: { name: 'MDC', version: '2.1.0', deviceType: 'adamos_NETbox', md5: 'a'.repeat(32), sha256: 'b'.repeat(64), apptype: 'APPLICATION', category: 'normal', password: 'secret-pass', url: 'https://store.example.com/mdc.zip' } },
  });
  if (pkgRes.status !== 200) throw new Error(`package fixture answered ${pkgRes.status}: ${pkgRes.text}`);
  const pkg = String(pkgRes.body.id);
  await api('POST', `${CSNG}/deviceProfile`, { body: { name: 'p1', deviceType: 'adamos_NETbox', deviceGroup: null, c8y_DeviceProfile: { software: [] } } });
  const profile = String((await api<Array<{ id: string }>>('GET', `${CSNG}/deviceProfile`)).body[0].id);
  const rollout = await mk(`${CSNG}/createSoftwareRollout`, { devices: [device], softwareId: pkg });
  const apps = await api<{ applications: Array<{ id: string; contextPath: string }> }>('GET', '/application/applications?pageSize=100');
  const shellApp = apps.body.applications.find((a) => a.contextPath === 'shell')!.id;
  const form = new FormData();
  form.append('object', JSON.stringify({ name: 'b.bin', type: 'application/octet-stream' }));
  form.append('file', new Blob([Buffer.from('abc')]), 'b.bin');
  const bin = await fetch(`${server.url}/inventory/binaries`, { method: 'POST', headers: { authorization: AUTH.admin }, body: form });
  const binary = String(((await bin.json()) as { id: string }).id);
  fixtures = { device, device2, alarm, event, operation, measurement, user, group, pkg, profile, rollout, shellApp, binary };
});

afterAll(async () => {
  await server?.close();
});

it(`answers ${CASES} generated malformed requests without a 5xx, each error with {error, message, info}`, async () => {
  const r = prng(SEED);
  const cases: Case[] = [
    ...TRAVERSALS.map((p) => ({ method: 'GET', path: p })),
    ...multipartCases(r, fixtures, 40),
  ];
  while (cases.length < CASES) cases.push(generate(r, fixtures));
  expect(cases).toHaveLength(CASES);

  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      const res = await send(server.url, c).catch((e: Error) => ({ status: -1, text: e.message, contentType: '' }));
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `${c.method} ${c.path.slice(0, 160)} [${String(c.contentType ?? '')}] ${typeof c.raw === 'string' ? c.raw.slice(0, 80) : ''}`;
      if (res.status < 0 || res.status >= 500) failures.push(`${res.status} ${where} -> ${res.text.slice(0, 200)}`);
      else if (res.status >= 400 && !errorShapeOk(res.text)) failures.push(`${res.status} without error body: ${where} -> ${res.text.slice(0, 200)}`);
      if (res.text.includes(SECRET)) failures.push(`served a file outside the apps: ${where}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  // The figures for the report: how the answers spread over status codes.
  console.log(`hostile input: ${CASES} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
  expect(failures).toEqual([]);
  const health = await send(server.url, { method: 'GET', path: '/health' });
  expect(health.status).toBe(200);
});
