/**
 * A data grid for server-side paged lists on AG Grid (community). The grid shows one page;
 * sorting, paging and filtering happen on the server through the caller's sort model, pager and
 * query. Only the AG Grid modules used here are registered (STACK.md, trap 5).
 */
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ModuleRegistry,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  TooltipModule,
  themeQuartz,
  type ColDef,
  type ColumnMovedEvent,
  type ColumnResizedEvent,
  type GetRowIdParams,
  type GridApi,
  type ICellRendererParams,
  type IRowNode,
  type RowSelectionOptions,
  type SelectionChangedEvent,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { GRID_CELL_MAX_WIDTH_PX } from '../domain/constants';
import { cx } from './cx';
import { useSharedTranslation } from './i18n';
import { Icon } from './icon';
import {
  configFromColumnState,
  moveColumn,
  nextSelection,
  resolveColumns,
  setColumnVisible,
  sortModelFromColumnState,
  toColumnConfig,
  type ColumnConfig,
  type GridColumn,
  type SortItem,
} from './data-grid-model';

export type { ColumnConfig, GridColumn, SortItem } from './data-grid-model';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  // api.forEachNode (selection sync)
  RowApiModule,
  RowSelectionModule,
  ColumnApiModule,
  TooltipModule,
  CellStyleModule,
  RowStyleModule,
]);

/** AG Grid's quartz theme dressed like the platform's tables (its fonts, colours and borders). */
export const platformGridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 14,
  foregroundColor: 'var(--c8y-text-color, #333)',
  backgroundColor: 'var(--c8y-root-component-background-default, #fff)',
  accentColor: 'var(--c8y-brand-primary, #1776bf)',
  borderColor: 'var(--c8y-root-component-border-color, #e6e6e6)',
  headerBackgroundColor: 'var(--c8y-root-component-background-default, #fff)',
  headerFontWeight: 600,
  wrapperBorderRadius: 0,
  spacing: 6,
});

export interface GridSelection {
  selectedIds: ReadonlySet<string>;
  onChange: (ids: Set<string>) => void;
  /** "Select all matching": every item of the query, not only the loaded ones. */
  allMatching?: boolean;
  onAllMatchingChange?: (allMatching: boolean) => void;
  /** The query's total, offered by "Select all matching". */
  totalMatching?: number;
}

export interface DataGridProps<T> {
  rows: readonly T[];
  getRowId: (row: T) => string;
  columns: readonly GridColumn<T>[];
  /** Persisted order, visibility and widths (e.g. from usePreference); default: the definition. */
  columnConfig?: readonly ColumnConfig[] | null;
  /** Called when the user reorders, resizes, shows or hides columns. */
  onColumnConfigChange?: (config: ColumnConfig[]) => void;
  sortModel?: readonly SortItem[];
  onSortModelChange?: (sortModel: SortItem[]) => void;
  selection?: GridSelection;
  /** Maximum cell width in px (spec: 240). */
  cellMaxWidth?: number;
  onRowClicked?: (row: T) => void;
  /** Accessible name of the grid. */
  ariaLabel?: string;
  'data-testid'?: string;
}

const cellText = (v: unknown): string | undefined => (v === null || v === undefined || v === '' ? undefined : String(v));

