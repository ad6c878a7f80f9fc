/**
 * Issue 18 (roles and hostile input), the server's findings repeated as written: uploaded bytes
 * as active content (1), JSON under other media types and huge bodies (2), software roles (3),
 * deep queries (6) and reused ids (7). Login throttling (4) is login-throttle.test.ts, the role
 * table as a whole roles.test.ts.
 */
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { DB_FILE } from '../app';
import { MAX_QUERY_CONDITIONS, MAX_QUERY_DEPTH } from '../core/query';
import { JSON_DOCUMENT_LIMIT_BYTES } from '../http/roles';
import { validPackage } from '../services/create-software-ng/testing/fixtures';
import { AUTH, client, ERROR_SHAPE, serverPerFile, start, tempDir, type Who } from './helpers';

jest.setTimeout(180_000);

const ctx = serverPerFile();
const CSNG = '/service/create-software-ng';
const PACKAGE_LIST = 'adamos_adamos_netbox_SoftwarePackageList';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function uploadBinary(who: Who, meta: Record<string, unknown>, content: string): Promise<string> {
  const form = new FormData();
  form.append('object', JSON.stringify(meta));
  form.append('file', new Blob([content]), 'upload');
  const res = await fetch(`${ctx.server.url}/inventory/binaries`, { method: 'POST', headers: who === 'nobody' ? {} : { authorization: AUTH[who] }, body: form });
  const body = (await res.json()) as { id: string };
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  return body.id;
}

const download = (id: string) => fetch(`${ctx.server.url}/inventory/binaries/${id}`, { headers: { authorization: AUTH.admin } });

/** What an operator uploads in the issue: a page that creates an admin with the reader's XSRF token. */
const attackScript = (userName: string) => `
  const xsrf = decodeURIComponent((document.cookie.match(/XSRF-TOKEN=([^;]+)/) || [])[1] || '');
  fetch('/user/demo/users', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
    body: JSON.stringify({ userName: '${userName}', email: '${userName}@example.com', password: 'Pwned-pass-1' }),
  }).then((r) => { document.title = 'created ' + r.status; });`;

