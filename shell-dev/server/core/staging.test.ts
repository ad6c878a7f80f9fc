/**
 * The core's per-transaction work: the name trigram index written at commit (and following
 * savepoints), parent notifications sent once per transaction, lazily, and store writes nested in
 * a transaction without savepoints of their own.
 */
import Database from 'better-sqlite3';
import { CoreContext, LazyData } from './context';
import { InventoryStore } from './inventory';
import { OperationStore } from './operations';
import { migrate, NAME_TRIGRAM_TABLE } from './schema';

function setup() {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db);
  const ctx = new CoreContext(db, { now: () => Date.parse('2026-01-01T00:00:00Z') });
  const published: Array<{ channel: string; action: string; data: unknown }> = [];
  ctx.publisher = (channel, action, data) => published.push({ channel, action, data: data instanceof LazyData ? data.build() : data });
  const inv = new InventoryStore(ctx);
  const names = (pattern: string) =>
    inv
      .query({ query: `name eq '${pattern}'`, pageSize: 100 })
      .items.map((m) => m.name)
      .sort();
  /** The FTS table's own view (what a MATCH finds), independent of the LIKE re-check. */
  const indexed = (term: string) =>
    (db.prepare(`SELECT rowid FROM ${NAME_TRIGRAM_TABLE} WHERE ${NAME_TRIGRAM_TABLE} MATCH ? ORDER BY rowid`).all(`"${term}"`) as Array<{ rowid: number }>).map((r) => String(r.rowid));
  return { db, ctx, inv, names, indexed, published };
}

describe('name index written per transaction', () => {
  it('finds names written earlier in the same transaction and after commit', () => {
    const { ctx, inv, names, indexed } = setup();
    ctx.transaction(() => {
      inv.create({ name: 'Pump station north' });
      expect(names('*station*')).toEqual(['Pump station north']);
      const b = inv.create({ name: 'Valve block' });
      inv.update(b.id, { name: 'Valve station' });
    });
    expect(names('*station*')).toEqual(['Pump station north', 'Valve station']);
    expect(names('*block*')).toEqual([]);
    expect(indexed('block')).toEqual([]);
  });

  it('drops what a rolled back transaction or savepoint wrote, also after a mid-transaction query', () => {
    const { db, ctx, inv, names, indexed } = setup();
    const kept = inv.create({ name: 'Compressor one' });
    expect(() =>
      ctx.transaction(() => {
        inv.update(kept.id, { name: 'Compressor renamed' });
        inv.create({ name: 'Compressor two' });
        expect(names('*Compressor*')).toEqual(['Compressor renamed', 'Compressor two']);
        throw new Error('undo');
      }),
    ).toThrow('undo');
    expect(names('*Compressor*')).toEqual(['Compressor one']);
    expect(indexed('renamed')).toEqual([]);

    ctx.transaction(() => {
      inv.create({ name: 'Outer keeper' });
      expect(() =>
        ctx.transaction(() => {
          inv.update(kept.id, { name: 'Inner change' });
          expect(names('*Inner*')).toEqual(['Inner change']);
          throw new Error('inner undo');
        }),
      ).toThrow('inner undo');
      inv.update(kept.id, { name: 'Compressor final' });
    });
    expect(names('*keeper*')).toEqual(['Outer keeper']);
    expect(names('*Inner*')).toEqual([]);
    expect(indexed('Inner')).toEqual([]);
    expect(names('*final*')).toEqual(['Compressor final']);
    expect(indexed('one')).toEqual([]);
    expect(() => db.exec(`INSERT INTO ${NAME_TRIGRAM_TABLE} (${NAME_TRIGRAM_TABLE}, rank) VALUES ('integrity-check', 1)`)).not.toThrow();
  });

  it('removes deleted objects from the index and keeps the FTS table consistent', () => {
    const { db, inv, indexed } = setup();
    const a = inv.create({ name: 'Doomed device' });
    inv.remove(a.id);
    expect(indexed('Doomed')).toEqual([]);
    expect(() => db.exec(`INSERT INTO ${NAME_TRIGRAM_TABLE} (${NAME_TRIGRAM_TABLE}, rank) VALUES ('integrity-check', 1)`)).not.toThrow();
  });
});

