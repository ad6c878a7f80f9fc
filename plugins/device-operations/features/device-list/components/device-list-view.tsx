/**
 * A device list: title with counts, bulk actions, the grid of one server page, filters, pager and
 * the dialogs started from it. Filters, sort, page and page size live in the URL.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/domain/constants';
import type { ManagedObject } from '@shared/platform/inventory';
import { can, usePlatformContext } from '@shared/plugin-api/context';
import { REQUIRES } from '@shared/plugin-api/roles';
import { PermittedButton } from '@shared/ui/permission';
import { AlertOutlet } from '../../server-job/components/alert-outlet';
import { ServerJobBanner } from '../../server-job/components/server-job-banner';
import { ServerJobOverlay } from '../../server-job/components/server-job-overlay';
import { useListAlerts } from '../../server-job/store/alerts';
import { devicePageOptions, smartGroupQuery, sourceTotalOptions, useDevicePage, useSourceTotal, type DeviceSource } from '../api/devices';
import { useGroupOptions } from '../api/groups-lookup';
import { usePreference, useSavePreference } from '../api/preferences';
import { useBulkActions } from '../hooks/use-bulk-actions';
import { applyColumnConfig, columnsConfigKey, pageSizeKey, type ColumnSetting } from '../model/column-config';
import { COLUMNS, type ColumnId } from '../model/columns';
import type { FilterValue } from '../model/filters';
import { hasActiveFilter, hrefOf, isPageSize, nextSort, stateFromQuery, stateToQuery, totalPagesOf, type ListState } from '../model/list-state';
import { ColumnConfig } from './column-config';
import { ColumnFilter, type FilterOption } from './column-filter';
import { CsvExport } from './csv-export';
import { Pager } from './pager';
import { SmartGroupDialog } from './smart-group-dialog';

type DeviceGridComponent = typeof import('./device-grid').DeviceGrid;
let loadedGrid: DeviceGridComponent | undefined;

/**
 * AG Grid is most of the list's code. Its chunk downloads alongside this module's (webpackPreload),
 * but runs only once the list has sent its first requests (call this after the queries: effects
 * run in order), so the page's data is on its way while the grid builds itself. A state update,
 * not lazy() and Suspense: React holds a Suspense boundary's content back until its fallback has
 * shown for 300 ms, which put the grid's creation after the data had arrived instead of before.
 */
function useDeviceGrid(): DeviceGridComponent | undefined {
  const [grid, setGrid] = useState<{ component?: DeviceGridComponent; error?: unknown }>(() => ({ component: loadedGrid }));
  useEffect(() => {
    if (grid.component) return;
    let live = true;
    import(/* webpackPreload: true */ './device-grid').then(
      (m) => {
        loadedGrid = m.DeviceGrid;
        if (live) setGrid({ component: m.DeviceGrid });
      },
      (error: unknown) => live && setGrid({ error }),
    );
    return () => {
      live = false;
    };
  }, [grid.component]);
  // A chunk that failed to load goes to the route's error boundary, as a lazy component's would.
  if (grid.error) throw grid.error;
  return grid.component;
}

// The dialogs load when opened.
const SelectSoftwareDialog = lazy(() => import('../../select-software/components/select-software-dialog'));
const SoftwareRolloutDialog = lazy(() => import('../../software-rollout-dialog/components/software-rollout-dialog'));
const SetTimezoneDialog = lazy(() => import('../../set-timezone/components/set-timezone-dialog'));

export interface DeviceListViewProps {
  source: DeviceSource;
  title: string;
  /** Columns the list offers and those visible by default. */
  available: readonly ColumnId[];
  defaults: readonly ColumnId[];
  /** Suffix of the per-user preference keys; leave out for the variant without column configuration. */
  preferenceKey?: string;
  /** Set timezone and Initialize are IoTconnector actions only. */
  iotconnectorActions?: boolean;
  csvFileName: string;
}

