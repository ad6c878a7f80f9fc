import React, { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtime, useRealtimeInterrupted } from '@shared/platform/react';
import { alerts } from '@shared/ui/alerts';
import { isPlatformError } from '@shared/platform/fetch-client';
import { confirm } from '@shared/ui/confirm';
import { useFocusAfter } from '@shared/ui/focus-after';
import { focusFellToPage } from '@shared/ui/keep-focus';
import { Icon } from '@shared/ui/icon';
import { PermittedButton } from '@shared/ui/permission';
import { REQUIRES } from '@shared/plugin-api/roles';
import { formatDateTime } from '@shared/domain/formats';
import { ROLLOUT_DEFAULT_OPERATION_TIMEOUT_SECONDS } from '@shared/domain/constants';
import { msg } from '@shared/plugin-api/i18n';
import { FlipCard } from '../../../components/flip-card';
import { useCount } from '@shared/ui/use-count';
import { changeRolloutStatus, deleteRollout, rolloutKeys, storeRollout, useRolloutPolling, type Rollout } from '../api/rollouts';
import {
  allowedActions,
  batchCount,
  canDelete,
  isSettled,
  processedSum,
  progressParts,
  progressPercent,
  secondsUntil,
  shortDuration,
  totalOf,
  type CounterResult,
  type RolloutAction,
} from '../model/rollout';
import { devicesPageOf, type RolloutView } from '../model/rollout-view';
import { pauseReasonText } from '../model/failure-reason';
import { RolloutDevicesDialog } from './rollout-devices-dialog';

const STATUS_LABEL: Record<string, string> = {
  CREATED: 'label-info',
  ONGOING: 'label-primary',
  PAUSED: 'label-warning',
  COMPLETED: 'label-success',
  CANCELLED: 'label-default',
  BROKEN: 'label-danger',
  ARCHIVED: 'label-default',
};

/** The status as the badge says it (the platform's German where it has the state); an unknown one as it came. */
const STATUS_TEXT: Record<string, string> = {
  CREATED: msg('CREATED'),
  ONGOING: msg('ONGOING'),
  PAUSED: msg('PAUSED'),
  COMPLETED: msg('COMPLETED'),
  CANCELLED: msg('CANCELLED'),
  BROKEN: msg('BROKEN'),
  ARCHIVED: msg('ARCHIVED'),
};

const ACTION_LABEL: Record<RolloutAction, string> = { start: msg('Start'), pause: msg('Pause'), cancel: msg('Cancel'), archive: msg('Archive') };
const ACTION_ICON: Record<RolloutAction, string> = { start: 'play', pause: 'pause', cancel: 'stop', archive: 'archive' };

interface Props {
  rollout: Rollout;
  onReloadList: () => void;
  /** The card's counters and devices dialog as first shown (from the page's address). */
  view?: RolloutView;
  /** Each change of the counters or the devices dialog (the page keeps them in its address). */
  onViewChange?: (view: RolloutView) => void;
}

/**
 * One rollout: status, software, progress; expandable counters (polled while expanded and live
 * through realtime), the actions its status allows, and a Details back side.
 */
