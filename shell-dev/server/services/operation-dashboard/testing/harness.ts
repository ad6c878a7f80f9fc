import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerCore, ServerModule } from '../../../core/api';
import { createCore } from '../../../core/core';
import { migrate } from '../../../core/schema';
import { registerParsersAndErrors } from '../../../http/common';

/**
 * The real core stores on a temporary SQLite file, with a settable clock, behind a fastify app
 * with the core's error handler: what createServer assembles, without authentication.
 */
export interface Harness {
  core: ServerCore;
  app: FastifyInstance;
  /** http://127.0.0.1:<port> of the listening app (real HTTP: fastify's inject cannot load in jest). */
  baseUrl: string;
  clock: { now(): number; set(ms: number): void };
  close(): Promise<void>;
}

/** `seed` runs before the modules register, so their start-up work (backfill) sees the data. */
export async function harness(startMs: number, modules: ServerModule[], seed?: (core: ServerCore) => void): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'opdash-'));
  const db = new Database(join(dir, 'db.sqlite'));
  migrate(db);
  let now = startMs;
  const clock = { now: () => now, set: (ms: number) => void (now = ms) };
  const core = createCore(db, clock, dir);
  seed?.(core);
  const app = Fastify();
  registerParsersAndErrors(app);
  for (const m of modules) await m.register(app, core);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    core,
    app,
    baseUrl: address,
    clock,
    async close() {
      for (const m of modules) await m.close?.();
      await app.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
