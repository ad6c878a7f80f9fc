/**
 * The derived software state per managed object (sql.ts, SOFTWARE_STATE_COLUMNS), created by the
 * service on the core's database and kept by triggers, so every write path of the core (REST,
 * jobs, simulator, seeding) keeps it without knowing about it. `wfd` depends on the repository
 * too: a write of a software package recomputes it for the devices whose pending entries name the
 * package. A change of the column SQL bumps STATE_VERSION: the table is rebuilt from the managed
 * objects once.
 */
import type { Database } from 'better-sqlite3';
import { FRAGMENT, SOFTWARE_TYPE } from './constants';
import { ensureVersion, q, SOFTWARE_DEPENDENTS_WHERE, SOFTWARE_STATE_COLUMNS, SOFTWARE_STATE_INPUTS, SOFTWARE_STATE_TABLE } from './sql';

/**
 * 5: the device column and the (device, figure) indexes; a version 4 table gets them in place.
 * 6: the update trigger skips writes that change no input of the row (SOFTWARE_STATE_INPUTS); a
 * version 4 or 5 table keeps its rows (only the triggers change).
 */
const STATE_VERSION = 6;
const TRIGGERS = [
  'opdash_software_state_ai',
  'opdash_software_state_au',
  'opdash_software_state_ad',
  'opdash_software_package_ai',
  'opdash_software_package_au',
  'opdash_software_package_ad',
];

const ready = new WeakSet<Database>();

const columns = Object.keys(SOFTWARE_STATE_COLUMNS);
/** The column values computed from the row `alias` (mo for a backfill, new in a trigger). */
const values = (alias: string) => Object.values(SOFTWARE_STATE_COLUMNS).map((sql) => sql.replaceAll('mo.json', `${alias}.json`));

export function ensureSoftwareState(db: Database): void {
  if (ready.has(db)) return;
  ensureVersion(db, 'software_state_version', STATE_VERSION, (found) => {
    for (const t of TRIGGERS) db.exec(`DROP TRIGGER IF EXISTS ${t}`);
    // Version 4 differs only by the device column: added from the fragment index (seconds at
    // 100,000 devices) instead of recomputing every package list. Version 5 only by a trigger.
    const inPlace = found === '4' || found === '5';
    if (found === '4') {
      db.exec(`ALTER TABLE ${SOFTWARE_STATE_TABLE} ADD COLUMN device INTEGER NOT NULL DEFAULT 0`);
      db.exec(`UPDATE ${SOFTWARE_STATE_TABLE} SET device = 1 WHERE mo_id IN (SELECT mo_id FROM mo_fragments WHERE fragment = ${q(FRAGMENT.isDevice)})`);
    } else if (!inPlace) {
      db.exec(`DROP TABLE IF EXISTS ${SOFTWARE_STATE_TABLE}`);
      db.exec(
        `CREATE TABLE ${SOFTWARE_STATE_TABLE} (mo_id INTEGER PRIMARY KEY, availability TEXT, wfd INTEGER NOT NULL, wfa INTEGER NOT NULL, wsa INTEGER NOT NULL, pending INTEGER NOT NULL, recovered_at TEXT, had_failures INTEGER NOT NULL, device INTEGER NOT NULL)`,
      );
    }
    const upsert = (alias: string) => `INSERT OR REPLACE INTO ${SOFTWARE_STATE_TABLE} (mo_id, ${columns.join(', ')}) VALUES (${alias}.id, ${values(alias).join(', ')});`;
    const recomputeDependents = (pkg: string) =>
      `UPDATE ${SOFTWARE_STATE_TABLE} SET wfd = (SELECT ${SOFTWARE_STATE_COLUMNS.wfd} FROM managed_objects mo WHERE mo.id = ${SOFTWARE_STATE_TABLE}.mo_id)
       WHERE ${SOFTWARE_DEPENDENTS_WHERE(pkg)};`;
    const software = q(SOFTWARE_TYPE);
    // json_extract gives an array or object as its JSON text and keeps a value's type (1 vs '1');
    // JSON null and an absent member both give NULL, which the columns read alike except the
    // device flag (json_type: a null c8y_IsDevice still marks a device), hence json_type there.
    const read = (side: 'old' | 'new', p: string) => (p === SOFTWARE_STATE_INPUTS[1] ? `json_type(${side}.json, ${q(p)})` : `json_extract(${side}.json, ${q(p)})`);
    const inputsChanged = SOFTWARE_STATE_INPUTS.map((p) => `${read('old', p)} IS NOT ${read('new', p)}`).join(' OR ');
    db.exec(`
      CREATE TRIGGER ${TRIGGERS[0]} AFTER INSERT ON managed_objects BEGIN ${upsert('new')} END;
      CREATE TRIGGER ${TRIGGERS[1]} AFTER UPDATE OF json ON managed_objects WHEN ${inputsChanged} BEGIN ${upsert('new')} END;
      CREATE TRIGGER ${TRIGGERS[2]} AFTER DELETE ON managed_objects BEGIN DELETE FROM ${SOFTWARE_STATE_TABLE} WHERE mo_id = old.id; END;
      CREATE TRIGGER ${TRIGGERS[3]} AFTER INSERT ON managed_objects WHEN new.type = ${software} BEGIN ${recomputeDependents('new')} END;
      CREATE TRIGGER ${TRIGGERS[4]} AFTER UPDATE OF json, name, type ON managed_objects WHEN old.type = ${software} OR new.type = ${software} BEGIN
        ${recomputeDependents('old')} ${recomputeDependents('new')}
      END;
      CREATE TRIGGER ${TRIGGERS[5]} AFTER DELETE ON managed_objects WHEN old.type = ${software} BEGIN ${recomputeDependents('old')} END;
    `);
    if (!inPlace) db.exec(`INSERT INTO ${SOFTWARE_STATE_TABLE} (mo_id, ${columns.join(', ')}) SELECT mo.id, ${values('mo').join(', ')} FROM managed_objects mo`);
    // Counts and id-ordered pages of one figure's devices, from the index alone.
    for (const c of ['availability', 'wfd', 'wfa', 'wsa', 'had_failures, recovered_at']) {
      db.exec(`CREATE INDEX IF NOT EXISTS ${SOFTWARE_STATE_TABLE}_device_${c.split(',')[0]} ON ${SOFTWARE_STATE_TABLE}(device, ${c})`);
    }
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get()) db.exec(`ANALYZE ${SOFTWARE_STATE_TABLE}`);
  });
  ready.add(db);
}
