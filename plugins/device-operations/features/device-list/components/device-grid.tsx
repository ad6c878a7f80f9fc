/**
 * The device grid (reusable: the /devicesFromDashboard list renders it with its own data source
 * and column set). The grid shows one server page; sorting, filtering and paging are the
 * caller's state and run on the server, so only the client-side row model is registered.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { AgGridReact } from 'ag-grid-react';
import {
  ClientSideRowModelModule,
  type ColDef,
  type GridApi,
  type ICellRendererComp,
  type ICellRendererParams,
  type IHeaderComp,
  type ValueGetterParams,
  type IHeaderParams,
  type Module,
} from 'ag-grid-community';
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

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Columns whose cells are more than text (an icon, a link, badges): the others are AG Grid's plain text cells. */
const RICH_COLUMNS: ReadonlySet<ColumnId> = new Set<ColumnId>(['status', 'name', 'alarms']);

/** The text of a plain cell. */
function cellText(column: DeviceColumn, device: ManagedObject, now: number): string {
  switch (column.id) {
    case 'registrationDate':
      return formatDate(device.creationTime);
    case 'daysSinceLastMessage':
      return String(daysSince(readPath(device, FIELD.lastMessage), now) ?? '');
    case 'group':
      return groupNames(device).join(', ');
    default:
      return column.text(device, now);
  }
}

/** The content of a rich cell. */
function cellContent(column: DeviceColumn, device: ManagedObject, t: Translate): HTMLElement {
  switch (column.id) {
    case 'status': {
      const status = String(readPath(device, FIELD.status) ?? 'UNKNOWN');
      const s = STATUS_ICON[status] ?? STATUS_ICON.UNKNOWN;
      return el('span', { title: t(status), 'data-status': status }, el('i', { class: `dlt-c8y-icon-${s.icon} ${s.cls}`, 'aria-hidden': 'true' }), ' ', el('span', { class: 'sr-only' }, t(status)));
    }
    case 'name':
      return el('a', { href: `#/device/${encodeURIComponent(device.id)}`, title: device.name ?? '' }, device.name ?? device.id);
    default: {
      const c = alarmCounts(device);
      const badges = ALARM_SEVERITIES.filter((s) => c[s] > 0).map((s) => el('span', { class: ALARM_CLASS[s], title: t(SEVERITY_LABELS[s]) }, String(c[s])));
      return el('span', { class: 'd-flex', style: 'gap: 2px' }, ...badges);
    }
  }
}

/**
 * A plain cell's full text as its tooltip, set when the pointer reaches it (one listener for the
 * grid instead of an attribute on every cell).
 */
function titleOnHover(e: ReactMouseEvent<HTMLElement>): void {
  const cell = (e.target as HTMLElement).closest<HTMLElement>('.ag-cell');
  if (cell && !cell.hasAttribute('title') && !cell.querySelector('[title]')) cell.title = cell.textContent ?? '';
}

/**
 * What the grid's own components (headers, cells, checkboxes) read when they render. DeviceGrid
 * writes it on every render and tells the mounted components to update themselves, so the column
 * definitions stay the same object for the life of a column set: new definitions make AG Grid
 * rebuild every header and cell (~100 ms for a page of 25 rows).
 */
interface GridView {
  now: number;
  t: Translate;
  sort?: ListState['sort'];
  filters: Filters;
  onSort?: (column: ColumnId) => void;
  onOpenFilter?: (column: ColumnId, anchor: DOMRect) => void;
  selection?: DeviceGridProps['selection'];
}

class GridViewStore {
  private readonly listeners = new Set<() => void>();
  constructor(public view: GridView) {}
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  notify(): void {
    for (const l of this.listeners) l();
  }
}

/** The grid's context: the store of the DeviceGrid that renders the component. */
interface GridContext {
  store: GridViewStore;
}

interface DeviceCellParams extends ICellRendererParams<ManagedObject, GridContext> {
  deviceColumn: DeviceColumn;
}

/**
 * The rich cells as a plain AG Grid cell component: 25 rows of 10-16 columns made each cell a
 * React portal, which took most of the time between the page's data and its first painted rows.
 * Text cells need no component at all (AG Grid writes the value; ~25 ms less on a cold list).
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
    this.gui.replaceChildren(...(p.data ? [cellContent(p.deviceColumn, p.data, p.context.store.view.t)] : []));
  }
}

/** A component that renders from the store now and whenever DeviceGrid writes it. */
abstract class StoreComp<P extends { context: GridContext }> {
  protected params!: P;
  private unsubscribe?: () => void;