describe('notifications per transaction', () => {
  it('renders a parent once, after commit, with all the children the transaction added', () => {
    const { ctx, inv, published } = setup();
    const group = inv.create({ name: 'Group', c8y_IsDeviceGroup: {} });
    published.length = 0;
    ctx.transaction(() => {
      for (let i = 0; i < 5; i++) inv.addChild(group.id, 'childAssets', inv.create({ name: `Device ${i}` }).id);
      expect(published).toEqual([]);
    });
    const updates = published.filter((p) => p.channel === `/managedobjects/${group.id}`);
    expect(updates).toHaveLength(1);
    expect((updates[0].data as { childAssets: { references: unknown[] } }).childAssets.references).toHaveLength(5);
    expect(published.filter((p) => p.action === 'CREATE')).toHaveLength(5);
  });

  it('sends the parent update again in the next transaction, and none for a rolled back one', () => {
    const { ctx, inv, published } = setup();
    const group = inv.create({ name: 'Group' });
    const d = inv.create({ name: 'D' });
    published.length = 0;
    expect(() =>
      ctx.transaction(() => {
        inv.addChild(group.id, 'childAssets', d.id);
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(published).toEqual([]);
    ctx.transaction(() => inv.addChild(group.id, 'childAssets', d.id));
    ctx.transaction(() => inv.removeChild(group.id, 'childAssets', d.id));
    expect(published.map((p) => p.channel)).toEqual([`/managedobjects/${group.id}`, `/managedobjects/${group.id}`]);
    expect((published[1].data as { childAssets: { references: unknown[] } }).childAssets.references).toEqual([]);
  });

  it('does not build lazy data for a parent deleted later in the transaction', () => {
    const { ctx, inv, published } = setup();
    const group = inv.create({ name: 'Group' });
    const d = inv.create({ name: 'D' });
    published.length = 0;
    ctx.transaction(() => {
      inv.addChild(group.id, 'childAssets', d.id);
      inv.remove(group.id);
    });
    expect(published.map((p) => [p.channel, p.action, p.data])).toEqual([
      [`/managedobjects/${group.id}`, 'UPDATE', undefined],
      [`/managedobjects/${group.id}`, 'DELETE', group.id],
    ]);
  });
});

describe('store writes nested in a transaction', () => {
  it('a failed validation inside a caught nested call leaves the outer transaction intact', () => {
    const { db, ctx, inv, published } = setup();
    const ops = new OperationStore(ctx);
    const d = inv.create({ name: 'D', c8y_IsDevice: {} });
    published.length = 0;
    ctx.transaction(() => {
      inv.update(d.id, { c8y_Notes: 'kept' });
      expect(() => ops.create({ deviceId: d.id, status: 'BOGUS' as never })).toThrow();
      expect(() => inv.update('999999', { x: 1 })).toThrow();
      ops.create({ deviceId: d.id, c8y_Restart: {} });
    });
    expect(inv.get(d.id)?.c8y_Notes).toBe('kept');
    expect((db.prepare('SELECT count(*) AS n FROM operations').get() as { n: number }).n).toBe(1);
    expect(published.map((p) => `${p.channel} ${p.action}`)).toEqual([`/managedobjects/${d.id} UPDATE`, `/operations/${d.id} CREATE`]);
  });

  it('update patches only the named fragments and keeps the fragment index in step', () => {
    const { db, inv } = setup();
    const d = inv.create({ name: 'D', type: 't', c8y_IsDevice: {}, a: 1, b: { x: 1 } });
    const doc = inv.update(d.id, { a: null, c: [1], b: { y: 2 }, type: null });
    expect(doc).toMatchObject({ id: d.id, name: 'D', c8y_IsDevice: {}, c: [1], b: { y: 2 } });
    expect(doc.type).toBeUndefined();
    expect(doc.a).toBeUndefined();
    expect(doc.childAssets).toEqual({ references: [] });
    expect(doc.assetParents).toEqual({ references: [] });
    const frags = (db.prepare('SELECT fragment FROM mo_fragments WHERE mo_id = ? ORDER BY fragment').all(Number(d.id)) as Array<{ fragment: string }>).map((r) => r.fragment);
    expect(frags).toEqual(['b', 'c', 'c8y_IsDevice']);
    expect(inv.get(d.id)).toEqual(doc);
  });
});
