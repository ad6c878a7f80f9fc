/**
 * README "Packaging for tenants": the cumulocity.json each dist/<plugin-id>.zip carries, from
 * scripts/package-plugins.mjs's pluginManifest (run by Node as ESM; jest runs this file as CommonJS).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(__dirname, '..');
const script = path.join(root, 'scripts', 'package-plugins.mjs');
const bundle = JSON.parse(fs.readFileSync(path.join(root, 'manifest.json'), 'utf8')) as { exports: { id: string; contextPath: string; module: string; version: string }[] };

function manifests(): Record<string, unknown>[] {
  const code = `import fs from 'node:fs'; import { pluginManifest } from ${JSON.stringify(script)};
const bundle = JSON.parse(fs.readFileSync(${JSON.stringify(path.join(root, 'manifest.json'))}, 'utf8'));
process.stdout.write(JSON.stringify(bundle.exports.map((p) => pluginManifest(bundle, p))));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as Record<string, unknown>[];
}

describe('cumulocity.json of each plugin package', () => {
  const all = manifests();

  it('has one per plugin, in the platform shape README names', () => {
    expect(all).toHaveLength(bundle.exports.length);
    bundle.exports.forEach((plugin, i) => {
      const m = all[i];
      expect([m.name, m.key, m.contextPath, m.version]).toEqual([plugin.id, `${plugin.id}-key`, plugin.contextPath, plugin.version]);
      expect(m).toMatchObject({ isPackage: true, package: 'plugin', remotes: { [plugin.contextPath]: [plugin.module] }, exports: [expect.objectContaining({ module: plugin.module })] });
      expect(m).toMatchObject({ requiredPlatformVersion: '>=1023.0.0', versioningMatrix: { '1.0.0': { sdk: '>=1023.0.0 <1024.0.0', api: '>=1023.0.0' } } });
    });
  });

  it('names the module by the plugin (e.g. DeviceOperationsProviders), as the remote exposes it', () => {
    const ops = all.find((m) => m.name === 'device-operations');
    expect(ops).toMatchObject({ remotes: { 'device-operations': ['DeviceOperationsProviders'] }, exports: [{ module: 'DeviceOperationsProviders' }] });
    for (const m of all) expect((m.exports as { module: string }[])[0].module).toMatch(/^[A-Z][A-Za-z]+Providers$/);
  });
});
