/**
 * The demo fleet's software rollouts: each counter on a rollout's card opens the list of its
 * devices (GET /softwareRollout/{id}/devices?result=...), so the seed writes the per-device
 * results the engine keeps, matching the counters.
 */
import { seedDemoFleet } from '../demo/seed';
import { harness, type Harness } from '../services/create-software-ng/testing/fixtures';
import { openTestCore, removeDir } from '../testing/core';

jest.setTimeout(60_000);

const NOW = Date.UTC(2024, 0, 1);
const RESULTS = ['processed', 'success', 'updated', 'upToDate', 'failed', 'disabled', 'waiting', 'cancelled', 'pending'] as const;

interface Rollout {
  id: string;
  name: string;
  status: string;
  devices: string[];
  counters: Record<string, number>;
}
interface DevicesPage {
  devices: Array<{ id: string; result: string; failureReason: string | null }>;
  statistics: { totalElements: number };
}

let h: Harness;
let rolloutIds: Record<string, string>;

beforeAll(async () => {
  const t = openTestCore(NOW);
  // 100 devices hold the 50 IoTconnectors the largest demo rollout takes.
  rolloutIds = (await seedDemoFleet(t.core, { devices: 100, seed: 1, now: NOW })).rolloutIds;
  await t.close();
  h = await harness(t.dir);
});
afterAll(async () => {
  await h?.close();
  if (h) removeDir(h.dir);
});

const devicesOf = async (id: string, result?: string): Promise<DevicesPage> => {
  const res = await h.call('GET', `/softwareRollout/${id}/devices?pageSize=100${result ? `&result=${result}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json() as DevicesPage;
};

it('lists, for every counter of every seeded rollout, as many devices as the counter says', async () => {
  const rollouts = Object.values(rolloutIds).map((id) => h.core.inventory.get(id) as unknown as Rollout);
  expect(rollouts.map((r) => r.status).sort()).toEqual(['ARCHIVED', 'BROKEN', 'CANCELLED', 'COMPLETED', 'CREATED']);
  for (const r of rollouts) {
    const all = await devicesOf(r.id);
    expect([r.name, all.statistics.totalElements]).toEqual([r.name, r.counters.total]);
    expect(all.devices.map((d) => d.id)).toEqual(r.devices);
    for (const result of RESULTS) {
      const page = await devicesOf(r.id, result);
      const expected = result === 'pending' ? r.counters.total - r.counters.processed - r.counters.waiting - r.counters.cancelled : r.counters[result];
      expect([r.name, result, page.statistics.totalElements]).toEqual([r.name, result, expected]);
      if (result !== 'processed') for (const d of page.devices) expect(d.result).toBe(result);
    }
  }
});

it('has the finished rollouts processed devices with several results, failures with their reason', async () => {
  const completed = h.core.inventory.get(rolloutIds['mdc-collector 2.5.0 Bielefeld']) as unknown as Rollout;
  expect(completed.counters).toMatchObject({ total: 40, processed: 40, failed: 2, disabled: 1, upToDate: 5, updated: 2, success: 30 });
  const failed = await devicesOf(completed.id, 'failed');
  expect(failed.devices).toHaveLength(2);
  for (const d of [...failed.devices, ...(await devicesOf(completed.id, 'disabled')).devices]) expect(d.failureReason).toEqual(expect.any(String));
  const cancelled = h.core.inventory.get(rolloutIds['opcua-connector 1.4.0 pilot']) as unknown as Rollout;
  expect(cancelled.counters).toMatchObject({ total: 30, processed: 15, cancelled: 15 });
});
