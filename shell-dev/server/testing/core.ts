/**
 * The real server core for tests (issue 22): createCore on a fresh SQLite file in a temporary
 * directory, opened as the server opens it, with a clock that moves only when the test says so.
 * Tests run what the stand-in really does instead of a hand-made double of it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { openDatabase } from '../app';
import type { Clock, RealtimeAction, ServerModule } from '../core/api';
import { DEFAULT_TENANT, DEMO_USERS } from '../core/auth';
import { type Core, createCore } from '../core/core';
import { AUTH_COOKIE, registerAuth } from '../http/auth';
import { registerParsersAndErrors } from '../http/common';
import { registerPlatform } from '../http/platform';

export interface TestClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export interface TestCore {
  core: Core;
  /** The temporary directory holding the database file (platform.sqlite). */
  dir: string;
  clock: TestClock;
  /** Channel and action of every committed write since the core was opened, in order. */
  published: { channel: string; action: RealtimeAction }[];
  /** Closes the database; the directory stays, so a test can open the core on it again (a restart). */
  close(): Promise<void>;
}

export function tempDir(prefix = 'core-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** The real core on `dir` (a new temporary directory unless given), its clock at `now`. */
export function openTestCore(now: number, dir = tempDir()): TestCore {
  const db = openDatabase(dir);
  let t = now;
  const clock: TestClock = { now: () => t, set: (ms) => void (t = ms), advance: (ms) => void (t += ms) };
  const core = createCore(db, clock, dir);
  const published: TestCore['published'] = [];
  const unsubscribe = core.ctx.onChange((channel, action) => void published.push({ channel, action }));
  return {
    core,
    dir,
    clock,
    published,
    async close() {
      unsubscribe();
      await core.readers?.close();
      db.close();
    },
  };
}

/** Who signs in: the demo users (admin, operator, viewer) or a user without any role. */
export type TestUser = 'admin' | 'operator' | 'viewer' | 'noRoles';

export interface TestServer extends TestCore {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> (real HTTP: fastify's inject cannot load under jest). */
  baseUrl: string;
  /** Headers that sign a request in as `who`: the session cookie and its XSRF token, as a browser sends them. */
  headers(who: TestUser): Record<string, string>;
  /** Closes the modules, the app and the database; the directory stays (see TestCore.close). */
  close(): Promise<void>;
}

export interface TestServerOptions {
  now: number;
  modules: ServerModule[];
  /** Open the core on this directory (a restart); a new temporary one otherwise. */
  dir?: string;
  /** Runs before the modules register, so their start-up work (backfill, rebuilds) sees the data. */
  seed?: (core: Core) => void;
  /**
   * Authenticate requests and apply the role table (registerAuth), with the platform routes the
   * modules call back into (identity). Without it, a route that asks for the user fails (401).
   */
  auth?: boolean;
}

/**
 * The real core behind a fastify app with the server's parsers and error handler, the given
 * modules registered, listening on a free port: what createServer assembles, without the seed,
 * the static apps and realtime.
 */
export async function startTestServer(opts: TestServerOptions): Promise<TestServer> {
  const t = openTestCore(opts.now, opts.dir);
  const app = Fastify();
  const sessions = new Map<TestUser, { token: string; xsrf: string }>();
  try {
    if (opts.auth) {
      for (const [who, session] of signIn(t.core)) sessions.set(who, session);
    }
    opts.seed?.(t.core);
    registerParsersAndErrors(app);
    if (opts.auth) {
      registerAuth(app, t.core);
      registerPlatform(app, t.core);
    }
    for (const m of opts.modules) await m.register(app, t.core);
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (e) {
    await app.close();
    await t.close();
    throw e;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...t,
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    headers(who) {
      const s = sessions.get(who);
      if (!s) throw new Error(opts.auth ? `no test user ${who}` : 'this test server has no authentication (auth: true)');
      return { cookie: `${AUTH_COOKIE}=${s.token}`, 'x-xsrf-token': s.xsrf };
    },
    async close() {
      for (const m of [...opts.modules].reverse()) await m.close?.();
      await app.close();
      await t.close();
    },
  };
}

/**
 * The demo users with their roles from the tenant's default groups, and one user without any,
 * each with a session. The users get no password: hashing one (scrypt) costs ~40 ms, and a test
 * server is started for every test. ensureDemoUsers keeps users that exist and adds the groups.
 */
function signIn(core: Core): [TestUser, { token: string; xsrf: string }][] {
  const names = [...DEMO_USERS.map((u) => u.userName), 'noRoles'];
  return core.transaction(() => {
    for (const userName of names) {
      // A restart on the same directory finds them.
      if (!core.auth.userDoc(DEFAULT_TENANT, userName)) core.users.create(DEFAULT_TENANT, { userName, email: `${userName}@test.example`, sendPasswordResetEmail: true });
    }
    core.auth.ensureDemoUsers('unused: the users exist already');
    return names.map((userName) => {
      // The session names the user only; its roles are read from the user's groups on every request.
      const { token, xsrf } = core.auth.createSession({ tenant: DEFAULT_TENANT, userName, effectiveRoles: [] });
      return [userName as TestUser, { token, xsrf }];
    });
  });
}
