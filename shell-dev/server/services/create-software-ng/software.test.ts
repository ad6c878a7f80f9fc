import { FRAGMENT_PACKAGE_LIST } from './constants';
import { device, harness, removeDir, software, validPackage, type Harness } from './testing/fixtures';
import type { TestUser } from '../../testing/core';
import { fullPackageNameFromUrl, isValidPassword, PASSWORD_MESSAGE } from './validation';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
  removeDir(h.dir);
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who?: TestUser) => h.call(method, url, payload, who);

describe('password and package name rules', () => {
  it.each([
    ['1234567', false],
    ['12345678', true],
    ['x'.repeat(63), true],
    ['x'.repeat(64), false],
    ['with space ~', true],
    ['tab\tinside', false],
    ['umlaut-ä-pass', false],
  ])('%j valid=%s', (p, ok) => expect(isValidPassword(p)).toBe(ok));

  it('cuts a SAS token after .zip and decodes', () => {
    expect(fullPackageNameFromUrl('https://blob.example.com/c/My%20Pkg-1.0.zip?sv=2020&sig=abc')).toBe('My Pkg-1.0.zip');
    expect(fullPackageNameFromUrl('https://x.example.com/a/b/pkg.tar?x=1')).toBe('pkg.tar');
  });
});

describe('softwarePackage', () => {
  it('creates a package from a URL and lists it without the password', async () => {
    const res = await inject('POST', '/softwarePackage', { inventoryRequest: { ...validPackage, url: 'https://blob.example.com/c/mdc.zip?sv=1&sig=2' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.inventoryManagedObjectUrl).toMatch(new RegExp(`/inventory/managedObjects/${body.id}$`));
    expect(body).toMatchObject({ urlHasIncludedSAS: true, c8y_encryptionKey: true, full_packagename: 'mdc.zip', type: 'c8y_Software' });
    expect(body.password).toBeUndefined();
    expect(h.core.inventory.get(body.id)).not.toHaveProperty('password');
    expect(h.module.context().store.packagePassword(body.id)).toBe('secret-pass');

    const list = await inject('GET', `/softwarePackage?name=MDC&deviceType=iotconnector`);
    expect(list.json().softwarePackageList.map((p: { id: string }) => p.id)).toEqual([body.id]);
    expect((await inject('GET', `/softwarePackage?name=MDC&deviceType=celosos_x64`)).json().softwarePackageList).toEqual([]);
  });

  it('sorts by name then version', async () => {
    software(h.core, { name: 'b', version: '1.10' });
    software(h.core, { name: 'b', version: '1.9' });
    software(h.core, { name: 'a', version: '3' });
    const list = (await inject('GET', '/softwarePackage')).json().softwarePackageList;
    expect(list.map((p: { name: string; version: string }) => `${p.name}@${p.version}`)).toEqual(['a@3', 'b@1.9', 'b@1.10']);
  });

  it.each([
    [{ name: '' }, 'name is required.'],
    [{ md5: undefined }, 'md5 is required.'],
    [{ sha256: ' ' }, 'sha256 is required.'],
    [{ apptype: 'EXE' }, 'apptype must be one of'],
    [{ category: undefined }, 'category is required.'],
    [{ password: 'short' }, PASSWORD_MESSAGE],
    [{ url: undefined }, 'Exactly one of file (c8y_url) or URL (url) is required.'],
    [{ c8y_url: '/inventory/binaries/9' }, 'Exactly one of file'],
    [{ url: undefined, c8y_url: '/inventory/binaries/9' }, 'full_packagename is required.'],
    [{ url: undefined, c8y_url: 'https://elsewhere/x.zip', full_packagename: 'x.zip' }, 'platform binary'],
    // Containing the path is not pointing to a binary: this became the package's download URL.
    [{ url: undefined, c8y_url: 'javascript:alert(1)//inventory/binaries/1', full_packagename: 'x.zip' }, 'platform binary'],
    [{ url: undefined, c8y_url: 'https://h/x?next=/inventory/binaries/1', full_packagename: 'x.zip' }, 'platform binary'],
    [{ installation_requires_approval: 'yes' }, 'installation_requires_approval must be true or false.'],
    [{ url: 'abc' }, 'url must be an http or https URL.'],
    [{ url: 'ftp://store.example/mdc.zip' }, 'url must be an http or https URL.'],
  ])('refuses %j with 422', async (change, message) => {
    const res = await inject('POST', '/softwarePackage', { inventoryRequest: { ...validPackage, ...change } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'create-software-ng/validationError' });
    expect(res.json().message).toContain(message);
  });

  it('accepts an uploaded file with its package name', async () => {
    const res = await inject('POST', '/softwarePackage', {
      inventoryRequest: { ...validPackage, url: undefined, c8y_url: 'http://h/inventory/binaries/77', full_packagename: 'mdc.zip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ url: 'http://h/inventory/binaries/77', c8y_url: 'http://h/inventory/binaries/77', urlHasIncludedSAS: false });
  });

  it('refuses a body without inventoryRequest (400), a duplicate (409) and a user without the admin role (403)', async () => {
    expect((await inject('POST', '/softwarePackage', {})).statusCode).toBe(400);
    expect((await inject('POST', '/softwarePackage', { inventoryRequest: validPackage })).statusCode).toBe(200);
    expect((await inject('POST', '/softwarePackage', { inventoryRequest: validPackage })).statusCode).toBe(409);
    const res = await inject('POST', '/softwarePackage', { inventoryRequest: { ...validPackage, version: '9' } }, 'viewer');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('security/Forbidden');
  });

  it('updates editable fields, keeps the password when null, refuses immutable changes', async () => {
    const sw = software(h.core, { md5: 'm', sha256: 's' });
    const { store } = h.module.context();
    store.setPackagePassword(sw.id, 'old-password');
    const base = { id: sw.id, md5: 'm2', sha256: 's2', apptype: 'BATCH', category: 'critical', password: null };
    const ok = await inject('PUT', '/softwarePackage', { inventoryRequest: base });
    expect(ok.statusCode).toBe(200);
    expect(h.core.inventory.get(sw.id)).toMatchObject({ md5: 'm2', apptype: 'BATCH', category: 'critical' });
    expect(store.packagePassword(sw.id)).toBe('old-password');
    const changed = await inject('PUT', '/softwarePackage', { inventoryRequest: { ...base, password: 'new-password' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).not.toHaveProperty('password');
    expect(store.packagePassword(sw.id)).toBe('new-password');
    expect(h.core.inventory.get(sw.id)).not.toHaveProperty('password');
    expect((await inject('PUT', '/softwarePackage', { inventoryRequest: { ...base, version: '2.0' } })).statusCode).toBe(422);
    expect((await inject('PUT', '/softwarePackage', { inventoryRequest: { ...base, password: 'x' } })).statusCode).toBe(422);
    expect((await inject('PUT', '/softwarePackage', { inventoryRequest: { ...base, md5: '' } })).statusCode).toBe(422);
    expect((await inject('PUT', '/softwarePackage', { inventoryRequest: { ...base, id: '999999' } })).statusCode).toBe(404);
    // A flag of another type was dropped with a 200, the stored value kept without a word.
    const flag = await inject('PUT', '/softwarePackage', { inventoryRequest: { ...base, installation_requires_approval: 'x' } });
    expect(flag.statusCode).toBe(422);
    expect(flag.json().message).toBe('installation_requires_approval must be true or false.');
  });

  it('at start moves passwords an earlier version kept on package objects into its own table, and drops those of packages gone', async () => {
    // As a file from an earlier version holds them: on the objects.
    const old = software(h.core, { name: 'old', password: 'kept-on-object' });
    // A package deleted while the server was down (no notification reached the service).
    h.module.context().store.setPackagePassword('999999', 'orphaned');
    await h.close();
    h = await harness(h.dir);
    expect(h.core.inventory.get(old.id)).not.toHaveProperty('password');
    expect(h.core.inventory.get(old.id)).toMatchObject({ name: 'old', c8y_encryptionKey: true });
    expect(h.module.context().store.packagePassword(old.id)).toBe('kept-on-object');
    expect(h.module.context().store.packagePasswordIds()).toEqual([old.id]);
  });

  it('deletes a package (204), drops it from dependency lists, 404 afterwards', async () => {
    const a = software(h.core, { name: 'a' });
    const b = software(h.core, { name: 'b', dependencies: [{ id: a.id, name: 'a', version: '1.0.0' }] });
    expect((await inject('DELETE', `/softwarePackage?inventoryId=${a.id}`)).statusCode).toBe(204);
    expect(h.core.inventory.get(a.id)).toBeUndefined();
    expect(h.core.inventory.get(b.id)?.dependencies).toEqual([]);
    expect((await inject('DELETE', `/softwarePackage?inventoryId=${a.id}`)).statusCode).toBe(404);
    expect((await inject('DELETE', `/softwarePackage`)).statusCode).toBe(400);
  });
});

describe('dependencies', () => {
  it('stores dependencies and refuses self-dependencies, unknown ids and cycles with 422', async () => {
    const a = software(h.core, { name: 'a' });
    const b = software(h.core, { name: 'b' });
    const c = software(h.core, { name: 'c' });
    const put = (id: string, deps: string[]) =>
      inject('PUT', '/dependencies', { managedObject: { id, name: 'x', type: 'c8y_Software', version: '1' }, dependencies: deps.map((d) => ({ id: d })) });

    const ok = await put(a.id, [b.id]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().dependencies).toEqual([{ id: b.id, name: 'b', version: '1.0.0' }]);
    expect((await put(b.id, [c.id])).statusCode).toBe(200);

    const cycle = await put(c.id, [a.id]);
    expect(cycle.statusCode).toBe(422);
    // The refusal names the cycle it would close (issue 19 item 18).
    expect(cycle.json().message).toBe('Circular dependency: c 1.0.0 -> a 1.0.0 -> b 1.0.0 -> c 1.0.0.');
    expect((await put(a.id, [a.id])).statusCode).toBe(422);
    expect((await put(a.id, ['424242'])).statusCode).toBe(422);
    expect((await put('424242', [a.id])).statusCode).toBe(404);
    // Replacing a's dependencies with nothing breaks the chain, so c may now depend on a.
    expect((await put(a.id, [])).statusCode).toBe(200);
    expect((await put(c.id, [a.id])).statusCode).toBe(200);
  });

  it.each([[[5]], [[null]], [[{ id: {} }]], [[{ name: 'a' }]]])('refuses the entries %j with 400 naming the shape (was "Dependency [object Object] ...")', async (dependencies) => {
    const a = software(h.core, { name: 'a' });
    const res = await inject('PUT', '/dependencies', { managedObject: { id: a.id }, dependencies });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'create-software-ng/badRequest', message: 'dependencies must be a list of packages, each with an id.' });
  });
});

describe('a chosen dependency deleted before the save', () => {
  it('answers 422 choiceDeleted naming the deleted package (not only "Dependency <id> is not a software package"), nothing written', async () => {
    const edited = software(h.core, { name: 'edited' });
    const kept = software(h.core, { name: 'kept' });
    const doomed = software(h.core, { name: 'doomed', version: '2.1.0' });
    expect((await inject('DELETE', `/softwarePackage?inventoryId=${doomed.id}`)).statusCode).toBe(204);
    const res = await inject('PUT', '/dependencies', {
      managedObject: { id: edited.id, name: 'edited', type: 'c8y_Software', version: '1.0.0' },
      dependencies: [{ id: kept.id, name: 'kept', version: '1.0.0' }, { id: doomed.id, name: 'doomed', version: '2.1.0' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'create-software-ng/choiceDeleted',
      message: `Software doomed 2.1.0 (${doomed.id}) no longer exists in the software repository: another user deleted it.`,
      missing: [{ id: doomed.id, name: 'doomed', version: '2.1.0' }],
    });
    expect(h.core.inventory.get(edited.id)?.dependencies ?? []).toEqual([]);
    // An object that exists but is no package keeps its own refusal.
    const other = h.core.inventory.create({ name: 'not software' });
    const wrong = await inject('PUT', '/dependencies', { managedObject: { id: edited.id }, dependencies: [{ id: other.id }] });
    expect(wrong.json()).toMatchObject({ error: 'create-software-ng/validationError', message: `Dependency ${other.id} is not a software package.` });
  });
});

describe('dependencies that a device could never meet', () => {
  it('refuses another version of the package itself, two versions of one name and another device type (422, nothing written)', async () => {
    const edge1 = software(h.core, { name: 'edge', version: '1.0' });
    const edge2 = software(h.core, { name: 'edge', version: '2.0' });
    const mm1 = software(h.core, { name: 'machine-monitor', version: '4.1.0' });
    const mm2 = software(h.core, { name: 'machine-monitor', version: '4.2.0' });
    const celos = software(h.core, { name: 'celos-tool', deviceType: 'adamos_ipc-x64' });
    const put = (deps: string[]) =>
      inject('PUT', '/dependencies', { managedObject: { id: edge1.id, name: 'edge', type: 'c8y_Software', version: '1.0' }, dependencies: deps.map((d) => ({ id: d })) });
    const refused: [string[], string][] = [
      [[edge2.id], 'Software edge 1.0 cannot depend on another version of itself (edge 2.0).'],
      [[mm1.id, mm2.id], 'Software edge 1.0 can depend on machine-monitor in one version only.'],
      [[celos.id], 'Dependency celos-tool 1.0.0 is for adamos_ipc-x64, not for adamos_NETbox.'],
    ];
    for (const [deps, message] of refused) {
      const res = await put(deps);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(message);
    }
    expect(h.core.inventory.get(edge1.id)?.dependencies).toEqual([]);
    expect((await put([mm2.id])).statusCode).toBe(200);
  });

  it('refuses a dependency that needs, further down, another version of a name already needed (422, nothing written)', async () => {
    const mdc25 = software(h.core, { name: 'mdc-collector', version: '2.5.0' });
    const mdc30 = software(h.core, { name: 'mdc-collector', version: '3.0.0-rc1' });
    const monitor = software(h.core, { name: 'machine-monitor', version: '4.2.0', dependencies: [{ id: mdc25.id }] });
    const edge = software(h.core, { name: 'edge-analytics', version: '2024.1' });
    const put = (deps: string[]) =>
      inject('PUT', '/dependencies', { managedObject: { id: edge.id, name: 'edge-analytics', type: 'c8y_Software', version: '2024.1' }, dependencies: deps.map((d) => ({ id: d })) });
    const res = await put([monitor.id, mdc30.id]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Software edge-analytics 2024.1 with these dependencies would need mdc-collector (2.5.0, 3.0.0-rc1); a device holds one version of a name.',
    );
    expect(h.core.inventory.get(edge.id)?.dependencies).toEqual([]);
    expect((await put([monitor.id])).statusCode).toBe(200);
  });
});

describe('validateSoftware', () => {
  it('answers the same version and the latest one of the device type', async () => {
    const v1 = software(h.core, { name: 'mdc', version: '1.2' });
    software(h.core, { name: 'mdc', version: '1.10' });
    software(h.core, { name: 'mdc', version: '1.9+bad' });
    software(h.core, { name: 'mdc', version: '9.9', deviceType: 'adamos_ipc-x64' });
    const res = await inject('PUT', '/validateSoftware', { name: 'mdc', version: '1.2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().softwareObject.id).toBe(v1.id);
    expect(res.json().latestSoftwareObject.version).toBe('1.10');
    const none = await inject('PUT', '/validateSoftware', { name: 'mdc', version: '0.1' });
    expect(none.json().softwareObject).toBeNull();
    expect((await inject('PUT', '/validateSoftware', { name: 'unknown', version: '1' })).json()).toEqual({ softwareObject: null, latestSoftwareObject: null });
    expect((await inject('PUT', '/validateSoftware', { version: '1' })).statusCode).toBe(400);
  });
});

it('device fixture carries an empty package list', () => {
  expect(device(h.core)[FRAGMENT_PACKAGE_LIST]).toEqual([]);
});
