// npm start [-- --port 9000 --devices 500 --data /tmp/x --proxy https://tenant]: builds what changed
// (skipped when no source changed), then serves shell + plugins + stand-in on one port.
// npm run dev: the same with webpack in watch mode (development build).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildPlatformStyle, isUpToDate, root, run } from './build-lib.mjs';
import { build as buildPlatformShell } from './platform-shell.mjs';

const args = process.argv.slice(2);
const watch = args.includes('--watch');
const serverArgs = args.filter((a) => a !== '--watch');
const mode = watch ? 'development' : 'production';
// --help is the stand-in's: it prints its flags without building anything first.
const help = serverArgs.some((a) => a === '--help' || a === '-h');

if (help) {
  // nothing to build
} else if (watch) {
  await buildPlatformStyle({ full: true });
  // Not watched: the real platform shell at /apps/devicemanagement/ is built once (skipped when unchanged).
  await buildPlatformShell();
  spawn(path.join(root, 'node_modules', '.bin', 'webpack'), ['--env', `mode=${mode}`, '--watch'], { cwd: root, stdio: 'inherit' });
} else if (!isUpToDate(mode)) {
  await run(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--mode', mode]);
} else {
  console.log('start: build is up to date');
  // build.mjs builds it too; here its own stamp decides (e.g. after a fresh install or a change under shell-dev/platform-shell).
  await buildPlatformShell();
}

const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'shell-dev', 'server', 'main.ts'), ...serverArgs], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
