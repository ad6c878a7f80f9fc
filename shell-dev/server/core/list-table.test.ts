/**
 * The list table (schema v7): filters on the copied JSON paths run over its columns instead of
 * the documents. Every filter kind the device lists send must pick exactly the rows the same
 * filter picks on the documents, also for the odd ones (missing fragment, JSON null, arrays,
 * numbers stored as text, wildcards, ranges, dates), after updates and deletes, and in a file
 * migrated from v6.
 */
import Database from 'better-sqlite3';
import { CoreContext } from './context';
import { InventoryStore } from './inventory';
import { INDEXED_JSON_PATHS, LIST_PATHS, LIST_TABLE, migrate, SCHEMA_VERSION } from './schema';

const P = 'adamos_adamos_netbox_';
/** Each document's copied fragments are mirrored under this prefix, a path the list table does not copy. */
const MIRROR = 'mirror_';

function open() {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db);
  const inv = new InventoryStore(new CoreContext(db, { now: () => Date.parse('2026-06-01T00:00:00Z') }));
  return { db, inv };
}

const topLevel = new Set(Object.keys(LIST_PATHS).map((p) => p.split('.')[0]));

/** The document with every fragment that holds a copied path mirrored (same value, other name). */
function mirrored(doc: Record<string, unknown>): Record<string, unknown> {
  const out = { ...doc };
  for (const [k, v] of Object.entries(doc)) if (topLevel.has(k)) out[MIRROR + k] = v;
  return out;
}

const DOCS: Record<string, unknown>[] = [
  {
    name: 'NB 1',
    type: 'adamos_NETbox',
    c8y_IsDevice: {},
    c8y_Availability: { status: 'AVAILABLE', lastMessage: '2026-05-30T10:00:00.000Z' },
    c8y_Connection: { status: 'CONNECTED' },
    c8y_Hardware: { serialNumber: 'NB24000120', model: 'IoTconnector M' },
    c8y_Agent: { version: '0.4.6' },
    [`${P}MachineSerialNumber`]: 'M5300120',
    adamos_IoTconnector_Machine: { model: 'DMU 50 3rd Generation' },
    [`${P}Hardware`]: { information: '2.5.2' },
    [`${P}MachineControlType`]: 'SIEMENS',
    [`${P}PendingUpdates`]: 0,
    [`${P}FailedInstallationCount`]: 3,
    [`${P}Customer`]: { name: 'Shanghai Precision Works', number: 'C-10120' },
    c8y_ActiveAlarmsStatus: { critical: 2 },
  },
  {
    name: 'NB 2',
    type: 'adamos_NETbox',
    c8y_IsDevice: {},
    c8y_Availability: { status: 'UNAVAILABLE', lastMessage: '2026-05-01T00:00:00.000Z' },
    c8y_Hardware: { serialNumber: 'nb_12%x', model: 'IoTconnector S' },
    c8y_Agent: { version: '0.5.0' },
    [`${P}MachineSerialNumber`]: 'M5300121',
    [`${P}Hardware`]: { information: '2.6.0' },
    // An array where a scalar is expected: eq matches an element (the platform's rule).
    [`${P}MachineControlType`]: ['SIEMENS', 'FANUC'],
    [`${P}PendingUpdates`]: 2,
    [`${P}FailedInstallationCount`]: 1,
    [`${P}Customer`]: { name: ['Acme', 'Beta GmbH'], number: '12' },
  },
  {
    name: 'NB 3 (no fragments)',
    type: 'adamos_NETbox',
    c8y_IsDevice: {},
  },
  {
    name: 'NB 4 (nulls and text numbers)',
    type: 'adamos_NETbox',
    c8y_IsDevice: {},
    // A path that exists with no value: has() is true, eq null matches.
    c8y_Availability: { status: null, lastMessage: 'not a date' },
    c8y_Hardware: { serialNumber: 120, model: '' },
    [`${P}PendingUpdates`]: '5',
    [`${P}FailedInstallationCount`]: 2.5,
    [`${P}MachineControlType`]: '',
    [`${P}Customer`]: { name: '', number: null },
    c8y_ActiveAlarmsStatus: {},
  },
  {
    name: 'Router',
    type: 'adamos_MobileRouter',
    c8y_IsDevice: {},
    c8y_Availability: { status: 'MAINTENANCE' },
    c8y_Connection: { status: 'DISCONNECTED' },
    c8y_Hardware: { serialNumber: 'R-0120', model: { nested: 'object' } },
    [`${P}PendingUpdates`]: 7,
  },
  { name: 'Group', type: 'c8y_DeviceGroup', c8y_IsDeviceGroup: {} },
];

