import type { FastifyInstance } from 'fastify';
import type { ServerCore, ServerModule } from '../../../core/api';
import { removeDir, startTestServer } from '../../../testing/core';

/**
 * The real core on a temporary SQLite file, with a settable clock, behind a fastify app with the
 * core's error handler (testing/core.ts), without authentication.
 */
export interface Harness {
  core: ServerCore;
  app: FastifyInstance;
  /** http://127.0.0.1:<port> of the listening app. */
  baseUrl: string;
  clock: { now(): number; set(ms: number): void };
  /** Closes everything and removes the directory. */
  close(): Promise<void>;
}

/** `seed` runs before the modules register, so their start-up work (backfill) sees the data. */
export async function harness(startMs: number, modules: ServerModule[], seed?: (core: ServerCore) => void): Promise<Harness> {
  const s = await startTestServer({ now: startMs, modules, seed });
  return {
    core: s.core,
    app: s.app,
    baseUrl: s.baseUrl,
    clock: s.clock,
    async close() {
      await s.close();
      removeDir(s.dir);
    },
  };
}
