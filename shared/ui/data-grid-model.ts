/** The data grid's pure logic: its columns, their widths, and the column chooser's configuration. */

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A column of a {@link DataGrid} (and of the {@link ColumnChooser}). */
export interface GridColumn<T> {
  /** Stable id (the grid's col-id, the header's data-testid and the persisted configuration's key). */
  id: string;
  /** English header text: an i18n key of the plugin's namespace (the grid translates it). */
  label: string;
  /** The plain cell's text (its tooltip too). Leave out for a column with `cell`. */
  text?: (row: T, now: number) => string;
  /**
   * A rich cell (an icon, a link, badges), built as DOM without React: a React portal per cell
   * cost most of the time between a page's data and its painted rows.
   */
  cell?: (row: T, t: Translate) => HTMLElement;
  /** Width of a rich cell's fixed content in px; without it the column's text is measured. */
  cellWidth?: number;
  /** The header sorts (on the server, through the caller's onSort). */
  sortable?: boolean;
  /** The header offers a filter button (the caller's onOpenFilter). */
  filterable?: boolean;
  /** Hidden unless the user shows it (column chooser). */
  hiddenByDefault?: boolean;
  /** Always shown; the column chooser cannot hide it. */
  alwaysVisible?: boolean;
}

/** Horizontal room of a cell besides its text: AG Grid's padding (2 x 17 px) and a border. */
export const CELL_PADDING_PX = 36;
/** A header's sort arrow and filter button beside its label. */
export const HEADER_FILTER_PX = 30;
export const HEADER_SORT_ICON_PX = 18;
/** Below this a column's header and values are unreadable. */
export const MIN_COLUMN_WIDTH_PX = 72;

/**
 * Each column's width from its content (issue 19.9): the widest of its header (with its sort
 * arrow and filter button) and its cells' texts, at least MIN_COLUMN_WIDTH_PX and at most
 * `maxWidth` (the spec's 240 px cap). The measures give a text's width in px in the header's
 * (bold) and the cells' font.
 */
export function contentWidths<T>(
  columns: readonly GridColumn<T>[],
  rows: readonly T[],
  now: number,
  measure: { header: (text: string) => number; cell: (text: string) => number },
  maxWidth: number,
): Record<string, number> {
  const widths: Record<string, number> = {};
  for (const column of columns) {
    let widest = measure.header(column.label) + (column.sortable ? HEADER_SORT_ICON_PX : 0) + (column.filterable ? HEADER_FILTER_PX : 0);
    // A rich cell of fixed content (an icon, badges) gives its width; any other is measured by its text.
    if (column.cellWidth !== undefined) widest = Math.max(widest, column.cellWidth);
    else if (column.text) for (const row of rows) widest = Math.max(widest, measure.cell(column.text(row, now)));
    widths[column.id] = Math.min(maxWidth, Math.max(MIN_COLUMN_WIDTH_PX, Math.ceil(widest) + CELL_PADDING_PX));
  }
  return widths;
}

/** One column of the persisted configuration; the array order is the column order. */
export interface ColumnConfig {
  id: string;
  visible: boolean;
}

export interface ResolvedColumn<T> {
  column: GridColumn<T>;
  visible: boolean;
}

/**
 * Columns in configured order with their visibility. Configured ids that no longer exist are
 * dropped; columns missing from the configuration keep their default place after the column
 * that precedes them in the definition.
 */
export function resolveColumns<T>(columns: readonly GridColumn<T>[], config?: readonly ColumnConfig[] | null): ResolvedColumn<T>[] {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const result: ResolvedColumn<T>[] = [];
  const seen = new Set<string>();
  for (const entry of config ?? []) {
    const column = byId.get(entry.id);
    if (!column || seen.has(entry.id)) continue;
    seen.add(entry.id);
    result.push({ column, visible: column.alwaysVisible ? true : entry.visible });
  }
  columns.forEach((column, index) => {
    if (seen.has(column.id)) return;
    const resolved = { column, visible: !column.hiddenByDefault };
    const prev = index > 0 ? result.findIndex((r) => r.column.id === columns[index - 1].id) : -1;
    if (index === 0) result.unshift(resolved);
    else if (prev >= 0) result.splice(prev + 1, 0, resolved);
    else result.push(resolved);
    seen.add(column.id);
  });
  return result;
}

/**
 * A configuration as saved on the server (any JSON): its well-formed entries, each id once;
 * anything else counts as no configuration.
 */
export function parseColumnConfig(saved: unknown): ColumnConfig[] {
  if (!Array.isArray(saved)) return [];
  const seen = new Set<string>();
  const out: ColumnConfig[] = [];
  for (const entry of saved as unknown[]) {
    const e = entry as Partial<ColumnConfig> | null;
    if (!e || typeof e !== 'object' || typeof e.id !== 'string' || seen.has(e.id)) continue;
    seen.add(e.id);
    out.push({ id: e.id, visible: e.visible !== false });
  }
  return out;
}

/** The visible columns in configured order. */
export const visibleColumns = <T>(columns: readonly GridColumn<T>[], config?: readonly ColumnConfig[] | null): GridColumn<T>[] =>
  resolveColumns(columns, config)
    .filter((r) => r.visible)
    .map((r) => r.column);

/** The configuration to persist for the resolved columns. */
export const toColumnConfig = <T>(resolved: readonly ResolvedColumn<T>[]): ColumnConfig[] => resolved.map((r) => ({ id: r.column.id, visible: r.visible }));

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
