/**
 * Device Control tab (spec 2): online/offline, restart agent, restart IoTconnector (from agent
 * 0.4.0), the restart status messages, and the Start Replacement Process action composed in by
 * the page. Restart operations are followed through realtime on /operations/{deviceId}.
 */
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Operation } from '@shared/platform/operations';
import type { Device } from '@shared/plugin-api/types';
import { REQUIRES } from '@shared/plugin-api/roles';
import { PermittedButton } from '@shared/ui/permission';
import { focusFellToPage } from '@shared/ui/keep-focus';
import { ReloadButton } from '@shared/ui/reload-button';
import { sendStatus, type SendStatus } from '@shared/domain/availability';
import { MIN_AGENT_VERSION_RESTART } from '@shared/domain/constants';
import { agentVersion } from '../logic/agent-version';
import { canRestart, hasRestartUi, isRestartRunning, RESTART_MESSAGES, restartKindOf, restartState, type RestartKind, type RestartState } from '../logic/restart';
import { createRestart, restartKeys, useLatestRestart } from '../api/restart';
import { useRestartState } from '../hooks/use-restart-state';
import { RealtimeStatus } from '@shared/ui/realtime-status';

export type Subscribe = <T = unknown>(channel: string, onMessage: (message: { realtimeAction: string; data: T }) => void) => () => void;

export interface DeviceControlTabProps {
  device: Device;
  alerts: { info(text: string): void; fail(error: unknown): void; clear(): void };
  subscribe: Subscribe;
  /** Start Replacement Process, composed in by the page (IoTconnectors only). */
  replacementAction?: ReactNode;
  /** Transfer configuration, composed in by the page. */
  transferAction?: ReactNode;
}

/**
 * What the status label says, in the words of the Info tab and the lists (the status codes'
 * texts: Online, Offline, ...): a device that is not monitored (or of unknown status) is not known
 * to be offline.
 */
const STATUS_LABEL: Record<SendStatus, [text: string, className: string]> = {
  AVAILABLE: ['AVAILABLE', 'label-success'],
  UNAVAILABLE: ['UNAVAILABLE', 'label-danger'],
  MAINTENANCE: ['MAINTENANCE', 'label-warning'],
  NOT_MONITORED: ['NOT_MONITORED', 'label-default'],
  UNKNOWN: ['UNKNOWN', 'label-default'],
};

/** Why restarts wait after the newest restarts could not be read (one may still be running). */
const RESTARTS_UNREAD = 'The last restarts could not be read, so a restart may still be running. Reload to try again.';

const RESTART_NEEDS_ONLINE = 'A restart needs the device to be online.';
const RESTART_RUNNING = 'A restart is still running.';
/** A restart found running when the user asked for one (started elsewhere since the tab read them). */
const RESTART_ALREADY_RUNNING = 'A restart was already started (another user may have started it): no second one was sent.';
const RESTARTS_LOADING = 'The last restarts are being read.';

const KINDS: readonly RestartKind[] = ['agent', 'iotconnector'];
const LABEL: Record<RestartKind, string> = { agent: 'Restart agent', iotconnector: 'Restart IoTconnector' };

