/**
 * The stand-in's command line as README "Commands" gives it (`npm start -- <flags>` hands the
 * flags to shell-dev/server/main.ts): --port (and one in use), --devices, --data, --reset, --simulate off, --proxy,
 * and the URLs and demo logins it prints. Each server runs as its own process, as `npm start`
 * runs it (app.ts pulls ESM-only packages that jest's CommonJS runtime cannot load).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DEVICE_TYPE } from '../demo/catalog';
import { AUTH, tempDir } from './helpers';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const MAIN = path.join(ROOT, 'shell-dev/server/main.ts');

interface Running {
  child: ChildProcess;
  url: string;
  port: number;
  out: () => string;
}

const running = new Set<ChildProcess>();

/** Starts main.ts with `args` and waits for the line that names the dev shell's URL. */
function startCli(args: string[]): Promise<Running> {
  const child = spawn(TSX, [MAIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let out = '';
  return new Promise((ok, fail) => {
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /Open http:\/\/localhost:(\d+)\/apps\/shell\//.exec(out);
      // The logins (or the proxy's line) come last.
      if (m && /demo\/viewer\n|API forwarded to \S+\n/.test(out)) {
        ok({ child, url: `http://127.0.0.1:${m[1]}`, port: Number(m[1]), out: () => out });
      }
    });
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.on('exit', (code) => {
      running.delete(child);
      fail(new Error(`server exited with ${code}: ${out}`));
    });
  });
}

/** Runs main.ts to its end: its exit code and everything it printed. */
function runCli(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(TSX, [MAIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  return new Promise((ok) =>
    child.on('exit', (code) => {
      running.delete(child);
      ok({ code, out });
    }),
  );
}

async function stop(r: Running): Promise<void> {
  if (r.child.exitCode !== null) return;
  const exited = new Promise((ok) => r.child.once('exit', ok));
  r.child.kill('SIGTERM');
  await exited;
}

afterAll(async () => {
  for (const c of running) c.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = net.createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => ok(port));
    });
  });
}

