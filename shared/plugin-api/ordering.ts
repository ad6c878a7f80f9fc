/** What ordering needs of a registered contribution. */
export interface Ordered {
  priority: number;
  pluginId: string;
  id: string;
}


/** Higher priority first; equal priority stable by plugin id, then contribution id. */
export function compareContributions(
  a: Ordered,
  b: Ordered,
): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (a.pluginId !== b.pluginId) return a.pluginId < b.pluginId ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

/**
 * The platform's rules for a set of contributions of one kind: same id keeps only the
 * highest priority (the first registered on a tie), then order by {@link compareContributions}.
 */
export function orderContributions<T extends Ordered>(items: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const item of items) {
    const seen = byId.get(item.id);
    if (!seen || item.priority > seen.priority) byId.set(item.id, item);
  }
  return [...byId.values()].sort(compareContributions);
}
