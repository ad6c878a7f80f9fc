/**
 * The derived state table's version 5 (the device column and its indexes): a version 4 table is
 * extended in place with the same device flags a new table computes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CoreContext } from '../../core/context';
import { InventoryStore } from '../../core/inventory';
import { migrate } from '../../core/schema';
import { ensureSoftwareState } from './software-state';
import { SOFTWARE_STATE_TABLE } from './sql';

it('adds the device column to a version 4 table from the fragment index', () => {
  const file = path.join(os.tmpdir(), `opdash-state-${process.pid}.sqlite`);
  const db = new Database(file);
  migrate(db);
  const inv = new InventoryStore(new CoreContext(db, { now: () => Date.now() }));
  inv.create({ name: 'device', c8y_IsDevice: {}, c8y_Availability: { status: 'AVAILABLE' } });
  inv.create({ name: 'group', c8y_IsDeviceGroup: {} });
  ensureSoftwareState(db);
  const fresh = db.prepare(`SELECT mo_id, device, availability FROM ${SOFTWARE_STATE_TABLE} ORDER BY mo_id`).all();
  expect(fresh.map((r) => (r as { device: number }).device)).toEqual([1, 0]);
  // Back to version 4: no device column, no indexes on it.
  for (const { name } of db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`).all(SOFTWARE_STATE_TABLE) as Array<{ name: string }>) db.exec(`DROP INDEX ${name}`);
  db.exec(`ALTER TABLE ${SOFTWARE_STATE_TABLE} DROP COLUMN device`);
  db.exec(`UPDATE opdash_meta SET value = '4' WHERE key = 'software_state_version'`);
  db.close();
  const reopened = new Database(file);
  ensureSoftwareState(reopened);
  expect(reopened.prepare(`SELECT mo_id, device, availability FROM ${SOFTWARE_STATE_TABLE} ORDER BY mo_id`).all()).toEqual(fresh);
  // The triggers set it for new objects too.
  new InventoryStore(new CoreContext(reopened, { now: () => Date.now() })).create({ name: 'late device', c8y_IsDevice: {} });
  expect((reopened.prepare(`SELECT device FROM ${SOFTWARE_STATE_TABLE} ORDER BY mo_id DESC LIMIT 1`).get() as { device: number }).device).toBe(1);
  reopened.close();
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
});

describe('version 6: an update that changes no input of the row skips the trigger', () => {
  let dir: string;
  let db: Database.Database;
  let inv: InventoryStore;
  const row = (id: string) => db.prepare(`SELECT availability, device, wsa, pending, had_failures FROM ${SOFTWARE_STATE_TABLE} WHERE mo_id = ?`).get(Number(id)) as Record<string, unknown>;
  /** Marks a row so that a recomputation shows: wsa is 0 or 1 when computed. */
  const mark = (id: string) => db.prepare(`UPDATE ${SOFTWARE_STATE_TABLE} SET wsa = 7 WHERE mo_id = ?`).run(Number(id));
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opdash-v6-'));
    db = new Database(path.join(dir, 'db.sqlite'));
    migrate(db);
    ensureSoftwareState(db);
    inv = new InventoryStore(new CoreContext(db, { now: () => Date.now() }));
  });
  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('skips a heartbeat and a note, recomputes on each input', () => {
    const d = inv.create({ name: 'd', c8y_IsDevice: {}, c8y_Availability: { status: 'AVAILABLE', lastMessage: '2025-01-01T00:00:00Z' } });
    expect(row(d.id)).toMatchObject({ availability: 'AVAILABLE', device: 1, wsa: 1 });
    mark(d.id);
    inv.update(d.id, { c8y_Availability: { status: 'AVAILABLE', lastMessage: '2025-01-01T00:01:00Z' }, c8y_Notes: 'x' });
    expect(row(d.id).wsa).toBe(7);
    for (const patch of [
      { c8y_Availability: { status: 'UNAVAILABLE' } },
      { adamos_adamos_netbox_SoftwarePackageList: [{ name: 'a', version: '1', status: 'installed' }] },
      { adamos_adamos_netbox_FailedInstallationCount: 2 },
      { c8y_IsDevice: null },
    ]) {
      mark(d.id);
      inv.update(d.id, patch);
      expect([patch, row(d.id).wsa]).not.toEqual([patch, 7]);
    }
    expect(row(d.id)).toMatchObject({ availability: 'UNAVAILABLE', device: 0, wsa: 0, had_failures: 1 });
  });

  it('a version 5 database keeps its rows and gets the new trigger', () => {
    const d = inv.create({ name: 'd', c8y_IsDevice: {} });
    mark(d.id);
    db.exec(`UPDATE opdash_meta SET value = '5' WHERE key = 'software_state_version'`);
    const other = new Database(path.join(dir, 'db.sqlite'));
    try {
      ensureSoftwareState(other);
      expect((other.prepare(`SELECT wsa FROM ${SOFTWARE_STATE_TABLE} WHERE mo_id = ?`).get(Number(d.id)) as { wsa: number }).wsa).toBe(7);
      expect((other.prepare("SELECT value FROM opdash_meta WHERE key = 'software_state_version'").get() as { value: string }).value).toBe('6');
    } finally {
      other.close();
    }
  });
});
