/**
 * Binary files follow their transaction: a rolled back create leaves no file, a rolled back
 * replacement puts the old content back, a committed one keeps only the new; against a real
 * SQLite file in a temporary data folder.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BinaryStore, binariesDirOf, moveBlobsToFiles, REPLACED_FILE_PREFIX, syncDir } from './binaries';
import { CoreContext } from './context';
import { InventoryStore } from './inventory';
import { migrate } from './schema';

function setup() {
  return setupIn(fs.mkdtempSync(path.join(os.tmpdir(), 'binaries-test-')));
}

/** The store on the data folder `dataDir` (a new one, or one a crashed process left). */
function setupIn(dataDir: string) {
  const db = new Database(path.join(dataDir, 'test.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db, binariesDirOf(dataDir));
  const ctx = new CoreContext(db, { now: () => Date.parse('2026-01-01T00:00:00Z') });
  const inventory = new InventoryStore(ctx);
  const store = new BinaryStore(ctx, inventory, dataDir);
  /** Names in the binaries folder (numbered files and any temporary one). */
  const files = () => (fs.existsSync(store.dir) ? fs.readdirSync(store.dir).sort() : []);
  const content = (id: string) => fs.readFileSync(store.fileOf(id), 'utf8');
  const cleanup = () => {
    db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { db, ctx, inventory, store, files, content, cleanup };
}

let env: ReturnType<typeof setup>;
beforeEach(() => (env = setup()));
afterEach(() => env.cleanup());

describe('binary files and transactions', () => {
  it('removes the file of a binary created in a transaction that is then rolled back', () => {
    const { ctx, store, files, db } = env;
    let id = '';
    expect(() =>
      ctx.transaction(() => {
        id = store.create({ name: 'firmware.bin' }, 'application/octet-stream', Buffer.from('new firmware'), 'admin').id;
        expect(files()).toEqual([id]);
        throw new Error('later step failed');
      }),
    ).toThrow('later step failed');
    expect(db.prepare('SELECT count(*) FROM binaries').pluck().get()).toBe(0);
    expect(files()).toEqual([]);
  });

  it('removes only what a rolled back savepoint placed, keeps the rest once the outer transaction commits', () => {
    const { ctx, store, files, content } = env;
    let kept = '';
    let dropped = '';
    ctx.transaction(() => {
      kept = store.create({ name: 'a.bin' }, 'text/plain', Buffer.from('kept'), 'admin').id;
      expect(() =>
        ctx.transaction(() => {
          dropped = store.create({ name: 'b.bin' }, 'text/plain', Buffer.from('dropped'), 'admin').id;
          throw new Error('inner undo');
        }),
      ).toThrow('inner undo');
    });
    expect(files()).toEqual([kept]);
    expect(content(kept)).toBe('kept');
    expect(store.read(dropped)).toBeUndefined();
  });

  it('removes a binary file committed by an inner savepoint when the outer transaction rolls back', () => {
    const { ctx, store, files } = env;
    expect(() =>
      ctx.transaction(() => {
        ctx.transaction(() => store.create({ name: 'c.bin' }, 'text/plain', Buffer.from('inner'), 'admin'));
        throw new Error('outer undo');
      }),
    ).toThrow('outer undo');
    expect(files()).toEqual([]);
  });

  it('puts the old content back when a replacement is rolled back, and keeps no copy after a committed one', () => {
    const { ctx, store, files, content } = env;
    const id = store.create({ name: 'd.bin' }, 'text/plain', Buffer.from('version 1'), 'admin').id;
    expect(() =>
      ctx.transaction(() => {
        const tmp = store.tempFile();
        fs.writeFileSync(tmp, 'version 2');
        store.replaceFromFile(id, 'text/plain', tmp);
        expect(content(id)).toBe('version 2');
        throw new Error('undo replacement');
      }),
    ).toThrow('undo replacement');
    expect(content(id)).toBe('version 1');
    expect(store.read(id)?.contentType).toBe('text/plain');
    expect(files()).toEqual([id]);

    const tmp = store.tempFile();
    fs.writeFileSync(tmp, 'version 3');
    store.replaceFromFile(id, 'application/octet-stream', tmp);
    expect(content(id)).toBe('version 3');
    expect(files()).toEqual([id]);
  });

  it('keeps committed files when a later, separate transaction rolls back', () => {
    const { ctx, store, files } = env;
    const a = store.create({ name: 'e.bin' }, 'text/plain', Buffer.from('e'), 'admin').id;
    expect(() =>
      ctx.transaction(() => {
        store.create({ name: 'f.bin' }, 'text/plain', Buffer.from('f'), 'admin');
        throw new Error('undo');
      }),
    ).toThrow('undo');
    expect(files()).toEqual([a]);
  });
});

describe('moving blobs to files (schema v12)', () => {
  it('flushes the binaries folder once its files are renamed, before the blobs are dropped', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'binaries-v12-'));
    const db = new Database(':memory:');
    try {
      db.exec('CREATE TABLE managed_objects (id INTEGER PRIMARY KEY); CREATE TABLE binaries (id INTEGER PRIMARY KEY, content_type TEXT NOT NULL, data BLOB)');
      db.prepare('INSERT INTO managed_objects (id) VALUES (1)').run();
      db.prepare('INSERT INTO binaries VALUES (1, ?, ?)').run('text/plain', Buffer.from('blob'));
      const opened: string[] = [];
      const fsyncs: number[] = [];
      const realOpen = fs.openSync.bind(fs);
      const realSync = fs.fsyncSync.bind(fs);
      const open = jest.spyOn(fs, 'openSync').mockImplementation(((p: fs.PathLike, ...rest: unknown[]) => {
        opened.push(String(p));
        return realOpen(p, ...(rest as [fs.OpenMode]));
      }) as typeof fs.openSync);
      const sync = jest.spyOn(fs, 'fsyncSync').mockImplementation((fd: number) => {
        fsyncs.push(fd);
        realSync(fd);
      });
      try {
        moveBlobsToFiles(db, dir);
      } finally {
        open.mockRestore();
        sync.mockRestore();
      }
      expect(fs.readFileSync(path.join(dir, '1'), 'utf8')).toBe('blob');
      // The file itself, then the folder holding its new name.
      expect(opened[opened.length - 1]).toBe(dir);
      expect(fsyncs).toHaveLength(2);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('syncDir flushes an existing folder and fails on a missing one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'binaries-sync-'));
    try {
      expect(() => syncDir(dir)).not.toThrow();
      expect(() => syncDir(path.join(dir, 'missing'))).toThrow(/ENOENT/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a crash in the middle of a replacement (a real second process)', () => {
  /** Replaces binary `id`'s content with 'version 2' in a process that dies at `when`; returns its exit code. */
  const crashWhileReplacing = (dataDir: string, id: string, when: 'before-commit' | 'after-commit') =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'testing', 'binary-crash.ts'), dataDir, id, when], { encoding: 'utf8' });

  it.each([
    ['before its commit: the next start puts the old content back', 'before-commit', 'version 1', 'text/csv'],
    ['after its commit: the next start keeps the new content and drops the kept copy', 'after-commit', 'version 2', 'text/plain'],
  ] as const)('%s', (_name, when, expected, contentType) => {
    const { db, store, files } = env;
    const id = store.create({ name: 'd.csv' }, 'text/csv', Buffer.from('version 1'), 'admin').id;
    db.close();
    const dataDir = path.dirname(store.dir);
    const run = crashWhileReplacing(dataDir, id, when);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(9);
    expect(files().some((f) => f.startsWith(REPLACED_FILE_PREFIX))).toBe(true);

    const restarted = setupIn(dataDir);
    restarted.store.sweep();
    expect(restarted.content(id)).toBe(expected);
    expect(restarted.store.read(id)?.contentType).toBe(contentType);
    expect(restarted.files()).toEqual([id]);
    expect(restarted.db.prepare('SELECT count(*) FROM binary_replacements').pluck().get()).toBe(0);
    env = restarted;
  });
});
