import type { ChildKind, Fragments, Inventory, InventoryQuery, ManagedObject, Page } from './api';
import { type CoreContext, invalid, isPlainObject, LazyData, notFound, parseId } from './context';
import { compileFilter, compileOrder, hasFragment, LIST_FROM, parseQuery, type SqlFragment, wildcardMatch } from './query';
import { LIST_IRREGULAR, LIST_IRREGULAR_UPDATE, LIST_PATHS, LIST_ROW_UPSERT, LIST_TABLE, listRowUpdateSql, NAME_TRIGRAM_TABLE, nextId } from './schema';

const DEFAULT_ORDER = 'mo.id ASC';
/** Up to this many matches a page is sorted from the filter's matches (see InventoryStore.page). */
const FEW_MATCHES = 2000;

/** Top-level fragment -> the list table's paths copied from inside it. */
const LIST_PATHS_OF = new Map<string, string[]>();
for (const path of Object.keys(LIST_PATHS)) {
  const top = path.split('.')[0];
  LIST_PATHS_OF.set(top, [...(LIST_PATHS_OF.get(top) ?? []), path]);
}

/**
 * Whether the stored JSON of `fragments` can hold an array or a null at `path` (the list table's
 * irregular flag). True also when unsure (a toJSON method), never false when the JSON holds one:
 * JSON.stringify writes null for null and for non-finite numbers, drops undefined, and a path
 * through an array or a scalar does not exist.
 */
function mayBeIrregular(fragments: Fragments, path: string): boolean {
  let cur: unknown = fragments;
  for (const seg of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return false;
    if (typeof (cur as { toJSON?: unknown }).toJSON === 'function') return true;
    cur = (cur as Record<string, unknown>)[seg];
  }
  if (cur === undefined) return false;
  if (cur === null || Array.isArray(cur)) return true;
  if (typeof cur === 'number') return !Number.isFinite(cur);
  return typeof cur === 'object' && typeof (cur as { toJSON?: unknown }).toJSON === 'function';
}

export const CHILD_KINDS: readonly ChildKind[] = ['childAssets', 'childDevices', 'childAdditions'];
const PARENT_OF: Record<ChildKind, string> = { childAssets: 'assetParents', childDevices: 'deviceParents', childAdditions: 'additionParents' };

/** Properties kept in columns or computed from relations, never inside the json column. */
const RESERVED = new Set(['id', 'self', 'type', 'name', 'owner', 'creationTime', 'lastUpdated', ...CHILD_KINDS, ...Object.values(PARENT_OF)]);

/** Additive options of the REST list beyond api.ts's InventoryQuery. */
export interface InventoryListQuery extends InventoryQuery {
  childAssetId?: string;
  childDeviceId?: string;
  childAdditionId?: string;
  withChildren?: boolean;
  withParents?: boolean;
  /** `assetParents` with the groups each object belongs to (the platform shell's device grid shows them). */
  withGroups?: boolean;
}

export interface ShapeOptions {
  withChildren?: boolean;
  withParents?: boolean;
  withGroups?: boolean;
}

interface Row {
  id: number;
  type: string | null;
  name: string | null;
  owner: string | null;
  creation_time: string;
  last_updated: string;
  json: string;
}

const SELECT = 'SELECT mo.id, mo.type, mo.name, mo.owner, mo.creation_time, mo.last_updated, mo.json FROM managed_objects mo';
/** The documents of a page's ids (a JSON array), read after the list table picked them. */
const SELECT_MANY = `${SELECT} WHERE mo.id IN (SELECT value FROM json_each(?))`;

export type Reference = { managedObject: { id: string; name?: string } };

