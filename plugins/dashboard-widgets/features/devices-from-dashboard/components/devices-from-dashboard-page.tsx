/**
 * /devicesFromDashboard: the devices behind a dashboard figure (spec 2), paged by the
 * operation-dashboard microservice, with the list actions and the executing-operation banner.
 */
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { usePlatformContext } from '@shared/plugin-api/context';
import { replaceHash } from '@shared/plugin-api/hash-location';
import { REQUIRES } from '@shared/plugin-api/roles';
import { ALERT_DISMISS_MS, ALERT_SUCCESS_DISMISS_MS, DEFAULT_PAGE_SIZE } from '@shared/domain/constants';
import { devicesOutsideType, typesForSelection } from '@shared/domain/device-types';
import { isPlatformError } from '@shared/platform/fetch-client';
import type { ManagedObject } from '@shared/platform/inventory';
import { alerts } from '@shared/ui/alerts';
import { ColumnChooser, type ColumnConfig } from '@shared/ui/column-chooser';
import { parseColumnConfig, visibleColumns } from '@shared/ui/data-grid-model';
import { DeviceList, useBulkActionBlock, useFetchedAt, useListSelection } from '@shared/ui/device-list';
import { Icon } from '@shared/ui/icon';
import { LoadingOverlay, type OverlayProgress } from '@shared/ui/loading-overlay';
import { totalPagesOf } from '@shared/ui/pager';
import { PermittedButton } from '@shared/ui/permission';
import { SelectSoftwareDialog, type SelectSoftwareResult } from '@shared/ui/select-software-dialog';
import { SmartGroupDialog } from '@shared/ui/smart-group-dialog';
import { initializedInterval, isJobOngoing, JOB_CONNECTION_LOST, JobConnectionLostError, newestStatusOptions, serverJobKeys, useNewestStatus } from '@shared/ui/server-job';
import { ONGOING_MESSAGE } from '@shared/ui/server-job-banner';
import { usePreference } from '@shared/ui/use-preference';
import { listKeys, loadAll, useDevicePage } from '../api/devices';
import { assignSoftware, clearPending, createSmartGroup, initialize, SMART_GROUP_TOO_LARGE, smartGroupQuery, smartGroupTooLarge, type OnProgress } from '../api/actions';
import { COLUMNS_PREFERENCE, PAGE_SIZE_PREFERENCE, deviceColumns } from '../model/columns';
import { assignmentMessage, clearPendingMessage, httpErrorMessage, initializeMessage, type Message } from '../model/job';
import { VIEW_NOT_KNOWN, hrefOf, isPageSize, pageFromQuery, pageToQuery, resolveView } from '../model/views';

/** The Device Operations Dashboard (the route the plugin's navigator node opens). */
const DASHBOARD_PATH = '/deviceOperationsDashboard';

const MICROSERVICE_ERROR = 'Could not get connection data from microservice, response status: {{status}}.';

type Dialog = { kind: 'software'; devices: ManagedObject[] } | { kind: 'smartGroup'; devices: ManagedObject[]; selectionOnly: boolean; saving?: boolean; error?: string } | null;

/**
 * One list per view: another view (a changed day, a hand-edited or followed link while the page
 * stays) starts on its first page with nothing selected, as leaving a device list resets its
 * selection. Only the view and its day decide the list (other parameters do not reload it).
 */
export default function DevicesFromDashboardPage() {
  const { view, day } = usePlatformContext().query;
  return <DevicesFromDashboardView key={`${view ?? ''}|${day ?? ''}`} view={view} day={day} />;
}

