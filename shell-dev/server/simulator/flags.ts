import type { SimulatorOptions } from './options';

/**
 * Simulator options from command-line flags, for the server's entry point:
 * `--simulate on|off` (default on), `--sim-failure-ratio 0.1`, `--sim-never-answer-ratio 0.1`,
 * `--sim-step-ms 300-1500`, `--sim-tick-ms 100`, `--sim-heartbeats 20`, `--sim-offline-ratio 0.01`,
 * `--sim-alarm-ratio 0.01`, `--sim-measurement-ratio 1`, `--sim-seed 1`. Both `--flag value` and `--flag=value` work.
 */
export function simulatorOptionsFromArgs(argv: readonly string[]): SimulatorOptions {
  const value = (name: string): string | undefined => {
    for (let i = 0; i < argv.length; i++) {
      const a = argv[i]!;
      if (a === `--${name}`) return argv[i + 1];
      if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
    }
    return undefined;
  };
  const num = (name: string): number | undefined => {
    const v = value(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new Error(`--${name} needs a number, got '${v}'`);
    return n;
  };
  const mode = value('simulate') ?? 'on';
  if (mode !== 'on' && mode !== 'off') throw new Error(`--simulate must be on or off, got '${mode}'`);
  const steps = value('sim-step-ms');
  let stepMs: SimulatorOptions['stepMs'];
  if (steps !== undefined) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(steps);
    if (!m) throw new Error(`--sim-step-ms needs 'min-max' or a number, got '${steps}'`);
    stepMs = { min: Number(m[1]), max: Number(m[2] ?? m[1]) };
  }
  return {
    mode,
    stepMs,
    tickMs: num('sim-tick-ms'),
    failureRatio: num('sim-failure-ratio'),
    neverAnswerRatio: num('sim-never-answer-ratio'),
    heartbeatsPerBatch: num('sim-heartbeats'),
    offlineRatio: num('sim-offline-ratio'),
    alarmRaiseRatio: num('sim-alarm-ratio'),
    measurementRatio: num('sim-measurement-ratio'),
    seed: num('sim-seed'),
  };
}
