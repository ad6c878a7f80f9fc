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
