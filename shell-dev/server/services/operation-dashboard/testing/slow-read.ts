/**
 * A read task whose time the test chooses (readers.test.ts): counts to `n` with a recursive query,
 * so it holds whichever thread runs it for as long as the test needs.
 */
import type { ReadContext, ReadTask } from '../../../core/api';

export function slowCount(r: ReadContext, n: number): number {
  return (r.db.prepare('WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < ?) SELECT count(*) AS n FROM c').get(n) as { n: number }).n;
}

export const SLOW_COUNT: ReadTask<number, number> = { module: __filename, name: 'slowCount', fn: slowCount };