async function api<T = Record<string, unknown>>(base: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: AUTH.admin, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The demo fleet's devices: those of the device types the seed writes `--devices` of. */
async function demoDevices(base: string): Promise<number> {
  let total = 0;
  for (const type of Object.values(DEVICE_TYPE)) {
    const r = await api<{ statistics: { totalElements: number } }>(base, 'GET', `/inventory/managedObjects?type=${encodeURIComponent(type)}&pageSize=1&withTotalElements=true`);
    expect(r.status).toBe(200);
    total += r.body.statistics.totalElements;
  }
  return total;
}

async function firstDevice(base: string): Promise<string> {
  const r = await api<{ managedObjects: { id: string }[] }>(base, 'GET', `/inventory/managedObjects?type=${encodeURIComponent(DEVICE_TYPE.netbox)}&pageSize=20`);
  // Ids ending in 7 never answer and 8 fail (simulator/fate.ts): take one that answers.
  const id = r.body.managedObjects.map((m) => m.id).find((i) => !/[78]$/.test(i));
  expect(id).toBeDefined();
  return id!;
}

const restartOf = (deviceId: string) => ({ deviceId, description: 'Restart agent', netbox_RestartAgentOperation: {} });
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

describe('npm start -- <flags>', () => {
  const dataDir = tempDir('stand-in-cli-');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('--port, --devices, --data and --simulate off: serves on that port a fleet of that size from that folder, and nothing moves by itself', async () => {
    const port = await freePort();
    const r = await startCli(['--port', String(port), '--devices', '12', '--data', dataDir, '--simulate', 'off']);
    try {
      expect(r.port).toBe(port);
      expect(r.out()).toContain(`http://localhost:${port}/apps/shell/`);
      expect(r.out()).toContain(`http://localhost:${port}/apps/devicemanagement/`);
      expect(r.out()).toMatch(/Logins \(tenant demo, password demo\)/);
      for (const user of ['admin', 'operator', 'viewer']) expect(r.out()).toContain(`demo/${user}`);
      expect(fs.existsSync(path.join(dataDir, 'platform.sqlite'))).toBe(true);
      expect(await demoDevices(r.url)).toBe(12);

      const kept = await api<{ id: string }>(r.url, 'POST', '/inventory/managedObjects', { name: 'Kept across restarts' });
      expect(kept.status).toBe(201);
      fs.writeFileSync(path.join(dataDir, 'kept-id'), kept.body.id);

      // No simulated agent: an operation stays PENDING, and no heartbeat posts a measurement.
      const device = await firstDevice(r.url);
      const op = await api<{ id: string }>(r.url, 'POST', '/devicecontrol/operations', restartOf(device));
      expect(op.status).toBe(201);
      const measurements = async () =>
        (await api<{ statistics: { totalElements: number } }>(r.url, 'GET', '/measurement/measurements?pageSize=1&withTotalElements=true')).body.statistics.totalElements;
      const before = await measurements();
      await sleep(5000);
      expect((await api<{ status: string }>(r.url, 'GET', `/devicecontrol/operations/${op.body.id}`)).body.status).toBe('PENDING');
      expect(await measurements()).toBe(before);
    } finally {
      await stop(r);
    }
  });

  it('keeps the data folder on a restart (--devices does not reseed it); --reset regenerates it, and the agents are simulated by default', async () => {
    const keptId = fs.readFileSync(path.join(dataDir, 'kept-id'), 'utf8');
    const again = await startCli(['--port', '0', '--devices', '20', '--data', dataDir, '--simulate', 'off']);
    try {
      expect((await api(again.url, 'GET', `/inventory/managedObjects/${keptId}`)).body).toMatchObject({ name: 'Kept across restarts' });
      expect(await demoDevices(again.url)).toBe(12);
    } finally {
      await stop(again);
    }

    const reset = await startCli(['--port', '0', '--devices', '20', '--data', dataDir, '--reset']);
    try {
      // A fresh database hands out ids from the start again: the id may name a seeded object now.
      expect((await api(reset.url, 'GET', `/inventory/managedObjects/${keptId}`)).body).not.toMatchObject({ name: 'Kept across restarts' });
      expect((await api<{ managedObjects: unknown[] }>(reset.url, 'GET', `/inventory/managedObjects?query=${encodeURIComponent("name eq 'Kept across restarts'")}`)).body.managedObjects).toEqual([]);
      expect(await demoDevices(reset.url)).toBe(20);
      // Without --simulate off the device's agent answers: the operation leaves PENDING.
      const device = await firstDevice(reset.url);
      const op = await api<{ id: string }>(reset.url, 'POST', '/devicecontrol/operations', restartOf(device));
      let status = 'PENDING';
      for (let i = 0; i < 60 && status === 'PENDING'; i++) {
        await sleep(250);
        status = (await api<{ status: string }>(reset.url, 'GET', `/devicecontrol/operations/${op.body.id}`)).body.status;
      }
      expect(status).not.toBe('PENDING');
    } finally {
      await stop(reset);
    }
  });

  it('--proxy: serves locally and forwards the API to the tenant', async () => {
    const tenant = await startCli(['--port', '0', '--devices', '0', '--data', dataDir, '--simulate', 'off']);
    const proxyDir = tempDir('stand-in-cli-proxy-');
    try {
      const onTenant = await api<{ id: string }>(tenant.url, 'POST', '/inventory/managedObjects', { name: 'Only on the tenant' });
      const proxy = await startCli(['--port', '0', '--data', proxyDir, '--proxy', tenant.url]);
      try {
        expect(proxy.out()).toContain(`API forwarded to ${tenant.url}`);
        expect(proxy.out()).not.toMatch(/Logins \(tenant/);
        expect((await api(proxy.url, 'GET', `/inventory/managedObjects/${onTenant.body.id}`)).body).toMatchObject({ name: 'Only on the tenant' });
      } finally {
        await stop(proxy);
      }
    } finally {
      await stop(tenant);
      fs.rmSync(proxyDir, { recursive: true, force: true });
    }
  });

  it("passes the simulator's --sim-* flags on: with --sim-failure-ratio 1 and --sim-never-answer-ratio 0 every agent fails its operations", async () => {
    const simDir = tempDir('stand-in-cli-sim-');
    const r = await startCli(['--port', '0', '--devices', '20', '--data', simDir, '--sim-failure-ratio', '1', '--sim-never-answer-ratio', '0', '--sim-step-ms', '100']);
    try {
      const device = await firstDevice(r.url);
      const op = await api<{ id: string }>(r.url, 'POST', '/devicecontrol/operations', restartOf(device));
      let status = 'PENDING';
      for (let i = 0; i < 80 && (status === 'PENDING' || status === 'EXECUTING'); i++) {
        await sleep(250);
        status = (await api<{ status: string }>(r.url, 'GET', `/devicecontrol/operations/${op.body.id}`)).body.status;
      }
      expect(status).toBe('FAILED');
    } finally {
      await stop(r);
      fs.rmSync(simDir, { recursive: true, force: true });
    }
    expect(await runCli(['--sim-step-ms', 'slow'])).toMatchObject({ code: 1, out: expect.stringContaining("--sim-step-ms needs 'min-max' or a number, got 'slow'") });
  });

  it('--help lists every flag the stand-in takes and starts nothing', async () => {
    const help = await runCli(['--help']);
    expect(help).toMatchObject({ code: 0, out: expect.stringContaining('Usage: npm start -- [flags]') });
    for (const flag of ['--port', '--host', '--data', '--devices', '--reset', '--simulate', '--seed', '--password', '--proxy', '--sim-failure-ratio', '--sim-step-ms', '--sim-seed']) expect([flag, help.out.includes(flag)]).toEqual([flag, true]);
    expect(help.out).not.toContain('Stand-in platform ready');
  });

  it('refuses an unknown flag, a value missing, --simulate other than on or off and a --proxy that is no http(s) address, naming the problem', async () => {
    expect(await runCli(['--bogus'])).toMatchObject({ code: 1, out: expect.stringContaining('Unknown flag --bogus (--help lists the flags)') });
    expect(await runCli(['--port'])).toMatchObject({ code: 1, out: expect.stringContaining('--port needs a value') });
    expect(await runCli(['--devices', 'many'])).toMatchObject({ code: 1, out: expect.stringContaining('--devices must be a whole number') });
    expect(await runCli(['--simulate', 'sometimes'])).toMatchObject({ code: 1, out: expect.stringContaining('--simulate must be on or off') });
    // A tenant address without its scheme (or another scheme) said "Invalid URL" (or started a proxy to nowhere).
    for (const address of ['mytenant.cumulocity.com', 'ftp://mytenant.cumulocity.com', 'https://']) {
      expect(await runCli(['--proxy', address])).toMatchObject({
        code: 1,
        out: expect.stringContaining(`--proxy needs the tenant's address with http:// or https://, e.g. --proxy https://mytenant.cumulocity.com (got '${address}')`),
      });
    }
  });

  it('refuses a port in use, naming the port and the way out', async () => {
    const taken = net.createServer();
    await new Promise<void>((ok) => taken.listen(0, '127.0.0.1', ok));
    const { port } = taken.address() as net.AddressInfo;
    const dir = tempDir('stand-in-cli-busy-');
    try {
      expect(await runCli(['--port', String(port), '--devices', '0', '--data', dir, '--simulate', 'off'])).toMatchObject({
        code: 1,
        out: expect.stringContaining(`Port ${port} is already in use (another npm start?): stop that server or pick another port with --port`),
      });
    } finally {
      await new Promise((ok) => taken.close(ok));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
