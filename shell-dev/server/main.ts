/**
 * npx tsx shell-dev/server/main.ts [--port 8080] [--host 127.0.0.1] [--data .data] [--devices 2000]
 *   [--reset] [--proxy URL] [--simulate on|off] [--seed 1] [--password demo] [--sim-* value]
 * (the simulator's flags: simulator/flags.ts, e.g. --sim-failure-ratio 0.2 --sim-step-ms 300-1500)
 */
import fs from 'node:fs';
import path from 'node:path';
import { createServer, DEFAULT_DEVICES, DEFAULT_PORT, REPO_ROOT } from './app';
import { platformShellOf, readManifest } from './core/applications';
import { DEFAULT_TENANT, DEMO_PASSWORD, DEMO_USERS } from './core/auth';
import { simulatorOptionsFromArgs } from './simulator/flags';

const FLAGS_WITH_VALUE = new Set(['port', 'host', 'data', 'devices', 'proxy', 'simulate', 'seed', 'password']);
/** The simulator's own flags (simulator/flags.ts reads them). */
const SIMULATOR_FLAGS = new Set(['sim-failure-ratio', 'sim-never-answer-ratio', 'sim-step-ms', 'sim-tick-ms', 'sim-heartbeats', 'sim-offline-ratio', 'sim-alarm-ratio', 'sim-measurement-ratio', 'sim-seed']);
const BOOLEAN_FLAGS = new Set(['reset']);

/** What `--help` prints (and an unknown flag points to). */
const USAGE = `Usage: npm start -- [flags]   (or: npx tsx shell-dev/server/main.ts [flags])
  --port N            port to serve on (default ${DEFAULT_PORT})
  --host ADDRESS      address to listen on (default 127.0.0.1)
  --data DIR          data folder: database, uploads (default .data)
  --devices N         demo fleet size when the data folder is new (default ${DEFAULT_DEVICES})
  --reset             regenerate the demo data
  --simulate on|off   simulated device agents (default on)
  --seed N            demo data seed (default 1)
  --password TEXT     the demo users' password (default ${DEMO_PASSWORD})
  --proxy URL         serve shell and plugins, forward the API to a real tenant
  --sim-* VALUE       the simulator's settings: --sim-failure-ratio, --sim-never-answer-ratio,
                      --sim-step-ms, --sim-tick-ms, --sim-heartbeats, --sim-offline-ratio,
                      --sim-alarm-ratio, --sim-measurement-ratio, --sim-seed
                      (shell-dev/server/simulator/README.md)
  --help              this text`;

function parseArgs(argv: string[]): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`Unexpected argument '${argv[i]}'`);
    const [, name, inline] = m;
    if (BOOLEAN_FLAGS.has(name)) out[name] = inline === undefined ? true : inline !== 'false';
    else if (FLAGS_WITH_VALUE.has(name) || SIMULATOR_FLAGS.has(name)) {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`--${name} needs a value`);
      out[name] = v;
    } else throw new Error(`Unknown flag --${name} (--help lists the flags)`);
  }
  return out;
}

function int(v: string | boolean | undefined, name: string, fallback: number): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !/^\d+$/.test(v)) throw new Error(`--${name} must be a whole number`);
  return Number(v);
}

/** --proxy's value: the tenant's http(s) address (a bare host name or another scheme is refused, saying how it should look). */
function tenantUrl(v: string | boolean | undefined): string | undefined {
  if (v === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(String(v));
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new Error(`--proxy needs the tenant's address with http:// or https://, e.g. --proxy https://mytenant.cumulocity.com (got '${String(v)}')`);
  }
  return String(v);
}

async function main(): Promise<void> {
  if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
    console.log(USAGE);
    return;
  }
  const args = parseArgs(process.argv.slice(2));
  const simulate = args.simulate ?? 'on';
  if (simulate !== 'on' && simulate !== 'off') throw new Error('--simulate must be on or off');
  const { mode: _mode, ...simulator } = simulatorOptionsFromArgs(process.argv.slice(2));
  const password = typeof args.password === 'string' ? args.password : DEMO_PASSWORD;
  const started = Date.now();
  const server = await createServer({
    port: int(args.port, 'port', DEFAULT_PORT),
    host: typeof args.host === 'string' ? args.host : '127.0.0.1',
    dataDir: path.resolve(typeof args.data === 'string' ? args.data : path.join(REPO_ROOT, '.data')),
    devices: int(args.devices, 'devices', DEFAULT_DEVICES),
    reset: args.reset === true,
    proxy: tenantUrl(args.proxy),
    simulate,
    simulator,
    seed: int(args.seed, 'seed', 1),
    demoPassword: password,
  });
  const port = new URL(server.url).port;
  console.log(`Stand-in platform ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`  Open http://localhost:${port}/apps/shell/ (dev shell)`);
  // The real platform UI (@c8y/ngx-components); `npm start` builds it, the server alone may run without.
  const platformUi = platformShellOf(readManifest(path.join(REPO_ROOT, 'manifest.json')))?.contextPath;
  if (platformUi) {
    const built = fs.existsSync(path.join(REPO_ROOT, 'dist', 'apps', platformUi, 'index.html'));
    console.log(`    or http://localhost:${port}/apps/${platformUi}/ (the platform's own UI, built from @c8y/ngx-components${built ? '' : '; not built yet: npm run build'})`);
  }
  if (args.proxy) console.log(`  API forwarded to ${args.proxy}`);
  else {
    console.log(`  Logins (tenant ${DEFAULT_TENANT}, password ${password}):`);
    for (const u of DEMO_USERS) console.log(`    ${u.userName.padEnd(9)} ${DEFAULT_TENANT}/${u.userName}`);
  }
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  const err = e as NodeJS.ErrnoException & { port?: number };
  if (err?.code === 'EADDRINUSE') console.error(`Port ${err.port ?? ''} is already in use (another npm start?): stop that server or pick another port with --port`);
  else console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
