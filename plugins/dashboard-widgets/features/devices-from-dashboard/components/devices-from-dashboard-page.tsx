/**
 * /devicesFromDashboard: the devices behind a dashboard figure (spec 2), paged by the
 * operation-dashboard microservice, with the list actions and the executing-operation banner.
 */
import React, { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { usePlatformContext } from '@shared/plugin-api/context';
import { REQUIRES } from '@shared/plugin-api/roles';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, ALERT_SUCCESS_DISMISS_MS } from '@shared/domain/constants';
import { typesForSelection } from '@shared/domain/device-types';
import { isPlatformError } from '@shared/platform/fetch-client';
import type { ManagedObject } from '@shared/platform/inventory';
import { alerts } from '@shared/ui/alerts';
import { ColumnChooser, DataGrid, type ColumnConfig } from '@shared/ui/data-grid';
import { EmptyState } from '@shared/ui/empty-state';
import { Icon } from '@shared/ui/icon';
import { LoadingOverlay } from '@shared/ui/loading-overlay';
import { Pager } from '@shared/ui/pager';
import { PermittedButton } from '@shared/ui/permission';
import { SelectSoftwareDialog, type SelectSoftwareResult } from '@shared/ui/select-software-dialog';
import { Spinner } from '@shared/ui/spinner';
import { usePreference } from '@shared/ui/use-preference';
import { listKeys, loadAll, useDevicePage } from '../api/devices';
import { statusOptions, useNewestStatus } from '../api/job';
import { assignSoftware, clearPending, createSmartGroup, initialize, smartGroupQuery } from '../api/actions';
import { COLUMNS_PREFERENCE, PAGE_SIZE_PREFERENCE, deviceColumns } from '../model/columns';
import { ONGOING_MESSAGE, assignmentMessage, clearPendingMessage, httpErrorMessage, initializeMessage, isJobOngoing, type Message } from '../model/job';
import { VIEW_NOT_KNOWN, resolveView } from '../model/views';
import { SmartGroupDialog } from './smart-group-dialog';
import { useScreenReady } from '@shared/plugin-api/screen-ready';

const MICROSERVICE_ERROR = 'Could not get connection data from microservice, response status: {{status}}.';
const NO_SOFTWARE_DISMISS_MS = 5000;

type Dialog = { kind: 'software'; devices: ManagedObject[] } | { kind: 'smartGroup'; devices: ManagedObject[]; selectionOnly: boolean } | null;

