/**
 * The derived software state per managed object (sql.ts, SOFTWARE_STATE_COLUMNS), created by the
 * service on the core's database and kept by triggers, so every write path of the core (REST,
 * jobs, simulator, seeding) keeps it without knowing about it. A change of the column SQL bumps
 * STATE_VERSION: the table is rebuilt from the managed objects once.
 */
import type { Database } from 'better-sqlite3';
import { SOFTWARE_STATE_COLUMNS, SOFTWARE_STATE_TABLE } from './sql';

const STATE_VERSION = 2;
const META_TABLE = 'opdash_meta';
const TRIGGERS = ['opdash_software_state_ai', 'opdash_software_state_au', 'opdash_software_state_ad'];

const ready = new WeakSet<Database>();

const columns = Object.keys(SOFTWARE_STATE_COLUMNS);
/** The column values computed from the row `alias` (mo for a backfill, new in a trigger). */
const values = (alias: string) => Object.values(SOFTWARE_STATE_COLUMNS).map((sql) => sql.replaceAll('mo.json', `${alias}.json`));

export function ensureSoftwareState(db: Database): void {
  if (ready.has(db)) return;
  db.exec(`CREATE TABLE IF NOT EXISTS ${META_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
  const current = db.prepare(`SELECT value FROM ${META_TABLE} WHERE key = 'software_state_version'`).get() as { value: string } | undefined;
  if (current?.value !== String(STATE_VERSION)) {
    db.transaction(() => {
      for (const t of TRIGGERS) db.exec(`DROP TRIGGER IF EXISTS ${t}`);
      db.exec(`DROP TABLE IF EXISTS ${SOFTWARE_STATE_TABLE}`);
      db.exec(`CREATE TABLE ${SOFTWARE_STATE_TABLE} (mo_id INTEGER PRIMARY KEY, wfa INTEGER NOT NULL, wsa INTEGER NOT NULL, pending INTEGER NOT NULL, recovered_at TEXT, had_failures INTEGER NOT NULL)`);
      const upsert = (alias: string) => `INSERT OR REPLACE INTO ${SOFTWARE_STATE_TABLE} (mo_id, ${columns.join(', ')}) VALUES (${alias}.id, ${values(alias).join(', ')});`;
      db.exec(`
        CREATE TRIGGER ${TRIGGERS[0]} AFTER INSERT ON managed_objects BEGIN ${upsert('new')} END;
        CREATE TRIGGER ${TRIGGERS[1]} AFTER UPDATE OF json ON managed_objects BEGIN ${upsert('new')} END;
        CREATE TRIGGER ${TRIGGERS[2]} AFTER DELETE ON managed_objects BEGIN DELETE FROM ${SOFTWARE_STATE_TABLE} WHERE mo_id = old.id; END;
      `);
      db.exec(`INSERT INTO ${SOFTWARE_STATE_TABLE} (mo_id, ${columns.join(', ')}) SELECT mo.id, ${values('mo').join(', ')} FROM managed_objects mo`);
      db.prepare(`INSERT OR REPLACE INTO ${META_TABLE} (key, value) VALUES ('software_state_version', ?)`).run(String(STATE_VERSION));
    })();
  }
  ready.add(db);
}
