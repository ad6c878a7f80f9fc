/**
 * Binaries' contents are files under <data>/binaries, streamed in and out (a 200 MB firmware image
 * never sits whole in memory): upload, replacement, download, deletion, aborts, the size limit,
 * what a crash leaves, and a database from before v12 whose contents were blobs.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { DB_FILE } from '../app';
import { MAX_BINARY_BYTES } from '../http/limits';
import { answerOf, AUTH, client, ERROR_SHAPE, serverPerFile, start, tempDir, writeBeyond } from './helpers';

jest.setTimeout(60_000);

const ctx = serverPerFile();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

const binariesDir = (dataDir = ctx.server.dataDir) => path.join(dataDir, 'binaries');
const names = (dir = binariesDir()) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
const temporary = () => names().filter((n) => !/^\d+$/.test(n));
const until = async (what: () => boolean, ms = 10_000) => {
  for (const end = Date.now() + ms; !what(); ) {
    if (Date.now() > end) throw new Error(`timed out: ${what.toString()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

async function upload(data: Buffer, object: Record<string, unknown> = { name: 'image.bin', type: 'application/octet-stream' }, url = ctx.server.url) {
  const form = new FormData();
  form.append('object', JSON.stringify(object));
  form.append('file', new Blob([new Uint8Array(data)]), 'image.bin');
  const res = await fetch(`${url}/inventory/binaries`, { method: 'POST', headers: { authorization: AUTH.admin }, body: form });
  return { status: res.status, body: (await res.json()) as { id: string; length?: number; [k: string]: unknown } };
}

async function download(id: string, url = ctx.server.url) {
  const res = await fetch(`${url}/inventory/binaries/${id}`, { headers: { authorization: AUTH.viewer } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const BOUNDARY = 'streamed-binary';
const HEAD = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
/** A raw request whose body the test writes; `length` undefined sends it chunked. Its own connection (never one a 413 closes). */
const raw = (method: string, url: string, contentType: string, length?: number) =>
  http.request(`${ctx.server.url}${url}`, {
    method,
    agent: false,
    headers: { authorization: AUTH.admin, accept: 'application/json', 'content-type': contentType, ...(length === undefined ? {} : { 'content-length': length }) },
  });
/** Writes 4 MB, waits until at least 2 MB of it are in a temporary file on disk, then aborts. */
async function abortAfterSomeOnDisk(req: http.ClientRequest, head?: Buffer) {
  req.on('error', () => undefined);
  if (head) req.write(head);
  const chunk = Buffer.alloc(1024 * 1024, 7);
  for (let i = 0; i < 4; i++) req.write(chunk);
  await until(() => temporary().some((n) => (fs.statSync(path.join(binariesDir(), n), { throwIfNoEntry: false })?.size ?? 0) >= 2 * 1024 * 1024));
  req.destroy();
  await until(() => temporary().length === 0);
}

