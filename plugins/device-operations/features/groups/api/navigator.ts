/**
 * The Groups navigator tree (spec 1, section 2): groups load their children lazily; smart
 * (dynamic) groups load DYNAMIC_GROUP_PAGE_SIZE at a time with "Search more".
 */
import { DYNAMIC_GROUP_PAGE_SIZE, GROUP_LIST_PAGE_SIZE } from '@shared/domain/constants';
import { listManagedObjects, type ManagedObject } from '@shared/platform/inventory';
import { and, buildQuery, bygroupid, has, not } from '@shared/platform/query-language';
import type { DynamicNavigatorNode, NavigatorChildrenPage } from '@shared/plugin-api/types';

export const GROUP_FRAGMENT = 'c8y_IsDeviceGroup';
export const DYNAMIC_GROUP_FRAGMENT = 'c8y_IsDynamicGroup';
const BY_NAME = [{ field: 'name', direction: 'asc' as const }];

const groupNode = (g: ManagedObject): DynamicNavigatorNode => ({ id: `group-${g.id}`, label: g.name ?? g.id, path: `/group/${g.id}`, icon: 'c8y-group', expandable: true });
const smartGroupNode = (g: ManagedObject): DynamicNavigatorNode => ({
  id: `group-${g.id}`,
  label: g.name ?? g.id,
  path: `/group/${g.id}`,
  icon: 'c8y-group-smart',
  expandable: false,
});
const deviceNode = (d: ManagedObject): DynamicNavigatorNode => ({ id: `device-${d.id}`, label: d.name ?? d.id, path: `/device/${d.id}`, icon: 'exchange', expandable: false });

/** Pages of a query as navigator nodes, each page offering the next while there is one. */
async function pagedNodes(
  query: string,
  toNode: (mo: ManagedObject) => DynamicNavigatorNode,
  pageSize = DYNAMIC_GROUP_PAGE_SIZE,
  onlyRoots?: boolean,
  currentPage = 1,
): Promise<NavigatorChildrenPage> {
  const page = await listManagedObjects({ query, pageSize, currentPage, withChildren: false, ...(onlyRoots ? { onlyRoots } : {}) });
  const nodes = page.items.map(toNode);
  return page.items.length === pageSize ? { nodes, more: () => pagedNodes(query, toNode, pageSize, onlyRoots, currentPage + 1) } : { nodes };
}

/** An early read whose answer was not used: its failure is nobody's to show. */
const notNeededAfterAll = (): void => undefined;

/**
 * One list of two paged ones: `first`'s pages, then `then`'s (joined to first's last page). A
 * tenant with more groups than a page holds gets the rest with "Search more", not silently cut.
 * The first call asks both at once (a group's subgroups rarely fill a page: no added round trip).
 */
async function followedBy(first: Promise<NavigatorChildrenPage>, then: () => Promise<NavigatorChildrenPage>, ahead = true): Promise<NavigatorChildrenPage> {
  const early = ahead ? then() : undefined;
  // Not needed when the first list fills its page; when it is needed, awaiting it below reports its failure.
  early?.catch(notNeededAfterAll);
  const page = await first;
  if (page.more) {
    const more = page.more;
    return { nodes: page.nodes, more: () => followedBy(more(), then, false) };
  }
  const next = await (early ?? then());
  return { nodes: [...page.nodes, ...next.nodes], more: next.more };
}

const groupIdOf = (path: string): string | undefined => /^\/?group\/(\d+)$/.exec(path)?.[1];

export async function loadGroupChildren(parentPath: string | null): Promise<NavigatorChildrenPage> {
  if (parentPath === null) {
    // Static root groups (a page of GROUP_LIST_PAGE_SIZE at a time), then the smart groups 10 at a time.
    return followedBy(pagedNodes(buildQuery(has(GROUP_FRAGMENT), BY_NAME), groupNode, GROUP_LIST_PAGE_SIZE, true), () =>
      pagedNodes(buildQuery(has(DYNAMIC_GROUP_FRAGMENT), BY_NAME), smartGroupNode),
    );
  }
  const id = groupIdOf(parentPath);
  if (!id) return { nodes: [] };
  // Subgroups (a page of GROUP_LIST_PAGE_SIZE at a time), then the group's devices 10 at a time.
  return followedBy(pagedNodes(buildQuery(and(has(GROUP_FRAGMENT), bygroupid(id)), BY_NAME), groupNode, GROUP_LIST_PAGE_SIZE), () =>
    pagedNodes(buildQuery(and(bygroupid(id), not(has(GROUP_FRAGMENT))), BY_NAME), deviceNode),
  );
}
