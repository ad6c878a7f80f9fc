import type { Database, Statement } from 'better-sqlite3';
import { HttpError, type Clock, type RealtimeAction } from './api';

const STATEMENT_CACHE_SIZE = 500;

/**
 * Notification data built only when it is delivered: a document with thousands of references
 * costs nothing while nobody listens, and a parent changed by many writes of one transaction is
 * rendered once, after commit, in its final state. `undefined` means "nothing to send" (the
 * object is gone by then).
 */
export class LazyData {
  constructor(readonly build: () => unknown) {}
}

/**
 * A record notification that subscribers of `/<kind>WithChildren/<id>` receive too, for its
 * source and every ancestor of it (the platform's alarmsWithChildren/eventsWithChildren cover a
 * managed object and all its descendants). Ancestors are looked up only when such a channel has
 * a subscriber, so writes (and seeding) pay nothing while nobody listens.
 */
export class WithChildren {
  constructor(
    readonly kind: 'alarms' | 'events',
    readonly sourceId: number,
    readonly data: unknown,
    readonly ancestors: () => number[],
  ) {}
}

/** Work that must run inside the outermost transaction just before it commits. */
export type BeforeCommit = () => void;

/** What the storage modules share: the database, the clock and the after-commit queue. */
export class CoreContext {
  private depth = 0;
  private pending: Array<() => void> = [];
  /** Keys of notifications already queued in this transaction (sent once, at commit), in order. */
  private readonly queuedOnce = new Set<string>();
  private readonly onceLog: string[] = [];
  private readonly beforeCommit: BeforeCommit[] = [];
  private readonly derivedBeforeCommit: BeforeCommit[] = [];
  private readonly rollbackListeners: Array<(depth: number) => void> = [];
  private readonly savepointListeners: Array<(depth: number) => void> = [];
  private readonly statements = new Map<string, Statement>();
  /** Set by the realtime module once the Bayeux server exists; data may be a LazyData. */
  publisher: (channel: string, action: RealtimeAction, data: unknown) => void = () => {};

  constructor(
    readonly db: Database,
    readonly clock: Clock,
  ) {}

  nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  stmt(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value as string);
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /**
   * Staged writes (e.g. the name index) register here: `beforeCommit` runs inside the outermost
   * transaction, `savepoint(depth)` when a transaction level opens, `rollback(depth)` when that
   * level is undone, so staged state can follow the database exactly.
   */
  stage(hooks: { beforeCommit: BeforeCommit; savepoint: (depth: number) => void; rollback: (depth: number) => void }): void {
    this.beforeCommit.push(hooks.beforeCommit);
    this.savepointListeners.push(hooks.savepoint);
    this.rollbackListeners.push(hooks.rollback);
  }

  /**
   * Documents kept from other tables (an alarm source's c8y_ActiveAlarmsStatus) register here:
   * `beforeCommit` runs inside the outermost transaction before the staged indexes' (their
   * writes add entries to those indexes), `rollback(depth)` when a transaction level is undone.
   */
  stageDerived(hooks: { beforeCommit: BeforeCommit; rollback: (depth: number) => void }): void {
    this.derivedBeforeCommit.push(hooks.beforeCommit);
    this.rollbackListeners.push(hooks.rollback);
  }

  /**
   * One SQLite transaction (nested calls become savepoints). Work queued with afterCommit runs
   * only once the outermost transaction has committed, and is dropped with a rollback.
   */
  transaction<T>(fn: () => T): T {
    const mark = this.pending.length;
    const onceMark = this.onceLog.length;
    const level = ++this.depth;
    for (const l of this.savepointListeners) l(level);
    let result: T;
    try {
      result = this.db.transaction(() => {
        const r = fn();
        if (level === 1) {
          for (const d of this.derivedBeforeCommit) d();
          for (const b of this.beforeCommit) b();
        }
        return r;
      })();
    } catch (e) {
      this.pending.length = mark;
      while (this.onceLog.length > onceMark) this.queuedOnce.delete(this.onceLog.pop() as string);
      for (const l of this.rollbackListeners) l(level);
      throw e;
    } finally {
      this.depth--;
    }
    if (this.depth === 0) this.flush();
    return result;
  }

  /**
   * A store method's own write. Outside a transaction it is one; inside one it runs without a
   * savepoint: SQLite copies every page a savepoint touches to a sub-journal, which tripled the
   * cost of an insert. Only for methods that validate before their first write, so a throw leaves
   * nothing half written (a failing statement undoes itself).
   */
  write<T>(fn: () => T): T {
    if (this.depth === 0) return this.transaction(fn);
    const mark = this.pending.length;
    const onceMark = this.onceLog.length;
    try {
      return fn();
    } catch (e) {
      this.pending.length = mark;
      while (this.onceLog.length > onceMark) this.queuedOnce.delete(this.onceLog.pop() as string);
      throw e;
    }
  }

  afterCommit(fn: () => void): void {
    if (this.depth === 0) fn();
    else this.pending.push(fn);
  }

  /** Write listeners (channel and action only, so no notification data is built for them). */
  private readonly changeListeners = new Set<(channel: string, action: RealtimeAction) => void>();

  /** Called after commit for every notification; returns the unsubscribe. */
  onChange(listener: (channel: string, action: RealtimeAction) => void): () => void {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  }

  notify(channel: string, action: RealtimeAction, data: unknown): void {
    this.afterCommit(() => {
      for (const l of this.changeListeners) l(channel, action);
      this.publisher(channel, action, data);
    });
  }

  /** Like notify, but a second call with the same key in the same transaction is dropped. */
  notifyOnce(key: string, channel: string, action: RealtimeAction, data: LazyData): void {
    if (this.depth > 0) {
      if (this.queuedOnce.has(key)) return;
      this.queuedOnce.add(key);
      this.onceLog.push(key);
    }
    this.notify(channel, action, data);
  }

  private flush(): void {
    const work = this.pending;
    this.pending = [];
    this.queuedOnce.clear();
    this.onceLog.length = 0;
    for (const fn of work) {
      try {
        fn();
      } catch (e) {
        // A failing listener must not undo or hide a committed write.
        console.error('after-commit listener failed', e);
      }
    }
  }
}

export function notFound(domain: string, what: string, id: string): HttpError {
  return new HttpError(404, `${domain}/Not Found`, `Finding ${what} with id ${id} failed : Could not find ${what} with id ${id}!`);
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * The milliseconds of an ISO 8601 date or date and time (years 0000 to 9999, a day the calendar
 * has), else undefined. Date.parse alone read '5' as 2001-05-01 in the server's time zone,
 * '2024-02-30' as 1 March, and took years beyond 9999, whose text sorts before every other time.
 */
export function parseIsoTime(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined;
  const m = ISO_DATE_TIME.exec(v);
  if (!m) return undefined;
  const [year, month, day] = [m[1], m[2], m[3]].map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : ms;
}

export function invalid(domain: string, message: string): HttpError {
  return new HttpError(422, `${domain}/Invalid Data`, message);
}

/** Ids are numeric strings on the platform; anything else cannot exist. */
export function parseId(id: string | number | undefined): number | undefined {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  if (typeof id !== 'string' || !/^\d{1,15}$/.test(id)) return undefined;
  const n = Number(id);
  return n > 0 ? n : undefined;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
