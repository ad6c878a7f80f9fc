import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { findTimezone, timezoneValue } from '@shared/domain/timezones';
import { compareVersions } from '@shared/domain/version';
import type { Alarm, ChildKind, Operation, Page, PlatformEvent } from '../core/api';
import type { Core } from '../core/core';
import { categoryOf } from '../services/operation-dashboard/categories';
import { openTestCore, removeDir } from '../testing/core';
import { CHILD_TYPE, F, OTHER_TYPE, ROUTER } from './catalog';
import { DEMO, DEVICE_EXTERNAL_ID_TYPE, seedDemoData, seedDemoFleet, type SeedReport } from './seed';
import { describeFleet } from './summary';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const DAY = 86_400_000;
const SEED = 7;
/** The smallest fleet that has every kind of record the tests below look for. */
const DEVICES = 150;

type Obj = Record<string, unknown> & { id: string; type?: string; name?: string };

/** Everything a seeded core holds, read through its API (relations and external ids from its tables). */
interface Dump {
  objects: Obj[];
  relations: [string, ChildKind, string][];
  alarms: Alarm[];
  events: PlatformEvent[];
  operations: Operation[];
  /** [type, externalId, managed object id], sorted. */
  externalIds: [string, string, string][];
}

const readAll = <T>(list: (page: { pageSize: number; currentPage: number }) => Page<T>): T[] => {
  const out: T[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const { items } = list({ pageSize: 2000, currentPage });
    out.push(...items);
    if (items.length < 2000) return out;
  }
};

interface Handle {
  core: Core;
  dump(): Dump;
  binary(id: string): Buffer | undefined;
  close(): Promise<void>;
}

/** The real core on a fresh temporary database, its clock at NOW. */
function open(): Handle {
  const t = openTestCore(NOW);
  const { core } = t;
  return {
    core,
    dump: () => ({
      objects: readAll((p) => core.inventory.query({ ...p })).map((o) => {
        const { childAssets: _a, childDevices: _d, childAdditions: _c, assetParents: _ap, deviceParents: _dp, additionParents: _adp, ...rest } = o;
        return rest as Obj;
      }),
      relations: (core.db.prepare('SELECT parent_id, kind, child_id FROM mo_relations ORDER BY parent_id, kind, child_id').all() as { parent_id: number; kind: ChildKind; child_id: number }[]).map(
        (r) => [String(r.parent_id), r.kind, String(r.child_id)] as [string, ChildKind, string],
      ),
      alarms: readAll((p) => core.alarms.list(p)),
      events: readAll((p) => core.events.list(p)),
      operations: readAll((p) => core.operations.list(p)),
      externalIds: (core.db.prepare('SELECT type, external_id, mo_id FROM external_ids').all() as { type: string; external_id: string; mo_id: number }[])
        .map((r) => [r.type, r.external_id, String(r.mo_id)] as [string, string, string])
        .sort((a, b) => `${a[0]}|${a[1]}`.localeCompare(`${b[0]}|${b[1]}`)),
    }),
    binary: (id) => {
      const bin = core.binaries.read(id);
      return bin && fs.readFileSync(bin.path);
    },
    async close() {
      await t.close();
      removeDir(t.dir);
    },
  };
}

/** Seeds a fresh core, dumps it and closes it. */
async function seededDump(opts: { devices: number; seed: number; now?: number }): Promise<Dump> {
  const h = open();
  try {
    await seedDemoData(h.core, opts);
    return h.dump();
  } finally {
    await h.close();
  }
}

describe('the generator', () => {
  const seeded = async (seed: number, devices: number, now?: number) => JSON.stringify(await seededDump({ devices, seed, now }));
  let base: string;
  beforeAll(async () => {
    base = await seeded(SEED, DEVICES, NOW);
  });

  it('writes the same data for the same seed and now, and other data for another seed', async () => {
    expect(await seeded(SEED, DEVICES, NOW)).toBe(base);
    expect(await seeded(SEED + 1, DEVICES, NOW)).not.toBe(base);
  });

  it('takes "now" from the core clock when none is given', async () => {
    expect(await seeded(SEED, DEVICES)).toBe(base);
  });

  it('builds a device the same way whatever the fleet size', async () => {
    const small = await seededDump({ devices: 40, seed: SEED, now: NOW });
    const big = JSON.parse(base) as Dump;
    const devicesOf = (objects: Obj[]) => objects.filter((o) => 'c8y_IsDevice' in o).slice(0, 40);
    expect(devicesOf(small.objects)).toEqual(devicesOf(big.objects));
  });
});

