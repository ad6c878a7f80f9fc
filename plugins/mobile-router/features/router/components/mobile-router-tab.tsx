import React, { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDevice } from '@shared/plugin-api/context';
import { msg } from '@shared/plugin-api/i18n';
import { isPlatformError } from '@shared/platform/fetch-client';
import { useRealtimeInterrupted, useRealtimeInvalidate, useRealtimeRefused } from '@shared/platform/react';
import { RealtimeStatus } from '@shared/ui/realtime-status';
import { alerts } from '@shared/ui/alerts';
import { confirm } from '@shared/ui/confirm';
import { focusFellToPage } from '@shared/ui/keep-focus';
import { EmptyState } from '@shared/ui/empty-state';
import { PermittedButton } from '@shared/ui/permission';
import { REQUIRES } from '@shared/plugin-api/roles';
import { ReloadButton } from '@shared/ui/reload-button';
import { Spinner } from '@shared/ui/spinner';
import { formatDateTime } from '@shared/domain/formats';
import {
  ChoiceDeletedError,
  configurationsQuery,
  createRouterOperation,
  firmwareQuery,
  routerKeys,
  useLastOperations,
  useRouters,
  type InstallChoice,
} from '../api/router';
import { blockedReason, firmwareChoices, firmwareFamily, isCaughtUp, isMonitoringActive, isOutdated, newestOperation, type LastOperations, type MobileRouter, type RouterOperationKind } from '../model/router';
import { operationBanners } from '../model/banners';
import { deviceStateLabel } from '../model/states';
import { DeviceInformationCard, MobileRouterCard, NetworkStatusCard } from './router-cards';
import { SelectionModal, type SelectionItem } from './selection-modal';

/**
 * The three cards side by side where each gets this width, else two and one below: a third of the
 * tab at 1280 px split MAC addresses, firmware versions and ICCIDs over two lines.
 */
const CARD_MIN_WIDTH = 340;
const CARDS_STYLE: React.CSSProperties = { display: 'grid', gridTemplateColumns: `repeat(auto-fit, minmax(${CARD_MIN_WIDTH}px, 1fr))`, columnGap: 16, alignItems: 'start' };

/** How often 'now' moves for the monitoring and outdated rules. */
const CLOCK_TICK_MS = 15_000;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Said for a 404 of the main device (a write on it, or its read): not the server's wording. */
const DEVICE_GONE = msg('This device no longer exists: another user may have deleted it.');
const isGone = (e: unknown) => isPlatformError(e) && e.status === 404;

function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The two things the selection modal picks ('Select {objective}'). */
const OBJECTIVES = { firmware: msg('firmware'), configuration: msg('configuration') } as const;
type Picking = { objective: keyof typeof OBJECTIVES } | null;

