import type { ServerModule } from '../core/api';
import { Agents } from './agents';
import { Background } from './background';
import { resolve, type SimulatorOptions } from './options';
import { Scheduler } from './scheduler';

export type { SimulatorOptions } from './options';

export interface Simulator extends ServerModule {
  /** Advances the simulator's clock by ms (default: one tick) and runs what is due. */
  tick(ms?: number): void;
  /** Operation steps waiting to run. */
  pending(): number;
}

/** Upper bound on operations adopted at start (left PENDING/EXECUTING by a previous run). */
const ADOPT_LIMIT = 2000;

/** Simulated agents answering operations, heartbeats, alarms. */
export function createSimulator(opts: SimulatorOptions): Simulator {
  const o = resolve(opts);
  const scheduler = new Scheduler();
  let timer: NodeJS.Timeout | undefined;
  let background: Background | undefined;
  let sinceBatch = 0;
  let running = false;

  const tick = (ms = o.tickMs) => {
    if (!running) return;
    scheduler.advance(ms, o.maxStepsPerTick);
    sinceBatch += ms;
    if (background && sinceBatch >= o.backgroundEveryMs) {
      sinceBatch = 0;
      try {
        background.batch();
      } catch (e) {
        console.error('simulator background batch failed', e);
      }
    }
  };

  return {
    name: 'simulator',
    register(_app, core) {
      if (o.mode === 'off') return;
      running = true;
      const agents = new Agents(core, scheduler, o);
      background = new Background(core, o);
      core.onOperationCreated((op) => {
        if (running) agents.handle(op);
      });
      for (const status of ['EXECUTING', 'PENDING'] as const) {
        for (const op of core.operations.list({ status, pageSize: ADOPT_LIMIT }).items) agents.handle(op);
      }
      if (o.tickMs > 0) {
        timer = setInterval(() => tick(), o.tickMs);
        timer.unref();
      }
    },
    tick,
    pending: () => scheduler.size,
    close() {
      running = false;
      if (timer) clearInterval(timer);
      timer = undefined;
      scheduler.clear();
    },
  };
}