interface RelRow {
  owner: number;
  kind: ChildKind;
  other: number;
  name: string | null;
}
const CHILD_KINDS_OF: Record<ChildKind, string> = { childAssets: 'childAssets', childDevices: 'childDevices', childAdditions: 'childAdditions' };
const CHILDREN_SELECT = 'SELECT r.parent_id AS owner, r.kind, r.child_id AS other, m.name FROM mo_relations r JOIN managed_objects m ON m.id = r.child_id';
const PARENTS_SELECT = 'SELECT r.child_id AS owner, r.kind, r.parent_id AS other, m.name FROM mo_relations r JOIN managed_objects m ON m.id = r.parent_id';
const CHILDREN_OF_ONE = `${CHILDREN_SELECT} WHERE r.parent_id = ? ORDER BY r.kind, r.child_id`;
const PARENTS_OF_ONE = `${PARENTS_SELECT} WHERE r.child_id = ? ORDER BY r.kind, r.parent_id`;
const CHILDREN_OF_MANY = `${CHILDREN_SELECT} WHERE r.parent_id IN (SELECT value FROM json_each(?)) ORDER BY r.parent_id, r.kind, r.child_id`;
const PARENTS_OF_MANY = `${PARENTS_SELECT} WHERE r.child_id IN (SELECT value FROM json_each(?)) ORDER BY r.child_id, r.kind, r.parent_id`;
/** Asset parents that are groups (a router's device is an asset parent too, but no group). */
const GROUPS_OF_MANY = `${PARENTS_SELECT} WHERE r.kind = 'childAssets' AND r.child_id IN (SELECT value FROM json_each(?))
  AND EXISTS (SELECT 1 FROM mo_fragments f WHERE f.fragment = 'c8y_IsDeviceGroup' AND f.mo_id = r.parent_id) ORDER BY r.child_id, r.parent_id`;

function docOf(r: Omit<Row, 'json'>, fragments: Fragments): ManagedObject {
  return {
    id: String(r.id),
    ...(r.type !== null ? { type: r.type } : {}),
    ...(r.name !== null ? { name: r.name } : {}),
    ...(r.owner !== null ? { owner: r.owner } : {}),
    creationTime: r.creation_time,
    lastUpdated: r.last_updated,
    ...fragments,
  };
}

/**
 * An index table written per transaction from a journal of changes: a nested transaction's
 * rollback drops its entries, the commit applies what is left. `apply()` may also run earlier
 * (a query inside the transaction must see the changes); it writes only what is new.
 */
abstract class JournaledIndex<E> {
  /** Changes in write order. */
  protected readonly journal: E[] = [];
  /** Entries before this index are in the table already. */
  protected applied = 0;
  private readonly marks: Array<[number, number]> = [];

  constructor(protected readonly ctx: CoreContext) {
    ctx.stage({
      savepoint: (depth) => void (this.marks[depth] = [this.journal.length, this.applied]),
      rollback: (depth) => {
        const [length, applied] = this.marks[depth] ?? [0, 0];
        this.journal.length = length;
        this.applied = applied;
      },
      beforeCommit: () => {
        this.apply();
        this.journal.length = 0;
        this.applied = 0;
      },
    });
  }

  /** Writes the journal's entries from `applied` on, then moves `applied` to the end. */
  apply(): void {
    if (this.applied >= this.journal.length) return;
    this.write(this.journal, this.applied);
    this.applied = this.journal.length;
  }

  protected abstract write(journal: readonly E[], from: number): void;
}

/**
 * The name trigram index, written once per transaction: name changes are journaled and applied
 * just before commit (or before a query of the same transaction) in two statements. The journal
 * follows savepoints, so a rolled back nested write leaves no trace in the index either.
 * Entries: [id, name before, name after].
 */
class NameIndex extends JournaledIndex<[number, string | null, string | null]> {
  changed(id: number, before: string | null, after: string | null): void {
    if (before !== after) this.journal.push([id, before, after]);
  }

  /** Brings the FTS table up to the journal; the first "before" of an id is what the table holds. */
  protected write(journal: readonly [number, string | null, string | null][], from: number): void {
    const first = new Map<number, string | null>();
    const last = new Map<number, string | null>();
    for (let i = from; i < journal.length; i++) {
      const [id, before, after] = journal[i];
      if (!first.has(id)) first.set(id, before);
      last.set(id, after);
    }
    const removed: Array<[number, string]> = [];
    const added: Array<[number, string]> = [];
    for (const [id, before] of first) {
      const after = last.get(id) ?? null;
      if (before === after) continue;
      if (before !== null) removed.push([id, before]);
      if (after !== null) added.push([id, after]);
    }
    const t = NAME_TRIGRAM_TABLE;
    if (removed.length) this.ctx.stmt(`INSERT INTO ${t} (${t}, rowid, name) SELECT 'delete', value->>0, value->>1 FROM json_each(?)`).run(JSON.stringify(removed));
    if (added.length) this.ctx.stmt(`INSERT INTO ${t} (rowid, name) SELECT value->>0, value->>1 FROM json_each(?)`).run(JSON.stringify(added));
  }
}

