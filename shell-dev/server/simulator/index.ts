import type { ServerModule } from '../core/api';

export interface SimulatorOptions {
  /** 'off' makes tests deterministic: no agent answers, no background changes. */
  mode: 'on' | 'off';
}

/** Simulated agents answering operations, heartbeats, alarms. */
export function createSimulator(opts: SimulatorOptions): ServerModule {
  return { name: 'simulator', register: () => void opts };
}