export function RolloutCard({ rollout: listed, onReloadList, view, onViewChange }: Props) {
  const { t } = useTranslation();
  const count = useCount();
  const queryClient = useQueryClient();
  const [expanded, setExpandedState] = useState(view?.expanded ?? false);
  const [details, setDetails] = useState(false);
  const [busy, setBusy] = useState(false);
  const [liveAt, setLiveAt] = useState<Date | null>(null);
  const [devicesOf, setDevicesOfState] = useState<CounterResult | null>(view?.expanded ? (view.devicesOf ?? null) : null);
  // The devices dialog's page is kept too: Back from a device opened on page 3, or a reload, shows page 3 again.
  const [devicesPage, setDevicesPageState] = useState(() => devicesPageOf(view?.expanded && view.devicesOf ? view : undefined));
  const setExpanded = (on: boolean) => {
    setExpandedState(on);
    onViewChange?.({ expanded: on, devicesOf: null });
  };
  const setDevicesOf = (result: CounterResult | null) => {
    setDevicesOfState(result);
    setDevicesPageState(devicesPageOf(undefined));
    onViewChange?.({ expanded, devicesOf: result });
  };
  const setDevicesPage = (page: number, pageSize: number) => {
    setDevicesPageState({ page, pageSize });
    onViewChange?.({ expanded, devicesOf, page, pageSize });
  };
  const polling = useRolloutPolling(listed.id, listed, expanded);
  const r: Rollout = expanded && polling.data ? polling.data : listed;
  const settled = isSettled(r.status);
  const now = useClock(r.status === 'ONGOING');

  // The spec's fallback: a failed poll stops polling and reloads the list.
  useEffect(() => {
    if (expanded && polling.isError) onReloadList();
  }, [expanded, polling.isError, onReloadList]);

  const interrupted = useRealtimeInterrupted();
  useRealtime<Rollout | string>(settled ? null : `/managedobjects/${listed.id}`, (message, qc) => {
    if (message.realtimeAction === 'DELETE') void qc.invalidateQueries({ queryKey: rolloutKeys.lists() });
    else if (message.realtimeAction === 'UPDATE' && typeof message.data === 'object') {
      storeRollout(qc, { ...message.data, id: listed.id });
      setLiveAt(new Date());
    }
  });

  /**
   * Keyboard focus after an action (its button is disabled while it runs, then gone with the new
   * status; the focus fell to the page): the card's next action (Start gives way to Pause, Pause to
   * Start, Cancel to Archive), else its Details; after a failure the pressed action again. A card
   * that leaves the list (archived while archived ones are hidden) passes it to the next card, else
   * the previous one, else 'Show archived' (Reload is disabled then, refetching the list).
   */
  const cardRef = useRef<HTMLDivElement>(null);
  const focusAfter = useFocusAfter();
  const pendingFocus = useRef<{ from: string; action: RolloutAction; failed: boolean; elsewhere: HTMLElement | null } | null>(null);
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || busy || (!pending.failed && r.status === pending.from)) return;
    pendingFocus.current = null;
    const card = cardRef.current;
    const again = pending.failed ? card?.querySelector<HTMLElement>(`[data-face="front"] [data-testid="rollout-${pending.action}"]`) : null;
    focusAfter(again ?? cardControl(card), cardControl(card));
  }, [busy, r.status, focusAfter]);
  useEffect(
    () => () => {
      const elsewhere = pendingFocus.current?.elsewhere;
      if (elsewhere?.isConnected && focusFellToPage()) elsewhere.focus();
    },
    [],
  );

  const act = async (action: RolloutAction) => {
    if (action === 'cancel') {
      const ok = await confirm({
        title: t('Cancel software rollout?'),
        body: t('Do you really want to cancel the software rollout "{{name}}"? Devices not sent yet get nothing; operations the devices have not started are cancelled. This cannot be undone.', {
          name: r.name ?? r.software?.name,
        }),
        okLabel: t('Cancel rollout'),
        // Only a running rollout keeps running; a created or paused one stays as it is.
        cancelLabel: r.status === 'ONGOING' ? t('Keep running') : t('Keep rollout'),
        okClass: 'btn-danger',
      });
      if (!ok) return;
    }
    const cell = cardRef.current;
    // Where the focus goes should this card leave the list: chosen now, while its neighbours are known.
    const elsewhere = cardControl(cell?.nextElementSibling) ?? cardControl(cell?.previousElementSibling) ?? document.querySelector<HTMLElement>('[data-testid="show-archived"] input');
    pendingFocus.current = { from: r.status, action, failed: false, elsewhere };
    setBusy(true);
    try {
      const updated = await changeRolloutStatus(r.id, action);
      if (updated) storeRollout(queryClient, updated as Rollout);
      void queryClient.invalidateQueries({ queryKey: rolloutKeys.all });
    } catch (e) {
      if (pendingFocus.current) pendingFocus.current.failed = true;
      alerts.danger(t('The software rollout status could not be changed.'), { detail: meanwhile(e, r, t) });
      onReloadList();
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    const ok = await confirm({
      title: t('Confirm delete?'),
      body: t('Do you really want to delete the software rollout of "{{name}}"?', { name: r.name ?? r.software?.name }),
      okLabel: t('Delete'),
      cancelLabel: t('Cancel'),
      okClass: 'btn-danger',
    });
    if (!ok) return;
    // The card's actions wait for the delete (a second Delete on a slow network was refused as not found).
    setBusy(true);
    try {
      await deleteRollout(r.id);
      alerts.success(t('Software rollout successfully deleted'));
    } catch (e) {
      alerts.danger(t('The software rollout could not be deleted.'), { detail: meanwhile(e, r, t) });
    } finally {
      setBusy(false);
    }
    onReloadList();
  };

  const total = totalOf(r);
  const processed = processedSum(r.counters);
  const percent = progressPercent(r);
  const parts = progressParts(r);
  const progress = r.progress;
  const nextBatchIn = r.status === 'ONGOING' ? secondsUntil(progress?.nextBatchTime, now) : null;
  const endsIn = r.status === 'ONGOING' ? secondsUntil(progress?.estimatedEndTime, now) : null;
  const face: React.CSSProperties = { marginBottom: 0, height: '100%' };
  const pause = r.pauseReason ? pauseReasonText(r.pauseReason, t) : null;

  const header = (
    <div className="card-header separator d-flex a-i-center" style={{ gap: 8 }}>
      <Icon name="rocket" />
      <h4 className="card-title text-truncate" style={{ flex: 1 }} title={r.name}>
        {r.name ?? r.software?.name}
      </h4>
      <span className={`label ${STATUS_LABEL[r.status] ?? 'label-default'}`} data-testid="rollout-status">
        {STATUS_TEXT[r.status] ? t(STATUS_TEXT[r.status]) : r.status}
      </span>
    </div>
  );

  const p = r.rolloutParameters;
  const back = () => (
      <div className="card" style={face} data-testid="rollout-back-side">
        {header}
        <div className="card-block" data-testid="rollout-details">
          <dl className="m-0" style={FACTS} data-testid="rollout-facts">
            <dt>{t('Software')}</dt>
            <dd>
              {r.software?.name} {r.software?.version}
            </dd>
            <dt>{t('Devices')}</dt>
            <dd>{count(total)}</dd>
            <dt>{t('Batch size')}</dt>
            <dd data-testid="detail-batch-size">{p?.batchSize !== undefined ? count(p.batchSize) : '-'}</dd>
            <dt>{t('Batch delay')}</dt>
            <dd>{p ? t('{{seconds}} s', { seconds: p.batchGapSeconds }) : '-'}</dd>
            <dt>{t('Batches')}</dt>
            <dd>{batchCount(r) ? count(batchCount(r)) : '-'}</dd>
            <dt>{t('Pause limits')}</dt>
            <dd>{p?.automaticPauseLimits?.length ? p.automaticPauseLimits.join(', ') : t('none')}</dd>
            <dt>{t('Error threshold')}</dt>
            <dd data-testid="detail-error-threshold">{p?.errorThresholdPercent ? `${p.errorThresholdPercent} %` : t('none')}</dd>
            <dt>{t('Operation time-out')}</dt>
            {/* A rollout made without one runs with the default (the engine's), so that is what it says. */}
            <dd data-testid="detail-timeout">{shortDuration(p?.operationTimeoutSeconds || ROLLOUT_DEFAULT_OPERATION_TIMEOUT_SECONDS)}</dd>
            <dt>{t('Force installation')}</dt>
            <dd>{r.forceInstallation ? t('yes') : t('no')}</dd>
            <dt>{t('Created')}</dt>
            <dd>{r.creationTime ? formatDateTime(r.creationTime) : '-'}</dd>
            <dt>{t('Finished')}</dt>
            <dd>{r.finishedTime ? formatDateTime(r.finishedTime) : '-'}</dd>
          </dl>
        </div>
        <div className="card-footer separator text-right">
          <button type="button" className="btn btn-default btn-sm" onClick={() => setDetails(false)} data-testid="rollout-back">
            <Icon name="chevron-left" /> {t('Back')}
          </button>
        </div>
      </div>
  );

  const front = (
    <div className="card" style={face} data-status={r.status}>
      {header}
      <div className="card-block">
        <p className="m-b-8">
          <span className="text-muted">{t('Software')}: </span>
          <strong>
            {r.software?.name} {r.software?.version}
          </strong>
        </p>
        <div
          className="progress m-b-4"
          style={{ height: 10, display: 'flex' }}
          role="progressbar"
          aria-label={t('Progress')}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuetext={t('{{processed, number}} of {{total, number}} devices processed', { processed, total, count: total })}
          data-testid="rollout-progress-bar"
        >
          <Part className="progress-bar-success" width={parts.success} title={t('Success')} testId="success" />
          <Part className="progress-bar-danger" width={parts.failed} title={t('Failed')} testId="failed" />
          <Part className="progress-bar-default" width={parts.disabled} title={t('Disabled')} testId="disabled" style={{ background: '#9e9e9e' }} />
          <Part className="progress-bar-info progress-bar-striped" width={parts.waiting} title={t('Waiting for the device')} testId="waiting" />
        </div>
        <p className="small text-muted m-b-4" data-testid="rollout-progress">
          {t('{{processed, number}} of {{total, number}} devices processed', { processed, total, count: total })}
          {(r.counters?.waiting ?? 0) > 0 && <> · {t('{{n, number}} waiting', { n: r.counters?.waiting ?? 0 })}</>}
          {/* Not "live" while realtime is interrupted (the page's toolbar says so). */}
          {liveAt && !settled && !interrupted && (
            <span className="m-l-8 text-success" title={formatDateTime(liveAt.toISOString())} data-testid="rollout-live">
              <Icon name="circle" /> {t('live')}
            </span>
          )}
        </p>
        {progress && progress.batches > 0 && (
          <p className="small m-b-4" data-testid="rollout-batches">
            <span data-testid="rollout-batch">{t('Batch {{batch, number}} of {{batches, number}}', { batch: progress.batch, batches: progress.batches })}</span>
            {nextBatchIn !== null && (
              <span data-testid="rollout-next-batch">
                {' · '}
                {t('next batch in {{duration}}', { duration: shortDuration(nextBatchIn) })}
              </span>
            )}
            {endsIn !== null && progress.estimatedEndTime && (
              <span data-testid="rollout-eta" title={t('The last batch plus the operation time-out: every result is in by then.')}>
                {' · '}
                {t('done by {{time}} at the latest (in {{duration}})', { time: formatDateTime(progress.estimatedEndTime), duration: shortDuration(endsIn) })}
              </span>
            )}
          </p>
        )}
        {r.status === 'PAUSED' && pause && (
          <div className="alert alert-warning m-b-8 small" role="status" style={ALERT_IN_CARD} data-testid="rollout-pause-reason">
            <strong>{pause?.title}</strong> {pause?.text}
          </div>
        )}
        {r.status === 'BROKEN' && (
          <div className="alert alert-danger m-b-8 small" role="status" style={ALERT_IN_CARD} data-testid="rollout-broken-reason">
            <strong>{t('Broken:')}</strong>{' '}
            {r.brokenReason?.reason === 'softwareDeleted'
              ? t('the software {{software}} was deleted from the software repository while the rollout ran.', { software: `${r.software?.name ?? ''} ${r.software?.version ?? ''}`.trim() })
              : t('the rollout cannot go on (its software is no longer in the software repository).')}{' '}
            {t('Devices already sent keep their operations; nothing more is sent. To finish, add the software again and create a new rollout for the devices that did not get it, then delete this one.')}
          </div>
        )}
        <button type="button" className="btn btn-link p-0" aria-expanded={expanded} onClick={() => setExpanded(!expanded)} data-testid="rollout-expand">
          <Icon name={expanded ? 'chevron-up' : 'chevron-down'} /> {expanded ? t('Hide counters') : t('Show counters')}
        </button>
        {expanded && (
          <table className="table table-condensed m-t-8 m-b-0" data-testid="rollout-counters">
            <tbody>
              <Counter label={t('Processed')} value={processed} result="processed" strong onOpen={setDevicesOf} openLabel={t('Show the devices')} />
              <Counter label={t('Total')} value={total} testId="total" />
              <Counter label={t('Success')} value={r.counters?.success} result="success" onOpen={setDevicesOf} openLabel={t('Show the devices')} />
              <Counter label={t('Updated')} value={r.counters?.updated} result="updated" onOpen={setDevicesOf} openLabel={t('Show the devices')} />
              <Counter label={t('Up to date')} value={r.counters?.upToDate} result="upToDate" onOpen={setDevicesOf} openLabel={t('Show the devices')} />
              <Counter label={t('Failed')} value={r.counters?.failed} result="failed" onOpen={setDevicesOf} openLabel={t('Show the devices')} />
              <Counter label={t('Disabled')} value={r.counters?.disabled} result="disabled" onOpen={setDevicesOf} openLabel={t('Show the devices')} />
              <Counter label={t('Waiting for the device')} value={r.counters?.waiting} result="waiting" onOpen={setDevicesOf} openLabel={t('Show the devices')} />
              {(r.counters?.cancelled ?? 0) > 0 && <Counter label={t('Cancelled')} value={r.counters?.cancelled} result="cancelled" onOpen={setDevicesOf} openLabel={t('Show the devices')} />}
            </tbody>
          </table>
        )}
        {devicesOf && (
          <RolloutDevicesDialog
            rollout={r}
            result={devicesOf}
            page={devicesPage.page}
            pageSize={devicesPage.pageSize}
            onPageChange={setDevicesPage}
            onClose={() => setDevicesOf(null)}
          />
        )}
      </div>
      <div className="card-footer separator d-flex flex-wrap" style={{ gap: 4 }}>
        {allowedActions(r.status).map((a) => (
          <PermittedButton
            key={a}
            requires={REQUIRES.softwareRollout}
            className={`btn btn-sm ${a === 'start' ? 'btn-primary' : 'btn-default'}`}
            disabled={busy}
            onClick={() => void act(a)}
            data-testid={`rollout-${a}`}
            data-action={a}
          >
            <Icon name={ACTION_ICON[a]} /> {t(ACTION_LABEL[a])}
          </PermittedButton>
        ))}
        {/* Delete and Details stay together at the right; on a narrow card (four columns at 1920 px, German) they wrap as one. */}
        <div className="d-flex" style={{ gap: 4, marginLeft: 'auto' }} data-testid="rollout-footer-end">
          {canDelete(r.status) && (
            <PermittedButton requires={REQUIRES.softwareRollout} className="btn btn-sm btn-clean text-danger" disabled={busy} onClick={() => void remove()} title={t('Delete')} data-testid="rollout-delete">
              <Icon name="trash" /> {t('Delete')}
            </PermittedButton>
          )}
          <button type="button" className="btn btn-sm btn-default" onClick={() => setDetails(true)} data-testid="rollout-details-button">
            {t('Details')}
          </button>
        </div>
      </div>
    </div>
  );

  return (
    <div ref={cardRef} data-testid={`rollout-card-${r.id}`} data-status={r.status}>
      <FlipCard flipped={details} front={front} back={back} />
    </div>
  );
}

