/**
 * The stand-in platform: one fastify process serving the REST API, realtime (Bayeux) and the
 * apps under /apps/<contextPath>/, on one SQLite file. Microservices and the simulator plug in
 * as ServerModules; the demo fleet comes from demo/seed.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { Clock, ServerModule } from './core/api';
import { applicationVersion, defaultRemotes, platformShellOf, readManifest } from './core/applications';
import { binariesDirOf } from './core/binaries';
import { DEMO_PASSWORD } from './core/auth';
import { type Core, createCore } from './core/core';
import { RealtimeServer } from './core/realtime';
import { migrate } from './core/schema';
import { seedDemoData } from './demo/seed';
import { registerAuth } from './http/auth';
import { clientError, errorBody, frameworkError, MEDIA, registerParsersAndErrors, sendJson } from './http/common';
import { registerInventory } from './http/inventory';
import { MAX_BINARY_BYTES, registerPlatform } from './http/platform';
import { registerPlatformShell } from './http/platform-shell';
import { forwardToTenant, registerProxy } from './http/proxy';
import { registerRecords } from './http/records';
import { registerSchemas } from './http/schemas';
import { registerStatic } from './http/static';
import { registerPackages } from './packages/index';
import { serviceModules } from './services/index';
import { createSimulator } from './simulator/index';
import type { SimulatorOptions } from './simulator/options';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const DEFAULT_PORT = 8080;
export const DEFAULT_DEVICES = 2000;
export const DB_FILE = 'platform.sqlite';
/** How long a writer waits for another connection's lock before giving up with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;
/** JSON bodies beyond this are refused (binaries go through multipart, which has its own limit). */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

export interface ServerOptions {
  port?: number;
  host?: string;
  dataDir: string;
  devices?: number;
  reset?: boolean;
  /** Forward the API to this tenant instead of serving it (the apps stay local). */
  proxy?: string;
  simulate?: 'on' | 'off';
  /** The simulator's tuning (simulator/options.ts); its mode is `simulate`. */
  simulator?: Omit<SimulatorOptions, 'mode'>;
  seed?: number;
  staticDir?: string;
  manifestPath?: string;
  clock?: Clock;
  /** Password of the demo users (tenant demo: admin, operator, viewer). */
  demoPassword?: string;
  logger?: boolean;
}

export interface RunningServer {
  app: FastifyInstance;
  core: Core;
  url: string;
  close(): Promise<void>;
}

export function openDatabase(dataDir: string, reset = false): Database.Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DB_FILE);
  if (reset) for (const f of [file, `${file}-wal`, `${file}-shm`, binariesDirOf(dataDir)]) fs.rmSync(f, { force: true, recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // WAL + NORMAL stays consistent after a crash; only the last commits may be lost on power loss.
  db.pragma('synchronous = NORMAL');
  migrate(db, binariesDirOf(dataDir));
  return db;
}

export async function createServer(opts: ServerOptions): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  const staticDir = opts.staticDir ?? path.join(REPO_ROOT, 'dist', 'apps');
  const manifestPath = opts.manifestPath ?? path.join(REPO_ROOT, 'manifest.json');
  const clock = opts.clock ?? { now: () => Date.now() };
  const db = openDatabase(opts.dataDir, opts.reset);
  const core = createCore(db, clock, opts.dataDir);
  core.binaries.sweep();
  core.auth.ensureDemoUsers(opts.demoPassword ?? DEMO_PASSWORD);
  const manifest = readManifest(manifestPath);
  core.applications.sync(manifest);

  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: BODY_LIMIT_BYTES, forceCloseConnections: true, frameworkErrors: frameworkError, clientErrorHandler: clientError });
  const modules: ServerModule[] = [];
  let realtime: RealtimeServer | undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    for (const m of [...modules].reverse()) await m.close?.();
    realtime?.close();
    await app.close();
    db.pragma('optimize');
    db.close();
  };

  try {
    // Server-Timing shows the server's own share of a request (devtools, the query bench).
    const started = new WeakMap<object, bigint>();
    app.addHook('onRequest', async (req) => void started.set(req, process.hrtime.bigint()));
    app.addHook('onSend', async (req, reply, payload) => {
      const t = started.get(req);
      if (t !== undefined) reply.header('Server-Timing', `app;dur=${(Number(process.hrtime.bigint() - t) / 1e6).toFixed(2)}`);
      return payload;
    });
    app.get('/health', async (_req, reply) => sendJson(reply, 'application/json', { status: 'UP' }));
    // Packages a tenant admin uploads are unpacked beside the database (they belong to the tenant's data).
    const installedDir = path.join(opts.dataDir, 'apps');
    const upstream = opts.proxy;
    registerStatic(app, staticDir, {
      rootRedirect: !upstream,
      installedDir: upstream ? undefined : installedDir,
      applicationAt: (contextPath) => {
        const a = core.applications.byContextPath(contextPath);
        return a && { version: applicationVersion(a) };
      },
      // Proxy mode: the tenant's login app, public options and own plugins come from the tenant.
      ...(upstream ? { fallback: (req, reply) => forwardToTenant(req, reply, upstream), forwardAlways: (p: string) => p.startsWith('/apps/public/') } : {}),
    });
    if (upstream) {
      await registerProxy(app, upstream, { platformShellContextPath: platformShellOf(manifest)?.contextPath, localRemotes: defaultRemotes(manifest).remotes });
    } else {
      registerParsersAndErrors(app);
      registerSchemas(app);
      await app.register(fastifyMultipart, { limits: { fileSize: MAX_BINARY_BYTES } });
      registerAuth(app, core);
      registerInventory(app, core);
      registerRecords(app, core);
      registerPlatform(app, core);
      registerPackages(app, core, installedDir, path.join(opts.dataDir, 'uploads'));
      registerPlatformShell(app, core);
      app.setNotFoundHandler((req, reply) =>
        sendJson(reply, MEDIA.error, errorBody('general/Not Found', `No resource at ${req.method} ${req.url.split('?')[0]}`), 404),
      );

      realtime = new RealtimeServer(core.auth);
      const rt = realtime;
      core.ctx.publisher = (channel, action, data) => rt.publish(channel, action, data);
      realtime.attach(app.server);

      const seeded = db.prepare("SELECT value FROM meta WHERE key = 'seeded'").get();
      if (!seeded) {
        await seedDemoData(core, { devices: opts.devices ?? DEFAULT_DEVICES, seed: opts.seed ?? 1 });
        db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('seeded', ?)").run(new Date(clock.now()).toISOString());
        // Statistics let the planner pick e.g. the name trigram index over a scan of a type's rows.
        db.exec('ANALYZE');
      } else {
        db.pragma('optimize');
      }
      for (const m of [...serviceModules(), createSimulator({ ...opts.simulator, mode: opts.simulate ?? 'on' })]) {
        await m.register(app, core);
        modules.push(m);
      }
    }
    await app.listen({ port: opts.port ?? DEFAULT_PORT, host });
  } catch (e) {
    await close().catch(() => undefined);
    throw e;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const urlHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return { app, core, url: `http://${urlHost}:${port}`, close };
}
