/**
 * Editing a dashboard's placements on the 12-column grid: pure functions, so the host's
 * buttons, keyboard and drag all go through the same rules (stay inside the columns, at least
 * one cell, never above row 0).
 */
import type { DashboardWidgetPlacement } from '@shared/plugin-api/types';
import { DASHBOARD_COLUMNS } from '@shared/plugin-api/dashboard/layout';

/** Size of a newly added widget. */
export const NEW_WIDGET_WIDTH = 4;
export const NEW_WIDGET_HEIGHT = 4;
export const MIN_SIZE = 1;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

const update = (widgets: readonly DashboardWidgetPlacement[], instanceId: string, change: (w: DashboardWidgetPlacement) => DashboardWidgetPlacement) =>
  widgets.map((w) => (w.instanceId === instanceId ? change(w) : w));

/** Moves by whole cells; the widget stays inside the columns and below row 0. */
export function moveWidget(widgets: readonly DashboardWidgetPlacement[], instanceId: string, dx: number, dy: number): DashboardWidgetPlacement[] {
  return update(widgets, instanceId, (w) => ({
    ...w,
    x: clamp(w.x + dx, 0, DASHBOARD_COLUMNS - clamp(w.w, MIN_SIZE, DASHBOARD_COLUMNS)),
    y: Math.max(0, w.y + dy),
  }));
}

/** Resizes by whole cells; the width never passes the grid's right edge. */
export function resizeWidget(widgets: readonly DashboardWidgetPlacement[], instanceId: string, dw: number, dh: number): DashboardWidgetPlacement[] {
  return update(widgets, instanceId, (w) => ({
    ...w,
    w: clamp(w.w + dw, MIN_SIZE, DASHBOARD_COLUMNS - clamp(w.x, 0, DASHBOARD_COLUMNS - MIN_SIZE)),
    h: Math.max(MIN_SIZE, w.h + dh),
  }));
}

export const removeWidget = (widgets: readonly DashboardWidgetPlacement[], instanceId: string): DashboardWidgetPlacement[] =>
  widgets.filter((w) => w.instanceId !== instanceId);

/** A new config, and a new title when one is given (an empty title falls back to the widget's label). */
export const configureWidget = (widgets: readonly DashboardWidgetPlacement[], instanceId: string, config: Record<string, unknown>, title?: string): DashboardWidgetPlacement[] =>
  update(widgets, instanceId, (w) => ({ ...w, config, ...(title === undefined ? {} : { title: title.trim() || undefined }) }));

/** The first row below every widget. */
export const nextFreeRow = (widgets: readonly DashboardWidgetPlacement[]): number => widgets.reduce((max, w) => Math.max(max, w.y + w.h), 0);

const overlaps = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Where a w x h widget fits: the first free cell block scanning rows top-down and each row
 * left-to-right (as dashboard tools place a new widget), else below everything.
 */
export function freeSpot(widgets: readonly DashboardWidgetPlacement[], w: number, h: number): { x: number; y: number } {
  const width = clamp(w, MIN_SIZE, DASHBOARD_COLUMNS);
  const bottom = nextFreeRow(widgets);
  for (let y = 0; y < bottom; y++) {
    for (let x = 0; x + width <= DASHBOARD_COLUMNS; x++) {
      const spot = { x, y, w: width, h };
      if (!widgets.some((other) => overlaps(spot, other))) return { x, y };
    }
  }
  return { x: 0, y: bottom };
}

/** A new widget where there is room for it, with its own title (the widget's label unless one is given). */
export function addWidget(
  widgets: readonly DashboardWidgetPlacement[],
  widget: { widgetId: string; title?: string; config: Record<string, unknown>; size?: { width: number; height: number } },
  instanceId: string,
): DashboardWidgetPlacement[] {
  const w = widget.size?.width ?? NEW_WIDGET_WIDTH;
  const h = widget.size?.height ?? NEW_WIDGET_HEIGHT;
  const { x, y } = freeSpot(widgets, w, h);
  const title = widget.title?.trim() || undefined;
  return [...widgets, { instanceId, widgetId: widget.widgetId, title, x, y, w, h, config: widget.config }];
}

