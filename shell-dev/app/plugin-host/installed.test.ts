import type { Application } from '@shared/platform/applications';
import { computeLoadPlan, isEnabledByConfig, parseUrlOptions, setPluginEnabled, type BundleManifest, type PluginManifestEntry } from './enabled';
import { packagePlugins, withInstalledPlugins } from './installed';

const own = (id: string, routes?: string[]): PluginManifestEntry => ({
  id,
  name: `Bundle ${id}`,
  module: 'plugin',
  contextPath: id,
  version: '1.0.0',
  defaultEnabled: true,
  description: '',
  ...(routes ? { routes } : {}),
});

const bundle: BundleManifest = {
  name: 'bundle',
  version: '1.0.0',
  contextPath: 'bundle',
  shell: { name: 'Shell', contextPath: 'shell', key: 'k' },
  exports: [own('a', ['/a']), own('b'), own('c')],
};

/** An application as /application/applications lists one with an uploaded cumulocity.json. */
function pkg(id: string, contextPath: string, remote: string, over: Partial<Application> & { manifest?: Record<string, unknown> } = {}): Application {
  return {
    id,
    name: `${contextPath} app`,
    key: `${contextPath}-key`,
    contextPath,
    type: 'HOSTED',
    activeVersionId: `${1000 + Number(id)}`,
    ...over,
    manifest: {
      name: contextPath,
      version: '2.0.0',
      contextPath,
      isPackage: true,
      package: 'plugin',
      remotes: { [remote]: ['./plugin'] },
      exports: [{ name: `Installed ${remote}`, module: './plugin', path: './x.ts', description: `The ${remote} package` }],
      ...over.manifest,
    },
  };
}

const summary = (b: BundleManifest) =>
  b.exports.map((p) => `${p.id}@${p.contextPath}${p.installed ? ` replaces [${p.installed.replaces.map((r) => r.contextPath).join(',')}]` : ''}`);

describe('packagePlugins', () => {
  it('makes one plugin entry per remote container of a plugin package', () => {
    expect(packagePlugins(pkg('7', 'x-v2', 'x'))).toEqual([
      {
        id: 'x',
        name: 'Installed x',
        module: 'plugin',
        contextPath: 'x-v2',
        version: '2.0.0',
        defaultEnabled: true,
        description: 'The x package',
        installed: { applicationId: '7', applicationName: 'x-v2 app', replaces: [] },
      },
    ]);
  });

  it('names the container by `name` when the manifest has no remotes', () => {
    const app = pkg('7', 'y', 'unused', { manifest: { name: 'y-remote', remotes: undefined } });
    expect(packagePlugins(app).map((p) => [p.id, p.module])).toEqual([['y-remote', 'plugin']]);
  });

  it.each<[string, Partial<Application> & { manifest?: Record<string, unknown> }]>([
    ['no manifest', { manifest: undefined }],
    ['not a package', { manifest: { isPackage: false } }],
    ['a blueprint', { manifest: { package: 'blueprint' } }],
    ['no context path', { contextPath: undefined, manifest: { contextPath: undefined } }],
    ['no container', { manifest: { remotes: {} } }],
  ])('ignores an application with %s', (_what, over) => {
    const app = pkg('7', 'z', 'z', over);
    if ('manifest' in over && over.manifest === undefined) delete app.manifest;
    expect(packagePlugins(app)).toEqual([]);
  });
});

describe('withInstalledPlugins', () => {
  it('leaves the bundle as it is without installed packages; the bundle’s own applications are no installs', () => {
    const bundlesOwn = { ...pkg('3', 'b', 'b'), activeVersionId: undefined };
    const shell: Application = { id: '1', name: 'Shell', contextPath: 'shell', type: 'HOSTED' };
    expect(withInstalledPlugins(bundle, [shell, bundlesOwn])).toEqual(bundle);
  });

  it('adds a new plugin after the bundle’s, enabled by default', () => {
    const merged = withInstalledPlugins(bundle, [pkg('9', 'd', 'd')]);
    expect(summary(merged)).toEqual(['a@a', 'b@b', 'c@c', 'd@d replaces []']);
    expect(computeLoadPlan(merged, undefined, parseUrlOptions('')).map((e) => `${e.plugin.id}:${e.load}`)).toEqual(['a:true', 'b:true', 'c:true', 'd:true']);
  });

  it('replaces the bundle plugin of the same id in its place, under the package’s context path and without its routes', () => {
    const merged = withInstalledPlugins(bundle, [pkg('9', 'a-v2', 'a')]);
    expect(summary(merged)).toEqual(['a@a-v2 replaces [a]', 'b@b', 'c@c']);
    expect(merged.exports[0]).toMatchObject({ version: '2.0.0', name: 'Installed a' });
    expect(merged.exports[0].routes).toBeUndefined();
    expect(merged.exports[0].installed?.replaces[0]).toEqual(bundle.exports[0]);
  });

  it('replaces the bundle plugin whose application received an upload (same context path)', () => {
    expect(summary(withInstalledPlugins(bundle, [pkg('9', 'b', 'b')]))).toEqual(['a@a', 'b@b replaces [b]', 'c@c']);
    // Another container uploaded into b's context path: b's files are gone, so is b.
    expect(summary(withInstalledPlugins(bundle, [pkg('9', 'b', 'other')]))).toEqual(['a@a', 'other@b replaces [b]', 'c@c']);
  });

  it('lets the newest upload win among packages of one id, keeping one container per federation name', () => {
    const older = pkg('20', 'c-v2', 'c', { activeVersionId: '5000' });
    const newer = pkg('10', 'c-v3', 'c', { activeVersionId: '6000' });
    for (const apps of [
      [older, newer],
      [newer, older],
    ]) {
      const merged = withInstalledPlugins(bundle, apps);
      expect(summary(merged)).toEqual(['a@a', 'b@b', 'c@c-v3 replaces [c,c-v2]']);
      expect(new Set(merged.exports.map((p) => p.id)).size).toBe(merged.exports.length);
    }
  });

  it('loads every container of one package', () => {
    const two = pkg('9', 'duo', 'one', { manifest: { remotes: { one: ['./plugin'], two: ['./plugin'] } } });
    expect(summary(withInstalledPlugins(bundle, [two]))).toEqual(['a@a', 'b@b', 'c@c', 'one@duo replaces []', 'two@duo replaces []']);
  });
});

describe('enabling an installed plugin', () => {
  const [installed] = withInstalledPlugins(bundle, [pkg('9', 'a-v2', 'a')]).exports;

  it('is switched by its own context path, not by the bundle plugin it replaces', () => {
    expect(isEnabledByConfig({ excludedRemotes: { 'bundle@1.0.0': ['a'], 'a@1.0.0': ['plugin'] } }, bundle, installed)).toBe(true);
    const off = setPluginEnabled({ excludedRemotes: { 'bundle@1.0.0': ['a'] } }, bundle, installed, false);
    expect(off.excludedRemotes).toEqual({ 'bundle@1.0.0': ['a'], 'a-v2@2.0.0': ['plugin'] });
    expect(isEnabledByConfig(off, bundle, installed)).toBe(false);
    expect(isEnabledByConfig(setPluginEnabled(off, bundle, installed, true), bundle, installed)).toBe(true);
  });
});
