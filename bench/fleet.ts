/**
 * A seeded stand-in data dir at fleet scale, kept under bench/.data/ between runs: seeding
 * 100,000 devices takes minutes on the 2-core machine, so it happens once. The data dir is
 * seeded under a temporary name and renamed when complete, so an interrupted seed is never
 * mistaken for a fleet (the server would otherwise seed a second fleet on top of a partial one).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createServer } from '../shell-dev/server/app';
import { ROOT } from '../e2e/harness';

/** The issues' fleet; BENCH_DEVICES=<n> gives a smaller one for trying a bench out (not for figures). */
export const FLEET_DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
/** Bumped when the seed's shape changes, so older fleets are not reused. */
const FLEET_VERSION = 2;

export const DATA_ROOT = path.join(ROOT, 'bench', '.data');

export async function ensureFleet(devices = FLEET_DEVICES): Promise<string> {
  const dir = path.join(DATA_ROOT, `fleet-${devices}-v${FLEET_VERSION}`);
  if (fs.existsSync(path.join(dir, 'READY'))) return dir;
  const tmp = `${dir}.seeding`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
  const t0 = Date.now();
  console.log(`seeding ${devices} devices into ${path.relative(ROOT, dir)} (once; reused by later runs)`);
  const server = await createServer({ port: 0, host: '127.0.0.1', dataDir: tmp, devices, reset: false, simulate: 'off', seed: 1 });
  await server.close();
  fs.writeFileSync(path.join(tmp, 'READY'), `${devices} devices seeded in ${Date.now() - t0} ms\n`);
  fs.renameSync(tmp, dir);
  console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return dir;
}

if (require.main === module) {
  ensureFleet(Number(process.argv[2] ?? FLEET_DEVICES)).then(
    (dir) => console.log(dir),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