/**
 * The fragment index (has(...), fragmentType), written per transaction like the names: one
 * statement with the rows sorted by the table's key instead of one per object into 30 places of
 * the B-tree (half the cost when seeding). Adding and removing are set operations, so the last
 * change of a (fragment, object) pair decides. Entries: [id, fragment, present].
 */
class FragmentIndex extends JournaledIndex<[number, string, boolean]> {
  set(id: number, fragments: string[], present: boolean): void {
    for (const f of fragments) this.journal.push([id, f, present]);
  }

  protected write(journal: readonly [number, string, boolean][], from: number): void {
    const last = new Map<string, [number, string, boolean]>();
    for (let i = from; i < journal.length; i++) last.set(`${journal[i][0]}\u0000${journal[i][1]}`, journal[i]);
    const added: Array<[string, number]> = [];
    const removed: Array<[string, number]> = [];
    for (const [id, f, present] of last.values()) (present ? added : removed).push([f, id]);
    if (removed.length) this.ctx.stmt('DELETE FROM mo_fragments WHERE (fragment, mo_id) IN (SELECT value->>0, value->>1 FROM json_each(?))').run(JSON.stringify(removed));
    if (added.length) {
      this.ctx.stmt('INSERT OR IGNORE INTO mo_fragments (fragment, mo_id) SELECT value->>0, value->>1 FROM json_each(?) ORDER BY 1, 2').run(JSON.stringify(added));
    }
  }
}

export class InventoryStore implements Inventory {
  private readonly names: NameIndex;
  private readonly fragments: FragmentIndex;
  /**
   * Counts of committed inventory states: moves on after each commit that changed an object or a
   * relation (never before the commit, never for a rolled back write). A total computed in a
   * snapshot taken after generation G was reached holds for G: the readers reuse it (see totals).
   */
  generation = 0;
  /**
   * Totals of list filters by generation, SQL and parameters. Set by the readers (a list's total
   * is most of its cost, and the lists page and poll the same filters); the main thread keeps none.
   */
  totals?: { generation: number; byQuery: Map<string, number> };
  /** Called inside `remove` before an object's row goes (what depends on it queues its own cleanup). */
  private readonly removeListeners: Array<(id: number) => void> = [];

  constructor(private readonly ctx: CoreContext) {
    this.names = new NameIndex(ctx);
    this.fragments = new FragmentIndex(ctx);
  }

  private row(id: number): Row | undefined {
    return this.ctx.stmt(`${SELECT} WHERE mo.id = ?`).get(id) as Row | undefined;
  }

  private mustExist(id: string): number {
    const n = parseId(id);
    if (n === undefined || !this.ctx.stmt('SELECT 1 FROM managed_objects WHERE id = ?').get(n)) throw notFound('inventory', 'managed object', id);
    return n;
  }

  private toDocs(rows: Row[], shape: ShapeOptions = {}): ManagedObject[] {
    return this.shape(
      rows.map((r) => docOf(r, JSON.parse(r.json) as Fragments)),
      shape,
    );
  }

  /** Adds the reference lists (one query per direction for all docs). */
  private shape(docs: ManagedObject[], shape: ShapeOptions = {}): ManagedObject[] {
    const { withChildren = true, withParents = false, withGroups = false } = shape;
    if (docs.length === 0 || (!withChildren && !withParents && !withGroups)) return docs;
    const byId = new Map(docs.map((d) => [Number(d.id), d]));
    if (withGroups && !withParents) {
      // withParents lists every asset parent already; alone, withGroups lists the groups.
      for (const d of docs) d.assetParents = { references: [] as Reference[] };
      for (const r of this.ctx.stmt(GROUPS_OF_MANY).all(JSON.stringify([...byId.keys()])) as RelRow[]) {
        (byId.get(r.owner)!.assetParents as { references: Reference[] }).references.push(ref(r.other, r.name));
      }
      if (!withChildren) return docs;
    }
    if (docs.length === 1) {
      const id = Number(docs[0].id);
      if (withChildren) this.addRefs(byId, CHILD_KINDS_OF, this.ctx.stmt(CHILDREN_OF_ONE).all(id) as RelRow[]);
      if (withParents) this.addRefs(byId, PARENT_OF, this.ctx.stmt(PARENTS_OF_ONE).all(id) as RelRow[]);
      return docs;
    }
    const ids = JSON.stringify([...byId.keys()]);
    if (withChildren) this.addRefs(byId, CHILD_KINDS_OF, this.ctx.stmt(CHILDREN_OF_MANY).all(ids) as RelRow[]);
    if (withParents) this.addRefs(byId, PARENT_OF, this.ctx.stmt(PARENTS_OF_MANY).all(ids) as RelRow[]);
    return docs;
  }

