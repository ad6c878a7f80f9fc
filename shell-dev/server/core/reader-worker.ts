/**
 * A reader of the reader pool (reader-pool.ts): a worker thread with its own read-only connection
 * to the database file, answering inventory list queries with the same store code the main
 * thread runs, and rendering the page's documents (with their links) to JSON; it runs services'
 * read tasks (api.ts ReadTask) over the same connection too. WAL lets it read while the main
 * thread writes; every query is one read transaction, so the page and its total come from one
 * snapshot, taken when the query starts (after every commit the main thread finished before it
 * sent the query).
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { HttpError } from './api';
import { CoreContext } from './context';
import { InventoryStore, type InventoryListQuery } from './inventory';
import { withLinksAt } from './managed-object-links';
import type { ReadContext, ReadTask } from './api';
import type { ReaderListRequest, ReaderPageResult, ReaderReply, ReaderRequest, ReaderTaskRequest, ReaderWorkerData } from './reader-pool';

const data = workerData as ReaderWorkerData;
const db = new Database(data.file, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${data.busyTimeoutMs}`);
db.pragma(`cache_size = -${data.cacheKib}`);
const inventory = new InventoryStore(new CoreContext(db, { now: () => Date.now() }));
const inventoryQuery = db.transaction((q: InventoryListQuery) => inventory.query(q));
const context: ReadContext = { db, inventory };

/** A read task (api.ts ReadTask) in one read transaction: its module is loaded once, on first use. */
const runTask = db.transaction((m: ReaderTaskRequest) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the task's module is known only when it arrives
  const fn = (require(m.module) as Record<string, ReadTask<unknown, unknown>['fn'] | undefined>)[m.name];
  if (typeof fn !== 'function') throw new Error(`read task ${m.name} is not exported by ${m.module}`);
  return fn(context, m.args);
});

/** Totals reused while the inventory's generation stays (InventoryStore.totals); bounded. */
const MAX_TOTALS = 1000;

/** The page as the REST list sends it: documents with their links, as JSON text. */
function render(m: ReaderListRequest): ReaderPageResult {
  // A newer generation means a committed inventory write: every total may have changed.
  if (!inventory.totals || inventory.totals.generation !== m.generation || inventory.totals.byQuery.size >= MAX_TOTALS) {
    inventory.totals = { generation: m.generation, byQuery: new Map() };
  }
  const page = inventoryQuery(m.query);
  return { itemsJson: JSON.stringify(page.items.map((d) => withLinksAt(m.base, d))), count: page.items.length, totalElements: page.totalElements };
}

const port = parentPort!;
port.on('message', (m: ReaderRequest) => {
  let reply: ReaderReply;
  try {
    reply = { id: m.id, result: m.kind === 'list' ? render(m) : runTask(m) };
  } catch (e) {
    // An HttpError (e.g. a query syntax error, 422) reaches the client as the main thread's would.
    reply =
      e instanceof HttpError
        ? { id: m.id, error: { status: e.status, error: e.error, message: e.message } }
        : { id: m.id, error: { message: e instanceof Error ? (e.stack ?? e.message) : String(e) } };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true });
