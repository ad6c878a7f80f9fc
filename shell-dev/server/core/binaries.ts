import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { ManagedObject } from './api';
import { type CoreContext, notFound, parseId } from './context';
import type { InventoryStore } from './inventory';

/** Folder of the binaries' contents under the data folder: one file per binary, named by its id. */
export const BINARIES_DIR = 'binaries';

/** Prefix of a file being received (an upload, a replacement): renamed or removed once complete, else left only by a crash. */
export const UPLOAD_FILE_PREFIX = 'upload-';

export const binariesDirOf = (dataDir: string): string => path.join(dataDir, BINARIES_DIR);

/**
 * Prefix of a replaced content kept until its replacement commits: `replaced-<id>-<random>`. The
 * replacement records the name in `binary_replacements` inside its transaction, so after a crash
 * the row says which way it went: a row means it committed (the kept file goes), no row means it
 * did not (the kept file is the binary's content again).
 */
export const REPLACED_FILE_PREFIX = 'replaced-';

/** Schema v13: the replacements whose kept old content is still on disk (see REPLACED_FILE_PREFIX). */
export function addBinaryReplacements(db: Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS binary_replacements (kept TEXT PRIMARY KEY, id INTEGER NOT NULL) WITHOUT ROWID');
}

/** A new temporary file name in `dir` (created with the folder when missing). */
export function tempFileIn(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${UPLOAD_FILE_PREFIX}${randomBytes(8).toString('hex')}`);
}

/** Writes `data` as `<dir>/<id>`: a temporary file, flushed, then renamed (a crash leaves the old file or the new one). */
function writeFileAtomic(dir: string, id: number, data: Buffer): void {
  const tmp = tempFileIn(dir);
  try {
    const fd = fs.openSync(tmp, 'wx');
    try {
      fs.writeSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, path.join(dir, String(id)));
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** Flushes the folder's entries (renames, new names) to disk; a file's own fsync does not cover its name. */
export function syncDir(dir: string): void {
  // Windows cannot open a folder for flushing; its renames are written through.
  if (process.platform === 'win32') return;
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Schema v12: the binaries' contents leave the database for files under `dir` (one blob read at a
 * time), the table keeps id and content type. Runs inside the migration's transaction: a crash
 * before its commit leaves the blobs in place and maybe some files, which the next start writes again.
 */
export function moveBlobsToFiles(db: Database, dir: string | undefined): void {
  // A file marked older than it is (tests rewind user_version) has moved its contents already.
  if (!(db.prepare('PRAGMA table_info(binaries)').all() as { name: string }[]).some((c) => c.name === 'data')) return;
  const ids = db.prepare('SELECT id FROM binaries ORDER BY id').pluck().all() as number[];
  if (ids.length && dir === undefined) throw new Error('Moving binaries to files (schema v12) needs the data folder');
  const read = db.prepare('SELECT data FROM binaries WHERE id = ?').pluck();
  for (const id of ids) writeFileAtomic(dir as string, id, read.get(id) as Buffer);
  // The commit below drops the blobs: the files' names must be on disk before it.
  if (ids.length) syncDir(dir as string);
  db.exec(`
    CREATE TABLE binaries_v12 (
      id INTEGER PRIMARY KEY REFERENCES managed_objects(id) ON DELETE CASCADE,
      content_type TEXT NOT NULL
    );
    INSERT INTO binaries_v12 (id, content_type) SELECT id, content_type FROM binaries;
    DROP TABLE binaries;
    ALTER TABLE binaries_v12 RENAME TO binaries;
  `);
}

/** A stored binary: its content is the file at `path`. */
export interface BinaryContent {
  contentType: string;
  name?: string;
  path: string;
}

/** A file put in place by the open transaction: `undo` when the level that placed it rolls back, `done` once it commits. */
interface Placed {
  undo(): void;
  done(): void;
}

/**
 * Binary content: a file `<data>/binaries/<id>` beside its managed object (c8y_IsBinary) and the
 * `binaries` row (content type). A new content is written to a temporary file and renamed to the
 * id inside the transaction that records it; a rollback of that transaction (or of any enclosing
 * one, or savepoint) removes the new file, or puts back the replaced content. The file goes once
 * the deletion of its managed object (by any route) has committed. What a crash leaves (temporary
 * files, files of no binary) goes at start.
 */
export class BinaryStore {
  readonly dir: string;
  /** Files placed in the open transaction, in order; `marks[level]` is the count when that level opened. */
  private placed: Placed[] = [];
  private readonly marks: number[] = [];

  constructor(
    private readonly ctx: CoreContext,
    private readonly inventory: InventoryStore,
    dataDir: string,
  ) {
    this.dir = binariesDirOf(dataDir);
    inventory.onRemove((id) => {
      if (!this.ctx.stmt('SELECT 1 FROM binaries WHERE id = ?').get(id)) return;
      const file = this.fileOf(id);
      this.ctx.afterCommit(() => fs.rmSync(file, { force: true }));
    });
    ctx.stage({
      beforeCommit: () => {},
      savepoint: (level) => void (this.marks[level] = this.placed.length),
      rollback: (level) => {
        for (const p of this.placed.splice(this.marks[level] ?? 0).reverse()) {
          try {
            p.undo();
          } catch (e) {
            // The rollback goes on; a file left behind goes with the next start's sweep.
            console.error('undoing a binary file failed', e);
          }
        }
      },
    });
  }

  /** Records a file put in place inside the open transaction (see Placed). */
  private place(p: Placed): void {
    this.placed.push(p);
    // After the outermost commit every placed file is committed.
    this.ctx.afterCommit(() => {
      this.placed.length = 0;
      p.done();
    });
  }

  fileOf(id: number | string): string {
    return path.join(this.dir, String(id));
  }

  /** A new temporary file in the binaries folder for a content being received (the caller removes it on failure). */
  tempFile(): string {
    return tempFileIn(this.dir);
  }

  /**
   * What a crash left, at start: temporary files and files of no binary go (a crash between rename
   * and commit, or commit and removal); a replacement that did not commit gets its old content back,
   * one that did loses the kept copy (see REPLACED_FILE_PREFIX).
   */
  sweep(): void {
    const recorded = this.ctx.stmt('SELECT 1 FROM binary_replacements WHERE kept = ?');
    if (fs.existsSync(this.dir)) {
      const exists = this.ctx.stmt('SELECT 1 FROM binaries WHERE id = ?');
      let restored = false;
      for (const name of fs.readdirSync(this.dir)) {
        const file = path.join(this.dir, name);
        const replaced = name.startsWith(REPLACED_FILE_PREFIX) ? /^replaced-(\d+)-/.exec(name) : null;
        if (replaced && !recorded.get(name) && exists.get(Number(replaced[1]))) {
          fs.renameSync(file, this.fileOf(replaced[1]));
          restored = true;
          continue;
        }
        const orphan = /^\d+$/.test(name) ? !exists.get(Number(name)) : name.startsWith(UPLOAD_FILE_PREFIX) || name.startsWith(REPLACED_FILE_PREFIX);
        if (orphan) fs.rmSync(file, { force: true, recursive: true });
      }
      if (restored) syncDir(this.dir);
    }
    this.ctx.stmt('DELETE FROM binary_replacements').run();
  }

  /** A binary from bytes in memory (small ones: the simulator's log files, the demo's packages). */
  create(meta: { name: string; type?: string; [k: string]: unknown }, contentType: string, data: Buffer, owner: string): ManagedObject {
    const tmp = this.tempFile();
    fs.writeFileSync(tmp, data, { flag: 'wx' });
    return this.createFromFile(meta, contentType, tmp, owner);
  }

  /** A binary whose content is the file `tmp` (in the binaries folder), moved to the binary's id; `tmp` is gone afterwards in any case. */
  createFromFile(meta: { name: string; type?: string; [k: string]: unknown }, contentType: string, tmp: string, owner: string): ManagedObject {
    try {
      const length = fs.statSync(tmp).size;
      return this.ctx.transaction(() => {
        const mo = this.inventory.create({ ...meta, type: meta.type ?? contentType, c8y_IsBinary: '', contentType, length }, owner);
        this.ctx.stmt('INSERT INTO binaries (id, content_type) VALUES (?, ?)').run(Number(mo.id), contentType);
        const file = this.fileOf(mo.id);
        fs.renameSync(tmp, file);
        this.place({ undo: () => fs.rmSync(file, { force: true }), done: () => {} });
        return mo;
      });
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }

  /** Whether binary `id` exists (checked before a replacement's body is read). */
  has(id: string): boolean {
    return !!this.ctx.stmt('SELECT 1 FROM binaries WHERE id = ?').get(parseId(id) ?? -1);
  }

  /** Replaces the content of binary `id` by the file `tmp` (gone afterwards in any case). */
  replaceFromFile(id: string, contentType: string, tmp: string): ManagedObject {
    try {
      const length = fs.statSync(tmp).size;
      return this.ctx.transaction(() => {
        const n = parseId(id);
        const info = this.ctx.stmt('UPDATE binaries SET content_type = ? WHERE id = ?').run(contentType, n ?? -1);
        if (!info.changes) throw notFound('inventory', 'binary', id);
        const mo = this.inventory.update(id, { contentType, length });
        // Last: a download that opened the old file reads it to its end. The old content stays
        // under a second name until the replacement commits, for a rollback to put it back.
        const file = this.fileOf(n as number);
        const keptName = `${REPLACED_FILE_PREFIX}${n}-${randomBytes(8).toString('hex')}`;
        const kept = path.join(this.dir, keptName);
        this.ctx.stmt('INSERT INTO binary_replacements (kept, id) VALUES (?, ?)').run(keptName, n);
        let hadFile = true;
        try {
          fs.linkSync(file, kept);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
          hadFile = false;
        }
        try {
          fs.renameSync(tmp, file);
        } catch (e) {
          fs.rmSync(kept, { force: true });
          throw e;
        }
        this.place({
          undo: () => (hadFile ? fs.renameSync(kept, file) : fs.rmSync(file, { force: true })),
          done: () => {
            fs.rmSync(kept, { force: true });
            this.ctx.stmt('DELETE FROM binary_replacements WHERE kept = ?').run(keptName);
          },
        });
        return mo;
      });
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }

  read(id: string): BinaryContent | undefined {
    const n = parseId(id);
    const r = this.ctx.stmt('SELECT b.content_type, m.name FROM binaries b JOIN managed_objects m ON m.id = b.id WHERE b.id = ?').get(n ?? -1) as
      | { content_type: string; name: string | null }
      | undefined;
    return r && { contentType: r.content_type, path: this.fileOf(n as number), ...(r.name !== null ? { name: r.name } : {}) };
  }

  remove(id: string): void {
    this.ctx.transaction(() => {
      if (!this.has(id)) throw notFound('inventory', 'binary', id);
      this.inventory.remove(id);
    });
  }
}
