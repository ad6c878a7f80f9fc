import type { Database, Statement } from 'better-sqlite3';
import { addBinaryReplacements, moveBlobsToFiles } from './binaries';

/**
 * JSON paths that list pages filter or sort on at fleet scale. Until v9 each had an expression
 * index on the documents (v1 still creates them, v9 drops them: the list table copies the paths,
 * see LIST_PATHS). The query compiler keeps their rule: no array-element match for them.
 */
export const INDEXED_JSON_PATHS = [
  'c8y_Availability.status',
  'c8y_Connection.status',
  'c8y_Hardware.serialNumber',
  'c8y_Hardware.model',
  'c8y_Firmware.version',
  'c8y_ActiveAlarmsStatus.critical',
] as const;

export const SCHEMA_VERSION = 13;

/**
 * The list table (v7): one narrow row per managed object with its columns and the JSON paths the
 * device lists filter and sort on, copied out of the document. A managed object's document is
 * several kB, so a filter on a JSON path read (and parsed) every row of a type: ~2 s for a
 * contains-filter with its total at 100,000 devices. Lists filter, sort and count here and read
 * the documents of their page only. Kept in step by the inventory store on every write.
 */
export const LIST_TABLE = 'mo_list';

/**
 * JSON path -> column of the list table. The values are exactly `json_extract(json, '$.<path>')`
 * of the stored document (so every comparison gives what it gave on the document); the paths are
 * the device lists' columns (shared/ui/device-columns.tsx, FIELD) and
 * the indexed paths above.
 */
export const LIST_PATHS: Readonly<Record<string, string>> = {
  'c8y_Availability.status': 'availability',
  'c8y_Availability.lastMessage': 'last_message',
  'c8y_Connection.status': 'connection',
  'c8y_Hardware.serialNumber': 'serial',
  'c8y_Hardware.model': 'hw_model',
  'c8y_Firmware.version': 'firmware_version',
  'c8y_ActiveAlarmsStatus.critical': 'alarms_critical',
  // v11: the lists sort by alarms as critical, then major, minor and warning counts.
  'c8y_ActiveAlarmsStatus.major': 'alarms_major',
  'c8y_ActiveAlarmsStatus.minor': 'alarms_minor',
  'c8y_ActiveAlarmsStatus.warning': 'alarms_warning',
  'c8y_Agent.version': 'agent_version',
  adamos_adamos_netbox_MachineSerialNumber: 'machine_serial',
  'adamos_IoTconnector_Machine.model': 'machine_model',
  'adamos_adamos_netbox_Hardware.information': 'image_version',
  adamos_adamos_netbox_MachineControlType: 'machine_control',
  adamos_adamos_netbox_PendingUpdates: 'pending_updates',
  adamos_adamos_netbox_FailedInstallationCount: 'failed_installations',
  'adamos_adamos_netbox_Customer.name': 'customer_name',
  'adamos_adamos_netbox_Customer.number': 'customer_number',
};

/**
 * Column of the list table set when one of the copied paths holds an array or a JSON null: only
 * such rows can match an `eq` through an array element or have a path that exists with no value,
 * so the query compiler reads their documents and no others.
 */
export const LIST_IRREGULAR = 'irregular';

const listPathSql = (path: string) => '$' + path.split('.').map((s) => (/^[A-Za-z_]\w*$/.test(s) ? `.${s}` : `."${s}"`)).join('');

/**
 * The list row of a managed object, from named parameters @id, @type, @name, @owner,
 * @creation_time, @last_updated and @json (its stored document text). INSERT OR REPLACE: the
 * same statement writes a new object's row and rewrites a changed one's.
 */
export const LIST_ROW_UPSERT = `INSERT OR REPLACE INTO ${LIST_TABLE} (id, type, name, owner, creation_time, last_updated, ${Object.values(LIST_PATHS).join(', ')}, ${LIST_IRREGULAR})
  VALUES (@id, @type, @name, @owner, @creation_time, @last_updated, ${Object.keys(LIST_PATHS)
    .map((p) => `json_extract(@json, '${listPathSql(p)}')`)
    .join(', ')}, ${listIrregularSql('@json')})`;