function StatusMessage({ state, op, focusRef }: { state: RestartState | undefined; op: Operation | null | undefined; focusRef: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  if (!state) return null;
  if (state === 'FAILED') {
    return (
      <div className="alert alert-danger" role="status" data-testid="restart-status" ref={focusRef} tabIndex={-1}>
        {op?.failureReason ?? t('FAILED')}
      </div>
    );
  }
  const kind = state === 'SUCCESSFUL' ? 'success' : state === 'TIMED_OUT' ? 'warning' : 'info';
  // A status the spec has no message for (another platform version's) is named as it came.
  const known = Object.hasOwn(RESTART_MESSAGES, state);
  return (
    // A status region: each change of the restart's state is read out, not only the first.
    <div className={`alert alert-${kind}`} role="status" data-testid="restart-status" data-state={state} ref={focusRef} tabIndex={-1}>
      {known ? t(RESTART_MESSAGES[state as keyof typeof RESTART_MESSAGES]) : t('Restart operation status: {{status}}', { status: state })}
    </div>
  );
}

export function DeviceControlTab({ device, alerts, subscribe, replacementAction, transferAction }: DeviceControlTabProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const restartUi = hasRestartUi(agentVersion(device));
  // A device in maintenance or not monitored does not take a restart, whatever status it last had.
  const send = sendStatus(device);
  const online = send === 'AVAILABLE';
  const agentOp = useLatestRestart(device.id, 'agent', restartUi);
  const netboxOp = useLatestRestart(device.id, 'iotconnector', restartUi);
  const ops: Record<RestartKind, Operation | null | undefined> = { agent: agentOp.data, iotconnector: netboxOp.data };
  const states: Record<RestartKind, RestartState | undefined> = {
    agent: useRestartState(ops.agent ?? undefined, 'agent'),
    iotconnector: useRestartState(ops.iotconnector ?? undefined, 'iotconnector'),
  };
  const [sending, setSending] = useState<RestartKind | null>(null);
  // The restart button a user pressed is disabled while the restart runs, so keyboard focus would
  // fall to the page: the restart's status message takes it once it shows.
  const statusEls = useRef<Record<RestartKind, HTMLDivElement | null>>({ agent: null, iotconnector: null });
  const focusStatusOf = useRef<RestartKind | null>(null);
  // Not before the newest restarts are known: one may still be pending. A read that failed
  // leaves that unknown, so restarts wait for a Reload that succeeds.
  const known = agentOp.isSuccess && netboxOp.isSuccess;
  const unread = restartUi && (agentOp.isError || netboxOp.isError);
  const enabled = known && canRestart(online, Object.values(states)) && sending === null;
  // Why the restarts are off, on the buttons (the restart's own message says it while one runs).
  const offReason = unread
    ? RESTARTS_UNREAD
    : !online
      ? RESTART_NEEDS_ONLINE
      : Object.values(states).some(isRestartRunning)
        ? RESTART_RUNNING
        : !known
          ? RESTARTS_LOADING
          : undefined;
  const reloadRestarts = () => void Promise.all([agentOp.refetch(), netboxOp.refetch()]);

  useEffect(() => {
    if (!restartUi) return undefined;
    return subscribe<Operation>(`/operations/${device.id}`, (msg) => {
      const op = msg.data;
      const kind = op && restartKindOf(op);
      if (!kind || msg.realtimeAction === 'DELETE') return;
      // A load still running would overwrite the pushed state with an older one.
      void queryClient.cancelQueries({ queryKey: restartKeys.latest(device.id, kind) });
      queryClient.setQueryData(restartKeys.latest(device.id, kind), (old: Operation | null | undefined) =>
        // A newer restart replaces the shown one; an update of the shown one refreshes it.
        !old || old.id === op.id || Date.parse(op.creationTime ?? '') >= Date.parse(old.creationTime ?? '') ? { ...old, ...op } : old,
      );
    });
  }, [device.id, restartUi, subscribe, queryClient]);

  const { agent: agentState, iotconnector: netboxState } = states;
  useEffect(() => {
    const kind = focusStatusOf.current;
    if (!kind || sending !== null || !(kind === 'agent' ? agentState : netboxState)) return;
    focusStatusOf.current = null;
    if (focusFellToPage()) statusEls.current[kind]?.focus();
  }, [agentState, netboxState, sending]);

  useEffect(() => {
    const error = agentOp.error ?? netboxOp.error;
    if (error) alerts.fail(error);
  }, [agentOp.error, netboxOp.error, alerts]);

  const restart = async (kind: RestartKind) => {
    setSending(kind);
    try {
      // Another user (or tab) may have started a restart since this tab read them, and its push may
      // not have arrived: read the newest again, and send no second restart while one runs.
      const [agentNow, netboxNow] = await Promise.all([agentOp.refetch(), netboxOp.refetch()]);
      // A failed read shows as its error (restarts wait for a Reload).
      if (agentNow.isError || netboxNow.isError) return;
      const now = Date.now();
      const running = ([['agent', agentNow.data], ['iotconnector', netboxNow.data]] as const).find(([k, op]) => op && isRestartRunning(restartState(op, k, now)));
      if (running) {
        focusStatusOf.current = running[0];
        alerts.info(t(RESTART_ALREADY_RUNNING));
        return;
      }
      const op = await createRestart(device.id, kind);
      focusStatusOf.current = kind;
      queryClient.setQueryData(restartKeys.latest(device.id, kind), op);
    } catch (e) {
      alerts.fail(e);
    } finally {
      setSending(null);
    }
  };

  return (
    <div className="content-fullpage" data-testid="device-control-tab">
      <div className="card">
        <div className="card-header separator">
          <h4 className="card-title">{t('Device Control')}</h4>
          <div className="m-l-auto d-flex a-i-center gap-8">
            <RealtimeStatus />
            {unread && <ReloadButton onClick={reloadRestarts} fetching={agentOp.isFetching || netboxOp.isFetching} />}
          </div>
        </div>
        <div className="card-block">
          <p>
            {t('Status')}:{' '}
            <span className={`label ${STATUS_LABEL[send][1]}`} data-testid="online-status">
              {t(STATUS_LABEL[send][0])}
            </span>
          </p>
          {/* Without the restart UI (spec 9: agent 0.4.0) the tab says why the restarts are missing. */}
          {!restartUi && (
            <p className="text-muted" data-testid="restart-needs-version">
              {t('Restarts need agent version {{min}} or higher; this device has {{version}}.', { min: MIN_AGENT_VERSION_RESTART, version: agentVersion(device) ?? '-' })}
            </p>
          )}
          {restartUi &&
            KINDS.map((kind) => (
              <div key={kind} style={{ marginBottom: 12 }} data-testid={`restart-${kind}`}>
                <PermittedButton requires={REQUIRES.operationCreate} className="btn btn-default" disabled={!enabled}
                  title={offReason && t(offReason)}
                  onClick={() => void restart(kind)}
                >
                  <i className="dlt-c8y-icon-refresh" /> {t(LABEL[kind])}
                </PermittedButton>
                <div style={{ marginTop: 8 }}>
                  <StatusMessage state={states[kind]} op={ops[kind]} focusRef={(el) => void (statusEls.current[kind] = el)} />
                </div>
              </div>
            ))}
          <div style={{ display: 'flex', gap: 8 }}>
            {replacementAction}
            {transferAction}
          </div>
        </div>
      </div>
    </div>
  );
}
