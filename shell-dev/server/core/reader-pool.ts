/**
 * Reads off the event loop (issue 21): inventory list queries run in worker threads, each with
 * its own read-only connection to the database file (reader-worker.ts). better-sqlite3 is
 * synchronous, so on the main thread a 100 ms count held every other request (and /health) for
 * 100 ms; in a reader it holds one reader. Services hand their read-only queries to the same
 * readers as read tasks (api.ts ReadTask, e.g. the operation dashboard's figures). Requests wait in one queue and go to the first idle
 * reader, so a slow query never sits in front of a fast one while another reader is free.
 *
 * Writes stay on the main thread. A reader starts a read transaction when it takes a query, so it
 * sees every commit the main thread made before sending it (WAL); a query never sees half a
 * transaction.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { HttpError } from './api';
import type { ReadTask } from './api';
import type { InventoryListQuery } from './inventory';

/** Two cores on the target machine: two readers beside the main thread. */
export const READERS = 2;
/** Page cache per reader (KiB): the OS caches the file for all of them; this keeps hot index pages. */
export const READER_CACHE_KIB = 16 * 1024;

export interface ReaderWorkerData {
  file: string;
  busyTimeoutMs: number;
  cacheKib: number;
}

/** An inventory list page. */
export interface ReaderListRequest {
  kind: 'list';
  query: InventoryListQuery;
  /** Base URL of the documents' self links. */
  base: string;
  /** The main thread's InventoryStore.generation when the list was asked for. */
  generation: number;
}

/** A read task (api.ts ReadTask): the reader requires `module` and calls its export `name`. */
export interface ReaderTaskRequest {
  kind: 'task';
  module: string;
  name: string;
  args: unknown;
}

export type ReaderRequest = { id: number } & (ReaderListRequest | ReaderTaskRequest);

/** A list page rendered by a reader: its documents' JSON array, how many, and the total. */
export interface ReaderPageResult {
  itemsJson: string;
  count: number;
  totalElements?: number;
}

export type ReaderReply =
  | { id: number; result: unknown }
  | { id: number; error: { status?: number; error?: string; message: string } };

interface Job {
  id: number;
  request: ReaderListRequest | ReaderTaskRequest;
  resolve: (result: unknown) => void;
  reject: (e: Error) => void;
}

interface Reader {
  worker: Worker;
  ready: boolean;
  job?: Job;
}

/**
 * The worker runs the TypeScript sources as the server does. Under tsx the worker inherits its
 * loader; elsewhere (jest) tsx's CommonJS hook is registered first.
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
if (!require.extensions['.ts']) require(workerData.tsxApi).register();
require(workerData.entry);
`;

export class ReaderPool {
  private readers: Reader[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** A reader died before it came up: starting again would fail again. */
  private broken = false;
  private readyWaiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  /** Queries the readers answered (tests and benches check that lists and tasks really ran there). */
  served = 0;

  constructor(
    private readonly file: string,
    private readonly busyTimeoutMs: number,
    private readonly size = READERS,
  ) {}

  /** Starts the readers (once); queries before they are up run on the caller's thread instead. */
  start(): void {
    if (this.closed || this.broken || this.readers.length) return;
    for (let i = 0; i < this.size; i++) this.spawn();
  }

  get started(): boolean {
    return this.readers.length > 0 || this.closed || this.broken;
  }

  /** True once at least one reader can take a query. */
  get available(): boolean {
    return this.readers.some((r) => r.ready);
  }

  /** Resolves when every reader is up (tests, benches); fails with the cause if one cannot start. */
  ready(): Promise<void> {
    this.start();
    if (this.broken) return Promise.reject(new Error('inventory readers could not start'));
    if (this.readers.length && this.readers.every((r) => r.ready)) return Promise.resolve();
    return new Promise((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  /** A list page with the documents' self links at `base`, rendered to JSON by a reader. */
  inventoryPage(query: InventoryListQuery, base: string, generation: number): Promise<ReaderPageResult> {
    return this.submit({ kind: 'list', query, base, generation }) as Promise<ReaderPageResult>;
  }

  /** A read task's result, computed by a reader in one read transaction. */
  run<A, R>(task: ReadTask<A, R>, args: A): Promise<R> {
    return this.submit({ kind: 'task', module: task.module, name: task.name, args }) as Promise<R>;
  }

  private submit(request: ReaderListRequest | ReaderTaskRequest): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('reader pool closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, request, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const readers = this.readers;
    this.readers = [];
    for (const j of this.queue.splice(0)) j.reject(new Error('reader pool closed'));
    await Promise.all(readers.map((r) => r.worker.terminate()));
  }

  private spawn(): void {
    const data: ReaderWorkerData & { entry: string; tsxApi: string } = {
      file: this.file,
      busyTimeoutMs: this.busyTimeoutMs,
      cacheKib: READER_CACHE_KIB,
      entry: path.join(__dirname, 'reader-worker.ts'),
      tsxApi: require.resolve('tsx/cjs/api'),
    };
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: data });
    const reader: Reader = { worker, ready: false };
    this.readers.push(reader);
    worker.on('message', (m: ReaderReply | { ready: true }) => {
      if ('ready' in m) {
        reader.ready = true;
        if (this.readers.every((r) => r.ready)) for (const w of this.readyWaiters.splice(0)) w.resolve();
      } else {
        const job = reader.job;
        reader.job = undefined;
        if (job && job.id === m.id) {
          this.served++;
          if ('result' in m) job.resolve(m.result);
          else job.reject(m.error.status !== undefined ? new HttpError(m.error.status, m.error.error ?? 'general/Error', m.error.message) : new Error(`reader failed: ${m.error.message}`));
        }
      }
      this.dispatch();
    });
    // A reader that dies fails its query with the cause (never an empty page) and is replaced.
    const gone = (cause: Error) => {
      const i = this.readers.indexOf(reader);
      if (i < 0) return;
      this.readers.splice(i, 1);
      reader.job?.reject(new Error(`reader failed: ${cause.message}`));
      reader.job = undefined;
      if (this.closed) return;
      console.error('inventory reader stopped', cause);
      // One that never came up would fail again: no respawn loop; the caller's thread reads.
      if (reader.ready) this.spawn();
      else {
        this.broken = true;
        for (const w of this.readyWaiters.splice(0)) w.reject(new Error(`inventory reader could not start: ${cause.message}`));
      }
      if (!this.readers.length) for (const j of this.queue.splice(0)) j.reject(new Error(`no inventory reader: ${cause.message}`));
      this.dispatch();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`exited with code ${code}`)));
  }

  private dispatch(): void {
    for (const r of this.readers) {
      if (!this.queue.length) return;
      if (!r.ready || r.job) continue;
      const job = this.queue.shift()!;
      r.job = job;
      r.worker.postMessage({ id: job.id, ...job.request } satisfies ReaderRequest);
    }
  }
}
