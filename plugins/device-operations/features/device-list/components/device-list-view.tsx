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
import { replaceHash } from '@shared/plugin-api/hash-location';
import { REQUIRES, type RoleRequirement } from '@shared/plugin-api/roles';
import { ColumnChooser, type ColumnConfig } from '@shared/ui/column-chooser';
import { parseColumnConfig, visibleColumns } from '@shared/ui/data-grid-model';
import { DeviceList, useBulkActionBlock, useFetchedAt, useListSelection } from '@shared/ui/device-list';
import { announce } from '@shared/ui/live-region/announce';
import { PermittedButton } from '@shared/ui/permission';
import { countValues } from '@shared/domain/formats';
import { AlertOutlet } from '../../../common/server-job/components/alert-outlet';
import { JobProgress } from '../../../common/server-job/components/job-progress';
import { ServerJobOverlay } from '../../../common/server-job/components/server-job-overlay';
import { pushAlert, useListAlerts } from '../../../common/server-job/store/alerts';
import { usePreference } from '@shared/ui/use-preference';
import { devicePageOptions, smartGroupQuery, sourceTotalOptions, useDevicePage, useSourceTotal, type DeviceSource } from '../api/devices';
import { useBulkActions } from '../hooks/use-bulk-actions';
import { columnsConfigKey, pageSizeKey } from '../model/column-config';
import { COLUMNS, gridColumn, type ColumnId } from '../model/columns';
import { isActive, type FilterValue } from '../model/filters';
import { hasActiveFilter, hrefOf, isPageSize, nextSort, stateFromQuery, stateToQuery, type ListState } from '../model/list-state';
import { ColumnFilterPopup, type ColumnFilterPopupHandle } from './column-filter';
import { CsvExport } from './csv-export';

// The dialogs load when opened.
const SelectSoftwareDialog = lazy(() => import('../../../common/select-software/components/select-software-dialog'));
const SoftwareRolloutDialog = lazy(() => import('../../../common/software-rollout-dialog/components/software-rollout-dialog'));
const SetTimezoneDialog = lazy(() => import('../../../common/set-timezone/components/set-timezone-dialog'));
// The dialog (and the shared modal it brings) is not part of the list's first chunk.
const SmartGroupDialog = lazy(() => import('@shared/ui/smart-group-dialog').then((m) => ({ default: m.SmartGroupDialog })));