describe('1. uploaded bytes are never active content', () => {
  it('serves an operator\u2019s text/html upload without a name as a sandboxed, unsniffed download', async () => {
    const id = await uploadBinary('operator', { name: '', type: 'text/html' }, `<script>${attackScript('pwned')}</script>`);
    const res = await download(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="binary-${id}"; filename*=UTF-8''binary-${id}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(await res.text()).toContain('<script>');
  });

  it.each([
    ['text/html', 'application/octet-stream'],
    ['TEXT/HTML; charset=utf-8', 'application/octet-stream'],
    ['image/svg+xml', 'application/octet-stream'],
    ['application/xml', 'application/octet-stream'],
    ['text/xml', 'application/octet-stream'],
    ['application/xhtml+xml', 'application/octet-stream'],
    ['application/javascript', 'application/octet-stream'],
    ['text/javascript', 'application/octet-stream'],
    ['multipart/x-mixed-replace', 'application/octet-stream'],
    ['image/png', 'image/png'],
    ['application/zip', 'application/zip'],
    ['text/plain; charset=utf-8', 'text/plain'],
  ])('stored as %s, answered as %s (always as an attachment)', async (stored, served) => {
    const id = await uploadBinary('admin', { name: 'f.bin', type: stored }, 'x');
    const res = await download(id);
    expect(res.headers.get('content-type')).toBe(served);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it('keeps a replaced binary safe too (PUT with its own content type)', async () => {
    const id = await uploadBinary('operator', { name: 'ok.txt', type: 'text/plain' }, 'fine');
    const put = await fetch(`${ctx.server.url}/inventory/binaries/${id}`, { method: 'PUT', headers: { authorization: AUTH.operator, 'content-type': 'text/html' }, body: '<script>1</script>' });
    expect(put.status).toBe(201);
    const res = await download(id);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('offers a hostile name only as a safe file name', async () => {
    const id = await uploadBinary('admin', { name: 'a"b\\c\r\nSet-Cookie: x=1;über.txt', type: 'text/plain' }, 'x');
    const disposition = (await download(id)).headers.get('content-disposition')!;
    expect(disposition).toBe(`attachment; filename="a_b_c__Set-Cookie_ x_1__ber.txt"; filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%3B%C3%BCber.txt`);
  });

  it('does not run the issue\u2019s attack in a browser logged in as admin', async () => {
    const id = await uploadBinary('operator', { name: '', type: 'text/html' }, `<html><body><script>${attackScript('pwned-by-binary')}</script></body></html>`);
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const context = await browser.newContext({ acceptDownloads: true });
      const login = await context.request.post(`${ctx.server.url}/tenant/oauth`, { form: { grant_type: 'PASSWORD', username: 'demo/admin', password: 'demo' } });
      expect(login.status()).toBe(200);
      const page = await context.newPage();
      const pwned = async () => (await ctx.api('GET', '/user/demo/users/pwned-by-binary')).status;
      // Opened as a link: the browser downloads it instead of showing it.
      const downloaded = page.waitForEvent('download', { timeout: 10_000 }).catch(() => undefined);
      await page.goto(`${ctx.server.url}/inventory/binaries/${id}`).catch(() => undefined);
      await page.waitForTimeout(1000);
      expect(await pwned()).toBe(404);
      expect((await downloaded)?.suggestedFilename()).toBe(`binary-${id}`);
      // Framed by a page of the origin: nothing renders either.
      await page.goto(`${ctx.server.url}/health`);
      const framed = page.waitForEvent('download', { timeout: 10_000 }).catch(() => undefined);
      await page.evaluate((src) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        document.body.appendChild(frame);
      }, `/inventory/binaries/${id}`);
      await page.waitForTimeout(1000);
      expect(await pwned()).toBe(404);
      expect(await framed).toBeDefined();
      // The control: the same script, run on the origin, would have created the admin's user.
      await page.evaluate(attackScript('pwned-control'));
      await page.waitForFunction(() => document.title.startsWith('created'));
      expect(await page.title()).toBe('created 201');
      expect((await ctx.api('GET', '/user/demo/users/pwned-control')).status).toBe(200);
    } finally {
      await browser.close();
    }
  });
});

/** Sends only the first chunk of a body announced as `length` bytes; resolves with the answer. */
function answerBeforeBody(urlPath: string, contentType: string, length: number): Promise<{ status: number; ms: number; body: unknown }> {
  const url = new URL(ctx.server.url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: urlPath,
      headers: { authorization: AUTH.admin, 'content-type': contentType, 'content-length': length },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.write('{"name":"' + 'x'.repeat(64 * 1024));
  });
}

describe('2. bodies: JSON only under JSON media types, within the endpoint\u2019s limit', () => {
  const count = async () =>
    (await ctx.api<{ statistics: { totalElements: number } }>('GET', '/inventory/managedObjects?withTotalElements=true&pageSize=1')).body.statistics.totalElements;

  it('refuses {"name":"x"} as text/plain with 415 on POST and PUT, and stores nothing', async () => {
    const before = await count();
    const post = await ctx.api('POST', '/inventory/managedObjects', { raw: '{"name":"x"}', contentType: 'text/plain' });
    expect(post).toMatchObject({ status: 415, body: { ...ERROR_SHAPE, error: 'general/Unsupported Media Type' } });
    const created = await ctx.api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'kept' } });
    const put = await ctx.api('PUT', `/inventory/managedObjects/${created.body.id}`, { raw: '{"name":"x"}', contentType: 'text/plain' });
    expect(put).toMatchObject({ status: 415, body: ERROR_SHAPE });
    const stored = await ctx.api<Record<string, unknown>>('GET', `/inventory/managedObjects/${created.body.id}`);
    expect(stored.body.name).toBe('kept');
    expect(Object.keys(stored.body)).not.toContain('0');
    expect(await count()).toBe(before + 1);
  });

  it.each([
    ['application/x-www-form-urlencoded', 415, 'name=x'],
    ['multipart/form-data; boundary=x', 415, '--x--'],
    ['application/octet-stream', 415, '{"name":"x"}'],
    ['application/json; charset=utf-16', 415, '{"name":"x"}'],
    ['application/json', 201, '{"name":"x"}'],
    ['application/json;charset=UTF-8', 201, '{"name":"x"}'],
    ['application/vnd.com.nsn.cumulocity.managedobject+json; charset=UTF-8', 201, '{"name":"x"}'],
  ])('POST /inventory/managedObjects as %s -> %i', async (contentType, status, raw) => {
    expect((await ctx.api('POST', '/inventory/managedObjects', { raw, contentType })).status).toBe(status);
  });

  it('answers a 5 MB text/plain body with 415 and a 5 MB JSON document with 413 before reading them', async () => {
    const fiveMb = 5 * 1024 * 1024;
    const unsupported = await answerBeforeBody('/inventory/managedObjects', 'text/plain', fiveMb);
    expect(unsupported).toMatchObject({ status: 415, body: ERROR_SHAPE });
    const tooLarge = await answerBeforeBody('/inventory/managedObjects', 'application/json', fiveMb);
    expect(tooLarge).toMatchObject({ status: 413, body: { ...ERROR_SHAPE, error: 'general/Request Entity Too Large' } });
    expect(JSON_DOCUMENT_LIMIT_BYTES).toBeLessThan(fiveMb);
    // Answered while 64 KB of 5 MB had arrived: in milliseconds, not after the body.
    expect(unsupported.ms).toBeLessThan(1000);
    expect(tooLarge.ms).toBeLessThan(1000);
  });

  it('keeps /health quick while 5 MB text/plain bodies arrive (the issue: 38.5 s blocked, 2.8 GB)', async () => {
    const body = '{"name":"' + 'x'.repeat(5 * 1024 * 1024) + '"}';
    const latencies: number[] = [];
    const started = performance.now();
    const statuses = await Promise.all([
      ...Array.from({ length: 3 }, async () => (await fetch(`${ctx.server.url}/inventory/managedObjects`, { method: 'POST', headers: { authorization: AUTH.admin, 'content-type': 'text/plain' }, body })).status),
      (async () => {
        for (let i = 0; i < 20; i++) {
          const t = performance.now();
          await fetch(`${ctx.server.url}/health`);
          latencies.push(performance.now() - t);
        }
        return 200;
      })(),
    ]);
    expect(statuses).toEqual([415, 415, 415, 200]);
    expect(performance.now() - started).toBeLessThan(5000);
    latencies.sort((a, b) => a - b);
    expect(latencies[Math.floor(latencies.length / 2)]).toBeLessThan(100);
  });

  it('lets bulk endpoints take more than a document (a 3 MB reference list is read, not refused)', async () => {
    const parent = await ctx.api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'bulk-parent' } });
    const references = Array.from({ length: 70_000 }, (_, i) => ({ managedObject: { id: String(900_000_000 + i) } }));
    const raw = JSON.stringify({ references });
    expect(raw.length).toBeGreaterThan(JSON_DOCUMENT_LIMIT_BYTES);
    const res = await ctx.api('POST', `/inventory/managedObjects/${parent.body.id}/childAssets`, { raw });
    // Read and checked: the first child does not exist.
    expect(res).toMatchObject({ status: 404, body: ERROR_SHAPE });
  });
});

