/**
 * A process that dies in the middle of a binary replacement (binaries.test.ts): argv data folder,
 * binary id, and where it dies: 'before-commit' (the new content is in place, the transaction not
 * committed) or 'after-commit' (committed, the kept old content not yet removed).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BinaryStore, binariesDirOf } from '../binaries';
import { CoreContext } from '../context';
import { InventoryStore } from '../inventory';
import { migrate } from '../schema';

const [dataDir, id, when] = process.argv.slice(2);
const db = new Database(path.join(dataDir, 'test.db'));
db.pragma('journal_mode = WAL');
db.pragma('foreign_keys = ON');
migrate(db, binariesDirOf(dataDir));
const ctx = new CoreContext(db, { now: () => Date.now() });
const store = new BinaryStore(ctx, new InventoryStore(ctx), dataDir);
const CRASHED = 9;
ctx.transaction(() => {
  // Registered first: runs right after the commit, before the store's own clean-up.
  if (when === 'after-commit') ctx.afterCommit(() => process.exit(CRASHED));
  const tmp = store.tempFile();
  fs.writeFileSync(tmp, 'version 2');
  store.replaceFromFile(id, 'text/plain', tmp);
  if (when === 'before-commit') process.exit(CRASHED);
});
