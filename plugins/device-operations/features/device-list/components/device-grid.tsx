/**
 * The device grid (reusable: the /devicesFromDashboard list renders it with its own data source
 * and column set). The grid shows one server page; sorting, filtering and paging are the
 * caller's state and run on the server, so only the client-side row model is registered.
 */
import { useEffect, useMemo, useRef } from 'react';
import { AgGridReact, type CustomCellRendererProps, type CustomHeaderProps } from 'ag-grid-react';
import { ClientSideRowModelModule, type ColDef, type ICellRendererComp, type ICellRendererParams, type Module } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { GRID_CELL_MAX_WIDTH_PX } from '@shared/domain/constants';
import type { ManagedObject } from '@shared/platform/inventory';
import { msg } from '@shared/plugin-api/i18n';
import { signalScreenReady, useScreenReady } from '@shared/plugin-api/screen-ready';
import { ALARM_SEVERITIES, alarmCounts, daysSince, groupNames, type ColumnId, type DeviceColumn } from '../model/columns';
import { FIELD, readPath } from '../model/fields';
import { isActive } from '../model/filters';
import type { Filters, ListState } from '../model/list-state';
import { focusFirstControl, onTabKeyDownCapture } from './native-tab-order';

const MODULES: Module[] = [ClientSideRowModelModule];

/**
 * AG Grid reports its first data before React has put the cells in the DOM: wait for a row with
 * text, then for the frame that paints it.
 */
function signalWhenRowsPainted(grid: HTMLElement | null, framesLeft = 60): void {
  const painted = !grid || [...grid.querySelectorAll('.ag-row')].some((r) => (r.textContent ?? '').trim() !== '');
  if (painted || framesLeft === 0) requestAnimationFrame(() => signalScreenReady());
  else requestAnimationFrame(() => signalWhenRowsPainted(grid, framesLeft - 1));
}
const SELECT_COLUMN_WIDTH = 48;
/** Below this the headers and values become unreadable; the grid scrolls sideways instead. */
const MIN_COLUMN_WIDTH = 130;

export interface DeviceGridProps {
  columns: readonly DeviceColumn[];
  rows: readonly ManagedObject[];
  loading?: boolean;
  /** Reference time of "days since last message". */
  now: number;
  sort?: ListState['sort'];
  onSort?: (column: ColumnId) => void;
  filters?: Filters;
  /** Opens the filter of a column below its header button. */
  onOpenFilter?: (column: ColumnId, anchor: DOMRect) => void;
  /** Row selection; leave out for a list without bulk actions. */
  selection?: {
    isSelected: (id: string) => boolean;
    toggle: (device: ManagedObject) => void;
    pageState: 'none' | 'some' | 'all';
    togglePage: () => void;
  };
}

interface HeaderParams {
  column: DeviceColumn;
  sort?: ListState['sort'];
  filterActive: boolean;
  onSort?: (column: ColumnId) => void;
  onOpenFilter?: (column: ColumnId, anchor: DOMRect) => void;
}