describe('3. software deletion needs ROLE_MANAGE_SOFTWARE_ADMIN on the server', () => {
  const pkgEntry = (name: string, extra: Record<string, unknown> = {}) => ({ name, version: '1.0.0', type: 'APPLICATION', status: 'installed', ...extra });

  it('refuses the operator DELETE /softwarePackage?inventoryId= (403) and keeps the package; the admin deletes it', async () => {
    const created = await ctx.api<{ id: string }>('POST', `${CSNG}/softwarePackage`, { who: 'operator', body: { inventoryRequest: { ...validPackage, name: 'issue-18-pkg' } } });
    expect(created.status).toBe(200);
    const asOperator = await ctx.api('DELETE', `${CSNG}/softwarePackage?inventoryId=${created.body.id}`, { who: 'operator' });
    expect(asOperator).toMatchObject({ status: 403, body: { ...ERROR_SHAPE, error: 'security/Forbidden' } });
    // Not around the service either: the package's managed object.
    expect((await ctx.api('DELETE', `/inventory/managedObjects/${created.body.id}`, { who: 'operator' })).status).toBe(403);
    expect((await ctx.api('GET', `/inventory/managedObjects/${created.body.id}`)).status).toBe(200);
    expect((await ctx.api('DELETE', `${CSNG}/softwarePackage?inventoryId=${created.body.id}`, { who: 'admin' })).status).toBe(204);
  });

  it('refuses the operator a device package list without one entry, or with one flagged for deletion; other changes pass', async () => {
    const list = [pkgEntry('agent', { type: 'AGENT' }), pkgEntry('MDC'), pkgEntry('old', { marked_for_deletion: true })];
    const device = await ctx.api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'sw-device', c8y_IsDevice: {}, [PACKAGE_LIST]: list } });
    const put = (who: Who, next: unknown) => ctx.api('PUT', `/inventory/managedObjects/${device.body.id}`, { who, body: { [PACKAGE_LIST]: next } });
    const stored = async () => (await ctx.api<Record<string, unknown>>('GET', `/inventory/managedObjects/${device.body.id}`)).body[PACKAGE_LIST];

    expect(await put('operator', [list[0], list[2]])).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect(await put('operator', [list[0], { ...list[1], marked_for_deletion: true }, list[2]])).toMatchObject({ status: 403 });
    expect(await put('operator', null)).toMatchObject({ status: 403 });
    expect(await stored()).toEqual(list);
    // Statuses change and entries are added (approval, assignment), an entry already flagged may go.
    expect((await put('operator', [list[0], { ...list[1], status: 'to be installed' }, pkgEntry('new')])).status).toBe(200);
    expect((await ctx.api('PUT', `/inventory/managedObjects/${device.body.id}`, { who: 'operator', body: { c8y_Notes: 'no list in the patch' } })).status).toBe(200);
    // The admin deletes.
    expect((await put('admin', [list[0]])).status).toBe(200);
    expect(await stored()).toEqual([list[0]]);
  });
});