function RouterView({ router, deviceId, supportedOperations, last, lastUnknown, lastFailed }: {
  router: MobileRouter;
  deviceId: string;
  supportedOperations: readonly string[];
  last: LastOperations;
  /** The last operations are loading or could not be loaded: whether one is pending is unknown. */
  lastUnknown: boolean;
  /** They could not be loaded: the disabled actions say so, not that the router has yet to report. */
  lastFailed: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const now = useNow();
  const [picking, setPicking] = useState<Picking>(null);
  const [busy, setBusy] = useState(false);
  useRealtimeInvalidate(`/managedobjects/${router.id}`, [routerKeys.routers(deviceId)]);
  const rootRef = useRef<HTMLDivElement>(null);
  /**
   * The action whose work just ran: its button was disabled meanwhile (and stays so until the
   * router reports), which drops the focus to the page. Once it is done (and its dialog closed)
   * the focus goes to what the action caused: its banner, else its button, else Reload.
   */
  const focusAfter = useRef<RouterOperationKind | null>(null);
  useEffect(() => {
    const kind = focusAfter.current;
    if (!kind || busy || picking) return;
    focusAfter.current = null;
    const root = rootRef.current;
    const banner = root?.querySelector<HTMLElement>(`[data-testid="banner-${kind}"]`);
    // Its button, now saying why it waits (still focusable), got the focus back from the dialog:
    // the banner takes it; without one the button keeps it.
    if (root && document.activeElement === root.querySelector(`[data-action="${kind}"][aria-disabled="true"]`)) {
      banner?.focus();
      return;
    }
    if (!focusFellToPage()) return;
    const target =
      banner ??
      root?.querySelector<HTMLElement>(`[data-action="${kind}"]:not([disabled]):not([aria-disabled="true"])`) ??
      root?.closest('[data-testid="mobile-router-tab"]')?.querySelector<HTMLElement>('[data-testid="reload"]');
    target?.focus();
  });

  const caughtUp = isCaughtUp(router, newestOperation(last), lastUnknown);
  const gate = { router, supportedOperations, caughtUp, lastFailed, now };
  /**
   * The rules as they are now, for an action confirmed or chosen in a dialog opened earlier:
   * meanwhile another user may have started an update, or the router stopped running.
   */
  const latestGate = useRef(gate);
  latestGate.current = gate;
  const reasonBlocked = (kind: RouterOperationKind) => {
    const blocked = blockedReason(kind, latestGate.current);
    if (!blocked) return undefined;
    const state = blocked.state ? t(deviceStateLabel(blocked.state) ?? blocked.state) : '-';
    return t(blocked.reason, { state });
  };
  const monitoring = isMonitoringActive(router, now);
  const firmware = useQuery({ ...firmwareQuery(), enabled: picking?.objective === 'firmware' });
  const configurations = useQuery({ ...configurationsQuery(), enabled: picking?.objective === 'configuration' });

  const refreshOperations = () => queryClient.invalidateQueries({ queryKey: routerKeys.operations(deviceId) });

  /** Creates the operation; false (the failure said) when it could not be created. */
  async function run(kind: RouterOperationKind, description: string, success: string, failure: string, choice?: InstallChoice): Promise<boolean> {
    const blocked = reasonBlocked(kind);
    if (blocked) {
      alerts.danger(`${failure}${blocked}`);
      return false;
    }
    focusAfter.current = kind;
    setBusy(true);
    try {
      await createRouterOperation(deviceId, kind, description, choice);
      alerts.success(success);
      await refreshOperations();
      return true;
    } catch (e) {
      if (e instanceof ChoiceDeletedError) {
        // The deleted entry leaves the dialog's list (no ghost row); the other choices stay.
        void queryClient.invalidateQueries({ queryKey: kind === 'UpdateFirmware' ? routerKeys.firmware() : routerKeys.configurations() });
        alerts.danger(`${failure}${t('{{name}} {{version}} is no longer in the repository: another user deleted it. The list is read again.', { name: e.choice.name, version: e.choice.version })}`);
      } else if (isGone(e)) {
        // The operation is the main device's: it is gone. The tab reads it again and says so in place.
        void queryClient.invalidateQueries({ queryKey: routerKeys.routers(deviceId) });
        alerts.danger(`${failure}${t(DEVICE_GONE)}`);
      } else alerts.danger(`${failure}${errorText(e)}`);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function restart() {
    const ok = await confirm({
      title: t('Restart Mobile Router'),
      body: t('Do you really want to restart the mobile router "{{name}}"?', { name: router.name ?? router.id }),
      okLabel: t('Restart'),
      okClass: 'btn-danger',
    });
    if (!ok) {
      alerts.info(t('Restart cancelled'));
      return;
    }
    await run('Restart', 'Restart mobile router', t('Mobile router restart triggered.'), t('Restart of mobile router could not be triggered: '));
  }

  const startMonitoring = () =>
    run('StartMonitoring', 'Start monitoring of mobile router', t('Mobile router monitoring triggered.'), t('Monitoring of mobile router could not be triggered: '));

  const items: SelectionItem[] =
    picking?.objective === 'firmware'
      ? firmwareChoices(firmware.data?.binaries ?? [], firmware.data?.repositories ?? [], router.DeviceInformation?.Firmware).map((c) => ({
          id: c.id,
          name: c.name,
          version: c.version,
        }))
      : (configurations.data ?? []).map((c) => ({ id: c.id, name: c.name ?? c.id, version: c.version }));

  const pickError = picking?.objective === 'firmware' ? firmware.error : configurations.error;
  const family = firmwareFamily(router.DeviceInformation?.Firmware);
  const firmwareEmptyText = family
    ? t('No other firmware for this router model ({{family}}) in the repositories.', { family })
    : t('The router reports no firmware version, so its model is unknown: no firmware can be offered.');

  /**
   * The dialog stays open (and cannot be dismissed) while the operation is created, and after a
   * failure, with the choice kept and the failure shown in it: only a created update closes it.
   */
  async function install(item: SelectionItem) {
    const objective = picking?.objective;
    // The item's id is the binary's or the dump's: the entry the router installs.
    const choice = { repositoryId: item.id, name: item.name, version: item.version ?? '' };
    const created =
      objective === 'firmware'
        ? await run('UpdateFirmware', `Update firmware to ${item.name} ${item.version ?? ''}`.trim(), t('Started firmware update'), t('Could not update firmware: '), choice)
        : await run('UpdateProfile', `Update configuration to ${item.name} ${item.version ?? ''}`.trim(), t('Started configuration update'), t('Could not update configuration: '), choice);
    if (created) setPicking(null);
  }

  /**
   * Disabled while another action runs, or while the rules do not allow it: then focusable, saying
   * why on hover and to screen readers (as a missing permission does).
   */
  const gated = (kind: RouterOperationKind) => ({ disabled: busy, disabledReason: reasonBlocked(kind) });

  return (
    <div ref={rootRef} data-testid="mobile-router" data-router-id={router.id}>
      <div className="action-bar m-b-16 d-flex gap-8 flex-wrap" role="toolbar" aria-label={t('Mobile router actions')}>
        {/* Every router action is an operation for the device. */}
        <PermittedButton requires={REQUIRES.operationCreate} className="btn btn-default" {...gated('Restart')} data-action="Restart" onClick={() => void restart()}>
          <i className="dlt-c8y-icon-refresh" aria-hidden="true" /> {t('Restart Mobile Router')}
        </PermittedButton>
        <PermittedButton requires={REQUIRES.operationCreate} className="btn btn-default" {...gated('UpdateFirmware')} data-action="UpdateFirmware" onClick={() => setPicking({ objective: 'firmware' })}>
          <i className="dlt-c8y-icon-electronics" aria-hidden="true" /> {t('Update firmware')}
        </PermittedButton>
        <PermittedButton requires={REQUIRES.operationCreate} className="btn btn-default" {...gated('UpdateProfile')} data-action="UpdateProfile" onClick={() => setPicking({ objective: 'configuration' })}>
          <i className="dlt-c8y-icon-cog" aria-hidden="true" /> {t('Update configuration')}
        </PermittedButton>
        {monitoring ? (
          <PermittedButton
            requires={REQUIRES.operationCreate}
            className="btn btn-default"
            disabledReason={t('Active until {{end}}', { end: formatDateTime(router.Attributes?.Monitoring?.EndAt) })}
            data-testid="monitoring-active"
          >
            <i className="dlt-c8y-icon-eye" aria-hidden="true" /> {t('Monitoring active')}
          </PermittedButton>
        ) : (
          <PermittedButton requires={REQUIRES.operationCreate} className="btn btn-default" {...gated('StartMonitoring')} data-action="StartMonitoring" onClick={() => void startMonitoring()}>
            <i className="dlt-c8y-icon-eye" aria-hidden="true" /> {t('Start monitoring')}
          </PermittedButton>
        )}
      </div>
      {isOutdated(router, now) && (
        <div className="alert alert-warning" role="status">
          {t('The shown data was updated over one hour ago.')}
        </div>
      )}
      {operationBanners(last).map((b) => (
        <div key={b.kind} className={`alert alert-${b.level}`} role={b.level === 'danger' ? 'alert' : 'status'} tabIndex={-1} data-testid={`banner-${b.kind}`}>
          {t(b.text, { reason: b.reason })}
        </div>
      ))}
      <div style={CARDS_STYLE} data-testid="router-cards">
        <MobileRouterCard router={router} now={now} />
        <NetworkStatusCard router={router} />
        <DeviceInformationCard router={router} />
      </div>
      {picking && (
        <SelectionModal
          objective={OBJECTIVES[picking.objective]}
          items={items}
          loading={picking.objective === 'firmware' ? firmware.isPending : configurations.isPending}
          error={pickError ? errorText(pickError) : null}
          emptyText={picking.objective === 'firmware' ? firmwareEmptyText : undefined}
          installing={busy}
          blocked={reasonBlocked(picking.objective === 'firmware' ? 'UpdateFirmware' : 'UpdateProfile')}
          onInstall={(item) => void install(item)}
          onCancel={() => setPicking(null)}
        />
      )}
    </div>
  );
}

/** The '{product} Connection' device tab (spec: Mobile router tab). */
export default function MobileRouterTab() {
  const { t } = useTranslation();
  const device = useDevice();
  // Without realtime (interrupted, or a channel refused) the tab reads the router and its operations
  // on an interval: the router's report that it caught up would not arrive, and the actions (plain
  // REST writes) stayed disabled until the connection came back.
  const interrupted = useRealtimeInterrupted();
  const refused = useRealtimeRefused();
  const live = !interrupted && refused.length === 0;
  const routers = useRouters(device.id, live);
  const operations = useLastOperations(device.id, live);
  const queryClient = useQueryClient();
  useRealtimeInvalidate(`/operations/${device.id}`, [routerKeys.operations(device.id)]);

  async function reload() {
    try {
      await Promise.all([
        queryClient.refetchQueries({ queryKey: routerKeys.routers(device.id) }, { throwOnError: true }),
        queryClient.refetchQueries({ queryKey: routerKeys.operations(device.id) }, { throwOnError: true }),
      ]);
    } catch (e) {
      // The failed query shows its error in the tab (below), where it stays until a Reload works:
      // an alert besides would say it twice.
      console.error('Mobile router tab: Reload failed', e);
    }
  }

  const supported = (routers.data?.device.c8y_SupportedOperations as string[] | undefined) ?? [];
  const list = routers.data?.routers ?? [];

  return (
    <div className="p-16" data-testid="mobile-router-tab">
      <div className="d-flex j-c-between a-i-center m-b-8">
        {/* The title keeps its line; a warning beside it wraps in its own room. */}
        <h4 className="text-nowrap">{t('{{product}} Connection', { product: 'adamos' })}</h4>
        <div className="d-flex a-i-center gap-8 m-l-16">
          <RealtimeStatus />
          <ReloadButton onClick={() => void reload()} fetching={routers.isFetching || operations.isFetching} />
        </div>
      </div>
      {routers.isPending ? (
        <Spinner label={t('Loading…')} />
      ) : routers.isError ? (
        <div className="alert alert-danger" role="alert" data-testid="router-error">
          {t('Could not reload mobile router: ')}
          {isGone(routers.error) ? t(DEVICE_GONE) : errorText(routers.error)}
        </div>
      ) : list.length === 0 ? (
        <EmptyState icon="wifi" title={t('No mobile router to display.')} text={t('The device might not have a mobile router.')} />
      ) : (
        <>
          {operations.isError && (
            // Without its last operations the router counts as not caught up: every action waits for a Reload that works.
            <div className="alert alert-danger" role="alert" data-testid="router-operations-error">
              {t('Could not reload mobile router: ')}
              {errorText(operations.error)}
            </div>
          )}
          {list.map((router) => (
            <RouterView
              key={router.id}
              router={router}
              deviceId={device.id}
              supportedOperations={supported}
              last={operations.data ?? {}}
              lastUnknown={operations.isPending || operations.isError}
              lastFailed={operations.isError}
            />
          ))}
        </>
      )}
    </div>
  );
}