export default function DevicesFromDashboardPage() {
  const { t } = useTranslation();
  const { query } = usePlatformContext();
  const client = useQueryClient();
  const resolved = useMemo(() => resolveView(query), [query.view, query.day]);
  const source = resolved?.source ?? null;

  const [savedSize, saveSize] = usePreference<number | undefined>(PAGE_SIZE_PREFERENCE, undefined);
  const [savedColumns, saveColumns] = usePreference<ColumnConfig[] | undefined>(COLUMNS_PREFERENCE, undefined);
  const pageSize = savedSize !== undefined && (PAGE_SIZE_OPTIONS as readonly number[]).includes(savedSize) ? savedSize : DEFAULT_PAGE_SIZE;
  const [localSize, setLocalSize] = useState<number | null>(null);
  const size = localSize ?? pageSize;
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Map<string, ManagedObject>>(new Map());
  const [allMatching, setAllMatching] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const list = useDevicePage(source, size, page);
  // The screen shows its data: the shell may load the plugins it deferred (a start at this route).
  useScreenReady(!list.isPending);
  const status = useNewestStatus();
  const ongoing = isJobOngoing(status.data);
  const columns = useMemo(() => deviceColumns(t), [t]);
  const rows = list.data?.managedObjects ?? [];
  const stats = list.data?.statistics;
  const total = stats?.totalElements;

  const show = useCallback(
    (m: Message, dismissMs?: number | null) =>
      alerts.add(m.type, t(m.text, m.values), {
        dismissMs,
        detail: m.lines ? m.lines.map((l) => <div key={l.text}>{t(l.text, l.values)}</div>) : undefined,
      }),
    [t],
  );
  const showError = useCallback(
    (e: unknown) => show(isPlatformError(e) ? httpErrorMessage(e.status, e.statusText) : httpErrorMessage(0, e instanceof Error ? e.message : String(e))),
    [show],
  );

  const reload = useCallback(() => client.invalidateQueries({ queryKey: listKeys.all }), [client]);

  /** Blocked while a job runs (a fresh look at the status), then the selected devices. */
  const startAction = useCallback(async (): Promise<ManagedObject[] | null> => {
    if (!source) return null;
    const fresh = await client.fetchQuery({ ...statusOptions(), staleTime: 0 }).catch(() => null);
    if (isJobOngoing(fresh)) {
      alerts.warning(t(ONGOING_MESSAGE));
      return null;
    }
    if (!allMatching) return [...selected.values()];
    setBusy(t('Loading selected devices'));
    try {
      return await loadAll(source);
    } finally {
      setBusy(null);
    }
  }, [source, client, allMatching, selected, t]);

  const runJob = useCallback(
    async (work: () => Promise<void>) => {
      setBusy(t('Operation is running on the server'));
      try {
        await work();
        setSelected(new Map());
        setAllMatching(false);
      } catch (e) {
        showError(e);
      } finally {
        setBusy(null);
        void client.invalidateQueries({ queryKey: listKeys.all });
      }
    },
    [client, showError, t],
  );

  const onSelectSoftware = async () => {
    const devices = await startAction();
    if (devices?.length) setDialog({ kind: 'software', devices });
  };
  const onSoftwareChosen = (devices: ManagedObject[], choice: SelectSoftwareResult | null) => {
    setDialog(null);
    if (!choice) {
      alerts.info(t('No software assigned'), { dismissMs: NO_SOFTWARE_DISMISS_MS });
      return;
    }
    void runJob(async () => {
      try {
        const counters = await assignSoftware(choice.item, devices.map((d) => d.id), choice.forceInstallation);
        const m = assignmentMessage(counters);
        show(m, m.type === 'success' ? ALERT_SUCCESS_DISMISS_MS : null);
      } catch (e) {
        alerts.danger(t('An unexpected error occured: {{status}}', { status: isPlatformError(e) ? e.status : e instanceof Error ? e.message : String(e) }));
      }
    });
  };
  const onClearPending = async () => {
    const devices = await startAction();
    if (!devices?.length) return;
    void runJob(async () => {
      show(clearPendingMessage(await clearPending(devices.map((d) => d.id))));
    });
  };
  const onInitialize = async () => {
    const devices = await startAction();
    if (!devices?.length) return;
    void runJob(async () => {
      show(initializeMessage(await initialize(devices.map((d) => d.id))));
    });
  };
  const onSmartGroup = async () => {
    if (!source) return;
    const selectionOnly = allMatching ? false : selected.size > 0;
    setBusy(t('Loading selected devices'));
    try {
      const devices = selectionOnly ? [...selected.values()] : await loadAll(source);
      setDialog({ kind: 'smartGroup', devices, selectionOnly });
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  };
  const onSmartGroupNamed = async (devices: ManagedObject[], selectionOnly: boolean, name: string | null) => {
    setDialog(null);
    if (!name || !source) return;
    try {
      await createSmartGroup(name, smartGroupQuery(source, devices, selectionOnly));
      alerts.success(t('Smart group "{{name}}" created.', { name }));
    } catch (e) {
      showError(e);
    }
  };

  if (!resolved) {
    return (
      <div className="alert alert-danger" role="alert" data-testid="view-not-known">
        {t(VIEW_NOT_KNOWN)}
      </div>
    );
  }

  const count = allMatching ? (total ?? rows.length) : selected.size;
  const nothingSelected = count === 0;
  const blocked = ongoing || busy !== null;

  return (
    <div data-testid="devices-from-dashboard" data-view={resolved.view}>
      <div className="action-bar d-flex a-i-center flex-wrap m-b-8" role="toolbar" aria-label={t('Actions')}>
        <h4 className="m-r-16 m-t-0 m-b-0" data-testid="list-heading">
          {t(resolved.heading, resolved.headingValues)}
        </h4>
        <PermittedButton requires={REQUIRES.softwareAssignment} className="btn btn-link" disabled={nothingSelected || blocked} onClick={onSelectSoftware} data-testid="action-select-software">
          <Icon name="download" /> {t('Select software')}
        </PermittedButton>
        <PermittedButton requires={REQUIRES.pendingAssignmentClear} className="btn btn-link" disabled={nothingSelected || blocked} onClick={onClearPending} data-testid="action-clear-pending">
          <Icon name="eraser" /> {t('Clear pending assignments')}
        </PermittedButton>
        <PermittedButton requires={REQUIRES.deviceInitialize} className="btn btn-link" disabled={nothingSelected || blocked} onClick={onInitialize} data-testid="action-initialize">
          <Icon name="play-circle" /> {t('Initialize not monitored devices')}
        </PermittedButton>
        <PermittedButton requires={REQUIRES.inventoryCreate} className="btn btn-link" disabled={busy !== null || rows.length === 0} onClick={onSmartGroup} data-testid="action-smart-group">
          <Icon name="sitemap" /> {t('Create smart group')}
        </PermittedButton>
        <button type="button" className="btn btn-link" onClick={() => void reload()} data-testid="action-reload">
          <Icon name="refresh" /> {t('Reload')}
        </button>
        <div className="m-l-auto">
          <ColumnChooser columns={columns} columnConfig={savedColumns} onChange={(c) => void saveColumns(c)} />
        </div>
      </div>
      {ongoing && (
        <div className="alert alert-warning" role="status" data-testid="executing-operation-banner">
          {t(ONGOING_MESSAGE)}
        </div>
      )}
      {list.isError && (
        <div className="alert alert-danger" role="alert" data-testid="list-error">
          {t(MICROSERVICE_ERROR, { status: isPlatformError(list.error) ? list.error.status : 0 })}
        </div>
      )}
      {list.isPending && !list.isError ? (
        <Spinner />
      ) : rows.length === 0 && !list.isError ? (
        <EmptyState icon="devices" title={t('No devices to display')} />
      ) : (
        rows.length > 0 && (
          <DataGrid<ManagedObject>
            data-testid="device-grid"
            ariaLabel={t(resolved.heading, resolved.headingValues)}
            rows={rows}
            getRowId={(d) => d.id}
            columns={columns}
            columnConfig={savedColumns}
            onColumnConfigChange={(c) => void saveColumns(c)}
            selection={{
              selectedIds: new Set(selected.keys()),
              onChange: (ids) => {
                const byId = new Map(rows.map((r) => [r.id, r]));
                const next = new Map<string, ManagedObject>();
                for (const id of ids) {
                  const row = selected.get(id) ?? byId.get(id);
                  if (row) next.set(id, row);
                }
                setSelected(next);
              },
              allMatching,
              onAllMatchingChange: setAllMatching,
              totalMatching: total,
            }}
          />
        )
      )}
      <div className="m-t-8" data-testid="list-pager">
        <Pager
          currentPage={page}
          totalPages={stats?.totalPages}
          pageSize={size}
          onPageChange={setPage}
          onPageSizeChange={(s) => {
            setLocalSize(s);
            setPage(1);
            void saveSize(s);
          }}
        />
      </div>
      <LoadingOverlay show={busy !== null} message={busy ?? undefined} />
      {dialog?.kind === 'software' && (
        <SelectSoftwareDialog
          deviceTypes={typesForSelection([...new Set(dialog.devices.map((d) => d.type ?? ''))].filter(Boolean))}
          deviceCount={dialog.devices.length}
          queryKey={[...listKeys.all, 'software']}
          storageColumn={false}
          onClose={(r) => onSoftwareChosen(dialog.devices, r)}
        />
      )}
      {dialog?.kind === 'smartGroup' && (
        <SmartGroupDialog deviceCount={dialog.devices.length} onClose={(name) => void onSmartGroupNamed(dialog.devices, dialog.selectionOnly, name)} />
      )}
    </div>
  );
}
