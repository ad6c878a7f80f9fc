/**
 * Bulk jobs write through the cheaper paths of the core (issue 21): InventoryStore.patch (the
 * notification's document built only for a subscriber, list columns rewritten only where a
 * value changed) and one read of a chunk's devices. These check that the rows and the
 * notifications are the same as update() and one read per device gave.
 */
import Database from 'better-sqlite3';
import type { ManagedObject, ServerCore } from '../../core/api';
import { LazyData } from '../../core/context';
import { createCore, type Core } from '../../core/core';
import { LIST_IRREGULAR, LIST_PATHS, LIST_TABLE, migrate } from '../../core/schema';
import { assignToDevice, packageFromMo } from './assign';
import { DEVICE_TYPE_NETBOX, FRAGMENT_FAILED_INSTALLATIONS, FRAGMENT_PACKAGE_LIST, FRAGMENT_PENDING_UPDATES, JOB_CHUNK_SIZE, SOFTWARE_TYPE } from './constants';
import { JobRunner } from './jobs';
import { ServiceStore } from './store';

interface Published {
  channel: string;
  action: string;
  data: unknown;
}

function setup(): { db: Database.Database; core: Core; published: Published[] } {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db);
  // A fixed clock: the twins compared below get the same times.
  const core = createCore(db, { now: () => Date.parse('2026-01-01T00:00:00Z') }, '/nonexistent');
  const published: Published[] = [];
  // As the realtime server does for a subscriber: lazy data is built when it is published.
  core.ctx.publisher = (channel, action, data) => published.push({ channel, action, data: data instanceof LazyData ? data.build() : data });
  return { db, core, published };
}

/** The list row as the migration computes it from the stored document (what every write must keep). */
function expectedListRow(db: Database.Database, id: string): Record<string, unknown> {
  const paths = Object.entries(LIST_PATHS);
  const cols = paths.map(([p, c]) => `json_extract(json, '$.${p}') AS ${c}`).join(', ');
  const irregular = `coalesce(${paths.map(([p]) => `json_type(json, '$.${p}') IN ('array', 'null')`).join(' OR ')}, 0) AS ${LIST_IRREGULAR}`;
  return db.prepare(`SELECT id, type, name, owner, creation_time, last_updated, ${cols}, ${irregular} FROM managed_objects WHERE id = ?`).get(Number(id)) as Record<string, unknown>;
}

const listRow = (db: Database.Database, id: string) => db.prepare(`SELECT * FROM ${LIST_TABLE} WHERE id = ?`).get(Number(id)) as Record<string, unknown>;
const fragmentsOf = (db: Database.Database, id: string) =>
  (db.prepare('SELECT fragment FROM mo_fragments WHERE mo_id = ? ORDER BY fragment').all(Number(id)) as Array<{ fragment: string }>).map((r) => r.fragment);
/** A document or row without its id (two objects compared field by field). */
const withoutId = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'id' && k !== 'self'));
/** References name their targets, which are the same objects for both twins. */
const norm = (doc: unknown) => withoutId(doc as Record<string, unknown>);

describe('InventoryStore.patch', () => {
  const patches: Array<Record<string, unknown>> = [
    { [FRAGMENT_PENDING_UPDATES]: 1, [FRAGMENT_FAILED_INSTALLATIONS]: 0 },
    // The same values again: the list columns keep what they hold.
    { [FRAGMENT_PENDING_UPDATES]: 1, [FRAGMENT_FAILED_INSTALLATIONS]: 0 },
    { name: 'renamed', c8y_Hardware: { serialNumber: 'SN-2', model: 'M' } },
    { type: 'other_type', owner: 'someone' },
    // An array and a JSON null in copied paths make the row irregular, and removing them regular again.
    { c8y_Availability: { status: ['AVAILABLE'] }, c8y_Connection: { status: null } },
    { c8y_Availability: null, c8y_Connection: { status: 'CONNECTED' } },
    { c8y_Hardware: null, c8y_Extra: { a: 1 } },
    { c8y_Extra: null, [FRAGMENT_FAILED_INSTALLATIONS]: 3, adamos_adamos_netbox_Customer: { name: 'ACME', number: 7 } },
  ];

  it('writes the same rows and publishes the same document as update()', () => {
    const { db, core, published } = setup();
    const make = () =>
      core.inventory.create({ type: DEVICE_TYPE_NETBOX, name: 'twin', c8y_IsDevice: {}, c8y_Hardware: { serialNumber: 'SN-1' }, [FRAGMENT_PENDING_UPDATES]: 0, [FRAGMENT_FAILED_INSTALLATIONS]: 0 });
    const group = core.inventory.create({ name: 'group', c8y_IsDeviceGroup: {} });
    const child = core.inventory.create({ name: 'child' });
    const updated = make();
    const patched = make();
    for (const t of [updated, patched]) {
      core.inventory.addChild(group.id, 'childAssets', t.id);
      core.inventory.addChild(t.id, 'childAdditions', child.id);
    }
    for (const p of patches) {
      published.length = 0;
      const returned = core.transaction(() => {
        const r = core.inventory.update(updated.id, p);
        core.inventory.patch(patched.id, p);
        return r;
      });
      const [u, q] = published.filter((x) => x.channel.startsWith('/managedobjects/'));
      expect(u).toMatchObject({ channel: `/managedobjects/${updated.id}`, action: 'UPDATE' });
      expect(q).toMatchObject({ channel: `/managedobjects/${patched.id}`, action: 'UPDATE' });
      expect(u.data).toEqual(returned);
      expect(norm(q.data)).toEqual(norm(u.data));
      // The published document is the object as a read after the commit sees it, references included.
      expect(q.data).toEqual(core.inventory.get(patched.id));
      expect(((q.data as ManagedObject).assetParents as { references: unknown[] }).references).toHaveLength(1);
      for (const t of [updated, patched]) expect(listRow(db, t.id)).toEqual(expectedListRow(db, t.id));
      expect(withoutId(listRow(db, patched.id))).toEqual(withoutId(listRow(db, updated.id)));
      expect(fragmentsOf(db, patched.id)).toEqual(fragmentsOf(db, updated.id));
    }
    expect(core.inventory.query({ query: "name eq '*renam*'", pageSize: 10 }).items.map((m) => m.id)).toEqual([updated.id, patched.id]);
  });

  it('throws NotFound and writes nothing for an unknown object', () => {
    const { core } = setup();
    expect(() => core.inventory.patch('999999', { a: 1 })).toThrow(/Could not find managed object with id 999999/);
  });
});

