/** Installing a plugin package as a tenant admin: create the application, upload its zip, load it. */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import yazl from 'yazl';
import { MAX_BINARY_BYTES } from '../http/limits';
import { MAX_MANIFEST_BYTES } from '../packages';
import { MAX_ENTRIES, MAX_UNPACKED_BYTES, readZip, safeEntryName } from '../packages/unzip';
import { answerOf, AUTH, type client, ERROR_SHAPE, serverPerFile, start, tempDir, writeBeyond } from './helpers';

jest.setTimeout(30_000);

const ctx = serverPerFile();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

/** A zip as `npm run build` writes it (yazl), from name -> content. */
function zip(files: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const [name, content] of Object.entries(files)) z.addBuffer(Buffer.from(content), name, { compress: name.endsWith('.js') });
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });
}

function manifest(contextPath: string) {
  return JSON.stringify({
    name: contextPath,
    version: '2.0.0',
    contextPath,
    key: `${contextPath}-key`,
    isPackage: true,
    package: 'plugin',
    remotes: { 'connection-checks': ['./plugin'] },
    exports: [{ name: 'Connection checks', module: './plugin', path: './plugins/connection-checks/plugin.ts', description: 'd' }],
  });
}

async function upload(id: string, data: Buffer, who: keyof typeof AUTH = 'admin') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'application/zip' }), 'plugin.zip');
  const res = await fetch(`${ctx.server.url}/application/applications/${id}/binaries`, { method: 'POST', headers: { authorization: AUTH[who], accept: 'application/json' }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function createApp(contextPath: string, who: keyof typeof AUTH = 'admin') {
  return api<{ id: string; contextPath: string; self: string }>('POST', '/application/applications', {
    who,
    body: { name: contextPath, key: `${contextPath}-key`, contextPath, type: 'HOSTED' },
  });
}

describe('plugin package install', () => {
  it('creates a HOSTED application, unpacks the uploaded zip under /apps/<contextPath>/ and lists it as a package', async () => {
    const created = await createApp('checks-copy');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ contextPath: 'checks-copy', type: 'HOSTED', self: expect.stringContaining(`/application/applications/${created.body.id}`) });

    const data = await zip({ 'cumulocity.json': manifest('checks-copy'), 'remoteEntry.js': 'var entry = "checks-copy v2";', 'js/chunk.1.js': 'chunk();' });
    const up = await upload(created.body.id, data);
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ id: created.body.id, manifest: { isPackage: true, version: '2.0.0', contextPath: 'checks-copy', remotes: { 'connection-checks': ['./plugin'] } } });

    const entry = await fetch(`${ctx.server.url}/apps/checks-copy/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-store');
    expect(await entry.text()).toBe('var entry = "checks-copy v2";');
    expect(await (await fetch(`${ctx.server.url}/apps/checks-copy/js/chunk.1.js`)).text()).toBe('chunk();');

    const list = await api<{ applications: Array<{ contextPath: string; manifest?: { isPackage?: boolean } }> }>('GET', '/application/applications?pageSize=100');
    expect(list.body.applications.find((a) => a.contextPath === 'checks-copy')?.manifest?.isPackage).toBe(true);
  });

  it('replaces the files of an earlier upload (no file of the old version stays)', async () => {
    const created = await createApp('replaced');
    await upload(created.body.id, await zip({ 'cumulocity.json': manifest('replaced'), 'remoteEntry.js': 'v1', 'old.js': 'old' }));
    expect((await upload(created.body.id, await zip({ 'cumulocity.json': manifest('replaced'), 'remoteEntry.js': 'v2' }))).status).toBe(201);
    expect(await (await fetch(`${ctx.server.url}/apps/replaced/remoteEntry.js`)).text()).toBe('v2');
    expect((await fetch(`${ctx.server.url}/apps/replaced/old.js`)).status).toBe(404);
  });

  it('refuses what an admin must not install, with the error body', async () => {
    const created = await createApp('guarded');
    const id = created.body.id;
    expect(await createApp('guarded')).toMatchObject({ status: 409, body: ERROR_SHAPE });
    expect(await createApp('other', 'operator')).toMatchObject({ status: 403, body: ERROR_SHAPE });
    // 'public' (any case) holds the login app and the shell's public options and translations: an upload there would replace them.
    for (const contextPath of ['../x', 'inventory', 'a/b', '', 'public', 'Public']) {
      expect((await api('POST', '/application/applications', { body: { name: 'n', key: `k-${contextPath}`, contextPath, type: 'HOSTED' } })).status).toBe(422);
    }
    expect((await api('POST', '/application/applications', { body: { name: 'n', key: 'k', contextPath: 'ms', type: 'MICROSERVICE' } })).status).toBe(422);

    expect(await upload(id, await zip({ 'remoteEntry.js': 'x' }), 'operator')).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect(await upload(id, Buffer.from('not a zip'))).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect(await upload(id, await zip({ 'cumulocity.json': manifest('someone-else'), 'remoteEntry.js': 'x' }))).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect(await upload(id, await zip({ 'cumulocity.json': manifest('guarded') }))).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect(await upload('999999', await zip({ 'remoteEntry.js': 'x' }))).toMatchObject({ status: 404, body: ERROR_SHAPE });
    // A manifest over 1 MB is not read (the shell and the platform read it on every start): 422, and the earlier state stays.
    const padded = JSON.stringify({ ...JSON.parse(manifest('guarded')), description: 'x'.repeat(MAX_MANIFEST_BYTES) });
    expect(await upload(id, await zip({ 'cumulocity.json': padded, 'remoteEntry.js': 'x' }))).toMatchObject({
      status: 422,
      body: { ...ERROR_SHAPE, message: `cumulocity.json is larger than ${MAX_MANIFEST_BYTES} bytes` },
    });
    expect((await fetch(`${ctx.server.url}/apps/guarded/remoteEntry.js`)).status).toBe(404);
    const shell = (await api<{ applications: Array<{ id: string; contextPath: string }> }>('GET', '/application/applications?pageSize=100')).body.applications.find((a) => a.contextPath === 'shell')!;
    expect(await upload(shell.id, await zip({ 'index.html': 'x' }))).toMatchObject({ status: 422, body: ERROR_SHAPE });
  });

  it('deletes an application with its files; the shell application stays', async () => {
    const created = await createApp('removed');
    await upload(created.body.id, await zip({ 'cumulocity.json': manifest('removed'), 'remoteEntry.js': 'x' }));
    expect(await api('DELETE', `/application/applications/${created.body.id}`, { who: 'operator' })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect((await fetch(`${ctx.server.url}/apps/removed/remoteEntry.js`)).status).toBe(200);

    expect((await api('DELETE', `/application/applications/${created.body.id}`)).status).toBe(204);
    expect((await api('GET', `/application/applications/${created.body.id}`)).status).toBe(404);
    expect((await fetch(`${ctx.server.url}/apps/removed/remoteEntry.js`)).status).toBe(404);
    expect(await api('DELETE', `/application/applications/${created.body.id}`)).toMatchObject({ status: 404, body: ERROR_SHAPE });
    // The context path is free again.
    expect((await createApp('removed')).status).toBe(201);

    const shell = (await api<{ applications: Array<{ id: string; contextPath: string }> }>('GET', '/application/applications?pageSize=100')).body.applications.find((a) => a.contextPath === 'shell')!;
    expect(await api('DELETE', `/application/applications/${shell.id}`)).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect((await api('GET', `/application/applications/${shell.id}`)).status).toBe(200);
  });

  it('refuses an entry that inflates to more than its directory record says (a zip bomb), and unpacks an honest one', async () => {
    const data = await zip({ 'remoteEntry.js': 'x'.repeat(100_000) });
    expect((await readZip(data)).map((e) => [e.name, e.data.length])).toEqual([['remoteEntry.js', 100_000]]);
    const lying = Buffer.from(data);
    const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(10, central + 24);
    await expect(readZip(lying)).rejects.toThrow(/The entry 'remoteEntry.js' is damaged/);
  });

  it('never unpacks outside the application (zip slip)', async () => {
    expect(safeEntryName('../evil.js')).toBeUndefined();
    expect(safeEntryName('a/../../evil.js')).toBeUndefined();
    expect(safeEntryName('/etc/passwd')).toBeUndefined();
    expect(safeEntryName('C:/x')).toBeUndefined();
    expect(safeEntryName('a\\..\\b')).toBeUndefined();
    expect(safeEntryName('js/./a.js')).toBe('js/a.js');
    // yazl refuses such names itself: write one by hand by patching a harmless name of equal length.
    const data = await zip({ 'remoteEntry.js': 'x', 'xx/evil.js': 'evil' });
    const patched = Buffer.from(data.toString('latin1').split('xx/evil.js').join('../evil.js'), 'latin1');
    await expect(readZip(patched)).rejects.toThrow(/outside/);
    const created = await createApp('slip');
    expect(await upload(created.body.id, patched)).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect((await fetch(`${ctx.server.url}/apps/evil.js`)).status).toBe(404);
  });
  it('refuses, with 422 and nothing installed, entries no file system unpacks: a file that is also a folder, over-long names and deep paths', async () => {
    const created = await createApp('layout');
    const { id } = created.body;
    expect((await upload(id, await zip({ 'remoteEntry.js': 'good' }))).status).toBe(201);
    const bad: Array<Record<string, string>> = [
      { 'remoteEntry.js': 'x', a: 'file', 'a/b': 'inside' },
      { 'remoteEntry.js': 'x', 'a/b/c': 'inside', 'a/b': 'file' },
      { 'remoteEntry.js': 'x', ['n'.repeat(300)]: 'long name' },
      { 'remoteEntry.js': 'x', [`${Array(2000).fill('d').join('/')}/f`]: 'deep' },
    ];
    for (const files of bad) {
      const res = await upload(id, await zip(files));
      expect(res).toMatchObject({ status: 422, body: ERROR_SHAPE });
    }
    expect((await upload(id, await zip({ 'remoteEntry.js': 'x', a: 'file', 'a/b': 'inside' }))).body.message).toBe("The entry 'a' is a file and the folder of 'a/b'");
    // A second cumulocity.json would be the one served, after the first was checked; 'js/./a.js' is 'js/a.js'.
    const twice = await zip({ 'remoteEntry.js': 'x', 'cumulocity.json': manifest('layout'), 'js/a.js': '1', 'js/./a.js': '2' });
    expect(await upload(id, twice)).toMatchObject({ status: 422, body: { ...ERROR_SHAPE, message: "The entry 'js/a.js' is in the archive more than once" } });
    // yazl writes no name twice: the second is written under another name of equal length, then renamed.
    const second = Buffer.from((await zip({ 'remoteEntry.js': 'x', 'cumulocity.json': manifest('layout'), 'cumulocity.jsoN': JSON.stringify({ contextPath: '../shell' }) })).toString('latin1').split('cumulocity.jsoN').join('cumulocity.json'), 'latin1');
    expect(await upload(id, second)).toMatchObject({ status: 422, body: { ...ERROR_SHAPE, message: "The entry 'cumulocity.json' is in the archive more than once" } });
    // The earlier upload still answers, and no half-unpacked folder is left beside it.
    expect(await (await fetch(`${ctx.server.url}/apps/layout/remoteEntry.js`)).text()).toBe('good');
    expect(fs.readdirSync(path.join(ctx.server.dataDir, 'apps')).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('says the first problem in archive order (each limit checked before each entry), whichever kind it is', async () => {
    const long = 'n'.repeat(300);
    const longFirst = readZip(await zip({ [long]: 'long name', a: 'file', 'a/b': 'inside' }));
    const layoutFirst = readZip(await zip({ a: 'file', 'a/b': 'inside', [long]: 'long name' }));
    await expect(longFirst).rejects.toThrow(/^The entry 'n{80}…' has a file or folder name longer than \d+ bytes$/);
    await expect(layoutFirst).rejects.toThrow("The entry 'a' is a file and the folder of 'a/b'");
  });

  it('refuses an archive of more than 5000 entries or 500 MB unpacked (by its directory, before unpacking)', async () => {
    expect([MAX_ENTRIES, MAX_UNPACKED_BYTES]).toEqual([5000, 500 * 1024 * 1024]);
    const many = Object.fromEntries(Array.from({ length: MAX_ENTRIES + 1 }, (_, i) => [`f${i}.txt`, '']));
    await expect(readZip(await zip(many))).rejects.toThrow('The archive has more than 5000 entries');
    delete many['f0.txt'];
    expect(await readZip(await zip(many))).toHaveLength(MAX_ENTRIES);
    // A directory that says the one entry unpacks to 600 MB.
    const big = await zip({ 'remoteEntry.js': 'x'.repeat(1000) });
    const central = big.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    big.writeUInt32LE(600 * 1024 * 1024, central + 24);
    await expect(readZip(big)).rejects.toThrow(`The archive unpacks to more than ${MAX_UNPACKED_BYTES} bytes`);
  });

  it("unpacks a symlink entry as a plain file holding its target's name", async () => {
    const data = await new Promise<Buffer>((resolve, reject) => {
      const z = new yazl.ZipFile();
      z.addBuffer(Buffer.from('x'), 'remoteEntry.js');
      z.addBuffer(Buffer.from('/etc/passwd'), 'link', { mode: 0o120777, compress: false });
      z.end();
      const chunks: Buffer[] = [];
      z.outputStream.on('data', (c: Buffer) => chunks.push(c));
      z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
      z.outputStream.on('error', reject);
    });
    const created = await createApp('symlinked');
    expect((await upload(created.body.id, data)).status).toBe(201);
    const file = path.join(ctx.server.dataDir, 'apps', 'symlinked', 'link');
    expect(fs.lstatSync(file).isFile()).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe('/etc/passwd');
  });
});

describe('plugin package upload on disk', () => {
  const BOUNDARY = 'streamed-upload';
  const HEAD = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  const uploads = () => path.join(ctx.server.dataDir, 'uploads');
  const names = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  const leftovers = () => [...names(uploads()), ...names(path.join(ctx.server.dataDir, 'apps')).filter((n) => n.startsWith('.'))];
  const until = async (what: () => boolean, ms = 10_000) => {
    for (const end = Date.now() + ms; !what(); ) {
      if (Date.now() > end) throw new Error(`timed out: ${what.toString()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** A raw multipart POST to the application's binaries; `length` undefined sends it chunked. */
  const post = (id: string, length?: number) =>
    http.request(`${ctx.server.url}/application/applications/${id}/binaries`, {
      method: 'POST',
      headers: { authorization: AUTH.admin, accept: 'application/json', 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(length === undefined ? {} : { 'content-length': length }) },
    });

  it('writes an upload to a file in the data folder as it arrives, and removes it when the client aborts', async () => {
    const { id } = (await createApp('aborted')).body;
    const req = post(id, 50 * 1024 * 1024);
    req.on('error', () => undefined);
    req.write(HEAD);
    const chunk = Buffer.alloc(1024 * 1024, 1);
    for (let i = 0; i < 4; i++) req.write(chunk);
    // Before the body has ended, its first megabytes are on disk, not in memory.
    await until(() => fs.existsSync(uploads()) && fs.readdirSync(uploads()).some((n) => fs.statSync(path.join(uploads(), n)).size >= 2 * 1024 * 1024));
    req.destroy();
    await until(() => leftovers().length === 0);
    expect((await fetch(`${ctx.server.url}/apps/aborted/remoteEntry.js`)).status).toBe(404);
  });

  it('refuses an upload over the binary limit with 413 while it streams, and leaves no file behind', async () => {
    const { id } = (await createApp('too-big')).body;
    const req = post(id);
    const answered = answerOf(req);
    req.write(HEAD);
    await writeBeyond(req, MAX_BINARY_BYTES);
    req.end(`\r\n--${BOUNDARY}--\r\n`);
    expect(await answered).toMatchObject({ status: 413, body: { ...ERROR_SHAPE, error: 'general/Request Entity Too Large', message: `An uploaded file is at most ${MAX_BINARY_BYTES} bytes` } });
    expect(leftovers()).toEqual([]);
  });

  it('removes the upload and the unpacked files after a refused and after an installed package', async () => {
    const { id } = (await createApp('cleaned')).body;
    expect((await upload(id, Buffer.from('not a zip'))).status).toBe(422);
    expect((await upload(id, await zip({ 'remoteEntry.js': 'x', 'a/b': '1', a: '2' }))).status).toBe(422);
    expect((await upload(id, await zip({ 'cumulocity.json': manifest('cleaned'), 'remoteEntry.js': 'x' }))).status).toBe(201);
    expect(leftovers()).toEqual([]);
  });

  it('removes what a crash left in the upload and apps folders when the server starts', async () => {
    const dataDir = tempDir('leftovers-');
    fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'apps', '.staging-x-1', 'js'), { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'apps', 'kept'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'upload-0123'), 'partial');
    const server = await start({ dataDir });
    try {
      expect([fs.readdirSync(path.join(dataDir, 'uploads')), fs.readdirSync(path.join(dataDir, 'apps'))]).toEqual([[], ['kept']]);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