/** Filters as the device lists build them (filters.ts), with {path} for the column's path. */
const FILTERS: Array<[string, string]> = [
  ['c8y_Availability.status', "{p} eq 'AVAILABLE'"],
  ['c8y_Availability.status', "({p} eq 'UNAVAILABLE') or ({p} eq 'MAINTENANCE')"],
  ['c8y_Availability.status', "(not(has({p}))) or ({p} eq '')"],
  ['c8y_Availability.status', '{p} eq null'],
  ['c8y_Availability.status', '{p} ne null'],
  ['c8y_Availability.status', "{p} eq '*avail*'"],
  ['c8y_Availability.lastMessage', "({p} ge '2026-05-15T00:00:00.000Z') and ({p} lt '2026-06-01T00:00:00.000Z')"],
  ['c8y_Availability.lastMessage', "{p} lt '2026-05-15T00:00:00.000Z'"],
  ['c8y_Connection.status', "{p} eq 'DISCONNECTED'"],
  ['c8y_Connection.status', "{p} ne 'CONNECTED'"],
  ['c8y_Hardware.serialNumber', "{p} eq '*12*'"],
  ['c8y_Hardware.serialNumber', "{p} eq '*_12%*'"],
  ['c8y_Hardware.serialNumber', '{p} eq 120'],
  ['c8y_Hardware.serialNumber', "{p} eq 'nb*'"],
  ['c8y_Hardware.model', "{p} eq 'IoTconnector M'"],
  ['c8y_Hardware.model', "(not(has({p}))) or ({p} eq '')"],
  ['c8y_Agent.version', "({p} eq '0.4.6') or ({p} eq '*5*')"],
  [`${P}MachineSerialNumber`, "{p} eq 'M53001*'"],
  [`${P}MachineSerialNumber`, "{p} eq '*121'"],
  ['adamos_IoTconnector_Machine.model', "{p} eq '*dmu*'"],
  [`${P}Hardware.information`, "{p} eq '2.5.2'"],
  [`${P}MachineControlType`, "{p} eq 'SIEMENS'"],
  [`${P}MachineControlType`, "{p} eq 'FAN*'"],
  [`${P}MachineControlType`, "(not(has({p}))) or ({p} eq '')"],
  [`${P}MachineControlType`, "{p} ne 'SIEMENS'"],
  [`${P}PendingUpdates`, '{p} eq 2'],
  [`${P}PendingUpdates`, '{p} ge 2'],
  [`${P}PendingUpdates`, '({p} ge 1) and ({p} le 5)'],
  [`${P}PendingUpdates`, "{p} eq '5'"],
  [`${P}FailedInstallationCount`, '{p} ge 2'],
  [`${P}FailedInstallationCount`, '({p} ge 1) and ({p} le 2)'],
  [`${P}Customer.name`, "{p} eq 'Acme'"],
  [`${P}Customer.name`, "({p} eq 'Shanghai Precision Works') or ({p} eq '*gmbh*')"],
  [`${P}Customer.name`, "(not(has({p}))) or ({p} eq '')"],
  [`${P}Customer.number`, "{p} eq '*12*'"],
  [`${P}Customer.number`, 'has({p})'],
  ['c8y_ActiveAlarmsStatus.critical', '{p} ge 1'],
  ['c8y_ActiveAlarmsStatus.critical', 'not(has({p}))'],
];

