/** The data grid's pure logic: column configuration, sort model, selection across pages. */
import type { ReactNode } from 'react';

/** A column of a {@link DataGrid}. */
export interface GridColumn<T> {
  /** Stable id (also the key of the persisted column configuration). */
  id: string;
  /** Header text, translated by the caller. */
  header: string;
  /** The cell's value (also its tooltip when no render is given). */
  value?: (row: T) => unknown;
  /** Custom cell content. */
  render?: (row: T) => ReactNode;
  /** The header sorts (the caller sorts on the server through the sort model). */
  sortable?: boolean;
  width?: number;
  minWidth?: number;
  /** Overrides the grid's cell maximum width. */
  maxWidth?: number;
  /** Hidden unless the user shows it. */
  hiddenByDefault?: boolean;
  /** Always shown; the column chooser cannot hide it. */
  alwaysVisible?: boolean;
  cellClass?: string;
}

/** One column of the persisted configuration; the array order is the column order. */
export interface ColumnConfig {
  id: string;
  visible: boolean;
  width?: number;
}

export type SortDirection = 'asc' | 'desc';
/** A sort criterion; the first entry sorts first. */
export interface SortItem {
  colId: string;
  sort: SortDirection;
}

export interface ResolvedColumn<T> {
  column: GridColumn<T>;
  visible: boolean;
  width?: number;
}

/**
 * Columns in configured order with their visibility and width. Configured ids that no longer
 * exist are dropped; columns missing from the configuration keep their default place
 * after the column that precedes them in the definition.
 */
export function resolveColumns<T>(columns: readonly GridColumn<T>[], config?: readonly ColumnConfig[] | null): ResolvedColumn<T>[] {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const result: ResolvedColumn<T>[] = [];
  const seen = new Set<string>();
  for (const entry of config ?? []) {
    const column = byId.get(entry.id);
    if (!column || seen.has(entry.id)) continue;
    seen.add(entry.id);
    result.push({ column, visible: column.alwaysVisible ? true : entry.visible, width: entry.width ?? column.width });
  }
  columns.forEach((column, index) => {
    if (seen.has(column.id)) return;
    const resolved = { column, visible: !column.hiddenByDefault, width: column.width };
    const prev = index > 0 ? result.findIndex((r) => r.column.id === columns[index - 1].id) : -1;
    if (index === 0) result.unshift(resolved);
    else if (prev >= 0) result.splice(prev + 1, 0, resolved);
    else result.push(resolved);
    seen.add(column.id);
  });
  return result;
}

/** The configuration to persist for the resolved columns. */
export const toColumnConfig = <T>(resolved: readonly ResolvedColumn<T>[]): ColumnConfig[] =>
  resolved.map((r) => (r.width === undefined ? { id: r.column.id, visible: r.visible } : { id: r.column.id, visible: r.visible, width: r.width }));

/** What AG Grid's column state tells us about one column. */
export interface ColumnStateLike {
  colId: string;
  hide?: boolean | null;
  width?: number | null;
  sort?: SortDirection | null;
  sortIndex?: number | null;
}

/** Configuration from the grid's column state (order, visibility, width), known columns only. */
export function configFromColumnState(state: readonly ColumnStateLike[], known: ReadonlySet<string>): ColumnConfig[] {
  return state
    .filter((s) => known.has(s.colId))
    .map((s) => (typeof s.width === 'number' ? { id: s.colId, visible: !s.hide, width: s.width } : { id: s.colId, visible: !s.hide }));
}

/** The sort model from the grid's column state, in sort-index order. */
export function sortModelFromColumnState(state: readonly ColumnStateLike[]): SortItem[] {
  return state
    .filter((s): s is ColumnStateLike & { sort: SortDirection } => s.sort === 'asc' || s.sort === 'desc')
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
    .map((s) => ({ colId: s.colId, sort: s.sort }));
}

/** Moves a column one step (delta -1 up/left, +1 down/right); unchanged at the ends. */
export function moveColumn(config: readonly ColumnConfig[], id: string, delta: -1 | 1): ColumnConfig[] {
  const i = config.findIndex((c) => c.id === id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= config.length) return [...config];
  const next = [...config];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** Shows or hides a column. */
export const setColumnVisible = (config: readonly ColumnConfig[], id: string, visible: boolean): ColumnConfig[] =>
  config.map((c) => (c.id === id ? { ...c, visible } : c));

/**
 * The selection after the user changed it on one page: selections on other pages stay, the
 * page's rows are replaced by what is selected there now.
 */
export function nextSelection(previous: ReadonlySet<string>, pageIds: readonly string[], selectedOnPage: readonly string[]): Set<string> {
  const next = new Set(previous);
  for (const id of pageIds) next.delete(id);
  for (const id of selectedOnPage) next.add(id);
  return next;
}
