import type { NavigatorNodeContribution, PlatformContext, Registered } from './types';
import { isVisibleTo } from './visibility';

export interface NavigatorNode {
  id: string;
  label: string;
  path?: string;
  icon?: string;
  priority: number;
  pluginId?: string;
  children: NavigatorNode[];
  /** Set when a contribution of this node loads children from the server (kept even when empty here). */
  loadsChildren?: boolean;
}

/** Children: priority first (higher first), then label. */
const byPriorityThenLabel = (a: NavigatorNode, b: NavigatorNode) =>
  b.priority - a.priority || a.label.localeCompare(b.label);

/** The platform's navigation rules (spec: Navigation). */
function applyNavigationRules(node: NavigatorNode, isChild: boolean): NavigatorNode | null {
  if (node.path === '/' || node.path === '') return null; // root item hidden
  if (isChild && node.path === '/device-profiles') return null; // removed from menus
  const icon = isChild && node.path?.includes('firmware') ? 'electronics' : node.icon;
  return { ...node, icon };
}

/**
 * Builds the navigator tree: nodes naming a parent are grouped under it, parents merged by
 * label (a parent contributed by several plugins appears once, with the highest priority and the
 * first icon), children sorted by priority then label; no items without a current user.
 */
export function buildNavigatorTree(
  nodes: readonly Registered<NavigatorNodeContribution>[],
  ctx: PlatformContext,
): NavigatorNode[] {
  if (!ctx.user) return [];
  const visible = nodes.filter((n) => isVisibleTo(n, ctx));
  const roots = new Map<string, NavigatorNode>();
  const root = (label: string) => {
    let r = roots.get(label);
    if (!r) {
      r = { id: `group:${label}`, label, priority: Number.NEGATIVE_INFINITY, children: [] };
      roots.set(label, r);
    }
    return r;
  };
  for (const n of visible.filter((x) => !x.parent)) {
    const r = root(n.label);
    r.priority = Math.max(r.priority, n.priority);
    r.id = r.path ? r.id : n.id;
    r.path ??= n.path;
    r.icon ??= n.icon;
    r.pluginId ??= n.pluginId;
    if (n.loadChildren) r.loadsChildren = true;
  }
  for (const n of visible.filter((x) => x.parent)) {
    const parent = root(n.parent as string);
    if (parent.priority === Number.NEGATIVE_INFINITY) parent.priority = n.priority;
    const child = applyNavigationRules(
      { id: n.id, label: n.label, path: n.path, icon: n.icon, priority: n.priority, pluginId: n.pluginId, children: [], ...(n.loadChildren ? { loadsChildren: true } : {}) },
      true,
    );
    if (child) parent.children.push(child);
  }
  const tree: NavigatorNode[] = [];
  for (const r of roots.values()) {
    const node = applyNavigationRules(r, false);
    if (!node) continue;
    node.children.sort(byPriorityThenLabel);
    if (node.path || node.children.length || node.loadsChildren) tree.push(node);
  }
  return tree.sort(byPriorityThenLabel);
}