describe('list table', () => {
  it('copies every path the device lists filter on, the indexed ones included', () => {
    for (const p of INDEXED_JSON_PATHS) expect(Object.keys(LIST_PATHS)).toContain(p);
  });

  const { db, inv } = open();
  const ids = DOCS.map((d) => inv.create(mirrored(d)).id);
  const names = (query: string, orderBy = '') => inv.query({ query: `$filter=(${query})${orderBy}`, pageSize: 100 }).items.map((m) => m.name);

  /** The same filter over the list columns and over the documents (the mirrored path). */
  const both = (path: string, template: string) => {
    const onColumns = template.replace(/\{p\}/g, path);
    const onDocuments = template.replace(/\{p\}/g, MIRROR + path);
    return [names(onColumns), names(onDocuments), inv.count({ query: onColumns })] as const;
  };

  it.each(FILTERS)('%s: %s picks the rows the documents give', (path, template) => {
    const [columns, documents, count] = both(path, template);
    // Indexed paths never matched through array elements (none of the fixture's arrays is on one).
    expect(columns).toEqual(documents);
    expect(count).toBe(documents.length);
  });

  it('gives the same pages in id order whether a filter matches few rows or many', () => {
    // withTotal lets the store sort few matches from the filter's index (InventoryStore.page).
    const all = inv.query({ query: 'has(c8y_IsDevice)', pageSize: 100 }).items.map((m) => m.id);
    expect(all.map(Number)).toEqual([...all.map(Number)].sort((a, b) => a - b));
    for (const currentPage of [1, 2, 3]) {
      const page = inv.query({ query: 'has(c8y_IsDevice)', pageSize: 2, currentPage, withTotal: true });
      expect(page.items.map((m) => m.id)).toEqual(all.slice((currentPage - 1) * 2, currentPage * 2));
      expect(page.totalElements).toBe(all.length);
    }
  });

  it('orders by a copied path as by the document', () => {
    for (const path of [`${P}PendingUpdates`, 'c8y_Hardware.serialNumber', `${P}Customer.name`]) {
      for (const dir of ['asc', 'desc']) {
        expect(names('has(c8y_IsDevice)', ` $orderby=${path} ${dir}`)).toEqual(names('has(c8y_IsDevice)', ` $orderby=${MIRROR + path} ${dir}`));
      }
    }
  });

  it('filters with the type, dates and names as columns of the list table', () => {
    expect(names("type eq 'adamos_NETbox' and c8y_Availability.status eq 'AVAILABLE'")).toEqual(['NB 1']);
    expect(names("creationTime ge '2026-06-01T00:00:00Z' and name eq 'nb*'")).toHaveLength(4);
    expect(names("name eq '*router*'")).toEqual(['Router']);
  });

  it('follows updates, renames and deletes', () => {
    inv.update(ids[1], mirrored({ [`${P}MachineControlType`]: 'FANUC', c8y_Availability: { status: 'AVAILABLE' }, name: 'NB 2 renamed' }));
    inv.update(ids[0], mirrored({ [`${P}Customer`]: null }));
    // A regular row that becomes irregular through an update (an array on a copied path).
    inv.update(ids[0], mirrored({ [`${P}MachineControlType`]: ['HEIDENHAIN', 'SIEMENS'] }));
    expect(names(`${P}MachineControlType eq 'HEIDENHAIN'`)).toEqual(['NB 1']);
    inv.update(ids[2], mirrored({ c8y_Hardware: { serialNumber: ['S-1', 'S-2'] }, [`${P}PendingUpdates`]: 4 }));
    expect(names(`${P}MachineControlType eq 'FANUC'`)).toEqual(['NB 2 renamed']);
    expect(names("c8y_Availability.status eq 'AVAILABLE'")).toEqual(['NB 1', 'NB 2 renamed']);
    expect(names(`not(has(${P}Customer.name)) and has(c8y_IsDevice)`)).toEqual(['NB 1', 'NB 3 (no fragments)', 'Router']);
    expect(names(`${P}PendingUpdates ge 3`)).toEqual(['NB 3 (no fragments)', 'NB 4 (nulls and text numbers)', 'Router']);
    inv.remove(ids[4]);
    expect(names("c8y_Connection.status eq 'DISCONNECTED'")).toEqual([]);
    expect(db.prepare(`SELECT count(*) AS n FROM ${LIST_TABLE}`).get()).toEqual({ n: DOCS.length - 1 });
    // An indexed path never matched through an array element (as before v7); the mirror does.
    expect(names("c8y_Hardware.serialNumber eq 'S-1'")).toEqual([]);
    expect(names(`${MIRROR}c8y_Hardware.serialNumber eq 'S-1'`)).toEqual(['NB 3 (no fragments)']);
    for (const [path, template] of FILTERS) {
      if (path === 'c8y_Hardware.serialNumber') continue;
      const [columns, documents] = both(path, template);
      expect([path, template, columns]).toEqual([path, template, documents]);
    }
  });

  it('keeps the irregular flag as the document says after each update', () => {
    const flag = (id: string) => (db.prepare(`SELECT irregular FROM ${LIST_TABLE} WHERE id = ?`).get(Number(id)) as { irregular: number }).irregular;
    const t = inv.create({ name: 'flags', [`${P}PendingUpdates`]: 1 }).id;
    expect(flag(t)).toBe(0);
    inv.update(t, { [`${P}PendingUpdates`]: Number.NaN });
    expect(flag(t)).toBe(1); // NaN is stored as JSON null
    inv.update(t, { [`${P}PendingUpdates`]: 2 });
    expect(flag(t)).toBe(0);
    inv.update(t, { c8y_Availability: { status: ['A', 'B'] } });
    expect(flag(t)).toBe(1);
    inv.update(t, { c8y_Notes: 'a patch of no copied path leaves the flag' });
    expect(flag(t)).toBe(1);
    inv.update(t, { c8y_Availability: { status: 'AVAILABLE' } });
    expect(flag(t)).toBe(0);
    inv.remove(t);
  });

  it('rolls back with the transaction that wrote it', () => {
    const before = db.prepare(`SELECT * FROM ${LIST_TABLE} ORDER BY id`).all();
    expect(() =>
      inv['ctx'].transaction(() => {
        inv.update(ids[0], { c8y_Availability: { status: 'UNAVAILABLE' } });
        inv.create({ name: 'rolled back', c8y_Availability: { status: 'AVAILABLE' } });
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(db.prepare(`SELECT * FROM ${LIST_TABLE} ORDER BY id`).all()).toEqual(before);
  });

  it('is rebuilt from the documents when a v6 file is migrated', () => {
    const written = db.prepare(`SELECT * FROM ${LIST_TABLE} ORDER BY id`).all();
    db.exec(`DROP TABLE ${LIST_TABLE}`);
    db.pragma('user_version = 6');
    migrate(db);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare(`SELECT * FROM ${LIST_TABLE} ORDER BY id`).all()).toEqual(written);
  });
});

describe('list table query plans', () => {
  const { db, inv } = open();
  for (let i = 0; i < 50; i++) inv.create({ name: `d${i}`, type: 'adamos_NETbox', c8y_IsDevice: {}, [`${P}PendingUpdates`]: i % 4, c8y_Hardware: { serialNumber: `S${i}` } });
  db.exec('ANALYZE');
  const plan = (query: string) => {
    const { where, orderBy } = inv.where({ query });
    return (db.prepare(`EXPLAIN QUERY PLAN SELECT count(*) FROM ${LIST_TABLE} mo WHERE ${where.sql} ORDER BY ${orderBy}`).all(...where.params) as Array<{ detail: string }>)
      .map((r) => r.detail)
      .join(' | ');
  };

  it('reads no document for a filter on copied paths', () => {
    for (const [path, template] of FILTERS) {
      const p = plan(template.replace(/\{p\}/g, path));
      // Documents are read only in a correlated subquery behind the irregular flag.
      expect(p).not.toMatch(/SCAN doc\b/);
    }
    expect(plan(`${P}PendingUpdates ge 2`)).toMatch(/INDEX mo_list_type_pending_updates/);
    expect(plan("type eq 'adamos_NETbox' and c8y_Hardware.serialNumber eq 'S1'")).toMatch(/COVERING INDEX mo_list_type_serial/);
  });
});