  private addRefs(byId: Map<number, ManagedObject>, property: Record<ChildKind, string>, rels: RelRow[]): void {
    for (const d of byId.values()) for (const k of CHILD_KINDS) d[property[k]] = { references: [] as Reference[] };
    for (const r of rels) (byId.get(r.owner)![property[r.kind]] as { references: Reference[] }).references.push(ref(r.other, r.name));
  }

  get(id: string, shape?: ShapeOptions): ManagedObject | undefined {
    const n = parseId(id);
    const r = n === undefined ? undefined : this.row(n);
    return r ? this.toDocs([r], { withParents: true, ...shape })[0] : undefined;
  }

  create(body: Fragments, owner?: string): ManagedObject {
    if (!isPlainObject(body)) throw invalid('inventory', 'A managed object must be a JSON object');
    return this.ctx.write(() => {
      const now = this.ctx.nowIso();
      const creationTime = timeOr(body.creationTime, now);
      const lastUpdated = timeOr(body.lastUpdated, creationTime);
      const { fragments, type, name } = split(body);
      const ownerValue = typeof body.owner === 'string' ? body.owner : owner ?? null;
      const id = nextId(this.ctx, 'managed_objects');
      const json = JSON.stringify(fragments);
      this.ctx
        .stmt('INSERT INTO managed_objects (id, type, name, owner, creation_time, last_updated, json) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(id, type, name, ownerValue, creationTime, lastUpdated, json);
      this.ctx.stmt(LIST_ROW_UPSERT).run({ id, type, name, owner: ownerValue, creation_time: creationTime, last_updated: lastUpdated, json });
      this.names.changed(id, null, name);
      this.insertFragments(id, Object.keys(fragments));
      // A new object has no relations yet, so the document is built rather than read back.
      const doc = docOf({ id, type, name, owner: ownerValue, creation_time: creationTime, last_updated: lastUpdated }, fragments);
      for (const k of CHILD_KINDS) {
        doc[k] = { references: [] };
        doc[PARENT_OF[k]] = { references: [] };
      }
      this.ctx.notify(`/managedobjects/${id}`, 'CREATE', doc);
      this.changed();
      return doc;
    });
  }

  /**
   * Rewrites the list row's columns that can have changed: the type, name and owner when they
   * did, the copied columns of the fragments whose value changed, the time. A bulk job patching
   * a counter then rewrites one of the row's type indexes instead of all of them.
   */
  private updateListRow(
    id: number,
    before: Row,
    after: { type: string | null; name: string | null; owner: string | null; last_updated: string; json: string },
    fragments: Fragments,
    changed: string[],
  ): void {
    const columns = ['last_updated'];
    if (after.type !== before.type) columns.push('type');
    if (after.name !== before.name) columns.push('name');
    if (after.owner !== before.owner) columns.push('owner');
    const copiedPaths = changed.flatMap((k) => LIST_PATHS_OF.get(k) ?? []);
    const copied = copiedPaths.map((p) => LIST_PATHS[p]);
    const row = this.ctx.stmt(listRowUpdateSql([...columns, ...copied], LIST_IRREGULAR)).get({ id, ...after }) as Record<string, number> | undefined;
    // A regular row stays regular when no patched path can hold an array or a JSON null: the
    // flag's own statement (one more parse of the document) runs only when it may change.
    if (copied.length && (row?.[LIST_IRREGULAR] !== 0 || copiedPaths.some((p) => mayBeIrregular(fragments, p)))) {
      this.ctx.stmt(LIST_IRREGULAR_UPDATE).run({ id, json: after.json });
    }
  }

  private changed(): void {
    this.ctx.afterCommit(() => this.generation++);
  }

  /** `listener(id)` runs in the transaction of every removal, before the object's row is deleted. */
  onRemove(listener: (id: number) => void): void {
    this.removeListeners.push(listener);
  }

  /** The number of rows matching `where`, reused within a generation where totals are kept. */
  private total(where: SqlFragment): number {
    const count = () => (this.ctx.stmt(`SELECT count(*) AS n FROM ${LIST_FROM} WHERE ${where.sql}`).get(...where.params) as { n: number }).n;
    const t = this.totals;
    if (!t) return count();
    const key = `${where.sql}\u0000${JSON.stringify(where.params)}`;
    let n = t.byQuery.get(key);
    if (n === undefined) {
      n = count();
      t.byQuery.set(key, n);
    }
    return n;
  }

  private insertFragments(id: number, names: string[]): void {
    this.fragments.set(id, names, true);
  }

  private deleteFragments(id: number, names: string[]): void {
    this.fragments.set(id, names, false);
  }

  update(id: string, patch: Fragments): ManagedObject {
    return this.applyPatch(id, patch, true)!;
  }

  /**
   * update() for a caller that needs no result (bulk jobs): the notification's document, with
   * its references (two more queries), is built only when someone listens to the object, when
   * the commit publishes it (LazyData). Its references are those at the commit, so a caller that
   * changes the object's relations later in the same transaction uses update().
   */
  patch(id: string, patch: Fragments): void {
    this.applyPatch(id, patch, false);
  }

  private applyPatch(id: string, patch: Fragments, result: boolean): ManagedObject | undefined {
    if (!isPlainObject(patch)) throw invalid('inventory', 'A managed object must be a JSON object');
    return this.ctx.write(() => {
      const n = parseId(id);
      const current = n === undefined ? undefined : this.row(n);
      if (n === undefined || !current) throw notFound('inventory', 'managed object', id);
      // The stored fragments are patched in place: only what the patch names changes, and only
      // fragments that appear or disappear touch the fragment index.
      const fragments = JSON.parse(current.json) as Fragments;
      const added: string[] = [];
      const removed: string[] = [];
      /** Patched fragments the list table copies from whose value changed (the others keep their columns). */
      const copiedChanged: string[] = [];
      let { type, name, owner } = current;
      for (const [k, v] of Object.entries(patch)) {
        if (k === 'id' || k === 'creationTime' || k === 'lastUpdated' || k === 'self') continue;
        if (k === 'type' || k === 'name' || k === 'owner') {
          // A non-string value (or null) removes the column value, as the merged document did.
          const value = typeof v === 'string' ? v : null;
          if (k === 'type') type = value;
          else if (k === 'name') name = value;
          else owner = value;
          continue;
        }
        if (RESERVED.has(k)) continue;
        const had = Object.prototype.hasOwnProperty.call(fragments, k);
        if (v === null || v === undefined) {
          if (had) {
            delete fragments[k];
            removed.push(k);
            if (LIST_PATHS_OF.has(k)) copiedChanged.push(k);
          }
        } else {
          // Same JSON text, same json_extract values: a counter patched to its value keeps its index entries.
          if (LIST_PATHS_OF.has(k) && (!had || JSON.stringify(fragments[k]) !== JSON.stringify(v))) copiedChanged.push(k);
          fragments[k] = v;
          if (!had) added.push(k);
        }
      }
      const lastUpdated = timeOr(patch.lastUpdated, this.ctx.nowIso());
      const json = JSON.stringify(fragments);
      const columns = { type: type !== current.type, name: name !== current.name, owner: owner !== current.owner };
      const params: unknown[] = [];
      if (columns.type) params.push(type);
      if (columns.name) params.push(name);
      if (columns.owner) params.push(owner);
      this.ctx.stmt(objectUpdateSql(columns)).run(...params, lastUpdated, json, n);
      this.updateListRow(n, current, { type, name, owner, last_updated: lastUpdated, json }, fragments, copiedChanged);
      this.names.changed(n, current.name, name);
      this.deleteFragments(n, removed);
      this.insertFragments(n, added);
      const base = docOf({ id: n, type, name, owner, creation_time: current.creation_time, last_updated: lastUpdated }, fragments);
      const channel = `/managedobjects/${n}`;
      let doc: ManagedObject | undefined;
      if (result) {
        doc = this.shape([base], { withParents: true })[0];
        this.ctx.notify(channel, 'UPDATE', doc);
      } else {
        this.ctx.notify(channel, 'UPDATE', new LazyData(() => this.shape([base], { withParents: true })[0]));
      }
      this.changed();
      return doc;
    });
  }

  remove(id: string): void {
    this.ctx.write(() => {
      const n = parseId(id);
      const current = n === undefined ? undefined : (this.ctx.stmt('SELECT name FROM managed_objects WHERE id = ?').get(n) as { name: string | null } | undefined);
      if (n === undefined || !current) throw notFound('inventory', 'managed object', id);
      // Staged fragment rows of this object go in first: the delete cascades over them.
      this.fragments.apply();
      const parents = this.ctx.stmt('SELECT DISTINCT parent_id FROM mo_relations WHERE child_id = ?').all(n) as Array<{ parent_id: number }>;
      for (const l of this.removeListeners) l(n);
      // The list row goes with it also where foreign keys are off (the schema cascades too).
      this.ctx.stmt(`DELETE FROM ${LIST_TABLE} WHERE id = ?`).run(n);
      this.ctx.stmt('DELETE FROM managed_objects WHERE id = ?').run(n);
      this.names.changed(n, current.name, null);
      this.ctx.notify(`/managedobjects/${n}`, 'DELETE', String(n));
      this.changed();
      for (const p of parents) this.notifyUpdated(p.parent_id);
    });
  }

  /**
   * A parent whose references changed: one notification per transaction, rendered at commit and
   * only when someone listens (a group of 100,000 devices is not re-rendered per added device).
   */
  private notifyUpdated(id: number): void {
    this.ctx.notifyOnce(`mo/${id}`, `/managedobjects/${id}`, 'UPDATE', new LazyData(() => this.get(String(id))));
  }

  /** WHERE clause and ORDER BY of a list query, over the list table (FROM is query.ts LIST_FROM). */
  where(q: InventoryListQuery): { where: SqlFragment; orderBy: string } {
    // A filter in this transaction must see the names and fragments it wrote.
    this.names.apply();
    this.fragments.apply();
    const parts: SqlFragment[] = [];
    let orderBy: string | undefined;
    for (const src of [q.query]) {
      if (!src) continue;
      const parsed = parseQuery(src);
      if (parsed.filter) parts.push(compileFilter(parsed.filter));
      if (parsed.orderBy.length) orderBy = compileOrder(parsed.orderBy);
    }
    if (q.type !== undefined) parts.push({ sql: 'mo.type = ?', params: [q.type] });
    if (q.fragmentType !== undefined) parts.push(hasFragment(q.fragmentType));
    if (q.owner !== undefined) parts.push({ sql: 'mo.owner = ?', params: [q.owner] });
    if (q.ids !== undefined) {
      const ids = q.ids.map((i) => parseId(i) ?? -1);
      parts.push({ sql: 'mo.id IN (SELECT value FROM json_each(?))', params: [JSON.stringify(ids)] });
    }
    if (q.text !== undefined && q.text !== '') {
      // Text anywhere in name, type or owner; the text's own '*' is a wildcard too.
      const any = [wildcardMatch('mo.name', `*${q.text}*`), wildcardMatch('mo.type', `*${q.text}*`), wildcardMatch('mo.owner', `*${q.text}*`)];
      parts.push({ sql: `(${any.map((m) => m.sql).join(' OR ')})`, params: any.flatMap((m) => m.params) });
    }
    if (q.onlyRoots) {
      parts.push({ sql: "NOT EXISTS (SELECT 1 FROM mo_relations r WHERE r.child_id = mo.id AND r.kind IN ('childAssets','childDevices'))", params: [] });
    }
    const related: Array<[string | undefined, ChildKind]> = [
      [q.childAssetId, 'childAssets'],
      [q.childDeviceId, 'childDevices'],
      [q.childAdditionId, 'childAdditions'],
    ];
    for (const [child, kind] of related) {
      if (child === undefined) continue;
      parts.push({ sql: 'mo.id IN (SELECT parent_id FROM mo_relations WHERE child_id = ? AND kind = ?)', params: [parseId(child) ?? -1, kind] });
    }
    const where = parts.length ? { sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) } : { sql: '1', params: [] };
    return { where, orderBy: orderBy ?? DEFAULT_ORDER };
  }