/** Whole cells moved by a pointer drag of (px, py) on a grid of the given cell size. */
export const cellsMoved = (px: number, py: number, cellWidth: number, cellHeight: number): { dx: number; dy: number } => ({
  dx: cellWidth > 0 ? Math.round(px / cellWidth) : 0,
  dy: cellHeight > 0 ? Math.round(py / cellHeight) : 0,
});

/** Equal as stored values (JSON data: key order does not matter). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Whether the config dialog holds edits: its config or title differs from what the card has. */
export const configDirty = (savedConfig: Record<string, unknown>, config: Record<string, unknown>, savedTitle: string, title: string): boolean =>
  !sameValue(savedConfig, config) || title.trim() !== savedTitle.trim();

export const sameLayout = (a: readonly DashboardWidgetPlacement[], b: readonly DashboardWidgetPlacement[]): boolean => {
  const byId = new Map(b.map((w) => [w.instanceId, w]));
  return a.length === b.length && a.every((w) => sameValue(w, byId.get(w.instanceId)));
};

export interface MergedLayout {
  /** What is saved: the other users' layout with this user's change applied. */
  widgets: DashboardWidgetPlacement[];
  /** Another user changed the layout since this user's change was based on it. */
  othersChanged: boolean;
  /** Widgets this user changed that another user removed meanwhile (the change is dropped), as they were before the change (the title the user knew them by). */
  lostChanges: DashboardWidgetPlacement[];
}

/**
 * This user's change (`before` -> `after`, both as this tab showed them) applied to the layout the
 * tenant has now (`current`, which another user may have saved meanwhile), so a save never undoes a
 * change it did not make. Per widget, each part the user changed (place, size, title, each config
 * value) is taken from `after`, every other part from `current`; a widget added here is kept (moved
 * to a free spot if another user's widget took its place); one removed here goes; one changed here
 * that another user removed stays removed (and is named in `lostChanges`).
 */
export function mergeLayouts(before: readonly DashboardWidgetPlacement[], after: readonly DashboardWidgetPlacement[], current: readonly DashboardWidgetPlacement[]): MergedLayout {
  const othersChanged = !sameLayout(before, current);
  if (!othersChanged) return { widgets: [...after], othersChanged, lostChanges: [] };
  const beforeById = new Map(before.map((w) => [w.instanceId, w]));
  const afterById = new Map(after.map((w) => [w.instanceId, w]));
  const lostChanges: DashboardWidgetPlacement[] = [];
  const merged: DashboardWidgetPlacement[] = [];
  for (const theirs of current) {
    const was = beforeById.get(theirs.instanceId);
    const mine = afterById.get(theirs.instanceId);
    if (!was) {
      merged.push(theirs);
      continue;
    }
    if (!mine) continue; // removed here
    const changed = (pick: (w: DashboardWidgetPlacement) => unknown) => !sameValue(pick(was), pick(mine));
    const config: Record<string, unknown> = { ...theirs.config };
    for (const key of new Set([...Object.keys(was.config), ...Object.keys(mine.config)])) {
      if (sameValue(was.config[key], mine.config[key])) continue;
      if (mine.config[key] === undefined) delete config[key];
      else config[key] = mine.config[key];
    }
    const next: DashboardWidgetPlacement = {
      ...theirs,
      ...(changed((w) => [w.x, w.y]) ? { x: mine.x, y: mine.y } : {}),
      ...(changed((w) => [w.w, w.h]) ? { w: mine.w, h: mine.h } : {}),
      config,
    };
    const title = changed((w) => w.title) ? mine.title : theirs.title;
    if (title === undefined) delete next.title;
    else next.title = title;
    merged.push(next);
  }
  const currentIds = new Set(current.map((w) => w.instanceId));
  for (const mine of after) {
    if (currentIds.has(mine.instanceId)) continue;
    const was = beforeById.get(mine.instanceId);
    if (was) {
      // Another user removed it; a change made here to it is not brought back.
      if (!sameValue(was, mine)) lostChanges.push(was);
      continue;
    }
    const taken = merged.some((other) => overlaps(mine, other));
    merged.push(taken ? { ...mine, ...freeSpot(merged, mine.w, mine.h) } : mine);
  }
  return { widgets: merged, othersChanged, lostChanges };
}
