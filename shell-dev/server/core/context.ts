import type { Database, Statement } from 'better-sqlite3';
import { HttpError, type Clock, type RealtimeAction } from './api';

const STATEMENT_CACHE_SIZE = 500;

/** What the storage modules share: the database, the clock and the after-commit queue. */
export class CoreContext {
  private depth = 0;
  private pending: Array<() => void> = [];
  private readonly statements = new Map<string, Statement>();
  /** Set by the realtime module once the Bayeux server exists. */
  publisher: (channel: string, action: RealtimeAction, data: unknown) => void = () => {};

  constructor(
    readonly db: Database,
    readonly clock: Clock,
  ) {}

  nowIso(): string {
    return new Date(this.clock.now()).toISOString();
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
   * One SQLite transaction (nested calls become savepoints). Work queued with afterCommit runs
   * only once the outermost transaction has committed, and is dropped with a rollback.
   */
  transaction<T>(fn: () => T): T {
    const mark = this.pending.length;
    this.depth++;
    let result: T;
    try {
      result = this.db.transaction(fn)();
    } catch (e) {
      this.pending.length = mark;
      throw e;
    } finally {
      this.depth--;
    }
    if (this.depth === 0) this.flush();
    return result;
  }

  afterCommit(fn: () => void): void {
    if (this.depth === 0) fn();
    else this.pending.push(fn);
  }

  notify(channel: string, action: RealtimeAction, data: unknown): void {
    this.afterCommit(() => this.publisher(channel, action, data));
  }

  private flush(): void {
    const work = this.pending;
    this.pending = [];
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