function DevicesFromDashboardView({ view, day }: { view: string | undefined; day: string | undefined }) {
  const { t } = useTranslation();
  const ctx = usePlatformContext();
  const client = useQueryClient();
  const resolved = useMemo(() => resolveView({ ...(view !== undefined ? { view } : {}), ...(day !== undefined ? { day } : {}) }), [view, day]);
  const source = resolved?.source ?? null;
  const [savedSize, saveSize] = usePreference<number | undefined>(PAGE_SIZE_PREFERENCE, undefined);
  const [savedColumns, saveColumns, columnsPreference] = usePreference<unknown>(COLUMNS_PREFERENCE, undefined);
  // A setting the platform refused is rolled back and said, as the device lists say it (the page size stays for this visit).
  const notSaved = (text: string) => (error: Error | undefined) => {
    if (error) alerts.danger(t(text, { message: error.message }));
  };
  const pageSize = savedSize !== undefined && isPageSize(savedSize) ? savedSize : DEFAULT_PAGE_SIZE;
  // Page and page size live in the URL, as the device lists' do: Back from a device, a reload or a
  // bookmark shows the page the user left (the size chosen here stays for this visit's history).
  const { page, size: urlSize } = pageFromQuery(ctx.query);
  const size = urlSize ?? pageSize;
  const goTo = useCallback((patch: { page?: number; size?: number }) => ctx.navigate(hrefOf(ctx.path, pageToQuery(ctx.query, patch))), [ctx]);
  /** The overlay's text, and how far a server job got (spec 4: 'Operation is running on the server (done/total)'). */
  const [busy, setBusy] = useState<{ text?: string; progress?: OverlayProgress } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const openDialog = useRef<Dialog>(null);
  openDialog.current = dialog;
  const list = useDevicePage(source, size, page);
  // The page kept on screen while the next loads (placeholder) keeps the time it was fetched.
  const fetchedAt = useFetchedAt(list);
  const status = useNewestStatus();
  const ongoing = isJobOngoing(status.data);
  const columns = useMemo(() => deviceColumns(t), [t]);
  const columnConfig = useMemo(() => parseColumnConfig(savedColumns), [savedColumns]);
  const shown = useMemo(() => visibleColumns(columns, columnConfig), [columns, columnConfig]);
  const rows = list.data?.managedObjects ?? NO_ROWS;
  const total = list.data?.statistics.totalElements;
  const selection = useListSelection(rows, total, resolved?.view ?? '');
  const blockedBecause = useBulkActionBlock(ongoing, selection.count);
  // A page past the end (the view shrank under an action, a Reload or another user): its last
  // page, as the device lists do, not an empty page under a pager that reads "40–40 of 40".
  const lastPage = total !== undefined && !list.isPlaceholderData ? totalPagesOf(total, size) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) replaceHash(hrefOf(ctx.path, pageToQuery(ctx.query, { page: lastPage })));
  }, [lastPage, page, ctx.path, ctx.query]);

  const show = useCallback(
    (m: Message, dismissMs?: number | null) =>
      alerts.add(m.type, t(m.text, m.values), {
        dismissMs,
        detail: m.lines ? m.lines.map((l) => <div key={l.text}>{t(l.text, l.values)}</div>) : undefined,
      }),
    [t],
  );
  const showError = useCallback((e: unknown) => show(errorMessage(e)), [show]);
  // Reload reads the server job's state too, as the device lists' does: its banner is part of what the list shows.
  const reload = useCallback(
    () => Promise.all([client.invalidateQueries({ queryKey: listKeys.all }), client.invalidateQueries({ queryKey: serverJobKeys.newest() })]),
    [client],
  );

  /** Blocked while a job runs (a fresh look at the status), then the selected devices; null: nothing to do (said why). */
  const startAction = useCallback(async (): Promise<ManagedObject[] | null> => {
    if (!source) return null;
    // The page is blocked from the click on: on a slow network a second click (or Enter) while the
    // job's status was read started the same job twice.
    setBusy({});
    try {
      const fresh = await client.fetchQuery({ ...newestStatusOptions(), staleTime: 0 });
      if (isJobOngoing(fresh)) {
        alerts.warning(t(ONGOING_MESSAGE));
        return null;
      }
      if (!selection.allMatching) return [...selection.rows.values()];
      setBusy({ text: t('Loading selected devices') });
      return selection.ofAllMatching(await loadAll(source));
    } catch (e) {
      showError(e);
      return null;
    } finally {
      setBusy(null);
    }
  }, [source, client, selection, t, showError]);

  // A job's wait ends when the page is left during a lost connection (no poll left behind it).
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const runJob = useCallback(
    async (submitted: number, work: (onProgress: OnProgress, wanted: () => boolean) => Promise<void>) => {
      const running: OnProgress = (progress, connectionLost) =>
        setBusy({
          text: connectionLost
            ? t('The connection to the server was lost. The operation goes on on the server; waiting for the connection… ({{done}}/{{total}})', { ...progress })
            : t('Operation is running on the server ({{done}}/{{total}})', { ...progress }),
          progress,
        });
      running({ done: 0, total: submitted });
      try {
        await work(running, () => mounted.current);
        selection.clear();
      } catch (e) {
        showError(e);
      } finally {
        setBusy(null);
        void client.invalidateQueries({ queryKey: listKeys.all });
      }
    },
    [client, showError, t, selection],
  );
  const onSelectSoftware = async () => {
    const devices = await startAction();
    if (devices?.length) setDialog({ kind: 'software', devices });
  };
  const onSoftwareChosen = (devices: ManagedObject[], choice: SelectSoftwareResult | null) => {
    setDialog(null);
    if (!choice) {
      alerts.info(t('No software assigned'), { dismissMs: ALERT_DISMISS_MS });
      return;
    }
    // A dashboard list may hold several families: the dialog named the devices the choice cannot
    // apply to before OK; they are left out rather than sent to fail.
    const leftOut = new Set(devicesOutsideType(devices, choice.item.deviceType).map((d) => d.id));
    const ids = devices.filter((d) => !leftOut.has(d.id)).map((d) => d.id);
    void runJob(ids.length, async (onProgress, wanted) => {
      try {
        const counters = await assignSoftware(choice.item, ids, choice.forceInstallation, onProgress, wanted);
        const m = assignmentMessage(counters);
        show(m, m.type === 'success' ? ALERT_SUCCESS_DISMISS_MS : null);
        if (leftOut.size > 0) alerts.info(t('{{count}} devices of another type were left out.', { count: leftOut.size }), { dismissMs: ALERT_SUCCESS_DISMISS_MS });
      } catch (e) {
        if (e instanceof JobConnectionLostError) show(errorMessage(e));
        else alerts.danger(t('An unexpected error occured: {{status}}', { status: isPlatformError(e) ? e.status : e instanceof Error ? e.message : String(e) }));
      }
    });
  };
  const onClearPending = async () => {
    const devices = await startAction();
    if (!devices?.length) return;
    void runJob(devices.length, async (onProgress, wanted) => {
      show(clearPendingMessage(await clearPending(devices.map((d) => d.id), onProgress, wanted)));
    });
  };
  const onInitialize = async () => {
    const devices = await startAction();
    if (!devices?.length) return;
    void runJob(devices.length, async (onProgress, wanted) => {
      const result = await initialize(devices.map((d) => d.id), onProgress, wanted);
      // Stays until closed: it explains why the list still shows the devices as not monitored.
      show(initializeMessage(result, result.success > 0 ? await initializedInterval(devices) : undefined), null);
    });
  };
  const smartGroupSelectionOnly = selection.allMatching ? false : selection.rows.size > 0;
  // A group named by ids whose query would be too long to read back: said before anything is loaded.
  const smartGroupLimit = source ? smartGroupTooLarge(source, smartGroupSelectionOnly, smartGroupSelectionOnly ? selection.rows.size : total) : undefined;
  const onSmartGroup = async () => {
    if (!source) return;
    const selectionOnly = smartGroupSelectionOnly;
    setBusy({ text: t('Loading selected devices') });
    try {
      const devices = selectionOnly ? [...selection.rows.values()] : await loadAll(source);
      // The list may have grown since its count was read.
      const tooLarge = smartGroupTooLarge(source, selectionOnly, devices.length);
      if (tooLarge) {
        alerts.danger(t(SMART_GROUP_TOO_LARGE, tooLarge));
        return;
      }
      setDialog({ kind: 'smartGroup', devices, selectionOnly });
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  };
  /** The dialog stays open while the group is saved and says in itself why a save failed, the name kept. */
  const onSmartGroupNamed = async (devices: ManagedObject[], selectionOnly: boolean, name: string | null) => {
    if (!name || !source) return setDialog(null);
    const named = { kind: 'smartGroup' as const, devices, selectionOnly };
    setDialog({ ...named, saving: true });
    try {
      await createSmartGroup(name, smartGroupQuery(source, devices, selectionOnly));
      setDialog((d) => (d?.kind === 'smartGroup' ? null : d));
      alerts.success(t('Smart group "{{name}}" created.', { name }));
    } catch (e) {
      // Said in the dialog if it is still open (not cancelled meanwhile), else on the list.
      if (openDialog.current?.kind === 'smartGroup') {
        const m = errorMessage(e);
        setDialog({ ...named, error: t(m.text, m.values) });
      } else showError(e);
    }
  };

  if (!resolved) {
    // A bookmarked or hand-edited link: the spec's message, and the way to the dashboard whose figures open the lists.
    return (
      <div className="p-16">
        <div className="alert alert-danger" role="alert" data-testid="view-not-known">
          {t(VIEW_NOT_KNOWN)}
        </div>
        <a
          href={`#${DASHBOARD_PATH}`}
          onClick={(e) => {
            e.preventDefault();
            ctx.navigate(DASHBOARD_PATH);
          }}
          data-testid="view-not-known-back"
        >
          ← {t('Operations Dashboard')}
        </a>
      </div>
    );
  }
  const nothingSelected = selection.count === 0;
  const blocked = ongoing || busy !== null;
  return (
    <div data-testid="devices-from-dashboard" data-view={resolved.view}>
      <DeviceList
        title={t(resolved.heading, resolved.headingValues)}
        count={total === undefined ? '…' : t('{{count}} devices', { count: total })}
        jobOngoing={ongoing}
        jobStatusError={status.error}
        error={
          list.isError
            ? // Spec 8's message names an HTTP status; no answer, or one without the list, says itself.
              isPlatformError(list.error)
              ? t(MICROSERVICE_ERROR, { status: list.error.status })
              : list.error.message
            : undefined
        }
        columns={shown}
        rows={rows}
        loading={list.isPending}
        now={fetchedAt}
        total={total}
        selection={selection}
        page={page}
        pageSize={size}
        onPage={(p) => goTo({ page: p })}
        onPageSize={(s) => {
          goTo({ page: 1, size: s });
          void saveSize(s).then(notSaved('The page size could not be saved: {{message}}'));
        }}
        actions={
          <>
            <PermittedButton requires={REQUIRES.softwareAssignment} className="btn btn-link" disabled={nothingSelected || blocked} title={nothingSelected || blocked ? blockedBecause : undefined} onClick={onSelectSoftware} data-testid="action-select-software">
              <Icon name="download" /> {t('Select software')}
            </PermittedButton>
            <PermittedButton requires={REQUIRES.pendingAssignmentClear} className="btn btn-link" disabled={nothingSelected || blocked} title={nothingSelected || blocked ? blockedBecause : undefined} onClick={onClearPending} data-testid="action-clear-pending">
              <Icon name="eraser" /> {t('Clear Pending Assignments')}
            </PermittedButton>
            <PermittedButton requires={REQUIRES.deviceInitialize} className="btn btn-link" disabled={nothingSelected || blocked} title={nothingSelected || blocked ? blockedBecause : undefined} onClick={onInitialize} data-testid="action-initialize">
              <Icon name="play-circle" /> {t('Initialize not-monitored devices')}
            </PermittedButton>
            <PermittedButton
              requires={REQUIRES.inventoryCreate}
              className="btn btn-link"
              disabled={busy !== null || rows.length === 0 || !!smartGroupLimit}
              title={smartGroupLimit ? t(SMART_GROUP_TOO_LARGE, smartGroupLimit) : undefined}
              onClick={onSmartGroup}
              data-testid="action-smart-group"
            >
              <Icon name="group" /> {t('Create smart group')}
            </PermittedButton>
            <button type="button" className="btn btn-link" onClick={() => void reload()} data-testid="action-reload">
              <Icon name="refresh" /> {t('Reload')}
            </button>
            <div className="m-l-auto">
              <ColumnChooser
                columns={columns}
                config={columnConfig}
                onSave={(c: ColumnConfig[]) => void saveColumns(c).then(notSaved('The column configuration could not be saved: {{message}}'))}
                saving={columnsPreference.saving}
              />
            </div>
          </>
        }
      >
        <LoadingOverlay show={busy !== null} message={busy?.text} progress={busy?.progress} />
        {dialog?.kind === 'software' && (
          <SelectSoftwareDialog
            deviceTypes={typesForSelection([...new Set(dialog.devices.map((d) => d.type ?? ''))].filter(Boolean))}
            deviceCount={dialog.devices.length}
            devices={dialog.devices.map((d) => ({ id: d.id, name: d.name, type: d.type }))}
            queryKey={[...listKeys.all, 'software']}
            storageColumn={false}
            onClose={(r) => onSoftwareChosen(dialog.devices, r)}
          />
        )}
        {dialog?.kind === 'smartGroup' && source && (
          <SmartGroupDialog
            query={smartGroupQuery(source, dialog.devices, dialog.selectionOnly)}
            deviceCount={dialog.devices.length}
            saving={dialog.saving}
            error={dialog.error}
            onClose={(name) => void onSmartGroupNamed(dialog.devices, dialog.selectionOnly, name)}
          />
        )}
      </DeviceList>
    </div>
  );
}

const NO_ROWS: ManagedObject[] = [];

/**
 * A failed request as the page says it: a refusal by its status; a job whose status could not be
 * read for lack of connection as a warning (it goes on on the server); anything else by its
 * message (the client's is in the user's language), not as a status 0.
 */
const errorMessage = (e: unknown): Message =>
  isPlatformError(e)
    ? httpErrorMessage(e.status, e.statusText)
    : e instanceof JobConnectionLostError
      ? { type: 'warning', text: JOB_CONNECTION_LOST }
      : { type: 'danger', text: 'Error: {{message}}', values: { message: e instanceof Error ? e.message : String(e) } };