/** A grid of one page of server data; see the file comment. */
export function DataGrid<T>({
  rows,
  getRowId,
  columns,
  columnConfig,
  onColumnConfigChange,
  sortModel,
  onSortModelChange,
  selection,
  cellMaxWidth = GRID_CELL_MAX_WIDTH_PX,
  onRowClicked,
  ariaLabel,
  ...rest
}: DataGridProps<T>) {
  const t = useSharedTranslation();
  const apiRef = useRef<GridApi<T> | null>(null);
  const resolved = useMemo(() => resolveColumns(columns, columnConfig), [columns, columnConfig]);
  const known = useMemo(() => new Set(columns.map((c) => c.id)), [columns]);

  const columnDefs = useMemo<ColDef<T>[]>(
    () =>
      resolved.map(({ column, visible, width }) => {
        const sortIndex = sortModel?.findIndex((s) => s.colId === column.id) ?? -1;
        const def: ColDef<T> = {
          colId: column.id,
          headerName: column.header,
          hide: !visible,
          width,
          minWidth: column.minWidth,
          maxWidth: column.maxWidth ?? cellMaxWidth,
          sortable: !!column.sortable,
          sort: sortIndex >= 0 ? sortModel![sortIndex].sort : null,
          sortIndex: sortIndex >= 0 ? sortIndex : null,
          // The server sorted the page already; keep its order.
          comparator: () => 0,
          cellClass: column.cellClass,
          valueGetter: (p) => (p.data && column.value ? column.value(p.data) : undefined),
          tooltipValueGetter: (p) => cellText(p.value),
          suppressMovable: false,
        };
        if (column.render) def.cellRenderer = (p: ICellRendererParams<T>) => (p.data ? column.render!(p.data) : null);
        return def;
      }),
    [resolved, sortModel, cellMaxWidth],
  );

  const hasSelection = selection !== undefined;
  const rowSelection = useMemo<RowSelectionOptions<T> | undefined>(
    () =>
      hasSelection
        ? { mode: 'multiRow', checkboxes: true, headerCheckbox: true, selectAll: 'currentPage', enableClickSelection: false }
        : undefined,
    [hasSelection],
  );

  const syncSelection = useCallback(() => {
    const api = apiRef.current;
    if (!api || !selection) return;
    const select: IRowNode<T>[] = [];
    const deselect: IRowNode<T>[] = [];
    api.forEachNode((n) => {
      const selected = selection.allMatching || (!!n.id && selection.selectedIds.has(n.id));
      (selected ? select : deselect).push(n);
    });
    if (select.length) api.setNodesSelected({ nodes: select, newValue: true, source: 'api' });
    if (deselect.length) api.setNodesSelected({ nodes: deselect, newValue: false, source: 'api' });
  }, [selection]);

  useEffect(syncSelection, [syncSelection, rows]);

  const emitConfig = useCallback(() => {
    const api = apiRef.current;
    if (!api || !onColumnConfigChange) return;
    onColumnConfigChange(configFromColumnState(api.getColumnState(), known));
  }, [onColumnConfigChange, known]);

  // AG Grid may keep the first handler it was given; read the latest props through a ref.
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  const rowIdsRef = useRef<string[]>([]);
  rowIdsRef.current = rows.map(getRowId);
  const onSelectionChanged = (e: SelectionChangedEvent<T>) => {
    const selection = selectionRef.current;
    if (!selection || e.source === 'api') return;
    const pageIds = rowIdsRef.current;
    const selectedOnPage = e.api.getSelectedNodes().flatMap((n) => (n.id ? [n.id] : []));
    if (selection.allMatching && selectedOnPage.length < pageIds.length) {
      selection.onAllMatchingChange?.(false);
      selection.onChange(new Set(selectedOnPage));
      return;
    }
    selection.onChange(nextSelection(selection.selectedIds, pageIds, selectedOnPage));
  };

  const pageIds = rows.map(getRowId);
  const pageAllSelected = pageIds.length > 0 && pageIds.every((id) => selection?.selectedIds.has(id));
  const offerAllMatching =
    !!selection?.onAllMatchingChange &&
    selection.totalMatching !== undefined &&
    selection.totalMatching > rows.length &&
    (pageAllSelected || selection.allMatching);

  return (
    <div data-testid={rest['data-testid']}>
      {offerAllMatching && (
        <div className="alert alert-info m-b-8" role="status">
          {selection!.allMatching ? (
            <>
              {t('All {{count}} matching items are selected.', { count: selection!.totalMatching })}{' '}
              <button type="button" className="btn btn-link btn-xs" onClick={() => {
                selection!.onAllMatchingChange!(false);
                selection!.onChange(new Set());
              }}>
                {t('Clear selection')}
              </button>
            </>
          ) : (
            <>
              {t('All {{count}} items on this page are selected.', { count: rows.length })}{' '}
              <button type="button" className="btn btn-link btn-xs" onClick={() => selection!.onAllMatchingChange!(true)}>
                {t('Select all {{count}} matching items', { count: selection!.totalMatching })}
              </button>
            </>
          )}
        </div>
      )}
      <div role="region" aria-label={ariaLabel}>
        <AgGridReact<T>
          theme={platformGridTheme}
          rowData={rows as T[]}
          columnDefs={columnDefs}
          getRowId={(p: GetRowIdParams<T>) => getRowId(p.data)}
          rowSelection={rowSelection}
          selectionColumnDef={{ pinned: 'left', suppressMovable: true }}
          domLayout="autoHeight"
          tooltipShowDelay={500}
          suppressDragLeaveHidesColumns
          onGridReady={(e) => {
            apiRef.current = e.api;
            syncSelection();
          }}
          onGridPreDestroyed={() => {
            apiRef.current = null;
          }}
          onRowDataUpdated={syncSelection}
          onSelectionChanged={onSelectionChanged}
          onSortChanged={(e: SortChangedEvent<T>) => {
            if (e.source === 'api' || e.source === 'gridOptionsUpdated') return;
            onSortModelChange?.(sortModelFromColumnState(e.api.getColumnState()));
          }}
          onColumnMoved={(e: ColumnMovedEvent<T>) => {
            if (e.finished && e.source === 'uiColumnMoved') emitConfig();
          }}
          onColumnResized={(e: ColumnResizedEvent<T>) => {
            if (e.finished && e.source === 'uiColumnResized') emitConfig();
          }}
          onRowClicked={onRowClicked ? (e) => e.data && onRowClicked(e.data) : undefined}
        />
      </div>
    </div>
  );
}

