/** Simulator settings; every rate is a flag of the server (see flags.ts and README.md). */
export interface SimulatorOptions {
  /** 'off' makes tests deterministic: no agent answers, no background changes. */
  mode: 'on' | 'off';
  /** Timer period of the simulator (ms); 0 = no timer, the caller drives it with tick(). */
  tickMs?: number;
  /** Delay of each operation step, drawn per operation and step within [min, max] ms. */
  stepMs?: { min: number; max: number };
  /** Share of operations (device-level) or package installations that fail. */
  failureRatio?: number;
  /** Share of devices whose agent never answers operations (default: ids ending in 7). */
  neverAnswerRatio?: number;
  /** Every this many ms of simulator time a batch of devices sends heartbeats. */
  backgroundEveryMs?: number;
  /** Devices in one heartbeat batch (bounded work per tick whatever the fleet size). */
  heartbeatsPerBatch?: number;
  /** Chance that an online device of the batch goes offline. */
  offlineRatio?: number;
  /** Chance that an offline device of the batch comes back. */
  comeBackRatio?: number;
  /** Chance that a device of the batch raises an alarm. */
  alarmRaiseRatio?: number;
  /** Chance, per batch, that one open alarm is cleared; tried this many times per batch. */
  alarmClearRatio?: number;
  alarmClearsPerBatch?: number;
  /** Most operation steps run in one tick; the rest wait for the next one. */
  maxStepsPerTick?: number;
  /** Length of a mobile router monitoring window started by StartMonitoring (minutes). */
  monitoringMinutes?: number;
  /** Seed of the background randomness (which device goes offline, which alarm). */
  seed?: number;
  /** A device's heartbeat also sends a CPU workload measurement (0 = never, 1 = every heartbeat). */
  measurementRatio?: number;
  /** Measurements older than this are removed (a long-running stand-in must not grow without end). */
  measurementRetentionHours?: number;
}

export type ResolvedOptions = Required<SimulatorOptions>;

export const DEFAULTS: Omit<ResolvedOptions, 'mode'> = {
  tickMs: 100,
  stepMs: { min: 300, max: 1500 },
  failureRatio: 0.1,
  neverAnswerRatio: 0.1,
  backgroundEveryMs: 2000,
  heartbeatsPerBatch: 20,
  offlineRatio: 0.01,
  comeBackRatio: 0.2,
  alarmRaiseRatio: 0.01,
  alarmClearRatio: 0.3,
  alarmClearsPerBatch: 2,
  maxStepsPerTick: 200,
  monitoringMinutes: 60,
  seed: 1,
  measurementRatio: 1,
  measurementRetentionHours: 24,
};

export function resolve(opts: SimulatorOptions): ResolvedOptions {
  const o = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) } as ResolvedOptions;
  for (const k of ['failureRatio', 'neverAnswerRatio', 'offlineRatio', 'comeBackRatio', 'alarmRaiseRatio', 'alarmClearRatio', 'measurementRatio'] as const) {
    if (!(o[k] >= 0 && o[k] <= 1)) throw new Error(`simulator: ${k} must be between 0 and 1, got ${o[k]}`);
  }
  if (!(o.stepMs.min >= 0 && o.stepMs.max >= o.stepMs.min)) throw new Error(`simulator: stepMs needs 0 <= min <= max`);
  if (!(o.tickMs >= 0)) throw new Error('simulator: tickMs must be >= 0');
  if (!(o.measurementRetentionHours > 0)) throw new Error('simulator: measurementRetentionHours must be > 0');
  return o;
}