/**
 * The UPDATE of a list row after a document change: only the given columns (SQLite rewrites only
 * the indexes of the columns it sets, and every copied column's index starts with the type). The
 * copied columns are recomputed from @json; other columns come from parameters of their name.
 */
export function listRowUpdateSql(columns: readonly string[], returning?: string): string {
  // Built once per column set: a bulk job runs the same few thousands of times.
  const key = `${columns.join(',')}\u0000${returning ?? ''}`;
  let sql = LIST_ROW_UPDATES.get(key);
  if (sql === undefined) {
    const set = columns.map((c) => (PATH_OF_COLUMN.has(c) ? `${c} = json_extract(@json, '${listPathSql(PATH_OF_COLUMN.get(c)!)}')` : `${c} = @${c}`));
    sql = `UPDATE ${LIST_TABLE} SET ${set.join(', ')} WHERE id = @id${returning ? ` RETURNING ${returning}` : ''}`;
    LIST_ROW_UPDATES.set(key, sql);
  }
  return sql;
}
const PATH_OF_COLUMN = new Map(Object.entries(LIST_PATHS).map(([p, c]) => [c, p]));
const LIST_ROW_UPDATES = new Map<string, string>();

/** Sets the irregular flag from @json where it changed (rarely: then every type index is rewritten). */
export const LIST_IRREGULAR_UPDATE = `UPDATE ${LIST_TABLE} SET ${LIST_IRREGULAR} = ${listIrregularSql('@json')} WHERE id = @id AND ${LIST_IRREGULAR} IS NOT ${listIrregularSql('@json')}`;

function listIrregularSql(json: string): string {
  // json_type is NULL for a missing path: coalesce makes "none irregular" a 0.
  return `coalesce(${Object.keys(LIST_PATHS)
    .map((p) => `json_type(${json}, '${listPathSql(p)}') IN ('array', 'null')`)
    .join(' OR ')}, 0)`;
}
/**
 * Trigram index over names: `name eq '*abc*'` looks names up instead of scanning them. Kept in
 * step by the inventory store, once per transaction (inventory.ts, NameIndex): FTS5 writes its
 * pending terms out at every statement savepoint, so triggers made each insert cost a segment
 * write and merge (v2; about 10x the cost of the insert itself).
 */
export const NAME_TRIGRAM_TABLE = 'mo_name_trigram';

const indexName = (path: string) => `mo_json_${path.replace(/[^A-Za-z0-9]/g, '_')}`;

/**
 * Creates the schema on a new database; a no-op on one at the current version. `binariesDir`
 * receives the binaries' contents of a database from before v12 (none on a new one).
 */
