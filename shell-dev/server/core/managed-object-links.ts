/**
 * The platform's self links of a managed object and its references, for a given base URL. The
 * REST layer (http/inventory.ts) and the inventory readers (reader-worker.ts, which render a list
 * page's JSON off the event loop) both use it, so a document reads the same either way.
 */
import type { ManagedObject } from './api';
import { CHILD_KINDS, type Reference } from './inventory';

export const PARENT_KINDS = ['assetParents', 'deviceParents', 'additionParents'];

export const moUrlAt = (base: string, id: string) => `${base}/inventory/managedObjects/${id}`;

export function withLinksAt(base: string, doc: ManagedObject): ManagedObject {
  const self = moUrlAt(base, doc.id);
  const out: ManagedObject = { ...doc, self };
  for (const k of [...CHILD_KINDS, ...PARENT_KINDS]) {
    const refs = doc[k] as { references: Reference[] } | undefined;
    if (!refs) continue;
    out[k] = {
      self: `${self}/${k}`,
      references: refs.references.map((r) => ({
        managedObject: { ...r.managedObject, self: moUrlAt(base, r.managedObject.id) },
        self: `${self}/${k}/${r.managedObject.id}`,
      })),
    };
  }
  return out;
}
