/**
 * The data grid of the device lists (/views/<type> and /devicesFromDashboard): one server page on
 * AG Grid. Sorting, filtering and paging are the caller's state and run on the server, so only
 * the client-side row model is registered (STACK.md, trap 5), with the render API for refreshCells. Load it with useDataGrid (below),
 * not with a static import: AG Grid is most of a list's code.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { AgGridReact } from 'ag-grid-react';
import {
  ClientSideRowModelModule,
  RenderApiModule,
  type ColDef,
  type GridApi,
  type ICellRendererComp,
  type ICellRendererParams,
  type IHeaderComp,
  type INoRowsOverlayComp,
  type INoRowsOverlayParams,
  type ValueGetterParams,
  type IHeaderParams,
  type Module,
} from 'ag-grid-community';
import { GRID_CELL_MAX_WIDTH_PX } from '../domain/constants';
import { signalWhenPainted, useScreenReady } from '../plugin-api/screen-ready';
import { contentWidths, type GridColumn } from './data-grid-model';
import { el } from './dom';
import { useSharedTranslation } from './i18n';
import { focusFirstControl, onTabKeyDownCapture } from './native-tab-order';

export type { GridColumn } from './data-grid-model';

// RenderApi: refreshCells, when only the language or the reference time of the cells changed.
const MODULES: Module[] = [ClientSideRowModelModule, RenderApiModule];

/**
 * AG Grid reports its first data before React has put the cells in the DOM: wait for a row with
 * text, then for the frame that paints it.
 */
const rowsPainted = (grid: HTMLElement | null) => () => !grid || [...grid.querySelectorAll('.ag-row')].some((r) => (r.textContent ?? '').trim() !== '');
const SELECT_COLUMN_WIDTH = 48;

export interface GridRow {
  id: string;
  name?: string;
}

export type SortDirection = 'asc' | 'desc';

/** Row selection of a list with bulk actions. */
export interface GridSelectionProps<T> {
  isSelected: (id: string) => boolean;
  toggle: (row: T) => void;
  pageState: 'none' | 'some' | 'all';
  togglePage: () => void;
}

export interface DataGridProps<T extends GridRow> {
  /** The visible columns in order; their labels translated. */
  columns: readonly GridColumn<T>[];
  rows: readonly T[];
  loading?: boolean;
  /** Reference time of relative cells (days since last message). */
  now: number;
  sort?: { column: string; direction: SortDirection };
  onSort?: (column: string) => void;
  /** Ids of the columns whose filter is set (their filter button shows it). */
  activeFilters?: ReadonlySet<string>;
  /** Opens the filter of a column below its header button. */
  onOpenFilter?: (column: string, anchor: DOMRect) => void;
  /** Row selection; leave out for a list without bulk actions. */
  selection?: GridSelectionProps<T>;
  /**
   * Shown instead of rows when the page is empty (translated). Left out where no rows is not an
   * empty list (a page that failed: the caller's alert says why, once), the body stays blank.
   */
  emptyText?: string;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A plain cell's full text as its tooltip, set when the pointer reaches it (one listener for the
 * grid instead of an attribute on every cell).
 */
function titleOnHover(e: ReactMouseEvent<HTMLElement>): void {
  const cell = (e.target as HTMLElement).closest<HTMLElement>('.ag-cell');
  if (cell && !cell.hasAttribute('title') && !cell.querySelector('[title]')) cell.title = cell.textContent ?? '';
}

let measureContext: CanvasRenderingContext2D | null | undefined;
/**
 * A text's width in px in the font of the grid's headers or cells (a canvas measures without
 * layout). The fonts are read from the rendered grid (AG Grid's theme sets the cells' font, the
 * header buttons are the platform's small buttons); before the grid has rendered, from fallbacks
 * that overestimate. Without a canvas (jsdom) an average glyph width stands in.
 */