export function migrate(db: Database, binariesDir?: string): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version >= SCHEMA_VERSION) return;
  db.transaction(() => {
    if (version < 1) createV1(db);
    if (version < 2) addNameTrigram(db);
    if (version < 3) dropNameTriggers(db);
    if (version < 4) addMeasurements(db);
    if (version < 5) addUserGroups(db);
    if (version < 6) addIdSequences(db);
    if (version < 7) addListTable(db);
    if (version < 8) addListTypeIndexes(db);
    if (version < 9) dropJsonIndexes(db);
    if (version < 10) addActiveAlarmsStatus(db);
    if (version < 11) addAlarmSortColumns(db);
    if (version < 12) moveBlobsToFiles(db, binariesDir);
    if (version < 13) addBinaryReplacements(db);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
}

function addNameTrigram(db: Database): void {
  db.exec(`
    CREATE VIRTUAL TABLE ${NAME_TRIGRAM_TABLE} USING fts5(name, content='managed_objects', content_rowid='id', tokenize='trigram case_sensitive 0');
    CREATE TRIGGER mo_name_trigram_ai AFTER INSERT ON managed_objects WHEN new.name IS NOT NULL BEGIN
      INSERT INTO ${NAME_TRIGRAM_TABLE} (rowid, name) VALUES (new.id, new.name);
    END;
    CREATE TRIGGER mo_name_trigram_ad AFTER DELETE ON managed_objects WHEN old.name IS NOT NULL BEGIN
      INSERT INTO ${NAME_TRIGRAM_TABLE} (${NAME_TRIGRAM_TABLE}, rowid, name) VALUES ('delete', old.id, old.name);
    END;
    CREATE TRIGGER mo_name_trigram_au AFTER UPDATE OF name ON managed_objects WHEN old.name IS NOT new.name BEGIN
      INSERT INTO ${NAME_TRIGRAM_TABLE} (${NAME_TRIGRAM_TABLE}, rowid, name) SELECT 'delete', old.id, old.name WHERE old.name IS NOT NULL;
      INSERT INTO ${NAME_TRIGRAM_TABLE} (rowid, name) SELECT new.id, new.name WHERE new.name IS NOT NULL;
    END;
    INSERT INTO ${NAME_TRIGRAM_TABLE} (${NAME_TRIGRAM_TABLE}) VALUES ('rebuild');
  `);
}

/** Read per source and period (lists, series), optionally of one type; deleted by the same filters. */
function addMeasurements(db: Database): void {
  db.exec(`
    CREATE TABLE measurements (
      id INTEGER PRIMARY KEY,
      source_id INTEGER NOT NULL REFERENCES managed_objects(id) ON DELETE CASCADE,
      type TEXT NOT NULL,
      time TEXT NOT NULL,
      json TEXT NOT NULL
    );
    CREATE INDEX measurements_source_time ON measurements(source_id, time);
    CREATE INDEX measurements_source_type_time ON measurements(source_id, type, time);
    CREATE INDEX measurements_time ON measurements(time);
  `);
}

/** User groups grant their roles to their members (the demo users' groups are made by core/auth.ts). */
function addUserGroups(db: Database): void {
  db.exec(`
    CREATE TABLE user_groups (
      id INTEGER PRIMARY KEY,
      tenant TEXT NOT NULL,
      name TEXT NOT NULL,
      json TEXT NOT NULL,
      UNIQUE (tenant, name)
    );
    CREATE TABLE user_group_members (
      group_id INTEGER NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
      tenant TEXT NOT NULL,
      user_name TEXT NOT NULL,
      PRIMARY KEY (group_id, user_name),
      FOREIGN KEY (tenant, user_name) REFERENCES users(tenant, user_name) ON DELETE CASCADE
    ) WITHOUT ROWID;
    CREATE INDEX user_group_members_user ON user_group_members(tenant, user_name);
  `);
}

/**
 * Tables whose ids the API hands out. SQLite gives a new row the largest id + 1, so deleting the
 * newest row and creating another reused its id (issue 18: rollouts, group links, bookmarks and
 * realtime subscriptions then pointed at the wrong object). Their ids come from id_sequences.
 */
export const SEQUENCED_TABLES = ['managed_objects', 'alarms', 'events', 'operations', 'measurements', 'applications'] as const;
export type SequencedTable = (typeof SEQUENCED_TABLES)[number];

/** The highest id each table ever handed out (existing files start from their largest id). */
function addIdSequences(db: Database): void {
  db.exec('CREATE TABLE id_sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID');
  for (const t of SEQUENCED_TABLES) db.prepare(`INSERT INTO id_sequences (name, value) SELECT ?, coalesce(max(id), 0) FROM ${t}`).run(t);
}

/**
 * The statement that takes the next id of a table: one above both the highest id handed out and
 * the largest id present (a row written by other means cannot make it collide). Run it inside
 * the inserting transaction, so a rolled-back insert gives its id back.
 */
export function nextIdSql(table: SequencedTable): string {
  const largest = `coalesce((SELECT max(id) FROM ${table}), 0)`;
  return `INSERT INTO id_sequences (name, value) VALUES ('${table}', ${largest} + 1)
    ON CONFLICT (name) DO UPDATE SET value = max(value, ${largest}) + 1 RETURNING value`;
}

/** The next id of a table (see nextIdSql), through a cache of prepared statements such as CoreContext.stmt. */
export function nextId(db: { stmt(sql: string): Statement }, table: SequencedTable): number {
  return (db.stmt(nextIdSql(table)).get() as { value: number }).value;
}

/**
 * The list table, filled from the documents (a one-time pass: ~20 s for a 100,000-device file).
 * Columns without a declared type keep json_extract's values as they are (no affinity: a
 * declared ANY would make '007' the number 7).
 */
function addListTable(db: Database): void {
  const cols = Object.values(LIST_PATHS);
  // The documents are the source: a file stepped back to an older version is rebuilt, not doubled.
  db.exec(`
    DROP TABLE IF EXISTS ${LIST_TABLE};
    CREATE TABLE ${LIST_TABLE} (
      id INTEGER PRIMARY KEY REFERENCES managed_objects(id) ON DELETE CASCADE,
      type TEXT,
      name TEXT,
      owner TEXT,
      creation_time TEXT NOT NULL,
      last_updated TEXT NOT NULL,
      ${cols.join(',\n      ')},
      ${LIST_IRREGULAR} INTEGER NOT NULL
    );
    INSERT INTO ${LIST_TABLE} (id, type, name, owner, creation_time, last_updated, ${cols.join(', ')}, ${LIST_IRREGULAR})
      SELECT id, type, name, owner, creation_time, last_updated, ${Object.keys(LIST_PATHS)
        .map((p) => `json_extract(json, '${listPathSql(p)}')`)
        .join(', ')}, ${listIrregularSql('json')} FROM managed_objects ORDER BY id;
    CREATE INDEX ${LIST_TABLE}_type_name ON ${LIST_TABLE}(type, name COLLATE NOCASE);
    -- A type's rows in id order (a list's default order) without a sort of the whole type.
    CREATE INDEX ${LIST_TABLE}_type ON ${LIST_TABLE}(type);
    CREATE INDEX ${LIST_TABLE}_name ON ${LIST_TABLE}(name COLLATE NOCASE);
    CREATE INDEX ${LIST_TABLE}_owner ON ${LIST_TABLE}(owner);
    CREATE INDEX ${LIST_TABLE}_creation_time ON ${LIST_TABLE}(creation_time);
    CREATE INDEX ${LIST_TABLE}_last_updated ON ${LIST_TABLE}(last_updated);
    CREATE INDEX ${LIST_TABLE}_irregular ON ${LIST_TABLE}(${LIST_IRREGULAR}) WHERE ${LIST_IRREGULAR} = 1;
    ${cols.map((c) => `CREATE INDEX ${LIST_TABLE}_${c} ON ${LIST_TABLE}(${c});`).join('\n    ')}
  `);
}

/**
 * v8: a list is one type (or two) and a filter, so each copied column is indexed after the type,
 * with the irregular flag: a count or a page of a type's rows with a condition on one column
 * (equal, range, IN, and a LIKE scanned over the index) is answered from that index alone. v7's
 * one-column indexes sent each match to its row to check the type (30-90 ms at 100,000 devices).
 * The availability keeps its own index too (the dashboard widgets ask for it without a type).
 */
function addListTypeIndexes(db: Database): void {
  const cols = Object.values(LIST_PATHS);
  db.exec(`
    ${cols.filter((c) => c !== 'availability').map((c) => `DROP INDEX IF EXISTS ${LIST_TABLE}_${c};`).join('\n    ')}
    ${cols.map((c) => `CREATE INDEX IF NOT EXISTS ${LIST_TABLE}_type_${c} ON ${LIST_TABLE}(type, ${c}, ${LIST_IRREGULAR});`).join('\n    ')}
    CREATE INDEX IF NOT EXISTS ${LIST_TABLE}_type_creation_time ON ${LIST_TABLE}(type, creation_time);
  `);
  // A file with statistics gets them for the new table too: without, the planner guessed e.g. a
  // scan of a type's rows over the availability index.
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get()) db.exec(`ANALYZE ${LIST_TABLE}`);
}

