/**
 * scripts/platform-shell.mjs: the nested npm of the real platform shell must not inherit the root
 * install's npm settings, and the shell's pins must stay what was proven to build (PLATFORM-UI.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(__dirname, '..');
const script = path.join(root, 'scripts', 'platform-shell.mjs');
const shellDir = path.join(root, 'shell-dev', 'platform-shell');

/** childEnv() of the real module, run by Node as ESM (jest runs this file as CommonJS). */
function childEnv(env: Record<string, string>): Record<string, string> {
  const code = `import { childEnv } from ${JSON.stringify(script)}; process.stdout.write(JSON.stringify(childEnv(JSON.parse(process.env.TEST_ENV))));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { env: { ...process.env, TEST_ENV: JSON.stringify(env) }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

describe('platform shell: nested npm environment', () => {
  const parent = {
    HOME: '/home/ci',
    PATH: [path.join(root, 'node_modules', '.bin'), '/opt/lib/node_modules/.bin', '/usr/local/bin', '/usr/bin'].join(path.delimiter),
    NODE_ENV: 'production',
    INIT_CWD: root,
    npm_lifecycle_event: 'postinstall',
    npm_package_name: 'adamos-device-operations-bundle',
    npm_config_omit: 'dev',
    npm_config_global: 'true',
    npm_config_prefix: '/somewhere/else',
    npm_config_workspace: 'x',
    npm_config_ignore_scripts: 'true',
    npm_config_registry: 'https://registry.example.test/',
    npm_config_https_proxy: 'http://proxy.example.test:3128',
    npm_config_cache: '/home/ci/.npm',
  };
  const env = childEnv(parent);

  test.each(['npm_config_omit', 'npm_config_global', 'npm_config_prefix', 'npm_config_workspace', 'npm_config_ignore_scripts', 'npm_lifecycle_event', 'npm_package_name', 'INIT_CWD', 'NODE_ENV'])(
    'drops %s (it would change what or where the nested npm installs)',
    (key) => expect(env).not.toHaveProperty(key),
  );

  test('keeps how to reach the registry', () => {
    expect(env).toMatchObject({
      npm_config_registry: 'https://registry.example.test/',
      npm_config_https_proxy: 'http://proxy.example.test:3128',
      npm_config_cache: '/home/ci/.npm',
      HOME: '/home/ci',
    });
  });

  test("takes no tools from other projects' node_modules/.bin", () => {
    expect(env.PATH.split(path.delimiter)).toEqual(['/usr/local/bin', '/usr/bin']);
  });

  test('asks nothing (CI has no standard input)', () => {
    expect(env).toMatchObject({ NG_CLI_ANALYTICS: 'false', npm_config_yes: 'true' });
  });
});

describe('platform shell: command line', () => {
  test.each([[[]], [['deploy']]])('%j is a usage error', (args) => {
    const r = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage: node scripts/platform-shell.mjs install|build [--force]');
  });
});

describe('platform shell: pins', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(shellDir, 'package.json'), 'utf8'));
  const lock = JSON.parse(fs.readFileSync(path.join(shellDir, 'package-lock.json'), 'utf8'));
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'manifest.json'), 'utf8'));
  const deps: Record<string, string> = { ...pkg.dependencies, ...pkg.devDependencies };

  test('every dependency is an exact version (a range would let npm pick e.g. monaco-editor 0.57, which fails the build)', () => {
    expect(Object.entries(deps).filter(([, v]) => !/^\d+\.\d+\.\d+$/.test(v))).toEqual([]);
  });

  test('the lockfile is the one for package.json (else `npm ci` refuses to install)', () => {
    const rootEntry = lock.packages[''];
    expect({ ...rootEntry.dependencies, ...rootEntry.devDependencies }).toEqual(deps);
    for (const [name, version] of Object.entries(deps)) expect([name, lock.packages[`node_modules/${name}`]?.version]).toEqual([name, version]);
  });

  test('Angular packages are one version (they peer-depend on exact siblings), @c8y/* the platform version', () => {
    const angular = Object.entries(deps).filter(([n]) => n.startsWith('@angular/') && !['@angular/cdk', '@angular/cli'].includes(n));
    expect(new Set(angular.map(([, v]) => v))).toEqual(new Set(['20.3.31']));
    const c8y = Object.entries(deps).filter(([n]) => n.startsWith('@c8y/'));
    expect(c8y.length).toBeGreaterThanOrEqual(6);
    expect(new Set(c8y.map(([, v]) => v))).toEqual(new Set([manifest.platformShell.version]));
    expect(deps['monaco-editor']).toBe('0.53.0');
    expect(pkg.overrides['angular-gettext-tools']).toBe('2.5.3');
  });

  test('the application is the one manifest.json names', () => {
    expect(manifest.platformShell).toMatchObject({ contextPath: 'devicemanagement', key: 'devicemanagement-application-key', name: 'Device Management' });
    expect(pkg.version).toBe(manifest.platformShell.version);
  });
});