function textMeasure(grid: HTMLElement | null, part: 'header' | 'cell'): (text: string) => number {
  const AVERAGE_GLYPH_PX = 8;
  if (measureContext === undefined) {
    const canvas = typeof navigator !== 'undefined' && !navigator.userAgent.includes('jsdom') ? document.createElement('canvas') : null;
    measureContext = canvas?.getContext('2d') ?? null;
  }
  const ctx = measureContext;
  if (!ctx) return (text) => text.length * AVERAGE_GLYPH_PX;
  const rendered = grid?.querySelector(part === 'header' ? '[data-testid^="header-"] button' : '.ag-cell, .ag-root-wrapper');
  const style = getComputedStyle(rendered ?? grid ?? document.body);
  const weight = part === 'header' && !rendered ? 'bold' : style.fontWeight || 'normal';
  ctx.font = `${weight} ${style.fontSize || '14px'} ${style.fontFamily || 'sans-serif'}`;
  return (text) => ctx.measureText(text).width;
}

/**
 * What the grid's own components (headers, cells, checkboxes) read when they render. DataGrid
 * writes it on every render and tells the mounted components to update themselves, so the column
 * definitions stay the same object for the life of a column set: new definitions make AG Grid
 * rebuild every header and cell (~100 ms for a page of 25 rows).
 */
interface GridView<T> {
  now: number;
  t: Translate;
  sort?: DataGridProps<T & GridRow>['sort'];
  activeFilters: ReadonlySet<string>;
  onSort?: (column: string) => void;
  onOpenFilter?: (column: string, anchor: DOMRect) => void;
  selection?: GridSelectionProps<T>;
  emptyText?: string;
}

class GridViewStore<T> {
  private readonly listeners = new Set<() => void>();
  constructor(public view: GridView<T>) {}
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  notify(): void {
    for (const l of this.listeners) l();
  }
}

/** The grid's context: the store of the DataGrid that renders the component. */
interface GridContext<T = GridRow> {
  store: GridViewStore<T>;
}

interface RichCellParams<T> extends ICellRendererParams<T, GridContext<T>> {
  gridColumn: GridColumn<T>;
}

/** A rich cell: the column's `cell` DOM; text cells need no component (AG Grid writes the value). */
class RichCell<T> implements ICellRendererComp<T> {
  private gui = document.createElement('div');

  init(params: ICellRendererParams<T>): void {
    this.gui.className = 'text-truncate';
    this.render(params);
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(params: ICellRendererParams<T>): boolean {
    this.render(params);
    return true;
  }

  private render(params: ICellRendererParams<T>): void {
    const p = params as RichCellParams<T>;
    const cell = p.gridColumn.cell;
    this.gui.replaceChildren(...(p.data && cell ? [cell(p.data, p.context.store.view.t)] : []));
  }
}

/** A component that renders from the store now and whenever DataGrid writes it. */
abstract class StoreComp<T, P extends { context: GridContext<T> }> {
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

  protected get view(): GridView<T> {
    return this.params.context.store.view;
  }

  protected abstract update(): void;
}

interface ColumnHeaderParams<T> extends IHeaderParams<T, GridContext<T>> {
  gridColumn: GridColumn<T>;
}

/** A column's header: its label as the sort button, and the filter button when it has a filter. */
class ColumnHeader<T> extends StoreComp<T, ColumnHeaderParams<T>> implements IHeaderComp {
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