  init(params: P): void {
    this.params = params;
    this.unsubscribe = params.context.store.subscribe(() => this.update());
    this.update();
  }

  refresh(params: P): boolean {
    this.params = params;
    this.update();
    return true;
  }

  destroy(): void {
    this.unsubscribe?.();
  }

  protected get view(): GridView {
    return this.params.context.store.view;
  }

  protected abstract update(): void;
}

interface ColumnHeaderParams extends IHeaderParams<ManagedObject, GridContext> {
  deviceColumn: DeviceColumn;
}

/** A column's header: its label as the sort button, and the filter button when it has a filter. */
class ColumnHeader extends StoreComp<ColumnHeaderParams> implements IHeaderComp {
  private readonly gui = el('div', { class: 'd-flex a-i-center', style: 'width: 100%; gap: 4px' });
  private readonly sortButton = el('button', {
    type: 'button',
    class: 'btn btn-link btn-xs text-truncate',
    style: 'padding: 0; flex: 1; text-align: left; color: inherit; font-weight: bold',
  }) as HTMLButtonElement;
  private filterButton?: HTMLButtonElement;
  /** What the header shows, to leave the DOM alone when a render changed nothing of it. */
  private shown = '';

  /**
   * aria-sort belongs to the grid's column header cell, not to the button inside it. AG Grid
   * removes it from cells of columns it does not sort itself when it refreshes them, so it is put
   * back whenever it changes.
   */
  private ariaSort: string | null = null;
  private readonly ariaSortWatch = new MutationObserver(() => this.applyAriaSort());

  private applyAriaSort(): void {
    const cell = this.params.eGridHeader;
    if (cell.getAttribute('aria-sort') === this.ariaSort) return;
    if (this.ariaSort === null) cell.removeAttribute('aria-sort');
    else cell.setAttribute('aria-sort', this.ariaSort);
  }

  override destroy(): void {
    this.ariaSortWatch.disconnect();
    super.destroy();
  }

  override init(params: ColumnHeaderParams): void {
    this.ariaSortWatch.observe(params.eGridHeader, { attributes: true, attributeFilter: ['aria-sort'] });
    const id = params.deviceColumn.id;
    this.gui.dataset.testid = `header-${id}`;
    this.gui.append(this.sortButton);
    this.sortButton.addEventListener('click', () => this.view.onSort?.(id));
    super.init(params);
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  protected update(): void {
    const { t, sort, onSort, onOpenFilter, filters } = this.view;
    const column = this.params.deviceColumn;
    const label = t(column.label);
    const direction = sort?.column === column.id ? sort.direction : undefined;
    const sortable = !!column.sortField && !!onSort;
    const withFilter = !!column.filter && !!onOpenFilter;
    const filterActive = isActive(filters[column.id]);
    const shown = JSON.stringify([label, direction, sortable, withFilter, filterActive]);
    if (shown === this.shown) return;
    this.shown = shown;
    this.sortButton.disabled = !sortable;
    this.sortButton.title = label;
    this.sortButton.replaceChildren(
      label,
      ...(direction ? [el('i', { class: `m-l-4 dlt-c8y-icon-${direction === 'asc' ? 'long-arrow-up' : 'long-arrow-down'}`, 'aria-hidden': 'true' })] : []),
    );
    this.ariaSort = sortable ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : null;
    this.applyAriaSort();

    if (withFilter) {
      if (!this.filterButton) {
        this.filterButton = el('button', { type: 'button', 'data-testid': `filter-${column.id}` }, el('i', { class: 'dlt-c8y-icon-filter', 'aria-hidden': 'true' })) as HTMLButtonElement;
        this.filterButton.addEventListener('click', (e) => this.view.onOpenFilter?.(column.id, (e.currentTarget as HTMLElement).getBoundingClientRect()));
        this.gui.append(this.filterButton);
      }
      this.filterButton.className = `btn btn-xs ${filterActive ? 'btn-primary' : 'btn-clean'}`;
      this.filterButton.setAttribute('aria-label', t('Filter {{column}}', { column: label }));
    } else {
      this.filterButton?.remove();
      this.filterButton = undefined;
    }
  }
}

/** The platform's checkbox (label.c8y-checkbox > input + span). */
function checkbox(attrs: Record<string, string>, onChange: () => void): { gui: HTMLElement; input: HTMLInputElement } {
  const input = el('input', { type: 'checkbox', ...attrs }) as HTMLInputElement;
  input.addEventListener('change', onChange);
  return { gui: el('label', { class: 'c8y-checkbox', style: 'margin: 0' }, input, el('span')), input };
}

/** A row's checkbox. */
class SelectCell extends StoreComp<ICellRendererParams<ManagedObject, GridContext>> implements ICellRendererComp<ManagedObject> {
  private readonly box = checkbox({}, () => {
    const device = this.params.data;
    if (device) this.view.selection?.toggle(device);
  });

