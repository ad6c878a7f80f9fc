// The real platform shell (shell-dev/platform-shell, an Angular app from @c8y/ngx-components):
//   node scripts/platform-shell.mjs install   its own node_modules (npm ci), skipped when installed for this lockfile
//   node scripts/platform-shell.mjs build [--force]   AOT production build into dist/apps/devicemanagement/,
//                                                      skipped when no source changed and the output exists
// It is a separate npm project (Angular 20 toolchain, ~750 MB) so the bundle's own dependencies stay
// free of it; the root's postinstall and build scripts call this file.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const shellDir = path.join(root, 'shell-dev', 'platform-shell');
const nodeModules = path.join(shellDir, 'node_modules');
const lockfile = path.join(shellDir, 'package-lock.json');
/** Inside node_modules: `npm ci` deletes it together with what it vouches for. */
const INSTALL_STAMP = path.join(nodeModules, '.platform-shell-install');
/** The application (manifest.json platformShell; cumulocity.config.ts reads it too): its contextPath is the folder the stand-in serves. */
const PLATFORM_SHELL = JSON.parse(fs.readFileSync(path.join(root, 'manifest.json'), 'utf8')).platformShell;
if (!PLATFORM_SHELL?.contextPath || !PLATFORM_SHELL.key) throw new Error('manifest.json: platformShell {name, contextPath, key, version} is missing: it names the platform shell application');
const CONTEXT_PATH = PLATFORM_SHELL.contextPath;
const BUILD_OUT = path.join(shellDir, 'dist', CONTEXT_PATH);
export const outDir = path.join(root, 'dist', 'apps', CONTEXT_PATH);
const BUILD_STAMP = path.join(root, 'dist', '.platform-shell-stamp');
/** What the build reads besides node_modules (which the lockfile stands for). */
const BUILD_SOURCES = ['package.json', 'package-lock.json', 'angular.json', 'cumulocity.config.ts', 'tsconfig.json', 'tsconfig.app.json', 'src'];

/**
 * npm exports its whole configuration to lifecycle scripts as npm_config_* (and npm_package_*,
 * npm_lifecycle_*): a nested npm would take the parent's `--omit=dev`, `--global`, `--prefix`,
 * `--workspace`... as its own. Only the settings that say how to reach the registry pass through.
 */
const PASS_NPM_CONFIG = new Set(['registry', 'cache', 'userconfig', 'globalconfig', 'proxy', 'https_proxy', 'noproxy', 'cafile', 'strict_ssl', 'prefer_offline', 'offline', 'fetch_retries', 'fetch_timeout', 'loglevel']);

export function childEnv(env = process.env) {
  const out = {};
  const parentBins = path.join(root, 'node_modules', '.bin');
  for (const [k, v] of Object.entries(env)) {
    const lower = k.toLowerCase();
    if (lower.startsWith('npm_config_')) {
      if (PASS_NPM_CONFIG.has(lower.slice('npm_config_'.length).replaceAll('-', '_'))) out[k] = v;
    } else if (!lower.startsWith('npm_') && k !== 'INIT_CWD' && k !== 'NODE_ENV') {
      out[k] = v;
    }
  }
  // npm run puts the root's node_modules/.bin first on PATH: the nested project must use its own tools.
  const pathKey = Object.keys(out).find((k) => k.toUpperCase() === 'PATH');
  if (pathKey) out[pathKey] = out[pathKey].split(path.delimiter).filter((p) => path.resolve(p) !== parentBins && !p.endsWith(`${path.sep}node_modules${path.sep}.bin`)).join(path.delimiter);
  // No prompts, no telemetry questions: CI has no standard input (stdin is closed too, see run()).
  return { ...out, NG_CLI_ANALYTICS: 'false', npm_config_yes: 'true', npm_config_update_notifier: 'false' };
}

