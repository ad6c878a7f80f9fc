import React, { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@shared/platform/react';
import { alerts } from '@shared/ui/alerts';
import { confirm } from '@shared/ui/confirm';
import { Icon } from '@shared/ui/icon';
import { PermittedButton } from '@shared/ui/permission';
import { REQUIRES } from '@shared/plugin-api/roles';
import { formatDateTime } from '@shared/domain/formats';
import { FlipCard } from '../../../components/flip-card';
import { changeRolloutStatus, deleteRollout, rolloutKeys, storeRollout, useRolloutPolling, type Rollout } from '../api/rollouts';
import { allowedActions, batchCount, canDelete, isSettled, processedSum, progressPercent, totalOf, type RolloutAction } from '../model/rollout';

const STATUS_LABEL: Record<string, string> = {
  CREATED: 'label-info',
  ONGOING: 'label-primary',
  PAUSED: 'label-warning',
  COMPLETED: 'label-success',
  CANCELLED: 'label-default',
  BROKEN: 'label-danger',
  ARCHIVED: 'label-default',
};

const ACTION_LABEL: Record<RolloutAction, string> = { start: 'Start', pause: 'Pause', cancel: 'Cancel', archive: 'Archive' };
const ACTION_ICON: Record<RolloutAction, string> = { start: 'play', pause: 'pause', cancel: 'stop', archive: 'archive' };

interface Props {
  rollout: Rollout;
  onReloadList: () => void;
}

/**
 * One rollout: status, software, progress; expandable counters (polled while expanded and live
 * through realtime), the actions its status allows, and a Details back side.
 */
export function RolloutCard({ rollout: listed, onReloadList }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState(false);
  const [details, setDetails] = useState(false);
  const [busy, setBusy] = useState(false);
  const [liveAt, setLiveAt] = useState<Date | null>(null);
  const polling = useRolloutPolling(listed.id, listed, expanded);
  const r: Rollout = expanded && polling.data ? polling.data : listed;
  const settled = isSettled(r.status);

  // The spec's fallback: a failed poll stops polling and reloads the list.
  useEffect(() => {
    if (expanded && polling.isError) onReloadList();
  }, [expanded, polling.isError, onReloadList]);

  useRealtime<Rollout | string>(settled ? null : `/managedobjects/${listed.id}`, (message, qc) => {
    if (message.realtimeAction === 'DELETE') void qc.invalidateQueries({ queryKey: rolloutKeys.lists() });
    else if (message.realtimeAction === 'UPDATE' && typeof message.data === 'object') {
      storeRollout(qc, { ...message.data, id: listed.id });
      setLiveAt(new Date());
    }
  });

  const act = async (action: RolloutAction) => {
    setBusy(true);
    try {
      const updated = await changeRolloutStatus(r.id, action);
      if (updated) storeRollout(queryClient, updated as Rollout);
      void queryClient.invalidateQueries({ queryKey: rolloutKeys.all });
    } catch (e) {
      alerts.danger(t('The software rollout status could not be changed.'), { detail: e instanceof Error ? e.message : String(e) });
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
    try {
      await deleteRollout(r.id);
      alerts.success(t('Software rollout successfully deleted'));
    } catch (e) {
      alerts.danger(t('The software rollout could not be deleted.'), { detail: e instanceof Error ? e.message : String(e) });
    }
    onReloadList();
  };

  const total = totalOf(r);
  const processed = processedSum(r.counters);
  const percent = progressPercent(r);
  const face: React.CSSProperties = { marginBottom: 0, height: '100%' };

  const header = (
    <div className="card-header separator d-flex a-i-center" style={{ gap: 8 }}>
      <Icon name="rocket" />
      <h4 className="card-title text-truncate" style={{ flex: 1 }} title={r.name}>
        {r.name ?? r.software?.name}
      </h4>
      <span className={`label ${STATUS_LABEL[r.status] ?? 'label-default'}`} data-testid="rollout-status">
        {r.status}
      </span>
    </div>
  );

  const p = r.rolloutParameters;
  const back = () => (
      <div className="card" style={face} data-testid="rollout-back-side">
        {header}
        <div className="card-block" data-testid="rollout-details">
          <dl className="dl-horizontal m-0">
            <dt>{t('Software')}</dt>
            <dd>
              {r.software?.name} {r.software?.version}
            </dd>
            <dt>{t('Devices')}</dt>
            <dd>{total}</dd>
            <dt>{t('Batch size')}</dt>
            <dd data-testid="detail-batch-size">{p?.batchSize ?? '-'}</dd>
            <dt>{t('Batch delay')}</dt>
            <dd>{p ? t('{{seconds}} s', { seconds: p.batchGapSeconds }) : '-'}</dd>
            <dt>{t('Batches')}</dt>
            <dd>{batchCount(r) || '-'}</dd>
            <dt>{t('Pause limits')}</dt>
            <dd>{p?.automaticPauseLimits?.length ? p.automaticPauseLimits.join(', ') : t('none')}</dd>
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
        <div className="progress m-b-4" style={{ height: 8 }}>
          <div
            className="progress-bar progress-bar-success"
            role="progressbar"
            aria-label={t('Progress')}
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            style={{ width: `${percent}%`, transition: 'width 300ms' }}
          />
        </div>
        <p className="small text-muted m-b-4" data-testid="rollout-progress">
          {t('{{processed}} of {{total}} devices processed', { processed, total })}
          {liveAt && !settled && (
            <span className="m-l-8 text-success" title={formatDateTime(liveAt.toISOString())} data-testid="rollout-live">
              <Icon name="circle" /> {t('live')}
            </span>
          )}
        </p>
        <button type="button" className="btn btn-link p-0" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)} data-testid="rollout-expand">
          <Icon name={expanded ? 'chevron-up' : 'chevron-down'} /> {expanded ? t('Hide counters') : t('Show counters')}
        </button>
        {expanded && (
          <table className="table table-condensed m-t-8 m-b-0" data-testid="rollout-counters">
            <tbody>
              <Counter label={t('Processed')} value={processed} testId="processed" strong />
              <Counter label={t('Total')} value={total} testId="total" />
              <Counter label={t('Success')} value={r.counters?.success} testId="success" />
              <Counter label={t('Updated')} value={r.counters?.updated} testId="updated" />
              <Counter label={t('Up to date')} value={r.counters?.upToDate} testId="upToDate" />
              <Counter label={t('Failed')} value={r.counters?.failed} testId="failed" />
              <Counter label={t('Disabled')} value={r.counters?.disabled} testId="disabled" />
            </tbody>
          </table>
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
          >
            <Icon name={ACTION_ICON[a]} /> {t(ACTION_LABEL[a])}
          </PermittedButton>
        ))}
        <div style={{ flex: 1 }} />
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
  );

  return (
    <div data-testid={`rollout-card-${r.id}`} data-status={r.status}>
      <FlipCard flipped={details} front={front} back={back} />
    </div>
  );
}

function Counter({ label, value, testId, strong }: { label: string; value: number | undefined; testId: string; strong?: boolean }) {
  return (
    <tr>
      <th scope="row" style={{ fontWeight: strong ? 'bold' : 'normal' }}>
        {label}
      </th>
      <td className="text-right" data-testid={`counter-${testId}`}>
        {value ?? 0}
      </td>
    </tr>
  );
}