  getGui(): HTMLElement {
    return this.box.gui;
  }

  protected update(): void {
    const device = this.params.data;
    this.box.gui.hidden = !device;
    if (!device) return;
    this.box.input.setAttribute('aria-label', this.view.t('Select {{name}}', { name: device.name ?? device.id }));
    this.box.input.checked = !!this.view.selection?.isSelected(device.id);
  }
}

/** The header's checkbox: every row of the page. */
class SelectHeader extends StoreComp<IHeaderParams<ManagedObject, GridContext>> implements IHeaderComp {
  private readonly box = checkbox({ 'data-testid': 'select-page' }, () => this.view.selection?.togglePage());

  getGui(): HTMLElement {
    return this.box.gui;
  }

  protected update(): void {
    const pageState = this.view.selection?.pageState ?? 'none';
    this.box.input.setAttribute('aria-label', this.view.t('Select all on this page'));
    this.box.input.checked = pageState === 'all';
    this.box.input.indeterminate = pageState === 'some';
  }
}

export function DeviceGrid({ columns, rows, loading, now, sort, onSort, filters = {}, onOpenFilter, selection }: DeviceGridProps) {
  const { t: translate } = useTranslation();
  const t = useMemo<Translate>(() => (key, options) => translate(key, options), [translate]);
  const gridRef = useRef<HTMLDivElement>(null);
  const api = useRef<GridApi<ManagedObject>>(undefined);
  // An empty page renders no data (onFirstDataRendered stays silent) but is just as ready.
  useScreenReady(!loading && rows.length === 0);

  // Written during render, before AG Grid renders this render's rows, so new cells read it.
  const [store] = useState(() => new GridViewStore({ now, t, sort, filters, onSort, onOpenFilter, selection }));
  const previous = store.view;
  store.view = { now, t, sort, filters, onSort, onOpenFilter, selection };
  const context = useMemo<GridContext>(() => ({ store }), [store]);
  // Mounted headers and checkboxes follow every render; cells only what changes their text.
  useLayoutEffect(() => store.notify());
  const textChanged = previous.t !== t || previous.now !== now;
  const sameRows = useRef(rows);
  useEffect(() => {
    // New rows render fresh; the same rows need their text again when the language or the
    // reference time of "days since last message" changed.
    if (textChanged && sameRows.current === rows) api.current?.refreshCells({ force: true });
    sameRows.current = rows;
  });

  const withSelection = !!selection;
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
      headerComponentParams: { deviceColumn: column } satisfies Pick<ColumnHeaderParams, 'deviceColumn'>,
      ...(RICH_COLUMNS.has(column.id)
        ? { cellRenderer: DeviceCell, cellRendererParams: { deviceColumn: column } satisfies Pick<DeviceCellParams, 'deviceColumn'> }
        : { valueGetter: (p: ValueGetterParams<ManagedObject, unknown, GridContext>) => (p.data ? cellText(column, p.data, p.context.store.view.now) : '') }),
    }));
    if (withSelection) {
      defs.unshift({
        colId: 'select',
        width: SELECT_COLUMN_WIDTH,
        maxWidth: SELECT_COLUMN_WIDTH,
        minWidth: SELECT_COLUMN_WIDTH,
        sortable: false,
        suppressMovable: true,
        resizable: false,
        headerComponent: SelectHeader,
        cellRenderer: SelectCell,
      });
    }
    return defs;
  }, [columns, withSelection, t]);

  return (
    <div data-testid="device-grid" aria-busy={loading ? 'true' : 'false'} style={{ width: '100%' }} ref={gridRef} onKeyDownCapture={onTabKeyDownCapture} onMouseOver={titleOnHover}>
      <AgGridReact<ManagedObject>
        modules={MODULES}
        context={context}
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
        onGridReady={(e) => (api.current = e.api)}
        // The list's first rows are on screen: the shell may now load the plugins it deferred.
        onFirstDataRendered={() => signalWhenRowsPainted(gridRef.current)}
        overlayNoRowsTemplate={`<span class="c8y-empty-state">${t('No devices to display')}</span>`}
      />
    </div>
  );
}