/**
 * v9: the expression indexes on the documents go. Lists filter on the list table's columns
 * since v7, so nothing reads them, and every document write recomputed and rewrote all six (a
 * bulk assignment of 10,000 devices paid for them beside the list table's own indexes).
 */
function dropJsonIndexes(db: Database): void {
  for (const p of INDEXED_JSON_PATHS) db.exec(`DROP INDEX IF EXISTS ${indexName(p)}`);
}

/**
 * v10: c8y_ActiveAlarmsStatus on every source with unresolved alarms, as the alarm store keeps it
 * from v10 on (alarms.ts, ActiveAlarmsCounts; same keys in the same order). Files written before
 * had it nowhere, so the device lists' Alarms column was empty. The sources' lastUpdated stays.
 */
function addActiveAlarmsStatus(db: Database): void {
  const count = (severity: string) => `sum(severity = '${severity}')`;
  db.exec(`
    CREATE TEMP TABLE v10_alarm_counts AS
      SELECT source_id AS id, json_object('critical', ${count('CRITICAL')}, 'major', ${count('MAJOR')}, 'minor', ${count('MINOR')}, 'warning', ${count('WARNING')}) AS status
      FROM alarms WHERE status != 'CLEARED' GROUP BY source_id;
    UPDATE managed_objects SET json = json_set(json, '$.c8y_ActiveAlarmsStatus', json(c.status)) FROM v10_alarm_counts c WHERE managed_objects.id = c.id;
    UPDATE ${LIST_TABLE} SET ${LIST_PATHS['c8y_ActiveAlarmsStatus.critical']} = json_extract(c.status, '$.critical') FROM v10_alarm_counts c WHERE ${LIST_TABLE}.id = c.id;
    INSERT OR IGNORE INTO mo_fragments (fragment, mo_id) SELECT 'c8y_ActiveAlarmsStatus', id FROM v10_alarm_counts;
    DROP TABLE v10_alarm_counts;
  `);
}