function run(cmd, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: childEnv(), stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} (in ${path.relative(root, cwd) || '.'}) exited ${signal ?? code}`))));
  });
}

function hashFiles(files, extra = '') {
  const h = createHash('sha256').update(extra);
  for (const f of files) {
    h.update(`${path.relative(shellDir, f)}\0`);
    h.update(fs.existsSync(f) ? fs.readFileSync(f) : 'missing');
    h.update('\0');
  }
  return h.digest('hex');
}

function* walk(p) {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return;
  if (st.isDirectory()) for (const e of fs.readdirSync(p).sort()) yield* walk(path.join(p, e));
  else yield p;
}

/** The lockfile (or, without one, package.json) and Node's major version: what `npm ci` installs depends on them. */
const installHash = () => `${process.versions.node.split('.')[0]}:${hashFiles([path.join(shellDir, 'package.json'), lockfile])}`;
const readStamp = (f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined);

export async function install({ force = false } = {}) {
  const want = installHash();
  if (!force && readStamp(INSTALL_STAMP) === want) {
    console.log('platform shell: dependencies installed for this lockfile, install skipped');
    return;
  }
  const started = Date.now();
  const hasLock = fs.existsSync(lockfile);
  // npm ci: exactly the committed lockfile, from a clean node_modules; npm install only to create one.
  const npmArgs = [hasLock ? 'ci' : 'install', '--no-audit', '--no-fund', '--include=dev'];
  console.log(`platform shell: npm ${npmArgs.join(' ')} in ${path.relative(root, shellDir)} (about 45 s and 750 MB on first install)`);
  const [cmd, ...pre] = npmCommand();
  await run(cmd, [...pre, ...npmArgs], shellDir);
  fs.writeFileSync(INSTALL_STAMP, installHash());
  console.log(`platform shell: installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The npm running this script (npm_execpath, set for lifecycle scripts) so both installs use one npm; else the one on PATH. */
function npmCommand() {
  const execPath = process.env.npm_execpath;
  if (execPath && /npm-cli\.js$/.test(execPath) && fs.existsSync(execPath)) return [process.execPath, execPath];
  return [process.platform === 'win32' ? 'npm.cmd' : 'npm'];
}

/** Only the fields cumulocity.config.ts builds in (the rest of platformShell, e.g. excludedRemotes, is runtime config). */
const builtIdentity = () => JSON.stringify([PLATFORM_SHELL.name, PLATFORM_SHELL.contextPath, PLATFORM_SHELL.key]);
const buildHash = () => hashFiles([...BUILD_SOURCES.flatMap((s) => [...walk(path.join(shellDir, s))]), fileURLToPath(import.meta.url)], builtIdentity());

export function isBuilt() {
  return fs.existsSync(path.join(outDir, 'index.html')) && readStamp(BUILD_STAMP) === buildHash();
}

export async function build({ force = false } = {}) {
  await install();
  if (!force && isBuilt()) {
    console.log(`platform shell: no source changed since the last build, skipped (${path.relative(root, outDir)})`);
    return;
  }
  const started = Date.now();
  fs.rmSync(BUILD_OUT, { recursive: true, force: true });
  console.log('platform shell: ng build --configuration production (AOT; 1-2 min, up to 3 GB of memory)');
  await run(process.execPath, [path.join(nodeModules, '@angular', 'cli', 'bin', 'ng.js'), 'build', '--configuration', 'production'], shellDir);
  if (!fs.existsSync(path.join(BUILD_OUT, 'index.html'))) throw new Error(`platform shell: the build wrote no ${path.relative(root, BUILD_OUT)}/index.html`);
  // Swap the new output in whole, so a running stand-in never serves half of two builds (the
  // temporary folders stay outside dist/apps, where the stand-in would serve them as apps).
  const next = path.join(root, 'dist', `.${CONTEXT_PATH}.next`);
  const old = path.join(root, 'dist', `.${CONTEXT_PATH}.old`);
  fs.rmSync(next, { recursive: true, force: true });
  fs.rmSync(old, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(outDir), { recursive: true });
  fs.cpSync(BUILD_OUT, next, { recursive: true });
  if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
  fs.renameSync(next, outDir);
  fs.rmSync(old, { recursive: true, force: true });
  fs.writeFileSync(BUILD_STAMP, buildHash());
  console.log(`platform shell: built in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${path.relative(root, outDir)}/`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const commands = { install, build };
  if (!commands[command]) {
    console.error('usage: node scripts/platform-shell.mjs install|build [--force]');
    process.exit(2);
  }
  commands[command]({ force }).catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
