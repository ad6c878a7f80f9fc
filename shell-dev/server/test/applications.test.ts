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