/**
 * v11: the major, minor and warning counts of c8y_ActiveAlarmsStatus as list columns (indexed
 * after the type, as every copied column): sorting by alarms orders ties of the critical count by
 * them, which read every document of the type otherwise. A file whose list table was created at
 * this version already has them (addListTable copies every path of LIST_PATHS).
 */
function addAlarmSortColumns(db: Database): void {
  const present = new Set((db.prepare(`PRAGMA table_info(${LIST_TABLE})`).all() as { name: string }[]).map((c) => c.name));
  for (const severity of ['major', 'minor', 'warning']) {
    const path = `c8y_ActiveAlarmsStatus.${severity}`;
    const col = LIST_PATHS[path];
    if (!present.has(col)) {
      db.exec(`ALTER TABLE ${LIST_TABLE} ADD COLUMN ${col}`);
      db.exec(`UPDATE ${LIST_TABLE} SET ${col} = (SELECT json_extract(mo.json, '${listPathSql(path)}') FROM managed_objects mo WHERE mo.id = ${LIST_TABLE}.id)
        WHERE id IN (SELECT mo_id FROM mo_fragments WHERE fragment = 'c8y_ActiveAlarmsStatus')`);
    }
    db.exec(`CREATE INDEX IF NOT EXISTS ${LIST_TABLE}_type_${col} ON ${LIST_TABLE}(type, ${col}, ${LIST_IRREGULAR})`);
  }
}

function dropNameTriggers(db: Database): void {
  db.exec(`
    DROP TRIGGER IF EXISTS mo_name_trigram_ai;
    DROP TRIGGER IF EXISTS mo_name_trigram_ad;
    DROP TRIGGER IF EXISTS mo_name_trigram_au;
  `);
}