  private page(where: SqlFragment, orderBy: string, q: InventoryListQuery): Page<ManagedObject> {
    const pageSize = q.pageSize ?? 5;
    const offset = ((q.currentPage ?? 1) - 1) * pageSize;
    // The total first: it also tells how to find the page (below).
    const total = q.withTotal ? this.total(where) : undefined;
    // In id order SQLite walks the rows by id and stops at the page's end: quick when matches are
    // many, a walk over every row of the type when they are few (a begins-with of one machine
    // serial: ~100 ms). Few matches are found through the filter's index and sorted instead
    // (the unary + keeps SQLite from ordering by the rowid).
    const order = total !== undefined && total <= FEW_MATCHES && orderBy === DEFAULT_ORDER ? '+mo.id ASC' : orderBy;
    // The list table picks the page's ids; then the documents of those ids alone are read.
    const ids = (this.ctx.stmt(`SELECT mo.id FROM ${LIST_FROM} WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...where.params, pageSize, offset) as Array<{ id: number }>).map(
      (r) => r.id,
    );
    const byId = new Map(ids.length ? (this.ctx.stmt(SELECT_MANY).all(JSON.stringify(ids)) as Row[]).map((r) => [r.id, r]) : []);
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    const items = this.toDocs(rows, { withChildren: q.withChildren ?? true, withParents: q.withParents ?? false, withGroups: q.withGroups ?? false });
    return total === undefined ? { items } : { items, totalElements: total };
  }

  query(q: InventoryListQuery): Page<ManagedObject> {
    const { where, orderBy } = this.where(q);
    return this.page(where, orderBy, q);
  }

  count(q: InventoryListQuery): number {
    const { where } = this.where(q);
    return (this.ctx.stmt(`SELECT count(*) AS n FROM ${LIST_FROM} WHERE ${where.sql}`).get(...where.params) as { n: number }).n;
  }

  children(parentId: string, kind: ChildKind, q: InventoryListQuery = {}): Page<ManagedObject> {
    const p = this.mustExist(parentId);
    const { where, orderBy } = this.where(q);
    const rel: SqlFragment = { sql: `mo.id IN (SELECT child_id FROM mo_relations WHERE parent_id = ? AND kind = '${kind}')`, params: [p] };
    return this.page({ sql: `${rel.sql} AND ${where.sql}`, params: [...rel.params, ...where.params] }, orderBy, q);
  }

  addChild(parentId: string, kind: ChildKind, childId: string): void {
    const p = this.mustExist(parentId);
    const c = this.mustExist(childId);
    if (p === c) throw invalid('inventory', 'A managed object cannot be its own child');
    // One statement: atomic without a transaction of its own (and without a savepoint when nested).
    const info = this.ctx.stmt('INSERT OR IGNORE INTO mo_relations (parent_id, kind, child_id) VALUES (?, ?, ?)').run(p, kind, c);
    if (info.changes) {
      this.notifyUpdated(p);
      this.changed();
    }
  }

  removeChild(parentId: string, kind: ChildKind, childId: string): void {
    this.ctx.write(() => {
      const p = this.mustExist(parentId);
      const c = parseId(childId);
      const info = this.ctx.stmt('DELETE FROM mo_relations WHERE parent_id = ? AND kind = ? AND child_id = ?').run(p, kind, c ?? -1);
      if (!info.changes) throw notFound('inventory', 'managed object reference', `${parentId}/${kind}/${childId}`);
      this.notifyUpdated(p);
      this.changed();
    });
  }
}

/** The UPDATE of a document and its columns, setting type, name and owner only where they changed (their indexes stay untouched). */
const OBJECT_UPDATE_SQL = new Map<string, string>();
function objectUpdateSql(changed: { type: boolean; name: boolean; owner: boolean }): string {
  const key = `${+changed.type}${+changed.name}${+changed.owner}`;
  let sql = OBJECT_UPDATE_SQL.get(key);
  if (!sql) {
    const set = (['type', 'name', 'owner'] as const).filter((c) => changed[c]).map((c) => `${c} = ?, `);
    sql = `UPDATE managed_objects SET ${set.join('')}last_updated = ?, json = ? WHERE id = ?`;
    OBJECT_UPDATE_SQL.set(key, sql);
  }
  return sql;
}

function ref(id: number, name: string | null): Reference {
  return { managedObject: { id: String(id), ...(name !== null ? { name } : {}) } };
}

function split(doc: Fragments): { fragments: Fragments; type: string | null; name: string | null } {
  const fragments: Fragments = {};
  for (const [k, v] of Object.entries(doc)) if (!RESERVED.has(k) && v !== undefined && v !== null) fragments[k] = v;
  return {
    fragments,
    type: typeof doc.type === 'string' ? doc.type : null,
    name: typeof doc.name === 'string' ? doc.name : null,
  };
}

function timeOr(v: unknown, fallback: string): string {
  if (typeof v !== 'string') return fallback;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? fallback : new Date(ms).toISOString();
}