/**
 * A failure's detail: what another user did meanwhile (deleted the rollout: 404; changed its status
 * so the pressed action no longer applies: 409) in words, with the rollout's name; else the error's
 * own text. The list is read again after either failure.
 */
export function meanwhile(e: unknown, r: Pick<Rollout, 'name' | 'software'>, t: (key: string, options?: Record<string, unknown>) => string): string {
  const name = r.name ?? r.software?.name;
  if (isPlatformError(e) && e.status === 404) return t('The software rollout "{{name}}" no longer exists: another user deleted it.', { name });
  if (isPlatformError(e) && e.status === 409) return t('Another user changed the status of the software rollout "{{name}}" meanwhile. The list is read again: check its status.', { name });
  return e instanceof Error ? e.message : String(e);
}

/** A card's first action on its front (Start, Pause, Cancel, Archive), else its Details. */
function cardControl(card: Element | null | undefined): HTMLElement | null {
  const front = card?.querySelector('[data-face="front"]');
  return front?.querySelector<HTMLElement>('[data-action]') ?? front?.querySelector<HTMLElement>('[data-testid="rollout-details-button"]') ?? null;
}

/**
 * The details' labels as wide as their text: the theme's dl-horizontal cuts them at 160 px
 * ("Verzögerung zwische..." for "Batch delay" in German).
 */
