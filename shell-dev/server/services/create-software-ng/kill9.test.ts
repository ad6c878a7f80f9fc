import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validPackage } from './testing/fixtures';
import { caller, createDevices, newestStatus, spawnServer, type Caller } from './testing/platform';

const S = '/service/create-software-ng';
/**
 * Enough devices that the job is still running when the request's JOB_RESPONSE_WAIT_MS has passed
 * (about 0.2 ms per device on a quiet machine, so about 2.4 s: 5,000 used to finish within the wait).
 */
const DEVICES = 12_000;
const PAGE = 2000;

let dir: string;
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) {
    // The test is about crashes: stop the restarted server the same way.
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

const doneOf = (s: Record<string, unknown>) =>
  ['success', 'updated', 'uptodate', 'failed'].reduce((a, k) => a + Number(s[`dmg_assign_software_counter_${k}`] ?? 0), 0);

async function all(call: Caller, url: string, key: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const items = (await call('GET', `${url}&pageSize=${PAGE}&currentPage=${page}`)).json()[key] as Record<string, unknown>[];
    out.push(...items);
    if (items.length < PAGE) return out;
  }
}

it(`survives kill -9 during a bulk assignment of ${DEVICES} devices without losing or doubling one`, async () => {
  dir = mkdtempSync(join(tmpdir(), 'csng-kill9-'));
  let s = await spawnServer(dir);
  child = s.child;
  let call = caller(s.base);
  const ids = await createDevices(call, DEVICES);
  const pkg = (await call('POST', `${S}/softwarePackage`, { inventoryRequest: { ...validPackage, name: 'kill9-pkg' } })).json();

  const started = await call('POST', `${S}/createSoftwareAssignment`, {
    devices: ids,
    netbox_RegisterSoftwarePackage: { name: 'kill9-pkg', version: validPackage.version, repository_id: pkg.id },
  });
  expect(started.statusCode).toBe(200);
  // The request answers after its wait with the job still running; kill while it is mid-way.
  expect(started.json().status).toBe('ongoing');
  const before = await newestStatus(call);
  expect(before.dmg_assign_software_status).toBe('ongoing');
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGKILL');
  await exited;
  expect(doneOf(before)).toBeLessThan(DEVICES);

  s = await spawnServer(dir);
  child = s.child;
  call = caller(s.base);
  let status = await newestStatus(call);
  for (let i = 0; status.dmg_assign_software_status !== 'completed' && i < 600; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = await newestStatus(call);
  }
  expect(status).toMatchObject({
    dmg_assign_software_status: 'completed',
    dmg_assign_software_counter_total: DEVICES,
    dmg_assign_software_counter_success: DEVICES,
    dmg_assign_software_counter_uptodate: 0,
    dmg_assign_software_counter_failed: 0,
  });

  const wanted = new Set(ids);
  const devices = (await all(call, '/inventory/managedObjects?type=adamos_NETbox', 'managedObjects')).filter((d) => wanted.has(String(d.id)));
  expect(devices).toHaveLength(DEVICES);
  for (const d of devices) {
    const list = d.adamos_adamos_netbox_SoftwarePackageList as { name: string }[];
    expect(list.filter((e) => e.name === 'kill9-pkg')).toHaveLength(1);
  }
  const ops = (await all(call, '/devicecontrol/operations?fragmentType=netbox_RegisterSoftwarePackage', 'operations')).filter((o) =>
    wanted.has(String(o.deviceId)),
  );
  expect(ops).toHaveLength(DEVICES);
  expect(new Set(ops.map((o) => o.deviceId)).size).toBe(DEVICES);
}, 240_000);