export interface ColumnChooserProps<T> {
  columns: readonly GridColumn<T>[];
  columnConfig?: readonly ColumnConfig[] | null;
  onChange: (config: ColumnConfig[]) => void;
}

/** A dropdown to show, hide and reorder columns; its result goes to the same callback as the grid's. */
export function ColumnChooser<T>({ columns, columnConfig, onChange }: ColumnChooserProps<T>) {
  const t = useSharedTranslation();
  const [open, setOpen] = useState(false);
  const resolved = resolveColumns(columns, columnConfig);
  const config = toColumnConfig(resolved);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className={cx('dropdown', open && 'open')} ref={rootRef}>
      <button type="button" className="btn btn-link" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Icon name="columns" /> {t('Configure columns')}
      </button>
      {open && (
        <ul className="dropdown-menu dropdown-menu-right" aria-label={t('Configure columns')}>
          {resolved.map((r, i) => (
            <li key={r.column.id} className="d-flex a-i-center p-l-8 p-r-8">
              <label className="c8y-checkbox flex-grow m-0">
                <input
                  type="checkbox"
                  checked={r.visible}
                  disabled={r.column.alwaysVisible}
                  onChange={(e) => onChange(setColumnVisible(config, r.column.id, e.target.checked))}
                />
                <span />
                <span>{r.column.header}</span>
              </label>
              <button
                type="button"
                className="btn-clean"
                aria-label={`${t('Move up')}: ${r.column.header}`}
                disabled={i === 0}
                onClick={() => onChange(moveColumn(config, r.column.id, -1))}
              >
                <Icon name="chevron-up" />
              </button>
              <button
                type="button"
                className="btn-clean"
                aria-label={`${t('Move down')}: ${r.column.header}`}
                disabled={i === resolved.length - 1}
                onClick={() => onChange(moveColumn(config, r.column.id, 1))}
              >
                <Icon name="chevron-down" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
