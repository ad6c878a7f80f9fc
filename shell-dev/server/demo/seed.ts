import type { ServerCore } from '../core/api';

export interface SeedOptions {
  /** Number of devices in the demo fleet. */
  devices: number;
  /** Seed of the deterministic generator. */
  seed: number;
}

/** Fills an empty database with the deterministic demo fleet. (Owned by the demo-data work.) */
export async function seedDemoData(core: ServerCore, opts: SeedOptions): Promise<void> {
  void core;
  void opts;
}