function createV1(db: Database): void {
    db.exec(`
      CREATE TABLE managed_objects (
        id INTEGER PRIMARY KEY,
        type TEXT,
        name TEXT,
        owner TEXT,
        creation_time TEXT NOT NULL,
        last_updated TEXT NOT NULL,
        json TEXT NOT NULL
      );
      -- name is matched case-insensitively (LIKE) and sorted the same way, so one index serves
      -- "type eq X and name eq 'abc*' order by name" without a sort step.
      CREATE INDEX mo_type_name ON managed_objects(type, name COLLATE NOCASE);
      CREATE INDEX mo_name ON managed_objects(name COLLATE NOCASE);
      CREATE INDEX mo_owner ON managed_objects(owner);
      CREATE INDEX mo_last_updated ON managed_objects(last_updated);
      CREATE INDEX mo_creation_time ON managed_objects(creation_time);
      ${INDEXED_JSON_PATHS.map((p) => `CREATE INDEX ${indexName(p)} ON managed_objects(json_extract(json, '$.${p}'));`).join('\n')}

      -- Presence of top-level fragments: has(frag) and fragmentType become index lookups.
      CREATE TABLE mo_fragments (
        fragment TEXT NOT NULL,
        mo_id INTEGER NOT NULL REFERENCES managed_objects(id) ON DELETE CASCADE,
        PRIMARY KEY (fragment, mo_id)
      ) WITHOUT ROWID;
      CREATE INDEX mo_fragments_mo ON mo_fragments(mo_id);

      -- childAssets / childDevices / childAdditions; parents are read from the same rows.
      CREATE TABLE mo_relations (
        parent_id INTEGER NOT NULL REFERENCES managed_objects(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('childAssets','childDevices','childAdditions')),
        child_id INTEGER NOT NULL REFERENCES managed_objects(id) ON DELETE CASCADE,
        PRIMARY KEY (parent_id, kind, child_id)
      ) WITHOUT ROWID;
      CREATE INDEX mo_relations_child ON mo_relations(child_id, kind, parent_id);

      CREATE TABLE binaries (
        id INTEGER PRIMARY KEY REFERENCES managed_objects(id) ON DELETE CASCADE,
        content_type TEXT NOT NULL,
        data BLOB NOT NULL
      );

      CREATE TABLE external_ids (
        type TEXT NOT NULL,
        external_id TEXT NOT NULL,
        mo_id INTEGER NOT NULL REFERENCES managed_objects(id) ON DELETE CASCADE,
        PRIMARY KEY (type, external_id)
      );
      CREATE INDEX external_ids_mo ON external_ids(mo_id);

      CREATE TABLE alarms (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES managed_objects(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        severity TEXT NOT NULL,
        status TEXT NOT NULL,
        count INTEGER NOT NULL,
        time TEXT NOT NULL,
        creation_time TEXT NOT NULL,
        first_occurrence_time TEXT NOT NULL,
        last_updated TEXT NOT NULL,
        json TEXT NOT NULL
      );
      CREATE INDEX alarms_source ON alarms(source_id, status, type);
      CREATE INDEX alarms_status_time ON alarms(status, severity, time);
      CREATE INDEX alarms_time ON alarms(time);

      CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES managed_objects(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        time TEXT NOT NULL,
        creation_time TEXT NOT NULL,
        last_updated TEXT NOT NULL,
        json TEXT NOT NULL
      );
      CREATE INDEX events_source_time ON events(source_id, time);
      CREATE INDEX events_type_time ON events(type, time);
      CREATE INDEX events_time ON events(time);

      CREATE TABLE operations (
        id INTEGER PRIMARY KEY,
        device_id INTEGER NOT NULL REFERENCES managed_objects(id) ON DELETE CASCADE,
        status TEXT NOT NULL,
        creation_time TEXT NOT NULL,
        json TEXT NOT NULL
      );
      CREATE INDEX operations_device_time ON operations(device_id, creation_time);
      CREATE INDEX operations_status_time ON operations(status, creation_time);
      CREATE INDEX operations_time ON operations(creation_time);

      CREATE TABLE users (
        tenant TEXT NOT NULL,
        user_name TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        json TEXT NOT NULL,
        PRIMARY KEY (tenant, user_name)
      );

      CREATE TABLE sessions (
        token TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        user_name TEXT NOT NULL,
        xsrf TEXT NOT NULL,
        expires INTEGER NOT NULL,
        FOREIGN KEY (tenant, user_name) REFERENCES users(tenant, user_name) ON DELETE CASCADE
      );

      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

      CREATE TABLE applications (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        key TEXT NOT NULL UNIQUE,
        context_path TEXT UNIQUE,
        json TEXT NOT NULL
      );
    `);
}

/** Index name of an expression-indexed path (for tests that check the query plan). */
export const jsonIndexName = indexName;