describe('bulk assignment job', () => {
  it('writes what assigning one device at a time with update() wrote, and notifies each device once with its document', async () => {
    const { db, core, published } = setup();
    const pkg = core.inventory.create({ type: SOFTWARE_TYPE, name: 'agent', version: '1.0.0', deviceType: DEVICE_TYPE_NETBOX, url: 'https://example.com/a.zip', category: 'normal', apptype: 'APPLICATION' });
    const group = core.inventory.create({ name: 'group', c8y_IsDeviceGroup: {} });
    // More than a chunk, so the job reads two chunks; some devices already have the package or a failed one.
    const n = JOB_CHUNK_SIZE + 20;
    const entry = (status: string, version = '1.0.0') => ({ name: 'agent', version, status, repository_id: pkg.id });
    const listOf = (i: number) => (i % 7 === 0 ? [entry('installed')] : i % 11 === 0 ? [entry('failed')] : i % 13 === 0 ? [entry('installed', '0.9.0')] : []);
    const makeSet = () =>
      core.transaction(() =>
        Array.from({ length: n }, (_, i) => {
          const d = core.inventory.create({ type: DEVICE_TYPE_NETBOX, name: `d${i}`, c8y_IsDevice: {}, [FRAGMENT_PACKAGE_LIST]: listOf(i), [FRAGMENT_PENDING_UPDATES]: 0, [FRAGMENT_FAILED_INSTALLATIONS]: i % 11 === 0 ? 1 : 0 });
          if (i % 5 === 0) core.inventory.addChild(group.id, 'childAssets', d.id);
          return d.id;
        }),
      );
    const jobIds = makeSet();
    const oneByOne = makeSet();

    // Before: one read per device, update() for its patch (patch() is routed to update()).
    const plainCore: ServerCore = { ...core, inventory: { ...core.inventory, get: (id: string) => core.inventory.get(id), update: (id: string, p: Record<string, unknown>) => core.inventory.update(id, p), patch: (id: string, p: Record<string, unknown>) => void core.inventory.update(id, p) } as unknown as ServerCore['inventory'] };
    const target = { kind: 'software' as const, pkg: packageFromMo(core.inventory.get(pkg.id)!) };
    const expectedOutcomes = core.transaction(() => oneByOne.map((id) => assignToDevice(plainCore, id, target, false, undefined)));

    published.length = 0;
    const runner = new JobRunner(core, new ServiceStore(db));
    const job = runner.start('assign', { target, force: false }, [...jobIds, '999999']);
    await runner.wait(job.jobId, 20_000);
    const done = runner.snapshot(job.jobId);
    expect(done.status).toBe('completed');
    expect(done.counters).toEqual({
      noOfSuccessfullAssignment: expectedOutcomes.filter((o) => o === 'success').length,
      noOfUpdatedAssignment: expectedOutcomes.filter((o) => o === 'updated').length,
      noOfNoAssignment: expectedOutcomes.filter((o) => o === 'none').length,
      noOfFailedAssignment: 1,
    });
    await runner.stop();

    const deviceNotes = published.filter((x) => x.channel.startsWith('/managedobjects/') && jobIds.includes(x.channel.split('/')[2]));
    const changed = jobIds.filter((_, i) => expectedOutcomes[i] !== 'none');
    expect(deviceNotes.map((x) => x.channel)).toEqual(changed.map((id) => `/managedobjects/${id}`));
    for (let i = 0; i < n; i++) {
      const [a, b] = [jobIds[i], oneByOne[i]];
      const docA = core.inventory.get(a)!;
      const docB = core.inventory.get(b)!;
      expect(docA[FRAGMENT_PACKAGE_LIST]).toEqual(docB[FRAGMENT_PACKAGE_LIST]);
      expect([docA[FRAGMENT_PENDING_UPDATES], docA[FRAGMENT_FAILED_INSTALLATIONS]]).toEqual([docB[FRAGMENT_PENDING_UPDATES], docB[FRAGMENT_FAILED_INSTALLATIONS]]);
      expect(listRow(db, a)).toEqual(expectedListRow(db, a));
      const note = deviceNotes.find((x) => x.channel === `/managedobjects/${a}`);
      if (expectedOutcomes[i] !== 'none') expect(note?.data).toEqual(docA);
      expect(core.operations.list({ deviceId: a, pageSize: 10 }).items.length).toBe(core.operations.list({ deviceId: b, pageSize: 10 }).items.length);
    }
  });
});