describe('the demo fleet', () => {
  let handle: Handle;
  let report: SeedReport;
  let data: Dump;
  let devices: Obj[];
  const byType = (type: string) => data.objects.filter((o) => o.type === type);
  const childrenOf = (id: string, kind: ChildKind) => data.relations.filter(([p, k]) => p === id && k === kind).map(([, , c]) => data.objects.find((o) => o.id === c)!);
  const parentsOf = (id: string, kind: ChildKind) => data.relations.filter(([, k, c]) => c === id && k === kind).map(([p]) => p);
  const pkgs = (d: Obj) => d[F.packageList] as { name: string; version: string; status: string; type: string; [k: string]: unknown }[];

  beforeAll(async () => {
    handle = open();
    report = await seedDemoFleet(handle.core, { devices: DEVICES, seed: SEED, now: NOW });
    data = handle.dump();
    devices = data.objects.filter((o) => 'c8y_IsDevice' in o);
  });
  afterAll(() => handle.close());

  it('writes the same records again from the same seed', async () => {
    expect(await seededDump({ devices: DEVICES, seed: SEED, now: NOW })).toEqual(data);
  });

  it('is what describeFleet says, record for record', () => {
    expect(describeFleet({ devices: DEVICES, seed: SEED, now: NOW })).toEqual(report.summary);
    expect(devices).toHaveLength(DEVICES);
    for (const type of DEMO.deviceTypes) expect(devices.filter((d) => d.type === type)).toHaveLength(report.summary.byType[type]);
    expect(data.alarms).toHaveLength(report.summary.alarms.total);
    expect(data.events).toHaveLength(report.summary.events.total);
    expect(data.operations).toHaveLength(report.summary.operations.total);
  });

  describe('devices', () => {
    const REQUIRED = [
      'c8y_IsDevice', 'c8y_Notes', 'c8y_Availability', 'c8y_RequiredAvailability', 'c8y_Connection', 'c8y_Hardware', 'c8y_Mobile', 'c8y_Network',
      'c8y_Agent', 'c8y_SupportedOperations', ...Object.values(F).filter((f) => f !== F.eventList),
    ];

    it.each(REQUIRED)('carries %s on some device', (fragment) => {
      expect(devices.some((d) => d[fragment] !== undefined)).toBe(true);
    });

    it('has the three families in their shares, IoTconnectors the bulk', () => {
      const share = (t: string) => devices.filter((d) => d.type === t).length / DEVICES;
      expect(share('adamos_NETbox')).toBeGreaterThan(0.5);
      expect(share('adamos_NETbox')).toBeLessThan(0.7);
      for (const t of ['adamos_celosx', 'adamos_ipc-x64', 'adamos_iotconnectorflex']) expect(share(t)).toBeGreaterThan(0.05);
    });

    it('has every availability state, with matching required intervals', () => {
      const states = new Set(devices.map((d) => (d.c8y_Availability as { status: string }).status));
      expect([...states].sort()).toEqual(['AVAILABLE', 'MAINTENANCE', 'NOT_MONITORED', 'UNAVAILABLE']);
      for (const d of devices) {
        const { status } = d.c8y_Availability as { status: string };
        const { responseInterval } = d.c8y_RequiredAvailability as { responseInterval: number };
        if (status === 'NOT_MONITORED') expect(responseInterval).toBe(0);
        else if (status === 'MAINTENANCE') expect(responseInterval).toBe(-1);
        else expect(responseInterval).toBeGreaterThan(0);
      }
    });

    it('spreads creation over about two years and last messages over the last 60 days', () => {
      const created = devices.map((d) => Date.parse(String(d.creationTime)));
      expect(Math.min(...created)).toBeLessThan(NOW - 600 * DAY);
      expect(Math.max(...created)).toBeGreaterThan(NOW - 30 * DAY);
      const last = devices.map((d) => Date.parse((d.c8y_Availability as { lastMessage: string }).lastMessage));
      expect(Math.min(...last)).toBeGreaterThanOrEqual(NOW - 60 * DAY);
      expect(Math.min(...last)).toBeLessThan(NOW - 40 * DAY);
      expect(Math.max(...last)).toBeLessThanOrEqual(NOW);
      for (const d of devices) {
        const { status, lastMessage } = d.c8y_Availability as { status: string; lastMessage: string };
        const interval = (d.c8y_RequiredAvailability as { responseInterval: number }).responseInterval;
        const silentMinutes = (NOW - Date.parse(lastMessage)) / 60_000;
        if (status === 'AVAILABLE') expect(silentMinutes).toBeLessThanOrEqual(interval);
        if (status === 'UNAVAILABLE') expect(silentMinutes).toBeGreaterThan(interval);
      }
    });

    it('has every package status and type, unknown versions and failure messages on failures only', () => {
      const all = devices.flatMap(pkgs);
      const statuses = new Set(all.map((p) => p.status));
      for (const s of DEMO.packageStatuses) expect(statuses).toContain(s);
      for (const t of DEMO.packageTypes) expect(all.some((p) => p.type === t)).toBe(true);
      expect(all.some((p) => p.version === 'unknown')).toBe(true);
      expect(all.some((p) => p.marked_for_deletion === true)).toBe(true);
      for (const p of all) {
        expect(Object.keys(p).sort()).toEqual(
          ['c8y_encryptionKey', 'failure_message', 'installation_requires_approval', 'last_status_timestamp', 'marked_for_deletion', 'name', 'repository_id', 'status', 'type', 'url', 'version'],
        );
        expect(p.failure_message !== '').toBe(p.status.includes('failed'));
        if (p.status === 'waiting for approval') expect(p.installation_requires_approval).toBe(true);
      }
      expect(devices.some((d) => pkgs(d).length === 0)).toBe(true);
    });

    it('keeps the counters consistent with the package list', () => {
      for (const d of devices) {
        const live = pkgs(d).filter((p) => !p.marked_for_deletion);
        expect(d[F.failedCount]).toBe(live.filter((p) => p.status.includes('failed')).length);
        expect(d[F.pendingUpdates]).toBe(live.filter((p) => !p.status.includes('failed') && p.status !== 'installed' && p.status !== 'executed').length);
      }
    });

    it('points catalogued packages at existing software of the device type', () => {
      const software = new Map(byType(OTHER_TYPE.software).map((s) => [s.id, s]));
      for (const d of devices) {
        const softwareType = d.type === 'adamos_celosx' ? 'adamos_ipc-x64' : d.type;
        for (const p of pkgs(d)) {
          if (p.repository_id === '') continue;
          const s = software.get(String(p.repository_id));
          expect(s).toMatchObject({ name: p.name, version: p.version, url: p.url, deviceType: softwareType });
        }
      }
    });

    it('has agent versions on both sides of 0.2.30 and 0.4.0 in every family, in c8y_Agent and the AGENT package', () => {
      for (const type of DEMO.deviceTypes) {
        const versions = devices.filter((d) => d.type === type).map((d) => (d.c8y_Agent as { version: string }).version);
        for (const threshold of ['0.2.30', '0.4.0']) {
          expect(versions.some((v) => compareVersions(v, threshold) < 0)).toBe(true);
          expect(versions.some((v) => compareVersions(v, threshold) >= 0)).toBe(true);
        }
      }
      for (const d of devices) {
        const agent = pkgs(d).find((p) => p.type === 'AGENT');
        if (agent) expect(agent.version).toBe((d.c8y_Agent as { version: string }).version);
      }
    });

    it('gives IoTconnectors their info, ccm, MDC status and child additions, with some commissioning unfinished', () => {
      const netboxes = devices.filter((d) => d.type === 'adamos_NETbox');
      for (const d of netboxes) {
        expect(d[F.info]).toMatchObject({ networkInterfaces: { EthernetX1: expect.any(String), EthernetX2: expect.any(String) } });
        expect(d[F.ccm]).toMatchObject({ machine: expect.any(Object), network: { x1: expect.any(Object), x2: expect.any(Object), wifi: expect.any(Object) }, netbox: { netbox_serial: expect.any(String) } });
        expect(d.c8y_SupportedOperations).toEqual(expect.arrayContaining(['netbox_RestartAgentOperation', 'netbox_RestartNetboxOperation']));
        const additions = childrenOf(d.id, 'childAdditions').map((c) => c.type).sort();
        expect(additions).toEqual([CHILD_TYPE.azureDps, CHILD_TYPE.ccmConfiguration].sort());
      }
      expect(netboxes.some((d) => !('commissioningDate' in (d[F.info] as object)))).toBe(true);
      expect(netboxes.some((d) => 'commissioningDate' in (d[F.info] as object))).toBe(true);
      const dps = byType(CHILD_TYPE.azureDps);
      expect(new Set(dps.map((c) => c.azure_dps_url)).size).toBe(2);
      for (const c of dps) expect(c).toMatchObject({ azure_dps_registration_id: expect.any(String), azure_dps_scope_id: expect.any(String) });
      const mdc = netboxes.flatMap((d) => ((d[F.mdcStatus] as { Interfaces?: object[] } | undefined)?.Interfaces ?? []) as { ErrorState: string }[]);
      expect(mdc.some((i) => i.ErrorState !== '')).toBe(true);
    });

    it('sets time zones the Set timezone dialog knows, as {name}#{windowsZone}', () => {
      const zones = devices.map((d) => d[F.timezone]).filter((z): z is string => typeof z === 'string');
      expect(zones.length).toBeGreaterThan(0);
      expect(zones.length).toBeLessThan(DEVICES);
      for (const z of zones) expect(z).toBe(timezoneValue(findTimezone(z)!));
    });

    it('registers every device under its serial (c8y_Serial), the identity the replacement hands over', () => {
      const byDevice = new Map(data.externalIds.filter(([type]) => type === DEVICE_EXTERNAL_ID_TYPE).map(([, externalId, id]) => [id, externalId]));
      for (const d of devices) expect(byDevice.get(d.id)).toBe((d.c8y_Hardware as { serialNumber: string }).serialNumber);
      // Only devices carry one, each its own.
      expect(byDevice.size).toBe(devices.length);
      expect(new Set(byDevice.values()).size).toBe(devices.length);
    });

    it('has services named KB..., applied profiles on some devices and URL checks on some', () => {
      expect(devices.some((d) => (d[F.services] as { name: string }[]).some((s) => s.name.startsWith('KB')))).toBe(true);
      const applied = devices.filter((d) => d[F.appliedProfile] !== undefined);
      expect(applied.length).toBeGreaterThan(0);
      expect(applied.length).toBeLessThan(DEVICES);
      const profileIds = new Set(byType(OTHER_TYPE.profile).map((p) => p.id));
      for (const d of applied) expect(profileIds).toContain((d[F.appliedProfile] as { profileId: string }).profileId);
      const checks = devices.filter((d) => d[F.urlChecks] !== undefined).flatMap((d) => (d[F.urlChecks] as { results: { success: boolean }[] }).results);
      expect(checks.some((r) => r.success)).toBe(true);
      expect(checks.some((r) => !r.success)).toBe(true);
    });
  });

  describe('mobile routers', () => {
    it('hangs a router under about a tenth of the IoTconnectors, which support the four router operations', () => {
      const routers = byType(DEMO.mobileRouterType);
      const netboxes = devices.filter((d) => d.type === 'adamos_NETbox');
      expect(routers.length).toBe(report.summary.mobileRouters);
      expect(routers.length / netboxes.length).toBeGreaterThan(0.05);
      expect(routers.length / netboxes.length).toBeLessThan(0.15);
      for (const r of routers) {
        const parents = parentsOf(r.id, 'childAssets');
        expect(parents).toHaveLength(1);
        const device = data.objects.find((o) => o.id === parents[0])!;
        expect(device.c8y_SupportedOperations).toEqual(expect.arrayContaining(DEMO.mobileRouterOperations));
      }
      const withOps = devices.filter((d) => (d.c8y_SupportedOperations as string[]).includes('adamos_MobileRouter_Restart'));
      expect(withOps).toHaveLength(routers.length);
    });

    it('carries exactly the four fragments of the spec', () => {
      for (const r of byType(DEMO.mobileRouterType)) {
        expect(Object.keys(r.NetworkStatus as object).sort()).toEqual(
          ['APN', 'CellID', 'ECNO', 'ICCID', 'IMEI', 'Location', 'NetworkState', 'OnlineState', 'ProviderName', 'RSCP', 'RSRP', 'RSRQ', 'RSSI', 'SignalIndicator', 'SignalStrength', 'UsedNetwork'],
        );
        const info = r.DeviceInformation as Record<string, unknown>;
        expect(Object.keys(info).sort()).toEqual(['CPULoad', 'DataUsage', 'Firmware', 'IPAddress', 'MACAddress', 'Profile', 'RAMUtilization', 'Serial', 'UpTime', 'WANIPAddress']);
        expect(Object.keys(info.Profile as object).sort()).toEqual(['ExpectedHash', 'Hash', 'Modified', 'Name', 'Version']);
        for (const period of ['SinceOnline', 'Last24Hours', 'Last30Days']) {
          expect(Object.keys((info.DataUsage as Record<string, object>)[period]).sort()).toEqual(['BytesReceived', 'BytesSent']);
        }
        expect(Object.keys(r.DeviceAvailability as object).sort()).toEqual(['Available', 'DeviceState', 'Enabled', 'Error', 'InternetAccess']);
        expect(ROUTER.deviceStates).toContain((r.DeviceAvailability as { DeviceState: string }).DeviceState);
        expect(Object.keys((r.Attributes as { Monitoring: object }).Monitoring).sort()).toEqual(['Enabled', 'EndAt', 'StartedAt']);
        const indicator = (r.NetworkStatus as { SignalIndicator: number }).SignalIndicator;
        expect(indicator).toBeGreaterThanOrEqual(0);
        expect(indicator).toBeLessThanOrEqual(4);
      }
    });

    it('runs firmware that a mobile-router repository offers and a profile that a configuration dump offers', () => {
      const repos = byType(OTHER_TYPE.firmware);
      const routerRepos = repos.filter((r) => (r.c8y_Filter as { type: string }).type === DEMO.mobileRouterType);
      expect(routerRepos.length).toBeGreaterThan(0);
      expect(repos.length).toBeGreaterThan(routerRepos.length);
      const offered = new Set(
        routerRepos.flatMap((repo) => childrenOf(repo.id, 'childAdditions').map((b) => (b.c8y_Firmware as { version: string }).version)),
      );
      const binaries = byType(OTHER_TYPE.firmwareBinary);
      expect(binaries.some((b) => b.c8y_Patch !== undefined)).toBe(true);
      const dumps = byType(OTHER_TYPE.configurationDump);
      for (const d of dumps) expect(d.deviceType).toBe(DEMO.mobileRouterType);
      for (const r of byType(DEMO.mobileRouterType)) {
        const info = r.DeviceInformation as { Firmware: string; Profile: { Name: string; Version: string } };
        expect(offered).toContain(info.Firmware);
        expect(dumps.some((d) => d.name === info.Profile.Name && d.version === info.Profile.Version)).toBe(true);
      }
    });
  });

  describe('groups', () => {
    it('has nested static groups holding devices and an empty one', () => {
      const groups = byType(OTHER_TYPE.staticGroup);
      expect(groups.map((g) => g.name).sort()).toEqual([...DEMO.groupNames].sort());
      for (const g of groups) expect(g.c8y_IsDeviceGroup).toEqual({});
      const members = (id: string) => childrenOf(id, 'childAssets');
      const hall2 = report.groupIds['Bielefeld Hall 2'];
      expect(members(report.groupIds['Plant Bielefeld']).map((m) => m.name)).toEqual(expect.arrayContaining(['Bielefeld Hall 1', 'Bielefeld Hall 2']));
      expect(members(hall2).map((m) => m.name)).toContain('Bielefeld Hall 2 Line A');
      for (const [name, count] of Object.entries(report.summary.groupMembers)) {
        expect(members(report.groupIds[name]).filter((m) => 'c8y_IsDevice' in m)).toHaveLength(count);
      }
      expect(report.summary.groupMembers['Returned Devices']).toBe(0);
      expect(report.summary.ungrouped).toBeGreaterThan(0);
    });

    it("has smart-group queries the core's query language runs, each matching devices", () => {
      for (const g of byType(OTHER_TYPE.dynamicGroup)) {
        const count = handle.core.inventory.count({ query: String(g.c8y_DeviceQueryString) });
        expect([g.name, count > 0]).toEqual([g.name, true]);
      }
      const offline = devices.filter((d) => d.type === 'adamos_NETbox' && (d.c8y_Availability as { status: string }).status === 'UNAVAILABLE');
      const [offlineGroup] = byType(OTHER_TYPE.dynamicGroup).filter((g) => g.name === 'Offline IoTconnectors');
      expect(handle.core.inventory.count({ query: String(offlineGroup.c8y_DeviceQueryString) })).toBe(offline.length);
    });

    it('has more dynamic groups than one page of the navigator', () => {
      const dynamic = byType(OTHER_TYPE.dynamicGroup);
      expect(dynamic.length).toBeGreaterThan(10);
      for (const g of dynamic) {
        expect(g.c8y_IsDynamicGroup).toEqual({});
        expect(String(g.c8y_DeviceQueryString)).toMatch(/^\$filter=\(has\(c8y_IsDevice\) and \(.+\)\) \$orderby=name asc$/);
      }
    });

    it('spreads customers of every region over the devices', () => {
      const customers = devices.map((d) => d[F.customer] as { name: string; number: string; regio: string });
      expect(new Set(customers.map((c) => c.regio))).toEqual(new Set(['DACH', 'EMEA', 'AMERICAS', 'APAC', '']));
      expect(new Set(customers.map((c) => c.name)).size).toBeGreaterThan(15);
    });
  });

  describe('software and profiles', () => {
    it('catalogues several names and versions per software type on three kinds of storage', () => {
      const software = byType(OTHER_TYPE.software);
      for (const type of DEMO.softwareTypes) {
        const own = software.filter((s) => s.deviceType === type);
        expect(new Set(own.map((s) => s.name)).size).toBeGreaterThanOrEqual(5);
        expect(own.length).toBeGreaterThan(new Set(own.map((s) => s.name)).size);
      }
      const binaries = new Set(data.objects.filter((o) => 'c8y_IsBinary' in o).map((o) => o.id));
      const kinds = new Set<string>();
      for (const s of software) {
        const url = String(s.url);
        expect(s).toMatchObject({ md5: expect.stringMatching(/^[0-9a-f]{32}$/), sha256: expect.stringMatching(/^[0-9a-f]{64}$/), c8y_encryptionKey: true });
        expect(['normal', 'critical']).toContain(s.category);
        expect(['WINDOWS', 'BATCH', 'APPLICATION', 'AGENTUPDATER', 'UNKNOWN']).toContain(s.apptype);
        expect(s.urlHasIncludedSAS).toBe(url.includes('.zip?'));
        const local = /^\/inventory\/binaries\/(\d+)$/.exec(url);
        if (local) {
          expect(binaries).toContain(local[1]);
          const file = handle.binary(local[1])!;
          expect(createHash('md5').update(file).digest('hex')).toBe(s.md5);
          expect(createHash('sha256').update(file).digest('hex')).toBe(s.sha256);
          expect(file.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
          kinds.add('local');
        } else kinds.add(new URL(url).host);
      }
      expect([...kinds].sort()).toEqual(['adamossoftware.blob.core.windows.net', 'adamosstorage.blob.core.windows.net', 'local']);
    });

    it('has an acyclic dependency graph within each device type', () => {
      const software = new Map(byType(OTHER_TYPE.software).map((s) => [s.id, s]));
      const deps = (s: Obj) => s.dependencies as { id: string; name: string; version: string }[];
      expect([...software.values()].some((s) => deps(s).length > 1)).toBe(true);
      const state = new Map<string, 'visiting' | 'done'>();
      const visit = (id: string): void => {
        expect(state.get(id)).not.toBe('visiting');
        if (state.get(id) === 'done') return;
        state.set(id, 'visiting');
        const s = software.get(id)!;
        for (const d of deps(s)) {
          const target = software.get(d.id);
          expect(target).toMatchObject({ name: d.name, version: d.version, deviceType: s.deviceType });
          visit(d.id);
        }
        state.set(id, 'done');
      };
      for (const id of software.keys()) visit(id);
    });

    it('asks for one version of a name in every dependency tree and every profile with its dependencies (no seeded conflict)', () => {
      const software = new Map(byType(OTHER_TYPE.software).map((s) => [s.id, s]));
      const deps = (s: Obj) => s.dependencies as { id: string }[];
      /** 'name: v1, v2' for every name the packages with all their dependencies need in more than one version. */
      const conflicts = (startIds: readonly string[]): string[] => {
        const seen = new Set<string>();
        const stack = [...startIds];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...deps(software.get(id)!).map((d) => d.id));
        }
        const versions = new Map<string, Set<string>>();
        for (const id of seen) {
          const s = software.get(id)!;
          versions.set(String(s.name), (versions.get(String(s.name)) ?? new Set()).add(String(s.version)));
        }
        return [...versions].filter(([, v]) => v.size > 1).map(([name, v]) => `${name}: ${[...v].sort().join(', ')}`);
      };
      for (const s of software.values()) expect({ software: `${s.name} ${s.version}`, conflicts: conflicts([s.id]) }).toEqual({ software: `${s.name} ${s.version}`, conflicts: [] });
      for (const p of byType(OTHER_TYPE.profile)) {
        const items = (p.c8y_DeviceProfile as { software: { id: string }[] }).software;
        expect({ profile: p.name, conflicts: conflicts(items.map((i) => i.id)) }).toEqual({ profile: p.name, conflicts: [] });
      }
    });

    it('has at most one default profile per type and profiles made of catalogued software', () => {
      const profiles = byType(OTHER_TYPE.profile);
      const software = new Map(byType(OTHER_TYPE.software).map((s) => [s.id, s]));
      const groupIds = new Set(Object.values(report.groupIds));
      for (const type of DEMO.softwareTypes) {
        expect(profiles.filter((p) => p.deviceType === type && p.deviceGroup == null).length).toBeLessThanOrEqual(1);
      }
      expect(profiles.some((p) => p.deviceGroup == null)).toBe(true);
      expect(DEMO.softwareTypes.some((t) => !profiles.some((p) => p.deviceType === t && p.deviceGroup == null))).toBe(true);
      const assigned = profiles.filter((p) => p.deviceGroup != null).map((p) => String(p.deviceGroup));
      expect(new Set(assigned).size).toBe(assigned.length);
      for (const p of profiles) {
        expect((p.c8y_Filter as { type: string }).type).toBe(p.deviceType);
        if (p.deviceGroup != null) expect(groupIds).toContain(p.deviceGroup);
        expect(Number.isNaN(Date.parse(String(p.lastUpdatedDateTime)))).toBe(false);
        for (const item of (p.c8y_DeviceProfile as { software: { id: string; name: string; version: string; url: string; action: string }[] }).software) {
          expect(software.get(item.id)).toMatchObject({ name: item.name, version: item.version, url: item.url, deviceType: p.deviceType });
          expect(item.action).toBe('install');
        }
      }
    });
  });

  describe('software rollouts', () => {
    it('has a rollout in every end state and one to start, over existing IoTconnectors', () => {
      const rollouts = byType(OTHER_TYPE.rollout);
      expect(rollouts.map((r) => r.status).sort()).toEqual(['ARCHIVED', 'BROKEN', 'CANCELLED', 'COMPLETED', 'CREATED']);
      const software = new Map(byType(OTHER_TYPE.software).map((x) => [x.id, x]));
      const netboxes = new Set(devices.filter((d) => d.type === 'adamos_NETbox').map((d) => d.id));
      for (const r of rollouts) {
        const ref = r.software as { id: string; name: string; version: string };
        expect(software.get(ref.id)).toMatchObject({ name: ref.name, version: ref.version, deviceType: 'adamos_NETbox' });
        const ids = r.devices as string[];
        expect(ids.length).toBeGreaterThan(0);
        for (const id of ids) expect(netboxes).toContain(id);
        const c = r.counters as Record<string, number>;
        expect(c.total).toBe(ids.length);
        expect(c.processed).toBe(c.success + c.upToDate + c.updated + c.failed + c.disabled);
        expect(c.processed).toBeLessThanOrEqual(c.total);
        if (r.status === 'COMPLETED' || r.status === 'ARCHIVED') expect(c.processed).toBe(c.total);
        if (r.status === 'CREATED') expect(c.processed).toBe(0);
        expect((r.finishedTime ?? null) === null).toBe(r.status === 'CREATED' || r.status === 'BROKEN');
        expect(r.rolloutParameters).toMatchObject({ batchSize: expect.any(Number), batchGapSeconds: expect.any(Number), automaticPauseLimits: expect.any(Array) });
      }
    });
  });

  describe('alarms, events, operations and status', () => {
    it('has alarms of every severity, status and dashboard category within 60 days', () => {
      const alarms = data.alarms;
      const combos = new Set(alarms.map((a) => `${a.severity}/${a.status}`));
      for (const s of DEMO.severities) for (const st of ['ACTIVE', 'ACKNOWLEDGED', 'CLEARED']) expect(combos).toContain(`${s}/${st}`);
      const categories = new Set(alarms.map((a) => categoryOf(a.type)));
      expect([...categories].sort()).toEqual(['connectivity', 'others', 'services', 'software']);
      for (const a of alarms) {
        expect(DEMO.alarmCategoryOf(a.type)).toBe(categoryOf(a.type));
        expect(Date.parse(a.time)).toBeGreaterThanOrEqual(NOW - 60 * DAY);
        expect(Date.parse(a.time)).toBeLessThanOrEqual(NOW);
        expect(Date.parse(a.firstOccurrenceTime)).toBeLessThanOrEqual(Date.parse(a.time));
      }
      expect(alarms.some((a) => a.count > 1)).toBe(true);
      const open = alarms.filter((a) => a.status !== 'CLEARED').map((a) => `${a.source.id}|${a.type}`);
      expect(new Set(open).size).toBe(open.length);
    });

    it('raises an unavailability alarm for every offline device', () => {
      const offline = devices.filter((d) => (d.c8y_Availability as { status: string }).status === 'UNAVAILABLE').map((d) => d.id);
      const alarmed = new Set(data.alarms.filter((a) => a.type === 'c8y_UnavailabilityAlarm' && a.status !== 'CLEARED').map((a) => a.source.id));
      for (const id of offline) expect(alarmed).toContain(id);
    });

    it('lists the event types and has events of those types', () => {
      const [types] = byType(OTHER_TYPE.eventTypes);
      expect(types[F.eventList]).toEqual([...DEMO.eventTypes]);
      const seen = new Set(data.events.map((e) => e.type));
      expect([...seen].sort()).toEqual([...DEMO.eventTypes].sort());
    });

    it('has finished operations only, successful and failed, restarts among them', () => {
      const ops = data.operations;
      expect(new Set(ops.map((o) => o.status))).toEqual(new Set(['SUCCESSFUL', 'FAILED']));
      for (const o of ops.filter((o) => o.status === 'FAILED')) expect(o.failureReason).toEqual(expect.any(String));
      for (const f of ['netbox_RestartAgentOperation', 'netbox_RestartNetboxOperation', 'netbox_InstallSoftwarePackage', ...DEMO.mobileRouterOperations]) {
        expect(ops.some((o) => f in o)).toBe(true);
      }
    });

    it('names an existing firmware binary or configuration dump in router updates', () => {
      for (const [fragment, type] of [
        ['adamos_MobileRouter_UpdateFirmware', OTHER_TYPE.firmwareBinary],
        ['adamos_MobileRouter_UpdateProfile', OTHER_TYPE.configurationDump],
      ] as const) {
        const ops = data.operations.filter((o) => o[fragment] !== undefined);
        expect(ops.length).toBeGreaterThan(0);
        for (const o of ops) {
          const { repository_id, name, version } = o[fragment] as { repository_id: string; name: string; version: string };
          const target = data.objects.find((x) => x.id === repository_id)!;
          expect(target.type).toBe(type);
          expect(type === OTHER_TYPE.firmwareBinary ? (target.c8y_Firmware as { version: string }).version : target.version).toBe(version);
          expect(name).toBe(target.name);
        }
      }
    });

    it('has one c8y_status object with every dmg_* status completed', () => {
      const [status, ...more] = byType(OTHER_TYPE.status);
      expect(more).toHaveLength(0);
      const statuses = Object.entries(status).filter(([k]) => k.startsWith('dmg_') && k.endsWith('_status'));
      expect(statuses.map(([k]) => k).sort()).toEqual(['dmg_assign_software_status', 'dmg_clear_pending_assignment_status', 'dmg_initialize_fragments_status']);
      for (const [, v] of statuses) expect(v).toBe('completed');
    });
  });
});
