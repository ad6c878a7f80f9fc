/**
 * Query-key factories (CONVENTIONS.md): general to specific, starting with the plugin id, so a
 * plugin can invalidate all of its data, one entity kind, or one item.
 */

export type QueryKey = readonly unknown[];

export interface EntityKeys<F = unknown> {
  all: QueryKey;
  lists: () => QueryKey;
  list: (filter: F) => QueryKey;
  details: () => QueryKey;
  detail: (id: string) => QueryKey;
}

/** `createQueryKeys('device-operations', 'devices')` -> { all, lists, list(f), details, detail(id) }. */
export function createQueryKeys<F = unknown>(pluginId: string, entity: string): EntityKeys<F> {
  const all = [pluginId, entity] as const;
  return {
    all,
    lists: () => [...all, 'list'],
    list: (filter: F) => [...all, 'list', filter],
    details: () => [...all, 'detail'],
    detail: (id: string) => [...all, 'detail', id],
  };
}

/** Keys of data several plugins read through the SDK itself (e.g. the current user's preferences). */
export const platformKeys = {
  all: ['platform'] as const,
  currentUser: () => ['platform', 'currentUser'] as const,
  managedObject: (id: string) => ['platform', 'managedObject', id] as const,
};
