import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { validPackage } from './testing/fixtures';
import { ADMIN, caller, createDevices, newestStatus, spawnServer, VIEWER, type Caller } from './testing/platform';

const S = '/service/create-software-ng';
let dir: string;
let server: { child: ChildProcess; base: string };
let call: Caller;

/** The real stand-in in a child process: its ESM dependencies cannot load inside jest. */
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'csng-http-'));
  server = await spawnServer(dir);
  call = caller(server.base);
}, 60_000);

afterAll(async () => {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  rmSync(dir, { recursive: true, force: true });
});

it('authenticates service calls and checks the admin role on writes', async () => {
  expect((await call('GET', `${S}/deviceProfile`, undefined, {})).statusCode).toBe(401);
  expect((await call('GET', `${S}/deviceProfile`, undefined, VIEWER)).statusCode).toBe(200);
  const res = await call('POST', `${S}/deviceProfile`, { name: 'x', deviceType: 'adamos_NETbox', deviceGroup: null }, VIEWER);
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ error: 'security/Forbidden', message: expect.any(String) });
});

it('creates a package, assigns it to devices and reports through the status object and the device', async () => {
  const created = await call('POST', `${S}/softwarePackage`, { inventoryRequest: { ...validPackage, name: 'http-pkg' } });
  expect(created.statusCode).toBe(200);
  const pkg = created.json();
  expect(pkg.inventoryManagedObjectUrl).toBe(`${server.base}/inventory/managedObjects/${pkg.id}`);
  const stored = await call('GET', `/inventory/managedObjects/${pkg.id}`);
  expect(stored.json()).toMatchObject({ type: 'c8y_Software', name: 'http-pkg', urlHasIncludedSAS: false });

  const ids = await createDevices(call, 3);
  const res = await call('POST', `${S}/createSoftwareAssignment`, {
    devices: ids,
    forceInstallation: false,
    netbox_RegisterSoftwarePackage: { name: 'http-pkg', version: '2.1.0', repository_id: pkg.id },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: 'completed', noOfSuccessfullAssignment: 3, noOfFailedAssignment: 0 });
  expect(await newestStatus(call)).toMatchObject({ dmg_assign_software_status: 'completed', dmg_assign_software_counter_success: 3 });
  const device = (await call('GET', `/inventory/managedObjects/${ids[0]}`)).json();
  expect(device.adamos_adamos_netbox_SoftwarePackageList).toEqual([expect.objectContaining({ name: 'http-pkg', status: 'assigned' })]);
  const ops = (await call('GET', `/devicecontrol/operations?deviceId=${ids[0]}&pageSize=10`)).json().operations;
  expect(ops).toEqual([expect.objectContaining({ status: 'PENDING', netbox_RegisterSoftwarePackage: expect.objectContaining({ name: 'http-pkg' }) })]);
});

it('runs a rollout through the real inventory', async () => {
  const pkg = (await call('POST', `${S}/softwarePackage`, { inventoryRequest: { ...validPackage, name: 'rollout-pkg' } })).json();
  const ids = await createDevices(call, 2);
  const created = await call('POST', `${S}/createSoftwareRollout`, { name: 'R', devices: ids, softwareId: pkg.id, rolloutParameters: { batchSize: 1, batchGapSeconds: 1 } });
  expect(created.statusCode).toBe(201);
  const id = created.json().id;
  expect((await call('PUT', `${S}/updateSoftwareRolloutStatus/${id}/PAUSED`)).statusCode).toBe(409);
  expect((await call('PUT', `${S}/updateSoftwareRolloutStatus/${id}/ONGOING`)).json().status).toBe('ONGOING');
  // The engine's timer dispatches the first batch at once.
  for (let i = 0; i < 50; i++) {
    const d = (await call('GET', `/inventory/managedObjects/${ids[0]}`)).json();
    if (d.adamos_adamos_netbox_SoftwarePackageList.length > 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect((await call('GET', `/inventory/managedObjects/${ids[0]}`)).json().adamos_adamos_netbox_SoftwarePackageList).toEqual([expect.objectContaining({ name: 'rollout-pkg', status: 'assigned' })]);
  expect((await call('GET', `/inventory/managedObjects/${ids[1]}`)).json().adamos_adamos_netbox_SoftwarePackageList).toEqual([]);
  expect((await call('PUT', `${S}/updateSoftwareRolloutStatus/${id}/PAUSED`)).json().status).toBe('PAUSED');
  expect((await call('PUT', `${S}/updateSoftwareRolloutStatus/${id}/CANCELLED`)).json().status).toBe('CANCELLED');
  expect((await call('PUT', `${S}/updateSoftwareRolloutStatus/${id}/ARCHIVED`, undefined, ADMIN)).json().status).toBe('ARCHIVED');
});

it('answers profile restrictions computed from the seeded profiles and refuses a second default', async () => {
  const r = (await call('GET', `${S}/deviceProfile/restrictions`)).json();
  expect(r.deviceTypeWithDefaultProfile.length).toBeGreaterThan(0);
  const type = r.deviceTypeWithDefaultProfile[0];
  const res = await call('POST', `${S}/deviceProfile`, { name: 'another default', deviceType: type, deviceGroup: null });
  expect(res.statusCode).toBe(422);
  expect(res.json().errors).toEqual(['DEFAULT_PROFILE_ALREADY_AVAILABLE']);
});

it('answers unknown service paths with an error body', async () => {
  const res = await call('GET', `${S}/nothing-here`);
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
});
