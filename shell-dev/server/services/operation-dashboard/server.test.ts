import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVICE_PREFIX } from './constants';

const ROOT = resolve(__dirname, '../../../..');

/**
 * The module as the real server assembles it (demo fleet, authentication, the core's error
 * handler). The server runs as its own process: app.ts pulls ESM-only packages (@fastify/static)
 * that jest's CommonJS runtime cannot load.
 */
async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['shell-dev/server/main.ts', '--port', '0', '--data', dataDir, '--simulate', 'off', '--devices', '60'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((ok, fail) => {
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /http:\/\/localhost:(\d+)\//.exec(out);
      if (m) ok(`http://127.0.0.1:${m[1]}`);
    });
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.on('exit', (code) => fail(new Error(`server exited with ${code}: ${out}`)));
  });
  return { url, child };
}

describe('operation-dashboard in the real server', () => {
  let server: { url: string; child: ChildProcess };
  let dir: string;
  const auth = { Authorization: `Basic ${Buffer.from('demo/admin:demo').toString('base64')}` };
  const get = async (path: string, headers: Record<string, string> = auth) => {
    const res = await fetch(`${server.url}${path}`, { headers });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opdash-server-'));
    server = await startServer(dir);
  }, 60_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await new Promise((ok) => server.child.once('exit', ok));
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses unauthenticated calls', async () => {
    expect((await get(`${SERVICE_PREFIX}/devicestatistics`, {})).status).toBe(401);
  });

  it('counts the same devices as the inventory API', async () => {
    const stats = await get(`${SERVICE_PREFIX}/devicestatistics`);
    expect(stats.status).toBe(200);
    const inv = await get('/inventory/managedObjects?fragmentType=c8y_IsDevice&pageSize=1&withTotalElements=true');
    const total = (inv.body.statistics as { totalElements: number }).totalElements;
    expect(total).toBeGreaterThan(0);
    expect(stats.body.totalDevices).toBe(total);
    const online = await get(`/inventory/managedObjects?pageSize=1&withTotalElements=true&query=${encodeURIComponent("has(c8y_IsDevice) and c8y_Availability.status eq 'AVAILABLE'")}`);
    expect(stats.body.onlineDeviceCount).toBe((online.body.statistics as { totalElements: number }).totalElements);
    const list = await get(`${SERVICE_PREFIX}/listdevices/online?pageSize=2000`);
    expect((list.body.managedObjects as unknown[]).length).toBe(stats.body.onlineDeviceCount);
  });

  it('answers every figure and a 60-day history', async () => {
    for (const path of ['historydevicelist', 'alarmcount/critical', 'alarmhistory', 'toptenalarmtypes/30', 'softwaremonitoringstats/7', 'recovereddevicestats']) {
      expect((await get(`${SERVICE_PREFIX}/${path}`)).status).toBe(200);
    }
    const history = (await get(`${SERVICE_PREFIX}/historydevicelist`)).body as { attrs: { history: unknown[] } };
    expect(history.attrs.history).toHaveLength(60);
  });

  it('answers an unknown path with the error body', async () => {
    const res = await get(`${SERVICE_PREFIX}/listdevices/sideways`);
    expect(res).toEqual({ status: 404, body: { error: 'operation-dashboard/Not Found', message: expect.any(String), info: expect.any(String) } });
  });
});