describe('binary contents on disk', () => {
  it('writes an upload to <data>/binaries/<id>, not into the database, and answers its bytes unchanged', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const up = await upload(data);
    expect(up.status).toBe(201);
    expect(up.body.length).toBe(data.length);
    expect(fs.readFileSync(path.join(binariesDir(), up.body.id)).equals(data)).toBe(true);
    const columns = (ctx.server.core.db.prepare('PRAGMA table_info(binaries)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).toEqual(['id', 'content_type']);
    const down = await download(up.body.id);
    expect(down.status).toBe(200);
    expect(down.headers.get('content-length')).toBe(String(data.length));
    expect(down.headers.get('content-disposition')).toBe(`attachment; filename="image.bin"; filename*=UTF-8''image.bin`);
    expect(down.headers.get('content-type')).toBe('application/octet-stream');
    expect(down.bytes.equals(data)).toBe(true);
    const head = await fetch(`${ctx.server.url}/inventory/binaries/${up.body.id}`, { method: 'HEAD', headers: { authorization: AUTH.viewer } });
    expect([head.status, head.headers.get('content-length'), (await head.arrayBuffer()).byteLength]).toEqual([200, String(data.length), 0]);
    expect(temporary()).toEqual([]);
    // Every file a download opened is closed again (the server runs in this process).
    const target = (fd: string) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    };
    const openFiles = () => fs.readdirSync('/proc/self/fd').map(target).filter((f) => f.startsWith(binariesDir()));
    await until(() => openFiles().length === 0);
  });

  it('streams an upload to a temporary file as it arrives, and removes it when the client aborts', async () => {
    const before = (await api<{ managedObjects: unknown[] }>('GET', '/inventory/binaries?pageSize=2000')).body.managedObjects.length;
    await abortAfterSomeOnDisk(raw('POST', '/inventory/binaries', `multipart/form-data; boundary=${BOUNDARY}`, 50 * 1024 * 1024), HEAD);
    expect((await api<{ managedObjects: unknown[] }>('GET', '/inventory/binaries?pageSize=2000')).body.managedObjects.length).toBe(before);
  });

  it('refuses an upload over the limit with 413 while it streams, and leaves no file', async () => {
    const files = names();
    const req = raw('POST', '/inventory/binaries', `multipart/form-data; boundary=${BOUNDARY}`);
    const answered = answerOf(req);
    req.write(HEAD);
    await writeBeyond(req, MAX_BINARY_BYTES);
    req.end(`\r\n--${BOUNDARY}--\r\n`);
    expect(await answered).toMatchObject({ status: 413, body: { ...ERROR_SHAPE, error: 'general/Request Entity Too Large', message: `An uploaded file is at most ${MAX_BINARY_BYTES} bytes` } });
    expect(names()).toEqual(files);
  });

  it('leaves no file after an upload refused for its object part', async () => {
    const files = names();
    const form = new FormData();
    form.append('object', '{not json');
    form.append('file', new Blob([Buffer.from('x')]), 'x.bin');
    const res = await fetch(`${ctx.server.url}/inventory/binaries`, { method: 'POST', headers: { authorization: AUTH.admin }, body: form });
    expect(res.status).toBe(422);
    expect(names()).toEqual(files);
  });

  it('removes the file when the binary is deleted, and when its managed object is', async () => {
    const a = (await upload(Buffer.from('a'))).body.id;
    const b = (await upload(Buffer.from('b'))).body.id;
    expect(names()).toEqual(expect.arrayContaining([a, b]));
    expect((await api('DELETE', `/inventory/binaries/${a}`)).status).toBe(204);
    expect(names()).not.toContain(a);
    expect((await api('DELETE', `/inventory/managedObjects/${b}`)).status).toBe(204);
    expect(names()).not.toContain(b);
    expect((await download(b)).status).toBe(404);
  });

  it('streams a replacement (PUT) to the file: new bytes, length and type; 413 by Content-Length; an abort keeps the old content', async () => {
    const id = (await upload(Buffer.from('old'))).body.id;
    const data = randomBytes(2 * 1024 * 1024);
    const put = await fetch(`${ctx.server.url}/inventory/binaries/${id}`, { method: 'PUT', headers: { authorization: AUTH.admin, 'content-type': 'application/zip' }, body: data });
    expect(put.status).toBe(201);
    expect(await put.json()).toMatchObject({ id, contentType: 'application/zip', length: data.length });
    const down = await download(id);
    expect(down.headers.get('content-type')).toBe('application/zip');
    expect(down.bytes.equals(data)).toBe(true);

    const tooLong = raw('PUT', `/inventory/binaries/${id}`, 'application/octet-stream', MAX_BINARY_BYTES + 1);
    const over = answerOf(tooLong);
    tooLong.flushHeaders();
    expect(await over).toMatchObject({ status: 413, body: { error: 'general/Request Entity Too Large' } });

    const chunked = raw('PUT', `/inventory/binaries/${id}`, 'application/octet-stream');
    const overWhileStreaming = answerOf(chunked);
    await writeBeyond(chunked, MAX_BINARY_BYTES, overWhileStreaming);
    chunked.end();
    expect(await overWhileStreaming).toMatchObject({ status: 413, body: { message: `An uploaded file is at most ${MAX_BINARY_BYTES} bytes` } });
    expect(temporary()).toEqual([]);

    await abortAfterSomeOnDisk(raw('PUT', `/inventory/binaries/${id}`, 'application/octet-stream', 50 * 1024 * 1024));
    expect((await download(id)).bytes.equals(data)).toBe(true);
    // A JSON body is stored as before: its JSON text.
    expect((await api('PUT', `/inventory/binaries/${id}`, { body: { content: 'x' } })).status).toBe(201);
    expect((await download(id)).bytes.toString()).toBe('{"content":"x"}');
    // An unknown binary: 404 before the body is read, no file; one streaming past the limit too (the id is checked first).
    expect((await api('PUT', '/inventory/binaries/999999', { raw: 'x', contentType: 'text/plain' })).status).toBe(404);
    const unknownOver = raw('PUT', '/inventory/binaries/999999', 'application/octet-stream');
    const unknownAnswer = answerOf(unknownOver);
    await writeBeyond(unknownOver, MAX_BINARY_BYTES, unknownAnswer);
    unknownOver.end();
    expect(await unknownAnswer).toMatchObject({ status: 404 });
    expect(temporary()).toEqual([]);
  });

  it('moves the contents of a database from before v12 to files at start, and removes what a crash left', async () => {
    const dataDir = tempDir('binaries-v11-');
    const first = await start({ dataDir });
    const kept = (await upload(Buffer.from('kept'), undefined, first.url)).body.id;
    const old = (await upload(Buffer.from('placeholder'), undefined, first.url)).body.id;
    await first.close();
    // The database as v11 left it: contents in a blob column, no file.
    const blob = randomBytes(1024 * 1024);
    const db = new Database(path.join(dataDir, DB_FILE));
    db.exec(`CREATE TABLE b11 (id INTEGER PRIMARY KEY REFERENCES managed_objects(id) ON DELETE CASCADE, content_type TEXT NOT NULL, data BLOB NOT NULL);
      INSERT INTO b11 (id, content_type, data) SELECT id, content_type, x'' FROM binaries; DROP TABLE binaries; ALTER TABLE b11 RENAME TO binaries;`);
    db.prepare('UPDATE binaries SET data = ? WHERE id = ?').run(blob, Number(old));
    db.prepare('UPDATE binaries SET data = ? WHERE id = ?').run(Buffer.from('kept'), Number(kept));
    db.pragma('user_version = 11');
    db.close();
    fs.rmSync(path.join(binariesDir(dataDir), old));
    // What a crash leaves: a half-written upload and the file of a binary whose record never committed.
    fs.writeFileSync(path.join(binariesDir(dataDir), 'upload-0123456789abcdef'), 'partial');
    fs.writeFileSync(path.join(binariesDir(dataDir), '424242'), 'orphan');

    const again = await start({ dataDir });
    try {
      expect(names(binariesDir(dataDir))).toEqual(expect.arrayContaining([kept, old]));
      expect(names(binariesDir(dataDir)).filter((n) => n === '424242' || n.startsWith('upload-'))).toEqual([]);
      expect((await download(old, again.url)).bytes.equals(blob)).toBe(true);
      expect((await download(kept, again.url)).bytes.toString()).toBe('kept');
      const columns = (again.core.db.prepare('PRAGMA table_info(binaries)').all() as { name: string }[]).map((c) => c.name);
      expect(columns).toEqual(['id', 'content_type']);
    } finally {
      await again.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