describe('6. query depth is bounded', () => {
  const nested = (depth: number) => '('.repeat(depth) + "name eq 'x'" + ')'.repeat(depth);

  it.each(['query', 'q'])('answers ?%s= with 3,000 nested parentheses with 422 and the error body', async (param) => {
    const res = await ctx.api('GET', `/inventory/managedObjects?${param}=${encodeURIComponent(nested(3000))}`);
    expect(res).toMatchObject({ status: 422, body: { ...ERROR_SHAPE, error: 'inventory/Invalid Data' } });
    expect((res.body as { message: string }).message).toContain(`deeper than ${MAX_QUERY_DEPTH}`);
  });

  it('answers 2,500 nested nots with 422, and takes real queries up to the bounds', async () => {
    expect((await ctx.api('GET', `/inventory/managedObjects?query=${encodeURIComponent('not '.repeat(2500) + "name eq 'x'")}`)).status).toBe(422);
    expect((await ctx.api('GET', `/inventory/managedObjects?query=${encodeURIComponent(nested(MAX_QUERY_DEPTH))}`)).status).toBe(200);
    expect((await ctx.api('GET', `/inventory/managedObjects?query=${encodeURIComponent(nested(MAX_QUERY_DEPTH + 1))}`)).status).toBe(422);
    const chain = (n: number, op: string) => Array.from({ length: n }, (_, i) => `c8y_X.a${i} eq ${i}`).join(` ${op} `);
    for (const op of ['and', 'or']) {
      expect((await ctx.api('GET', `/inventory/managedObjects?query=${encodeURIComponent(chain(MAX_QUERY_CONDITIONS, op))}`)).status).toBe(200);
      expect((await ctx.api('GET', `/inventory/managedObjects?q=${encodeURIComponent(chain(MAX_QUERY_CONDITIONS + 1, op))}`)).status).toBe(422);
    }
  });
});

