/**
 * The device list of both plugins (/views/<type>, group lists and /devicesFromDashboard): title
 * with its count, the caller's bulk actions, the server-job banner, the selection bar, the grid of
 * one server page (loaded by state update, see useDataGrid) and the pager. Where the devices come
 * from, the actions and the dialogs are the caller's.
 */
import React, { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { ManagedObject } from '../platform/inventory';
import type { DataGridProps, GridSelectionProps } from './data-grid';
import type { GridColumn } from './data-grid-model';
import { useSharedTranslation } from './i18n';
import { useCountValues } from './use-count';
import { chunk, useChunk } from './chunk';
import { Pager, totalPagesOf } from './pager';
import { msg } from '../plugin-api/i18n';
import { ONGOING_MESSAGE, ServerJobBanner } from './server-job-banner';

/**
 * AG Grid is most of the list's code. Its chunk downloads alongside the list's (webpackPreload),
 * but runs only once the list has sent its first requests (call this after the queries: effects
 * run in order), so the page's data is on its way while the grid builds itself. Shown by a state
 * update (useChunk): through Suspense the grid's creation came after the data had arrived.
 */
const dataGrid = chunk('the device list (AG Grid)', () => import(/* webpackPreload: true */ './data-grid').then((m) => m.DataGrid));
export const useDataGrid = () => useChunk(dataGrid);

/**
 * The rows picked across pages, or every row matching the list's query (select all matching) but
 * those unticked since.
 */
export interface ListSelection {
  rows: ReadonlyMap<string, ManagedObject>;
  allMatching: boolean;
  /** While all matching are selected: the rows unticked since. */
  excluded: ReadonlySet<string>;
  /** Picked rows, or the list's total less the unticked ones while all matching are selected. */
  count: number;
  grid: GridSelectionProps<ManagedObject>;
  selectAllMatching: () => void;
  clear: () => void;
  /** The selected devices among every matching one (loaded for a bulk action of "all matching"). */
  ofAllMatching: (all: readonly ManagedObject[]) => ManagedObject[];
}

const NONE: ReadonlySet<string> = new Set();

/**
 * When the rows on screen were fetched: the grid's `now` ("days since last message" counts to it).
 * While the next page, filter or sort loads, a query kept on the previous page (placeholder data)
 * reports the new query's time, 0, under the old rows, which then all read 0 days.
 */
export function useFetchedAt(page: { dataUpdatedAt: number; isPlaceholderData: boolean }): number {
  const [shown, setShown] = useState(page.dataUpdatedAt);
  if (!page.isPlaceholderData && page.dataUpdatedAt !== 0 && page.dataUpdatedAt !== shown) setShown(page.dataUpdatedAt);
  return page.isPlaceholderData || page.dataUpdatedAt === 0 ? shown : page.dataUpdatedAt;
}

/**
 * Selection of a paged list. `resetKey` (the filters) changes what "all matching" means, so a new
 * key drops that flag; leaving the list drops everything (the component unmounts).
 */
export function useListSelection(pageRows: readonly ManagedObject[], total: number | undefined, resetKey: string): ListSelection {
  const [rows, setRows] = useState<Map<string, ManagedObject>>(new Map());
  const [allMatching, setAllMatching] = useState(false);
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(NONE);
  const [lastKey, setLastKey] = useState(resetKey);
  if (lastKey !== resetKey) {
    setLastKey(resetKey);
    setAllMatching(false);
    setExcluded(NONE);
  }
  const clear = useCallback(() => {
    setRows(new Map());
    setAllMatching(false);
    setExcluded(NONE);
  }, []);
  const onPage = allMatching ? pageRows.filter((d) => !excluded.has(d.id)).length : pageRows.filter((d) => rows.has(d.id)).length;
  const grid = useMemo<GridSelectionProps<ManagedObject>>(
    () => ({
      isSelected: (id) => (allMatching ? !excluded.has(id) : rows.has(id)),
      toggle: (device) => {
        if (allMatching) {
          // Unticking one row of "all matching" leaves every other matching device selected.
          const next = new Set(excluded);
          if (next.has(device.id)) next.delete(device.id);
          else next.add(device.id);
          setExcluded(next);
          return;
        }
        const next = new Map(rows);
        if (next.has(device.id)) next.delete(device.id);
        else next.set(device.id, device);
        setRows(next);
      },
      pageState: pageRows.length > 0 && onPage === pageRows.length ? 'all' : onPage > 0 ? 'some' : 'none',
      togglePage: () => {
        if (allMatching) return clear();
        const next = new Map(rows);
        if (onPage === pageRows.length) pageRows.forEach((d) => next.delete(d.id));
        else pageRows.forEach((d) => next.set(d.id, d));
        setRows(next);
      },
    }),
    [allMatching, excluded, rows, pageRows, onPage, clear],
  );
  const ofAllMatching = useCallback((all: readonly ManagedObject[]) => all.filter((d) => !excluded.has(d.id)), [excluded]);
  return {
    rows,
    allMatching,
    excluded,
    count: allMatching ? Math.max(0, (total ?? 0) - excluded.size) : rows.size,
    grid,
    selectAllMatching: () => {
      setAllMatching(true);
      setExcluded(NONE);
    },
    clear,
    ofAllMatching,
  };
}

// The platform's own words (and German) for it.
const NO_SELECTION = msg('No devices selected');

/**
 * Why a bulk action of a list is disabled, for its title (undefined while it may run): a server
 * job runs, or no device is selected. A role that lacks the write says so itself (PermittedButton).
 */
export function useBulkActionBlock(jobOngoing: boolean, selected: number): string | undefined {
  const t = useSharedTranslation();
  if (jobOngoing) return t(ONGOING_MESSAGE);
  return selected === 0 ? t(NO_SELECTION) : undefined;
}

export interface DeviceListProps {
  /** The list's name (translated). */
  title: string;
  /** Beside the title: the count, e.g. "1195 devices" or "Filtered 12 of 1195 devices". */
  count?: ReactNode;
  /** The bulk actions (buttons of the toolbar). */
  actions: ReactNode;
  /** A server job runs: the spec's banner shows. */
  jobOngoing: boolean;
  /** Why the newest job status could not be read (the banner says it). */
  jobStatusError?: Error | null;
  /** Result messages of the actions, below the banner. */
  messages?: ReactNode;
  /** Why the page could not be loaded (translated), shown above the grid. */
  error?: string;
  columns: readonly GridColumn<ManagedObject>[];
  rows: readonly ManagedObject[];
  loading: boolean;
  /** Reference time of relative cells: when the page was fetched. */
  now: number;
  /** Matching devices of the whole list (undefined until known). */
  total: number | undefined;
  selection: ListSelection;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  /** Server-side sort and filters (the device list); leave out where the source has neither. */
  sort?: DataGridProps<ManagedObject>['sort'];
  onSort?: DataGridProps<ManagedObject>['onSort'];
  activeFilters?: ReadonlySet<string>;
  onOpenFilter?: DataGridProps<ManagedObject>['onOpenFilter'];
  /** The filter popup, dialogs and overlays the actions open. */
  children?: ReactNode;
  'data-testid'?: string;
}

export function DeviceList(props: DeviceListProps) {
  const { title, count, actions, jobOngoing, jobStatusError, messages, error, columns, rows, loading, now, total, selection, page, pageSize, onPage, onPageSize, children } = props;
  const t = useSharedTranslation();
  const withCounts = useCountValues();
  const Grid = useDataGrid();
  return (
    <div className="content-fullpage" data-testid={props['data-testid'] ?? 'device-list'}>
      <div className="page-title d-flex a-i-center j-c-between flex-wrap p-b-8" style={{ gap: 8 }}>
        {/* A group's name without spaces breaks anywhere: it ran past the page's edge. */}
        <h1 className="m-0" style={{ fontSize: 22, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="list-heading">
          {/* Isolated: a group name with a bidirectional override (U+202E) turned the count after it around. */}
          <bdi data-testid="list-title">{title}</bdi> <small data-testid="list-count">{count}</small>
        </h1>
      </div>
      <div className="action-bar d-flex flex-wrap a-i-center" role="toolbar" aria-label={t('Bulk actions')} style={{ gap: 4 }} data-testid="bulk-actions">
        {actions}
      </div>
      <ServerJobBanner ongoing={jobOngoing} error={jobStatusError} />
      {messages}
      <div className="d-flex a-i-center p-t-8 p-b-8" style={{ gap: 8, minHeight: 34 }} data-testid="selection-bar">
        {selection.count > 0 && <span data-testid="selected-count">{t('{{count}} selected', withCounts({ count: selection.count }))}</span>}
        {!selection.allMatching && selection.grid.pageState === 'all' && total !== undefined && total > rows.length && (
          <button type="button" className="btn btn-link btn-sm" onClick={selection.selectAllMatching} data-testid="select-all-matching">
            {t('Select all {{count}} matching devices', withCounts({ count: total }))}
          </button>
        )}
        {selection.count > 0 && (
          <button type="button" className="btn btn-link btn-sm" onClick={selection.clear} data-testid="clear-selection">
            {t('Clear selection')}
          </button>
        )}
      </div>
      {error && (
        <div className="alert alert-danger" role="alert" data-testid="list-error">
          {error}
        </div>
      )}
      <div className="card">
        {Grid ? (
          <Grid
            columns={columns}
            rows={rows}
            loading={loading}
            now={now}
            sort={props.sort}
            onSort={props.onSort}
            activeFilters={props.activeFilters}
            onOpenFilter={props.onOpenFilter}
            selection={selection.grid}
            // A page that failed is not an empty list, and the alert above says why: once, not again in the grid.
            emptyText={error ? undefined : t('No devices to display')}
          />
        ) : (
          <div data-testid="device-grid" aria-busy="true" className="p-16 text-muted">
            {t('Loading…')}
          </div>
        )}
        {/* No total (a page that failed, or not in yet): the page asked for stays current, not a lone "1" with the page in the URL beyond it. */}
        <Pager
          currentPage={page}
          totalPages={total === undefined ? undefined : totalPagesOf(total, pageSize)}
          total={total}
          pageSize={pageSize}
          onPageChange={onPage}
          onPageSizeChange={onPageSize}
        />
      </div>
      {children}
    </div>
  );
}