const FACTS: React.CSSProperties = { display: 'grid', gridTemplateColumns: 'fit-content(60%) minmax(0, 1fr)', columnGap: 16, rowGap: 4 };

/** The platform's alert puts its status icon in a 44 px column of the nearest positioned box: this one, inside a card. */
const ALERT_IN_CARD: React.CSSProperties = { position: 'relative', paddingLeft: 52 };

/** The current time, once a second while `running` (the countdowns); otherwise fixed. */
function useClock(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

function Part({ className, width, title, testId, style }: { className: string; width: number; title: string; testId: string; style?: React.CSSProperties }) {
  if (width <= 0) return null;
  return <div className={`progress-bar ${className}`} title={title} data-testid={`progress-${testId}`} style={{ width: `${width}%`, transition: 'width 300ms', ...style }} />;
}

/** A link button set like the text around it: the platform's .btn brings its own font size, border, alignment and a 32 px minimum height, which made a counter's row taller and its value sit below the label. */
const LINK_IN_TEXT: React.CSSProperties = { fontSize: 'inherit', lineHeight: 'inherit', verticalAlign: 'baseline', border: 0, minHeight: 0 };

/** A counter; one with a result opens the list of its devices (result and failure reason each). */
function Counter({
  label,
  value,
  testId,
  result,
  strong,
  onOpen,
  openLabel,
}: {
  label: string;
  value: number | undefined;
  testId?: string;
  result?: CounterResult;
  strong?: boolean;
  onOpen?: (r: CounterResult) => void;
  openLabel?: string;
}) {
  const id = testId ?? result ?? label;
  const count = useCount();
  return (
    <tr>
      <th scope="row" style={{ fontWeight: strong ? 'bold' : 'normal' }}>
        {label}
      </th>
      <td className="text-right" data-testid={`counter-${id}`}>
        {result && onOpen && (value ?? 0) > 0 ? (
          <button type="button" className="btn btn-link p-0" style={LINK_IN_TEXT} onClick={() => onOpen(result)} title={openLabel} data-testid={`counter-open-${id}`}>
            {count(value ?? 0)}
          </button>
        ) : (
          count(value ?? 0)
        )}
      </td>
    </tr>
  );
}