describe('7. ids are never reused', () => {
  const newest = async (api: ReturnType<typeof client>, collection: string, body: (device: string) => unknown, device: string) => {
    const a = await api<{ id: string }>('POST', collection, { body: body(device) });
    expect(a.status).toBe(201);
    return a.body.id;
  };

  it('gives a new id after the newest managed object, alarm, event, operation, measurement or application was deleted', async () => {
    const api = ctx.api;
    const device = (await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'ids', c8y_IsDevice: {} } })).body.id;
    const now = () => new Date().toISOString();
    const kinds: Array<[string, string, (d: string) => unknown, (id: string) => string]> = [
      ['managed object', '/inventory/managedObjects', () => ({ name: 'newest' }), (id) => `/inventory/managedObjects/${id}`],
      // Alarms and operations are deleted by filter: every one of the device.
      ['alarm', '/alarm/alarms', (d) => ({ source: { id: d }, type: 't', text: 't', severity: 'MINOR', time: now() }), () => `/alarm/alarms?source=${device}`],
      ['event', '/event/events', (d) => ({ source: { id: d }, type: 't', text: 't', time: now() }), (id) => `/event/events/${id}`],
      ['operation', '/devicecontrol/operations', (d) => ({ deviceId: d, c8y_Restart: {} }), () => `/devicecontrol/operations?deviceId=${device}`],
      ['measurement', '/measurement/measurements', (d) => ({ source: { id: d }, type: 't', time: now(), c8y_T: { T: { value: 1 } } }), (id) => `/measurement/measurements/${id}`],
      ['application', '/application/applications', () => ({ name: `ids-${Math.random().toString(36).slice(2)}`, key: `ids-${Math.random().toString(36).slice(2)}`, type: 'HOSTED' }), (id) => `/application/applications/${id}`],
    ];
    for (const [kind, collection, body, remove] of kinds) {
      const first = await newest(api, collection, body, device);
      expect([kind, (await api('DELETE', remove(first))).status]).toEqual([kind, 204]);
      const second = await newest(api, collection, body, device);
      expect([kind, Number(second) > Number(first)]).toEqual([kind, true]);
    }
  });

  it('remembers the highest id across a restart, and migrates a data file of the previous schema', async () => {
    const dataDir = tempDir('ids-');
    let server = await start({ dataDir });
    let api = client(server.url);
    const kept = (await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'kept' } })).body.id;
    const gone = (await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'gone' } })).body.id;
    expect((await api('DELETE', `/inventory/managedObjects/${gone}`)).status).toBe(204);
    await server.close();

    server = await start({ dataDir });
    api = client(server.url);
    const afterRestart = (await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'after restart' } })).body.id;
    expect(Number(afterRestart)).toBeGreaterThan(Number(gone));
    await server.close();

    // A file of schema 5 (before the sequences): opened, migrated, its objects kept.
    const db = new Database(path.join(dataDir, DB_FILE));
    db.exec('DROP TABLE id_sequences');
    db.pragma('user_version = 5');
    db.close();
    server = await start({ dataDir });
    api = client(server.url);
    try {
      expect((await api<{ name: string }>('GET', `/inventory/managedObjects/${kept}`)).body.name).toBe('kept');
      const newestBefore = (await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'migrated' } })).body.id;
      expect((await api('DELETE', `/inventory/managedObjects/${newestBefore}`)).status).toBe(204);
      const next = (await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: 'next' } })).body.id;
      expect(Number(next)).toBeGreaterThan(Number(newestBefore));
    } finally {
      await server.close();
    }
  });
});