export interface DeviceListViewProps {
  source: DeviceSource;
  /** Shown as it is: the caller translates a label (a group's name is no text to translate). */
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

interface ActionButtonProps {
  requires: RoleRequirement;
  /** The design system's icon name, without its dlt-c8y-icon- prefix. */
  icon: string;
  label: string;
  testId: string;
  disabled?: boolean;
  /** Why it is disabled (its title), when it is. */
  reason?: string;
  onClick: () => void;
}

/** A write of the list's toolbar: offered by the user's roles (PermittedButton), icon before its label. */
function ActionButton({ requires, icon, label, testId, disabled, reason, onClick }: ActionButtonProps) {
  return (
    <PermittedButton requires={requires} className="btn btn-link" disabled={disabled} title={disabled ? reason : undefined} onClick={onClick} data-testid={testId}>
      <i className={`dlt-c8y-icon-${icon} m-r-4`} aria-hidden="true" />
      {label}
    </PermittedButton>
  );
}

export function DeviceListView({ source, title, available, defaults, preferenceKey, iotconnectorActions, csvFileName }: DeviceListViewProps) {
  const { t, i18n } = useTranslation();
  const ctx = usePlatformContext();
  const state = useMemo(() => stateFromQuery(ctx.query), [ctx.query]);

  const [savedColumns, saveColumnConfig, columnsPreference] = usePreference<unknown>(preferenceKey ? columnsConfigKey(preferenceKey) : '', undefined);
  const [savedSize, saveSize, sizePreference] = usePreference<unknown>(preferenceKey ? pageSizeKey(preferenceKey) : '', undefined);
  const prefsReady = !preferenceKey || !sizePreference.isLoading || state.pageSize !== undefined;
  const savedPageSize = typeof savedSize === 'number' && isPageSize(savedSize) ? savedSize : DEFAULT_PAGE_SIZE;
  const pageSize = state.pageSize ?? savedPageSize;

  // Every column the list offers (those not in `defaults` hidden until the user shows them), the
  // user's saved order and visibility, and what the grid shows.
  const offered = useMemo(() => available.map((id) => ({ ...gridColumn(COLUMNS[id], t), hiddenByDefault: !defaults.includes(id) })), [available, defaults, t]);
  const columnConfig = useMemo(() => (preferenceKey ? parseColumnConfig(savedColumns) : []), [preferenceKey, savedColumns]);
  const gridColumns = useMemo(() => visibleColumns(offered, columnConfig), [offered, columnConfig]);
  // The CSV export writes what the grid shows.
  const columns = useMemo(() => gridColumns.map((c) => COLUMNS[c.id as ColumnId]), [gridColumns]);

  const filtered = hasActiveFilter(state.filters);
  const page = useDevicePage(source, state, pageSize, prefsReady);
  const sourceTotal = useSourceTotal(source, filtered);
  const total = page.data?.total;
  // "Days since last message" counts to when the rows on screen were fetched.
  const fetchedAt = useFetchedAt(page);

  const queryClient = useQueryClient();
  // An unfiltered page's total is the source's: a filter applied later shows "of Y" at once.
  useEffect(() => {
    if (!filtered && page.data && !page.isPlaceholderData) queryClient.setQueryData(sourceTotalOptions(source).queryKey, page.data.total);
  }, [filtered, page.data, page.isPlaceholderData, queryClient, source]);
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
  const pageRows = page.data?.items ?? NO_ROWS;
  const selection = useListSelection(pageRows, total, JSON.stringify(state.filters));
  const clearAlerts = useListAlerts((s) => s.clear);
  // Leaving the list resets the list's messages.
  useEffect(() => () => clearAlerts(), [clearAlerts]);

  const actions = useBulkActions(source, state.filters, selection, selection.clear);
  const blocked = actions.job.ongoing || !!actions.job.overlay;
  // The dialog offers a rollout and an immediate install only to users the server lets run them.
  const dialogActions = [
    'assign' as const,
    ...(can(ctx.user, REQUIRES.softwareRollout) ? ['rollout' as const] : []),
    ...(can(ctx.user, REQUIRES.operationCreate) ? ['install' as const] : []),
  ];
  const noSelection = selection.count === 0;
  const blockedBecause = useBulkActionBlock(actions.job.ongoing, selection.count);

  const filterPopup = useRef<ColumnFilterPopupHandle>(null);
  const openFilter = useCallback((column: string, anchor: DOMRect) => filterPopup.current?.open(column as ColumnId, anchor), []);
  const applyFilter = (id: ColumnId, value: FilterValue | undefined) => {
    const filters = { ...state.filters };
    if (value) filters[id] = value;
    else delete filters[id];
    update({ filters, page: 1 });
  };
  const activeFilters = useMemo(() => new Set(Object.entries(state.filters).filter(([, v]) => isActive(v)).map(([id]) => id)), [state.filters]);

  // A setting the platform refused is rolled back and said (the page size stays for this visit).
  const notSaved = (text: string) => (error: Error | undefined) => {
    if (error) pushAlert({ type: 'danger', text, values: { message: error.message } });
  };
  const changePageSize = (size: number) => {
    update({ pageSize: size, page: 1 });
    if (preferenceKey) void saveSize(size).then(notSaved('The page size could not be saved: {{message}}'));
  };
  const saveColumns = (next: ColumnConfig[]) => {
    if (preferenceKey) void saveColumnConfig(next).then(notSaved('The column configuration could not be saved: {{message}}'));
  };

  // Issue 19.10: a page kept from the previous filter (placeholder data) or a source total still
  // on its way would make "Filtered 1195 of 1195 devices"; the previous figure stays until both
  // counts belong to the filter on screen.
  const countsKnown = !!page.data && !page.isPlaceholderData && (!filtered || sourceTotal.data !== undefined);
  // The source could not be counted: the filtered count alone, and why the total is missing (not a
  // "…" that reads as still loading; Reload counts again).
  const totalFailed = filtered && sourceTotal.isError && !!page.data && !page.isPlaceholderData;
  const heading = countsKnown
    ? filtered
      ? t('Filtered {{x}} of {{y}} devices', countValues({ x: total, y: sourceTotal.data }, i18n.language))
      : t('{{count}} devices', countValues({ count: total }, i18n.language))
    : totalFailed
      ? t('Filtered {{x}} devices (the total could not be counted: {{message}})', countValues({ x: total, message: (sourceTotal.error as Error).message }, i18n.language))
      : undefined;
  const [shownHeading, setShownHeading] = useState<string>('…');
  if (heading !== undefined && heading !== shownHeading) setShownHeading(heading);
  // A page that failed has no count: the previous figure would belong to another filter.
  if (page.isError && heading === undefined && shownHeading !== '…') setShownHeading('…');

  // A page past the end (the list shrank under a bulk action or another user): the last page.
  const lastPage = total !== undefined && !page.isPlaceholderData ? Math.max(1, Math.ceil(total / pageSize)) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && state.page > lastPage) replaceHash(hrefOf(ctx.path, stateToQuery({ ...state, page: lastPage }, ctx.query)));
  }, [lastPage, state, ctx.path, ctx.query]);
  // A filter's result is said to screen readers once both counts belong to it (issue 26).
  const filterResult = filtered ? heading : undefined;
  const filtersKey = JSON.stringify(state.filters);
  useEffect(() => {
    if (filterResult) announce(filterResult);
  }, [filterResult, filtersKey]);

  return (
    <DeviceList
      title={title}
      count={heading ?? shownHeading}
      jobOngoing={actions.job.ongoing}
      jobStatusError={actions.job.status.error}
      messages={
        <>
          {/* The starting tab has the overlay's progress. */}
          {!actions.job.overlay && <JobProgress status={actions.job.status.data} />}
          <AlertOutlet />
        </>
      }
      // Said as what failed, not the server's bare text ("Database unavailable").
      error={page.isError ? `${t('The devices could not be loaded:')} ${(page.error as Error).message}` : undefined}
      columns={gridColumns}
      rows={pageRows}
      // A filter or page still being read after one that found nothing is loading, not "No devices to
      // display" (the empty rows kept meanwhile are the previous answer's); kept rows stay shown.
      loading={(!page.data && !page.isError) || (page.isPlaceholderData && pageRows.length === 0)}
      now={fetchedAt}
      total={total}
      selection={selection}
      page={state.page}
      pageSize={pageSize}
      onPage={(p) => update({ page: p })}
      onPageSize={changePageSize}
      sort={state.sort}
      onSort={(column) => update({ sort: nextSort(state.sort, column as ColumnId), page: 1 })}
      activeFilters={activeFilters}
      onOpenFilter={openFilter}
      actions={
        <>
          <ActionButton requires={REQUIRES.softwareAssignment} icon="download" disabled={blocked || noSelection} reason={blockedBecause} onClick={actions.selectSoftware} testId="action-select-software" label={t('Select software')} />
          {iotconnectorActions && (
            <ActionButton requires={REQUIRES.timezoneOperation} icon="clock-o" disabled={blocked || noSelection} reason={blockedBecause} onClick={actions.setTimezone} testId="action-set-timezone" label={t('Set timezone')} />
          )}
          <ActionButton requires={REQUIRES.pendingAssignmentClear} icon="eraser" disabled={blocked || noSelection} reason={blockedBecause} onClick={actions.clearPending} testId="action-clear-pending" label={t('Clear Pending Assignments')} />
          {iotconnectorActions && (
            <ActionButton requires={REQUIRES.deviceInitialize} icon="play-circle" disabled={blocked || noSelection} reason={blockedBecause} onClick={actions.initialize} testId="action-initialize" label={t('Initialize not-monitored devices')} />
          )}
          {filtered && <ActionButton requires={REQUIRES.inventoryCreate} icon="group" onClick={actions.openSmartGroup} testId="action-smart-group" label={t('Create smart group')} />}
          {/* Without the platform's fade between disabled and enabled: the first filter enables the button, and the fade kept the browser making frames while the filtered page came (as the grid's filter buttons, shared/ui/data-grid). */}
          <button
            type="button"
            className="btn btn-link"
            style={{ transition: 'none' }}
            disabled={!filtered}
            onClick={() => update({ filters: {}, page: 1 })}
            data-testid="action-clear-filters"
          >
            <i className="dlt-c8y-icon-filter m-r-4" aria-hidden="true" />
            {t('Clear filters')}
          </button>
          <button type="button" className="btn btn-link" onClick={() => void actions.reload()} data-testid="action-reload">
            <i className={`dlt-c8y-icon-refresh m-r-4${page.isFetching ? ' icon-spin' : ''}`} aria-hidden="true" />
            {t('Reload')}
          </button>
          <span style={{ flex: 1 }} />
          <CsvExport source={source} filters={state.filters} sort={state.sort} columns={columns} fileName={csvFileName} total={countsKnown ? total : undefined} />
          {preferenceKey && <ColumnChooser columns={offered} config={columnConfig} onSave={saveColumns} saving={columnsPreference.saving} />}
        </>
      }
    >
      <ColumnFilterPopup ref={filterPopup} filters={state.filters} pageRows={pageRows} onApply={applyFilter} />
      <Suspense fallback={null}>
        {actions.softwareDialog && (
          <SelectSoftwareDialog
            deviceTypes={actions.softwareDialog.deviceTypes}
            deviceCount={actions.softwareDialog.devices.length}
            // A group's list may mix families: the dialog names the devices a choice cannot apply to.
            devices={actions.softwareDialog.devices}
            actions={dialogActions}
            onClose={(r) => void actions.onSoftwareChosen((actions.softwareDialog as { devices: ManagedObject[] }).devices, r)}
          />
        )}
        {/* Its own boundary: loading it must not hide Select software beneath it (focus would fall to the page). */}
        <Suspense fallback={null}>
          {actions.dialog?.kind === 'rollout' && (
            <SoftwareRolloutDialog
              devices={actions.dialog.devices}
              software={{ name: actions.dialog.item.name, version: actions.dialog.item.version }}
              onClose={(r) => {
                const d = actions.dialog as Extract<NonNullable<typeof actions.dialog>, { kind: 'rollout' }>;
                void actions.onRolloutConfigured(d.devices, d.item, d.forceInstallation, d.leftOut, r);
              }}
            />
          )}
        </Suspense>
        {actions.dialog?.kind === 'timezone' && (
          <SetTimezoneDialog
            deviceCount={actions.dialog.devices.length}
            onClose={(tz) => void actions.onTimezoneChosen((actions.dialog as { devices: ManagedObject[] }).devices, tz)}
          />
        )}
        {actions.dialog?.kind === 'smartGroup' && (
          <SmartGroupDialog
            query={smartGroupQuery(source, state.filters)}
            saving={actions.dialog.saving}
            error={actions.dialog.error && t(actions.dialog.error.text, actions.dialog.error.values)}
            onClose={(name) => void actions.createSmartGroup(name)}
          />
        )}
      </Suspense>
      <ServerJobOverlay overlay={actions.job.overlay} />
    </DeviceList>
  );
}

const NO_ROWS: ManagedObject[] = [];
