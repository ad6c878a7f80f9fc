import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ApplicationStore, readManifest, SHELL_APPLICATION } from '../core/applications';
import { CoreContext } from '../core/context';
import { migrate } from '../core/schema';
import { tempDir } from './helpers';

function store() {
  const db = new Database(':memory:');
  migrate(db);
  return new ApplicationStore(new CoreContext(db, { now: () => 0 }), 'demo');
}

describe('applications from manifest.json', () => {
  it.each([
    [
      'exports',
      {
        version: '1.0.0',
        exports: [
          { id: 'device-operations', module: 'plugin', contextPath: 'device-operations', version: '1.0.0', defaultEnabled: true },
          { id: 'mobile-router', module: 'plugin', contextPath: 'mobile-router', version: '1.0.0', defaultEnabled: false },
        ],
      },
    ],
    [
      'remotes',
      {
        version: '1.0.0',
        remotes: [
          { id: 'device-operations', exposedModule: 'plugin', contextPath: 'device-operations', version: '1.0.0', defaultEnabled: true },
          { id: 'mobile-router', exposedModule: 'plugin', contextPath: 'mobile-router', version: '1.0.0', defaultEnabled: false },
        ],
      },
    ],
  ])('lists the shell (config from defaultEnabled) and one package application per plugin (%s shape)', (_shape, manifest) => {
    const dir = tempDir();
    const file = path.join(dir, 'manifest.json');
    fs.writeFileSync(file, JSON.stringify(manifest));
    const apps = store();
    apps.sync(readManifest(file));
    apps.sync(readManifest(file));
    const { items, total } = apps.list({ pageSize: 100, currentPage: 1 });
    expect(total).toBe(3);
    const shell = items.find((a) => a.key === SHELL_APPLICATION.key)!;
    expect(shell.config).toEqual({ remotes: { 'device-operations@1.0.0': ['plugin'] }, excludedRemotes: {} });
    const router = items.find((a) => a.contextPath === 'mobile-router')!;
    expect(router).toMatchObject({ type: 'HOSTED', manifest: { isPackage: true, version: '1.0.0', remotes: { 'mobile-router': ['plugin'] } } });
  });

  it('survives a missing or malformed manifest with the shell alone', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'bad.json'), '{not json');
    for (const m of [readManifest(path.join(dir, 'none.json')), readManifest(path.join(dir, 'bad.json'))]) {
      const apps = store();
      apps.sync(m);
      expect(apps.list({ pageSize: 10, currentPage: 1 }).items.map((a) => a.key)).toEqual([SHELL_APPLICATION.key]);
    }
  });

  it('keeps an admin-edited shell config across restarts (sync does not overwrite it)', () => {
    const apps = store();
    apps.sync(undefined);
    const shell = apps.list({ pageSize: 10, currentPage: 1 }).items[0];
    apps.update(shell.id, { config: { remotes: { 'x@1': ['plugin'] }, excludedRemotes: {} } });
    apps.sync({ exports: [{ contextPath: 'y', module: 'plugin', defaultEnabled: true }] });
    expect(apps.get(shell.id)!.config).toEqual({ remotes: { 'x@1': ['plugin'] }, excludedRemotes: {} });
  });

  it("keeps an uploaded package's manifest across restarts (the upload replaced the bundle's plugin)", () => {
    const db = new Database(':memory:');
    migrate(db);
    const apps = new ApplicationStore(new CoreContext(db, { now: () => 0 }), 'demo');
    const bundle = { exports: [{ id: 'connection-checks', contextPath: 'connection-checks', module: 'plugin', version: '1.0.0', defaultEnabled: true }] };
    apps.sync(bundle);
    const app = apps.list({ pageSize: 10, currentPage: 1 }).items.find((a) => a.contextPath === 'connection-checks')!;
    const uploaded = { name: 'connection-checks', version: '1.0.1', contextPath: 'connection-checks', isPackage: true, package: 'plugin', exports: [] };
    // What the binaries upload writes (shell-dev/server/packages): the active version and its manifest.
    const { id: _id, ...doc } = app;
    db.prepare('UPDATE applications SET json = ? WHERE id = ?').run(JSON.stringify({ ...doc, activeVersionId: '42', manifest: uploaded }), Number(app.id));
    apps.sync(bundle);
    expect(apps.get(app.id)!.manifest).toEqual(uploaded);
  });
});