function ColumnHeader(props: CustomHeaderProps & HeaderParams) {
  const { t } = useTranslation();
  const { column, sort, onSort, onOpenFilter, filterActive } = props;
  const direction = sort?.column === column.id ? sort.direction : undefined;
  const sortable = !!column.sortField && !!onSort;
  const sortRef = useRef<HTMLButtonElement>(null);
  // aria-sort belongs to the grid's column header cell, not to the button inside it.
  useEffect(() => {
    const cell = sortRef.current?.closest('[role="columnheader"]');
    if (!cell) return;
    if (sortable) cell.setAttribute('aria-sort', direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none');
    else cell.removeAttribute('aria-sort');
  }, [direction, sortable]);
  return (
    <div className="d-flex a-i-center" style={{ width: '100%', gap: 4 }} data-testid={`header-${column.id}`}>
      <button
        type="button"
        className="btn btn-link btn-xs text-truncate"
        style={{ padding: 0, flex: 1, textAlign: 'left', color: 'inherit', fontWeight: 'bold' }}
        disabled={!sortable}
        ref={sortRef}
        onClick={() => onSort?.(column.id)}
        title={t(column.label)}
      >
        {t(column.label)}
        {direction && <i className={`m-l-4 dlt-c8y-icon-${direction === 'asc' ? 'long-arrow-up' : 'long-arrow-down'}`} aria-hidden="true" />}
      </button>
      {column.filter && onOpenFilter && (
        <button
          type="button"
          className={`btn btn-xs ${filterActive ? 'btn-primary' : 'btn-clean'}`}
          aria-label={t('Filter {{column}}', { column: t(column.label) })}
          data-testid={`filter-${column.id}`}
          onClick={(e) => onOpenFilter(column.id, e.currentTarget.getBoundingClientRect())}
        >
          <i className="dlt-c8y-icon-filter" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

const formatDate = (iso: unknown) => {
  if (typeof iso !== 'string') return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString();
};

const STATUS_ICON: Record<string, { icon: string; cls: string }> = {
  AVAILABLE: { icon: 'connected', cls: 'text-success' },
  UNAVAILABLE: { icon: 'disconnected', cls: 'text-danger' },
  NOT_MONITORED: { icon: 'unknown', cls: 'text-muted' },
  MAINTENANCE: { icon: 'wrench', cls: 'text-warning' },
  UNKNOWN: { icon: 'unknown', cls: 'text-muted' },
};

/** Tooltip texts of the alarm counters (i18n keys). */
const SEVERITY_LABELS: Record<(typeof ALARM_SEVERITIES)[number], string> = {
  critical: msg('Critical'),
  major: msg('Major'),
  minor: msg('Minor'),
  warning: msg('Warning'),
};

const ALARM_CLASS: Record<(typeof ALARM_SEVERITIES)[number], string> = {
  critical: 'badge badge-danger',
  major: 'badge badge-warning',
  minor: 'badge badge-info',
  warning: 'badge badge-default',
};

/** An element with a class, attributes and children (the cells are built without React, below). */
function el(tag: string, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

type Translate = (key: string) => string;

function cellContent(column: DeviceColumn, device: ManagedObject, now: number, t: Translate): HTMLElement {
  switch (column.id) {
    case 'status': {
      const status = String(readPath(device, FIELD.status) ?? 'UNKNOWN');
      const s = STATUS_ICON[status] ?? STATUS_ICON.UNKNOWN;
      return el('span', { title: t(status), 'data-status': status }, el('i', { class: `dlt-c8y-icon-${s.icon} ${s.cls}`, 'aria-hidden': 'true' }), ' ', el('span', { class: 'sr-only' }, t(status)));
    }
    case 'name':
      return el('a', { href: `#/device/${encodeURIComponent(device.id)}`, title: device.name ?? '' }, device.name ?? device.id);
    case 'registrationDate':
      return el('span', {}, formatDate(device.creationTime));
    case 'daysSinceLastMessage':
      return el('span', {}, String(daysSince(readPath(device, FIELD.lastMessage), now) ?? ''));
    case 'alarms': {
      const c = alarmCounts(device);
      const badges = ALARM_SEVERITIES.filter((s) => c[s] > 0).map((s) => el('span', { class: ALARM_CLASS[s], title: t(SEVERITY_LABELS[s]) }, String(c[s])));
      return el('span', { class: 'd-flex', style: 'gap: 2px' }, ...badges);
    }
    case 'group': {
      const names = groupNames(device).join(', ');
      return el('span', { title: names }, names);
    }
    default: {
      const text = column.text(device, now);
      return el('span', { title: text }, text);
    }
  }
}

interface DeviceCellParams extends ICellRendererParams<ManagedObject> {
  deviceColumn: DeviceColumn;
  now: number;
  t: Translate;
}

/**
 * The data cells as a plain AG Grid cell component: 25 rows of 10-16 columns made each cell a
 * React portal, which took most of the time between the page's data and its first painted rows.
 * Interactive cells (the row checkbox) stay React.
 */
class DeviceCell implements ICellRendererComp<ManagedObject> {
  private gui = document.createElement('div');

  init(params: ICellRendererParams<ManagedObject>): void {
    this.gui.className = 'text-truncate';
    this.render(params);
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(params: ICellRendererParams<ManagedObject>): boolean {
    this.render(params);
    return true;
  }

  private render(params: ICellRendererParams<ManagedObject>): void {
    const p = params as DeviceCellParams;
    this.gui.replaceChildren(...(p.data ? [cellContent(p.deviceColumn, p.data, p.now, p.t)] : []));
  }
}

function SelectCell(props: CustomCellRendererProps<ManagedObject> & { selection: NonNullable<DeviceGridProps['selection']> }) {
  const { t } = useTranslation();
  const device = props.data;
  if (!device) return null;
  return (
    <label className="c8y-checkbox" style={{ margin: 0 }}>
      <input
        type="checkbox"
        aria-label={t('Select {{name}}', { name: device.name ?? device.id })}
        checked={props.selection.isSelected(device.id)}
        onChange={() => props.selection.toggle(device)}
      />
      <span />
    </label>
  );
}

function SelectHeader(props: CustomHeaderProps & { selection: NonNullable<DeviceGridProps['selection']> }) {
  const { t } = useTranslation();
  const { pageState, togglePage } = props.selection;
  return (
    <label className="c8y-checkbox" style={{ margin: 0 }}>
      <input
        type="checkbox"
        aria-label={t('Select all on this page')}
        data-testid="select-page"
        checked={pageState === 'all'}
        ref={(el) => {
          if (el) el.indeterminate = pageState === 'some';
        }}
        onChange={togglePage}
      />
      <span />
    </label>
  );
}

export function DeviceGrid({ columns, rows, loading, now, sort, onSort, filters = {}, onOpenFilter, selection }: DeviceGridProps) {
  const { t } = useTranslation();
  const gridRef = useRef<HTMLDivElement>(null);
  // An empty page renders no data (onFirstDataRendered stays silent) but is just as ready.
  useScreenReady(!loading && rows.length === 0);
  const columnDefs = useMemo<ColDef<ManagedObject>[]>(() => {
    const defs: ColDef<ManagedObject>[] = columns.map((column) => ({
      colId: column.id,
      headerName: t(column.label),
      minWidth: MIN_COLUMN_WIDTH,
      maxWidth: GRID_CELL_MAX_WIDTH_PX,
      flex: 1,
      sortable: false,
      suppressMovable: true,
      headerComponent: ColumnHeader,
      headerComponentParams: { column, sort, onSort, onOpenFilter, filterActive: isActive(filters[column.id]) } satisfies HeaderParams,
      cellRenderer: DeviceCell,
      cellRendererParams: { deviceColumn: column, now, t: (key: string) => t(key) } satisfies Omit<DeviceCellParams, keyof ICellRendererParams>,
    }));
    if (selection) {
      defs.unshift({
        colId: 'select',
        width: SELECT_COLUMN_WIDTH,
        maxWidth: SELECT_COLUMN_WIDTH,
        minWidth: SELECT_COLUMN_WIDTH,
        sortable: false,
        suppressMovable: true,
        resizable: false,
        headerComponent: SelectHeader,
        headerComponentParams: { selection },
        cellRenderer: SelectCell,
        cellRendererParams: { selection },
      });
    }
    return defs;
  }, [columns, sort, onSort, onOpenFilter, filters, selection, now, t]);

  return (
    <div data-testid="device-grid" aria-busy={loading ? 'true' : 'false'} style={{ width: '100%' }} ref={gridRef} onKeyDownCapture={onTabKeyDownCapture}>
      <AgGridReact<ManagedObject>
        modules={MODULES}
        rowData={rows as ManagedObject[]}
        columnDefs={columnDefs}
        getRowId={(p) => p.data.id}
        domLayout="autoHeight"
        // At most ~16 columns: render them all so every header is reachable (and findable) at once.
        suppressColumnVirtualisation
        suppressCellFocus
        // Header buttons, select-all and row controls in the page's Tab order (see native-tab-order).
        focusGridInnerElement={({ fromBottom }) => focusFirstControl(gridRef.current, fromBottom)}
        loading={loading}
        // The list's first rows are on screen: the shell may now load the plugins it deferred.
        onFirstDataRendered={() => signalWhenRowsPainted(gridRef.current)}
        overlayNoRowsTemplate={`<span class="c8y-empty-state">${t('No devices to display')}</span>`}
      />
    </div>
  );
}
