/**
 * Dashboards are kept as the platform keeps them: one managed object per dashboard with a
 * `c8y_Dashboard` fragment (name, children keyed by widget id with _x/_y/_width/_height,
 * componentId, title and config) and a marker fragment `c8y_Dashboard!name!<name>` for the
 * named (context) dashboard, so every user of the tenant loads the same layout.
 */
import type { DashboardWidgetPlacement } from '../types';
import { createManagedObject, listManagedObjects, updateManagedObject, type ManagedObject } from '@shared/platform/inventory';

export const DASHBOARD_FRAGMENT = 'c8y_Dashboard';
export const namedDashboardFragment = (name: string) => `${DASHBOARD_FRAGMENT}!name!${name}`;

export interface StoredChild {
  id: string;
  componentId: string;
  title?: string;
  _x: number;
  _y: number;
  _width: number;
  _height: number;
  config: Record<string, unknown>;
}

export interface StoredDashboard {
  name: string;
  /** The widgets, keyed by instance id. */
  children: Record<string, StoredChild>;
  /** Named dashboards of the application cannot be deleted from the UI. */
  isFrozen?: boolean;
  title?: string;
}

export function toStored(name: string, title: string, deletable: boolean, widgets: readonly DashboardWidgetPlacement[]): StoredDashboard {
  const children: Record<string, StoredChild> = {};
  for (const w of widgets) {
    children[w.instanceId] = {
      id: w.instanceId,
      componentId: w.widgetId,
      ...(w.title !== undefined ? { title: w.title } : {}),
      _x: w.x,
      _y: w.y,
      _width: w.w,
      _height: w.h,
      config: w.config,
    };
  }
  return { name, title, isFrozen: !deletable, children };
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** Placements of a stored dashboard (entries without a component are skipped), top-left first. */
export function fromStored(stored: unknown): DashboardWidgetPlacement[] {
  const children = (stored as { children?: unknown } | undefined)?.children;
  if (!children || typeof children !== 'object') return [];
  return Object.entries(children as Record<string, Partial<StoredChild>>)
    .filter(([, c]) => c && typeof c.componentId === 'string')
    .map(([key, c]) => ({
      instanceId: typeof c.id === 'string' ? c.id : key,
      widgetId: c.componentId as string,
      ...(typeof c.title === 'string' ? { title: c.title } : {}),
      x: num(c._x, 0),
      y: num(c._y, 0),
      w: num(c._width, 1),
      h: num(c._height, 1),
      config: c.config && typeof c.config === 'object' ? (c.config as Record<string, unknown>) : {},
    }))
    .sort((a, b) => a.y - b.y || a.x - b.x);
}

export interface LoadedDashboard {
  id: string;
  widgets: DashboardWidgetPlacement[];
}

/** The saved dashboard of that name, or null when nobody has saved it yet. */
export async function loadDashboard(name: string): Promise<LoadedDashboard | null> {
  const page = await listManagedObjects({ fragmentType: namedDashboardFragment(name), pageSize: 1, withChildren: false });
  const mo = page.items[0];
  return mo ? { id: mo.id, widgets: fromStored(mo[DASHBOARD_FRAGMENT]) } : null;
}

/** Creates the dashboard object on its first save, then replaces its c8y_Dashboard fragment. */
export async function saveDashboard(
  existingId: string | null,
  dashboard: { name: string; title: string; deletable: boolean },
  widgets: readonly DashboardWidgetPlacement[],
): Promise<string> {
  const fragment = toStored(dashboard.name, dashboard.title, dashboard.deletable, widgets);
  let mo: ManagedObject;
  if (existingId) mo = await updateManagedObject(existingId, { [DASHBOARD_FRAGMENT]: fragment });
  else mo = await createManagedObject({ name: dashboard.name, [DASHBOARD_FRAGMENT]: fragment, [namedDashboardFragment(dashboard.name)]: {} });
  return mo.id;
}