describe('the platform shell application (manifest.json platformShell)', () => {
  const shell = { name: 'Device Management', contextPath: 'devicemanagement', key: 'devicemanagement-application-key', version: '1023.77.1' };
  const plugin = (contextPath: string, module: string, version = '1.0.0', defaultEnabled = true) => ({ id: contextPath, contextPath, module, version, defaultEnabled });
  const bundle = (...exports: ReturnType<typeof plugin>[]) => ({ version: '1.0.0', platformShell: shell, exports });
  const dm = (apps: ApplicationStore) => apps.byContextPath('devicemanagement')!;

  it('is created with the default-enabled plugins as <contextPath>@<version>: [module], and only with a platformShell entry', () => {
    const apps = store();
    apps.sync({ exports: [plugin('a', 'AProviders')] });
    expect(apps.byContextPath('devicemanagement')).toBeUndefined();
    apps.sync(bundle(plugin('a', 'AProviders'), plugin('b', 'BProviders', '2.0.0'), plugin('c', 'CProviders', '1.0.0', false)));
    expect(dm(apps)).toMatchObject({ name: 'Device Management', key: shell.key, type: 'HOSTED', manifest: { version: '1023.77.1' } });
    expect(dm(apps).config).toEqual({ remotes: { 'a@1.0.0': ['AProviders'], 'b@2.0.0': ['BProviders'] }, excludedRemotes: {} });
  });

  it("keeps a tenant admin's choice across restarts; a plugin switched off stays off", () => {
    const apps = store();
    const m = bundle(plugin('a', 'AProviders'), plugin('b', 'BProviders'));
    apps.sync(m);
    apps.update(dm(apps).id, { config: { remotes: { 'b@1.0.0': ['BProviders'], 'other@3.0.0': ['X'] }, excludedRemotes: {} } });
    apps.sync(m);
    expect(dm(apps).config).toEqual({ remotes: { 'b@1.0.0': ['BProviders'], 'other@3.0.0': ['X'] }, excludedRemotes: {} });
  });

  it("moves the bundle plugins' keys to the version and module served now (other keys stay as they are)", () => {
    const apps = store();
    apps.sync(bundle(plugin('a', 'plugin'), plugin('b', 'BProviders')));
    apps.update(dm(apps).id, { config: { remotes: { 'a@1.0.0': ['plugin'], 'other@3.0.0': ['X'] }, excludedRemotes: { 'b@1.0.0': ['BProviders'] } } });
    apps.sync(bundle(plugin('a', 'AProviders', '1.1.0'), plugin('b', 'BProviders', '1.1.0')));
    expect(dm(apps).config).toEqual({ remotes: { 'a@1.1.0': ['AProviders'], 'other@3.0.0': ['X'] }, excludedRemotes: { 'b@1.1.0': ['BProviders'] } });
  });

  it('enables a default-enabled plugin new to the bundle once, unless the admin excluded it', () => {
    const apps = store();
    apps.sync(bundle(plugin('a', 'AProviders')));
    apps.update(dm(apps).id, { config: { remotes: {}, excludedRemotes: { 'c@0.1.0': ['CProviders'] } } });
    apps.sync(bundle(plugin('a', 'AProviders'), plugin('b', 'BProviders'), plugin('c', 'CProviders')));
    expect(dm(apps).config).toEqual({ remotes: { 'b@1.0.0': ['BProviders'] }, excludedRemotes: { 'c@1.0.0': ['CProviders'] } });
    // Once offered, switching it off holds.
    apps.update(dm(apps).id, { config: { remotes: {}, excludedRemotes: {} } });
    apps.sync(bundle(plugin('a', 'AProviders'), plugin('b', 'BProviders'), plugin('c', 'CProviders')));
    expect(dm(apps).config).toEqual({ remotes: {}, excludedRemotes: {} });
  });

  it('leaves the keys of a plugin an admin replaced by an upload alone', () => {
    const db = new Database(':memory:');
    migrate(db);
    const apps = new ApplicationStore(new CoreContext(db, { now: () => 0 }), 'demo');
    apps.sync(bundle(plugin('a', 'AProviders')));
    const a = apps.byContextPath('a')!;
    const { id: _id, ...doc } = a;
    db.prepare('UPDATE applications SET json = ? WHERE id = ?').run(JSON.stringify({ ...doc, activeVersionId: '42', manifest: { version: '5.0.0' } }), Number(a.id));
    apps.update(dm(apps).id, { config: { remotes: { 'a@5.0.0': ['AFromUpload'] }, excludedRemotes: {} } });
    apps.sync(bundle(plugin('a', 'AProviders')));
    expect(dm(apps).config).toEqual({ remotes: { 'a@5.0.0': ['AFromUpload'] }, excludedRemotes: {} });
  });
});
