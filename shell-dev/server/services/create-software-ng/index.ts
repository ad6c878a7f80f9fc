import type { FastifyError, FastifyInstance } from 'fastify';
import type { ServerCore, ServerModule } from '../../core/api';
import { HttpError } from '../../core/api';
import { SERVICE_NAME, SERVICE_PREFIX } from './constants';
import type { ServiceContext } from './helpers';
import { JobRunner, parseJobFault } from './jobs';
import { parseRolloutFault, RolloutEngine } from './rollout-engine';
import { keepPackagePasswords } from './package-passwords';
import { registerOperationRoutes } from './routes/operations';
import { registerProfileRoutes } from './routes/profiles';
import { registerRolloutRoutes } from './routes/rollouts';
import { registerSoftwareRoutes } from './routes/software';
import { ChoicesGoneError } from './validation';
import { ServiceStore } from './store';

export interface CreateSoftwareNgOptions {
  /** Rollout engine timers (batch gaps, time-outs); false leaves time to the caller (tests advance a fake clock and call tick()). */
  rolloutTimers?: boolean;
}

export interface CreateSoftwareNgModule extends ServerModule {
  /** Available after register(): the engine and job runner, for tests and benchmarks. */
  context(): ServiceContext;
}

/** The create-software-ng microservice: repository, profiles, assignments, jobs and rollouts. */
export function createSoftwareNgModule(opts: CreateSoftwareNgOptions = {}): CreateSoftwareNgModule {
  let ctx: ServiceContext | null = null;
  let stopPasswords: (() => void) | null = null;
  return {
    name: SERVICE_NAME,
    context() {
      if (!ctx) throw new Error(`${SERVICE_NAME} is not registered`);
      return ctx;
    },
    async register(app: FastifyInstance, core: ServerCore) {
      const store = new ServiceStore(core.db);
      const c: ServiceContext = { core, store, jobs: new JobRunner(core, store, parseJobFault(process.env.CSNG_TEST_JOB_FAULT)), engine: new RolloutEngine(core, store, parseRolloutFault(process.env.CSNG_TEST_ROLLOUT_FAULT)) };
      ctx = c;
      await app.register(
        async (scope) => {
          scope.setErrorHandler((err: FastifyError | HttpError, _req, reply) => {
            if (err instanceof HttpError) return reply.code(err.status).send({ error: err.error, message: err.message, info: SERVICE_PREFIX, ...(err instanceof ChoicesGoneError ? { missing: err.missing } : {}) });
            const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
            if (status >= 500) console.error(`${SERVICE_NAME}:`, err);
            return reply.code(status).send({ error: `${SERVICE_NAME}/${status >= 500 ? 'internalError' : 'badRequest'}`, message: err.message, info: SERVICE_PREFIX });
          });
          registerSoftwareRoutes(scope, c);
          registerProfileRoutes(scope, c);
          registerOperationRoutes(scope, c);
          registerRolloutRoutes(scope, c);
        },
        { prefix: SERVICE_PREFIX },
      );
      stopPasswords = keepPackagePasswords(core, store);
      c.engine.start(opts.rolloutTimers ?? true);
      c.jobs.resume();
    },
    async close() {
      if (!ctx) return;
      stopPasswords?.();
      ctx.engine.stop();
      await ctx.jobs.stop();
    },
  };
}
