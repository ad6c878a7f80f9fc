import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { httpCall, type Reply } from './fixtures';

export const ADMIN = { authorization: `Basic ${Buffer.from('demo/admin:demo').toString('base64')}` };
export const VIEWER = { authorization: `Basic ${Buffer.from('demo/viewer:demo').toString('base64')}` };

export type Caller = (method: string, url: string, payload?: unknown, headers?: Record<string, string>) => Promise<Reply>;

export function caller(base: string): Caller {
  return (method, url, payload, headers = ADMIN) => httpCall(base, method, url, payload, headers);
}

/** Creates n bare IoTconnectors over the REST API, a few requests at a time; answers their ids in order. */
export async function createDevices(call: Caller, n: number, concurrency = 16): Promise<string[]> {
  const ids: string[] = new Array(n);
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const res = await call('POST', '/inventory/managedObjects', { type: 'adamos_NETbox', name: `bulk-${i}`, c8y_IsDevice: {}, adamos_adamos_netbox_SoftwarePackageList: [] });
      if (res.statusCode !== 201) throw new Error(`device create answered ${res.statusCode}`);
      ids[i] = res.json().id;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}

/** The newest c8y_status object, as the console polls it. */
export async function newestStatus(call: Caller): Promise<Record<string, unknown>> {
  const res = await call('GET', `/inventory/managedObjects?type=c8y_status&pageSize=2000`);
  const list = res.json().managedObjects as Record<string, unknown>[];
  return list.reduce((a, b) => (String(b.creationTime) > String(a.creationTime) || (b.creationTime === a.creationTime && Number(b.id) > Number(a.id)) ? b : a));
}

export const REPO_ROOT = path.resolve(__dirname, '../../../../..');

/**
 * Starts shell-dev/server/main.ts on a free port; resolves with its base URL once it listens.
 * tsx is loaded into this very process (`node --import tsx`): the tsx CLI would run the server in
 * a grandchild, and a SIGKILL to the child would leave the server running on the same database.
 */
export function spawnServer(dataDir: string, extra: string[] = [], env: Record<string, string> = {}): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'shell-dev/server/main.ts', '--port', '0', '--data', dataDir, '--devices', '5', '--simulate', 'off', ...extra],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/localhost:(\d+)\//.exec(out);
      if (m) {
        child.stdout?.off('data', onData);
        resolve({ child, base: `http://127.0.0.1:${m[1]}` });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}