export function DeviceListView({ source, title, available, defaults, preferenceKey, iotconnectorActions, csvFileName }: DeviceListViewProps) {
  const { t } = useTranslation();
  const ctx = usePlatformContext();
  const state = useMemo(() => stateFromQuery(ctx.query), [ctx.query]);

  const savedColumns = usePreference<unknown>(preferenceKey ? columnsConfigKey(preferenceKey) : '');
  const savedSize = usePreference<unknown>(preferenceKey ? pageSizeKey(preferenceKey) : '');
  const savePreference = useSavePreference();
  const prefsReady = !preferenceKey || savedSize.loaded || state.pageSize !== undefined;
  const savedPageSize = typeof savedSize.value === 'number' && isPageSize(savedSize.value) ? savedSize.value : DEFAULT_PAGE_SIZE;
  const pageSize = state.pageSize ?? savedPageSize;

  const settings: ColumnSetting[] = useMemo(
    () => applyColumnConfig(available, defaults, preferenceKey ? savedColumns.value : undefined),
    [available, defaults, preferenceKey, savedColumns.value],
  );
  const columns = useMemo(() => settings.filter((s) => s.visible).map((s) => COLUMNS[s.id]), [settings]);

  const filtered = hasActiveFilter(state.filters);
  const page = useDevicePage(source, state, pageSize, prefsReady);
  const sourceTotal = useSourceTotal(source, filtered);
  // After the queries above subscribed (effects run in order): their requests are sent.
  const DeviceGrid = useDeviceGrid();
  const total = page.data?.total ?? 0;
  const totalPages = totalPagesOf(total, pageSize);

  const queryClient = useQueryClient();
  // An unfiltered page's total is the source's: a filter applied later shows "of Y" at once.
  useEffect(() => {
    if (!filtered && page.data) queryClient.setQueryData(sourceTotalOptions(source).queryKey, page.data.total);
  }, [filtered, page.data, queryClient, source]);
  const navigateTo = useCallback(
    (next: ListState) => {
      const query = stateToQuery(next, ctx.query);
      // The page is asked for on the click, while the route re-renders, with the state exactly as
      // the list will read it back from the URL (so the query keys match).
      const landing = stateFromQuery(query);
      if (prefsReady) void queryClient.prefetchQuery(devicePageOptions(source, landing, landing.pageSize ?? savedPageSize));
      ctx.navigate(hrefOf(ctx.path, query));
    },
    [ctx, prefsReady, queryClient, source, savedPageSize],
  );
  const update = useCallback((patch: Partial<ListState>) => navigateTo({ ...state, ...patch }), [navigateTo, state]);

  // Selection: picked rows across pages, or every device matching the filters (select-all).
  const [rows, setRows] = useState<Map<string, ManagedObject>>(new Map());
  const [allMatching, setAllMatching] = useState(false);
  const filterKey = JSON.stringify(state.filters);
  const lastFilterKey = useRef(filterKey);
  useEffect(() => {
    if (lastFilterKey.current !== filterKey) {
      lastFilterKey.current = filterKey;
      setAllMatching(false);
    }
  }, [filterKey]);
  const clearSelection = useCallback(() => {
    setRows(new Map());
    setAllMatching(false);
  }, []);
  const clearAlerts = useListAlerts((s) => s.clear);
  // Leaving the list resets the select-all flag and the list's messages.
  useEffect(() => () => clearAlerts(), [clearAlerts]);

  const pageRows = page.data?.items ?? [];
  const selectedCount = allMatching ? total : rows.size;
  const onPageSelected = pageRows.filter((d) => rows.has(d.id)).length;
  const selection = useMemo(
    () => ({
      isSelected: (id: string) => allMatching || rows.has(id),
      toggle: (device: ManagedObject) => {
        if (allMatching) {
          // Unticking one row of "all matching" falls back to the rows of this page minus that one.
          setAllMatching(false);
          setRows(new Map(pageRows.filter((d) => d.id !== device.id).map((d) => [d.id, d])));
          return;
        }
        const next = new Map(rows);
        if (next.has(device.id)) next.delete(device.id);
        else next.set(device.id, device);
        setRows(next);
      },
      pageState: (allMatching || (pageRows.length > 0 && onPageSelected === pageRows.length) ? 'all' : onPageSelected > 0 ? 'some' : 'none') as 'all' | 'some' | 'none',
      togglePage: () => {
        if (allMatching) return clearSelection();
        const next = new Map(rows);
        if (onPageSelected === pageRows.length) pageRows.forEach((d) => next.delete(d.id));
        else pageRows.forEach((d) => next.set(d.id, d));
        setRows(next);
      },
    }),
    [allMatching, rows, pageRows, onPageSelected, clearSelection],
  );

  const actions = useBulkActions(source, state.filters, { rows, allMatching }, clearSelection);
  const blocked = actions.job.ongoing || !!actions.job.overlay;
  // The dialog offers a rollout and an immediate install only to users the server lets run them.
  const dialogActions = [
    'assign' as const,
    ...(can(ctx.user, REQUIRES.softwareRollout) ? ['rollout' as const] : []),
    ...(can(ctx.user, REQUIRES.operationCreate) ? ['install' as const] : []),
  ];
  const noSelection = selectedCount === 0;

  // Column filter popover.
  const [openFilter, setOpenFilter] = useState<{ column: ColumnId; anchor: DOMRect } | null>(null);
  const groupOptions = useGroupOptions(openFilter?.column === 'group');
  const filterOptions = (id: ColumnId): FilterOption[] => {
    if (id === 'group') return groupOptions;
    const col = COLUMNS[id];
    if (col.options) return col.options.map((o) => ({ value: o, label: t(o) }));
    // No distinct-values call exists on the platform: offer the values of the page on screen.
    const seen = [...new Set(pageRows.map((d) => col.text(d, 0)).filter(Boolean))].sort();
    return seen.map((v) => ({ value: v, label: v }));
  };
  const applyFilter = (id: ColumnId, value: FilterValue | undefined) => {
    setOpenFilter(null);
    const filters = { ...state.filters };
    if (value) filters[id] = value;
    else delete filters[id];
    update({ filters, page: 1 });
  };

  const changePageSize = (size: number) => {
    update({ pageSize: size, page: 1 });
    if (preferenceKey) savePreference.mutate({ key: pageSizeKey(preferenceKey), value: size });
  };
  const saveColumns = (next: ColumnSetting[]) => {
    if (preferenceKey) savePreference.mutate({ key: columnsConfigKey(preferenceKey), value: next });
  };

  const heading = filtered
    ? t('Filtered {{x}} of {{y}} devices', { x: total, y: sourceTotal.data ?? '…' })
    : page.data
      ? t('{{count}} devices', { count: total })
      : '…';

  return (
    <div className="content-fullpage" data-testid="device-list">
      <div className="page-title d-flex a-i-center j-c-between flex-wrap p-b-8" style={{ gap: 8 }}>
        <h1 className="m-0" style={{ fontSize: 22 }}>
          {t(title)} <small data-testid="list-count">{heading}</small>
        </h1>
      </div>
      <div className="action-bar d-flex flex-wrap a-i-center" role="toolbar" aria-label={t('Bulk actions')} style={{ gap: 4 }} data-testid="bulk-actions">
        <PermittedButton requires={REQUIRES.softwareAssignment} className="btn btn-link" disabled={blocked || noSelection} onClick={actions.selectSoftware} data-testid="action-select-software">
          <i className="dlt-c8y-icon-download m-r-4" aria-hidden="true" />
          {t('Select software')}
        </PermittedButton>
        {iotconnectorActions && (
          <PermittedButton requires={REQUIRES.timezoneOperation} className="btn btn-link" disabled={blocked || noSelection} onClick={actions.setTimezone} data-testid="action-set-timezone">
            <i className="dlt-c8y-icon-clock-o m-r-4" aria-hidden="true" />
            {t('Set timezone')}
          </PermittedButton>
        )}
        <PermittedButton requires={REQUIRES.pendingAssignmentClear} className="btn btn-link" disabled={blocked || noSelection} onClick={actions.clearPending} data-testid="action-clear-pending">
          <i className="dlt-c8y-icon-eraser m-r-4" aria-hidden="true" />
          {t('Clear Pending Assignments')}
        </PermittedButton>
        {iotconnectorActions && (
          <PermittedButton requires={REQUIRES.deviceInitialize} className="btn btn-link" disabled={blocked || noSelection} onClick={actions.initialize} data-testid="action-initialize">
            <i className="dlt-c8y-icon-play-circle m-r-4" aria-hidden="true" />
            {t('Initialize not-monitored devices')}
          </PermittedButton>
        )}
        {filtered && (
          <PermittedButton requires={REQUIRES.inventoryCreate} className="btn btn-link" onClick={actions.openSmartGroup} data-testid="action-smart-group">
            <i className="dlt-c8y-icon-c8y-group m-r-4" aria-hidden="true" />
            {t('Create smart group')}
          </PermittedButton>
        )}
        <button type="button" className="btn btn-link" disabled={!filtered} onClick={() => update({ filters: {}, page: 1 })} data-testid="action-clear-filters">
          <i className="dlt-c8y-icon-filter m-r-4" aria-hidden="true" />
          {t('Clear filters')}
        </button>
        <button type="button" className="btn btn-link" onClick={() => void actions.reload()} data-testid="action-reload">
          <i className={`dlt-c8y-icon-refresh m-r-4${page.isFetching ? ' dlt-c8y-icon-spin' : ''}`} aria-hidden="true" />
          {t('Reload')}
        </button>
        <span style={{ flex: 1 }} />
        <CsvExport source={source} filters={state.filters} sort={state.sort} columns={columns} fileName={csvFileName} />
        {preferenceKey && <ColumnConfig settings={settings} onSave={saveColumns} saving={savePreference.isPending} />}
      </div>
      <ServerJobBanner ongoing={actions.job.ongoing} />
      <AlertOutlet />
      <div className="d-flex a-i-center p-t-8 p-b-8" style={{ gap: 8, minHeight: 34 }} data-testid="selection-bar">
        {selectedCount > 0 && <span data-testid="selected-count">{t('{{count}} selected', { count: selectedCount })}</span>}
        {!allMatching && selection.pageState === 'all' && total > pageRows.length && (
          <button type="button" className="btn btn-link btn-sm" onClick={() => setAllMatching(true)} data-testid="select-all-matching">
            {t('Select all {{count}} matching devices', { count: total })}
          </button>
        )}
        {selectedCount > 0 && (
          <button type="button" className="btn btn-link btn-sm" onClick={clearSelection} data-testid="clear-selection">
            {t('Clear selection')}
          </button>
        )}
      </div>
      {page.isError && (
        <div className="alert alert-danger" role="alert">
          {(page.error as Error).message}
        </div>
      )}
      <div className="card">
        {DeviceGrid ? (
          <DeviceGrid
            columns={columns}
            rows={pageRows}
            loading={!page.data && !page.isError}
            // "Days since last message" counts to when the page was fetched.
            now={page.dataUpdatedAt}
            sort={state.sort}
            onSort={(column) => update({ sort: nextSort(state.sort, column), page: 1 })}
            filters={state.filters}
            onOpenFilter={(column, anchor) => setOpenFilter({ column, anchor })}
            selection={selection}
          />
        ) : (
          <GridLoading />
        )}
        <Pager page={state.page} totalPages={totalPages} pageSize={pageSize} onPage={(p) => update({ page: p })} onPageSize={changePageSize} />
      </div>
      {openFilter && (
        <ColumnFilter
          key={openFilter.column}
          column={COLUMNS[openFilter.column]}
          value={state.filters[openFilter.column]}
          anchor={openFilter.anchor}
          options={filterOptions(openFilter.column)}
          onApply={(v) => applyFilter(openFilter.column, v)}
          onClose={() => setOpenFilter(null)}
        />
      )}
      <Suspense fallback={null}>
      {actions.dialog?.kind === 'software' && (
        <SelectSoftwareDialog
          deviceTypes={actions.dialog.deviceTypes}
          deviceCount={actions.dialog.devices.length}
          actions={dialogActions}
          onClose={(r) => void actions.onSoftwareChosen((actions.dialog as { devices: ManagedObject[] }).devices, r)}
        />
      )}
      {actions.dialog?.kind === 'rollout' && (
        <SoftwareRolloutDialog
          devices={actions.dialog.devices}
          software={{ name: actions.dialog.item.name, version: actions.dialog.item.version }}
          onClose={(r) => {
            const d = actions.dialog as Extract<NonNullable<typeof actions.dialog>, { kind: 'rollout' }>;
            void actions.onRolloutConfigured(d.devices, d.item, d.forceInstallation, r);
          }}
        />
      )}
      {actions.dialog?.kind === 'timezone' && (
        <SetTimezoneDialog
          deviceCount={actions.dialog.devices.length}
          onClose={(tz) => void actions.onTimezoneChosen((actions.dialog as { devices: ManagedObject[] }).devices, tz)}
        />
      )}
      </Suspense>
      {actions.dialog?.kind === 'smartGroup' && <SmartGroupDialog query={smartGroupQuery(source, state.filters)} onClose={(name) => void actions.createSmartGroup(name)} />}
      <ServerJobOverlay overlay={actions.job.overlay} />
    </div>
  );
}

/** Where the grid will be, while its code loads: the same busy state the grid shows for data. */
function GridLoading() {
  const { t } = useTranslation();
  return (
    <div data-testid="device-grid" aria-busy="true" className="p-16 text-muted">
      {t('Loading…')}
    </div>
  );
}