  override init(params: ColumnHeaderParams<T>): void {
    this.ariaSortWatch.observe(params.eGridHeader, { attributes: true, attributeFilter: ['aria-sort'] });
    const id = params.gridColumn.id;
    this.gui.dataset.testid = `header-${id}`;
    this.gui.append(this.sortButton);
    this.sortButton.addEventListener('click', () => this.view.onSort?.(id));
    super.init(params);
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  protected update(): void {
    const { t, sort, onSort, onOpenFilter, activeFilters } = this.view;
    const column = this.params.gridColumn;
    const label = column.label;
    const direction = sort?.column === column.id ? sort.direction : undefined;
    const sortable = !!column.sortable && !!onSort;
    const withFilter = !!column.filterable && !!onOpenFilter;
    const filterActive = activeFilters.has(column.id);
    const shown = JSON.stringify([label, direction, sortable, withFilter, filterActive, t('Filter {{column}}', { column: label })]);
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
        // Without the platform's animation of .btn-clean (every property, 0.25 s): applying a filter
        // focuses the button and turns it btn-primary, and the animation kept the browser making
        // frames, each restyling and re-layering the page with its grid, all the while the
        // filtered page was on its way and being shown (about a fifth of the main thread's work of
        // a filter change).
        this.filterButton = el(
          'button',
          { type: 'button', 'data-testid': `filter-${column.id}`, 'aria-haspopup': 'dialog', 'aria-expanded': 'false', style: 'transition: none' },
          el('i', { class: 'dlt-c8y-icon-filter', 'aria-hidden': 'true' }),
        ) as HTMLButtonElement;
        this.filterButton.addEventListener('click', (e) => this.view.onOpenFilter?.(column.id, (e.currentTarget as HTMLElement).getBoundingClientRect()));
        // Focus going from the button into its filter popup (a dialog outside the grid's DOM) is,
        // for AG Grid, focus staying in the grid. AG Grid marks its viewport `ag-has-focus` while
        // focus is inside, and under the platform's stylesheet (its `[class*="content-flex-"] > *`)
        // every change of that mark restyles the whole grid: 17-27 ms when the popup opened, and
        // again in Apply, when focus comes back to the button. The mark only styles focused cells,
        // which this grid has none of (suppressCellFocus).
        this.filterButton.addEventListener('focusout', (e) => {
          if (e.relatedTarget instanceof Element && e.relatedTarget.closest('[role="dialog"]')) e.stopPropagation();
        });
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

/**
 * The platform's checkbox (label.c8y-checkbox > input + span), as tall as its cell and centred in
 * it, as in the platform's grids (its own height put it at the top of a row, above the row's text).
 */
function checkbox(attrs: Record<string, string>, onChange: () => void): { gui: HTMLElement; input: HTMLInputElement } {
  const input = el('input', { type: 'checkbox', ...attrs }) as HTMLInputElement;
  input.addEventListener('change', onChange);
  return { gui: el('label', { class: 'c8y-checkbox', style: 'margin: 0; height: 100%; align-items: center' }, input, el('span')), input };
}

/** A row's checkbox. */
class SelectCell<T extends GridRow> extends StoreComp<T, ICellRendererParams<T, GridContext<T>>> implements ICellRendererComp<T> {
  private readonly box = checkbox({}, () => {
    const row = this.params.data;
    if (row) this.view.selection?.toggle(row);
  });

  getGui(): HTMLElement {
    return this.box.gui;
  }

  protected update(): void {
    const row = this.params.data;
    this.box.gui.hidden = !row;
    if (!row) return;
    this.box.input.setAttribute('aria-label', this.view.t('Select {{name}}', { name: row.name ?? row.id }));
    this.box.input.checked = !!this.view.selection?.isSelected(row.id);
  }
}

/** The header's checkbox: every row of the page. */
class SelectHeader<T> extends StoreComp<T, IHeaderParams<T, GridContext<T>>> implements IHeaderComp {
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

/**
 * The no-rows overlay: the empty text of the latest render (a template is built once and kept while
 * shown), and nothing without one.
 */
class EmptyOverlay<T> extends StoreComp<T, INoRowsOverlayParams<T, GridContext<T>>> implements INoRowsOverlayComp<T, GridContext<T>> {
  private readonly gui = el('span');

  getGui(): HTMLElement {
    return this.gui;
  }

  protected update(): void {
    const text = this.view.emptyText;
    this.gui.className = text === undefined ? '' : 'c8y-empty-state';
    if (text === undefined) delete this.gui.dataset.testid;
    else this.gui.dataset.testid = 'grid-empty';
    this.gui.textContent = text ?? '';
  }
}

export function DataGrid<T extends GridRow>({ columns, rows, loading, now, sort, onSort, activeFilters = NO_FILTERS, onOpenFilter, selection, emptyText }: DataGridProps<T>) {
  const t = useSharedTranslation() as Translate;
  const gridRef = useRef<HTMLDivElement>(null);
  const api = useRef<GridApi<T>>(undefined);
  // An empty page renders no data (onFirstDataRendered stays silent) but is just as ready.
  useScreenReady(!loading && rows.length === 0);
  const loadingText = t('Loading…');
  const overlayParams = useMemo(() => ({ loading: { overlayText: loadingText } }), [loadingText]);

  // Written during render, before AG Grid renders this render's rows, so new cells read it.
  const [store] = useState(() => new GridViewStore<T>({ now, t, sort, activeFilters, onSort, onOpenFilter, selection, emptyText }));
  const previous = store.view;
  store.view = { now, t, sort, activeFilters, onSort, onOpenFilter, selection, emptyText };
  const context = useMemo<GridContext<T>>(() => ({ store }), [store]);
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

  // Column widths follow the content of the first page a column set shows (issue 19.9), and stay
  // while the user pages: a new width is a new definition, and new definitions rebuild every
  // cell. A new column set (labels in another language, columns shown or hidden) measures again.
  const [sizing, setSizing] = useState({ columns, rows, now });
  if (sizing.columns !== columns || (sizing.rows.length === 0 && rows.length > 0)) setSizing({ columns, rows, now });

  const withSelection = !!selection;
  const columnDefs = useMemo<ColDef<T>[]>(() => {
    const widths = contentWidths(
      sizing.columns,
      sizing.rows,
      sizing.now,
      { header: textMeasure(gridRef.current, 'header'), cell: textMeasure(gridRef.current, 'cell') },
      GRID_CELL_MAX_WIDTH_PX,
    );
    const defs: ColDef<T>[] = sizing.columns.map((column) => {
      const width = widths[column.id];
      return {
        colId: column.id,
        headerName: column.label,
        // Content width at least; wider screens share the room left, up to the spec's cap.
        width,
        minWidth: width,
        maxWidth: GRID_CELL_MAX_WIDTH_PX,
        flex: 1,
        sortable: false,
        suppressMovable: true,
        headerComponent: ColumnHeader,
        headerComponentParams: { gridColumn: column } satisfies Pick<ColumnHeaderParams<T>, 'gridColumn'>,
        ...(column.cell
          ? { cellRenderer: RichCell, cellRendererParams: { gridColumn: column } satisfies Pick<RichCellParams<T>, 'gridColumn'> }
          : { valueGetter: (p: ValueGetterParams<T, unknown, GridContext<T>>) => (p.data && column.text ? column.text(p.data, p.context.store.view.now) : '') }),
      };
    });
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
  }, [sizing, withSelection]);

  return (
    <div data-testid="device-grid" aria-busy={loading ? 'true' : 'false'} style={{ width: '100%' }} ref={gridRef} onKeyDownCapture={onTabKeyDownCapture} onMouseOver={titleOnHover}>
      <AgGridReact<T>
        modules={MODULES}
        context={context}
        rowData={rows as T[]}
        columnDefs={columnDefs}
        getRowId={(p) => p.data.id}
        domLayout="autoHeight"
        // A server page replaces every row: no slide and no 0.4 s fade of the replaced rows (README, decisions).
        animateRows={false}
        // At most ~16 columns: render them all so every header is reachable (and findable) at once.
        suppressColumnVirtualisation
        suppressCellFocus
        // Header buttons, select-all and row controls in the page's Tab order (see native-tab-order).
        focusGridInnerElement={({ fromBottom }) => focusFirstControl(gridRef.current, fromBottom)}
        loading={loading}
        // AG Grid's own text is English ('Loading...'): the page's language, as the empty text.
        overlayComponentParams={overlayParams}
        onGridReady={(e) => (api.current = e.api)}
        // The list's first rows are on screen: the shell may now load the plugins it deferred.
        onFirstDataRendered={() => signalWhenPainted(rowsPainted(gridRef.current))}
        noRowsOverlayComponent={EmptyOverlay}
      />
    </div>
  );
}

const NO_FILTERS: ReadonlySet<string> = new Set();
