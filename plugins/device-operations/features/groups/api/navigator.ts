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
async function pagedNodes(query: string, toNode: (mo: ManagedObject) => DynamicNavigatorNode, currentPage = 1): Promise<NavigatorChildrenPage> {
  const page = await listManagedObjects({ query, pageSize: DYNAMIC_GROUP_PAGE_SIZE, currentPage, withChildren: false });
  const nodes = page.items.map(toNode);
  return page.items.length === DYNAMIC_GROUP_PAGE_SIZE ? { nodes, more: () => pagedNodes(query, toNode, currentPage + 1) } : { nodes };
}

const groupIdOf = (path: string): string | undefined => /^\/?group\/(\d+)$/.exec(path)?.[1];

export async function loadGroupChildren(parentPath: string | null): Promise<NavigatorChildrenPage> {
  if (parentPath === null) {
    const [roots, smart] = await Promise.all([
      listManagedObjects({ query: buildQuery(has(GROUP_FRAGMENT), BY_NAME), onlyRoots: true, pageSize: GROUP_LIST_PAGE_SIZE, withChildren: false }),
      pagedNodes(buildQuery(has(DYNAMIC_GROUP_FRAGMENT), BY_NAME), smartGroupNode),
    ]);
    return { nodes: [...roots.items.map(groupNode), ...smart.nodes], more: smart.more };
  }
  const id = groupIdOf(parentPath);
  if (!id) return { nodes: [] };
  // Subgroups at once (few), then the group's devices a page at a time.
  const [subgroups, devices] = await Promise.all([
    listManagedObjects({ query: buildQuery(and(has(GROUP_FRAGMENT), bygroupid(id)), BY_NAME), pageSize: GROUP_LIST_PAGE_SIZE, withChildren: false }),
    pagedNodes(buildQuery(and(bygroupid(id), not(has(GROUP_FRAGMENT))), BY_NAME), deviceNode),
  ]);
  return { nodes: [...subgroups.items.map(groupNode), ...devices.nodes], more: devices.more };
}
