/** One alarm: acknowledge / clear, expandable details and change log. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alarm, AlarmStatus } from '@shared/platform/alarms';
import { REQUIRES } from '@shared/plugin-api/roles';
import { PermittedButton } from '@shared/ui/permission';
import { canAcknowledge, canClear, changeLogFrom, type AlarmChange } from '../logic/alarms';
import { useChangeLog } from '../api/alarms';
import { formatDateTime } from '@shared/domain/formats';
import { DeviceLink } from '@shared/ui/device-link';

export interface AlarmItemProps {
  alarm: Alarm;
  busy: boolean;
  /** Absent in read-only lists and for users who may not change alarms. */
  onStatus?: (alarm: Alarm, status: AlarmStatus) => void;
  smartRuleAction?: (alarm: Alarm) => React.ReactNode;
}


/** A change as the platform words it: a status change in the user's language, other attributes as they are. */
function changeText(c: AlarmChange, t: (key: string, values?: Record<string, string>) => string): string {
  if (c.attribute === 'status') return t('Alarm status changed from {{previousValue}} to {{newValue}}', { previousValue: t(c.previousValue), newValue: t(c.newValue) });
  return `${c.attribute}: ${c.previousValue} → ${c.newValue}`;
}

export function AlarmItem({ alarm, busy, onStatus, smartRuleAction }: AlarmItemProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const log = useChangeLog(alarm, open);
  const entries = open && log.data ? changeLogFrom(log.data, alarm) : [];
  // Each row's Details, Acknowledge and Clear alarm say which alarm they act on (a screen reader read
  // the same bare name for every row): the alarm's text describes them.
  const textId = useId();
  return (
    <li className="list-group-item" data-testid="alarm-item" data-alarm-id={alarm.id} data-status={alarm.status}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <button type="button" className="btn btn-link btn-xs" aria-expanded={open} aria-label={t('Details')} aria-describedby={textId} onClick={() => setOpen(!open)}>
          <i className={open ? 'dlt-c8y-icon-chevron-down' : 'dlt-c8y-icon-chevron-right'} />
        </button>
        {/* Named, on hover and for a screen reader: a bare number before the alarm's text said nothing. */}
        <span className="badge" title={`${t('Count')}: ${alarm.count}`} data-testid="alarm-count">
          <span aria-hidden="true">{alarm.count}</span>
          <span className="sr-only">{`${t('Count')}: ${alarm.count}`}</span>
        </span>
        {/* Breaks anywhere: a long name or text without spaces would push the buttons out of the card. */}
        <span style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="alarm-summary">
          <strong id={textId}>{alarm.text}</strong>
          <br />
          <small className="text-muted">
            <DeviceLink id={alarm.source.id} name={alarm.source.name} /> · {formatDateTime(alarm.time)} · {t(alarm.status)}
          </small>
        </span>
        {onStatus && canAcknowledge(alarm) && (
          <PermittedButton requires={REQUIRES.alarmUpdate} className="btn btn-default btn-xs" disabled={busy} aria-describedby={textId} data-status-action="ACKNOWLEDGED" onClick={() => onStatus(alarm, 'ACKNOWLEDGED')}>
            {t('Acknowledge')}
          </PermittedButton>
        )}
        {onStatus && canClear(alarm) && (
          <PermittedButton requires={REQUIRES.alarmUpdate} className="btn btn-default btn-xs" disabled={busy} aria-describedby={textId} data-status-action="CLEARED" onClick={() => onStatus(alarm, 'CLEARED')}>
            {t('Clear alarm')}
          </PermittedButton>
        )}
        {smartRuleAction?.(alarm)}
      </div>
      {open && (
        <div style={{ marginTop: 8 }} data-testid="alarm-details">
          <dl className="dl-horizontal">
            <dt>{t('Type')}</dt>
            <dd>{alarm.type}</dd>
            <dt>{t('Severity')}</dt>
            <dd>{t(alarm.severity)}</dd>
            <dt>{t('Status')}</dt>
            <dd>{t(alarm.status)}</dd>
            <dt>{t('Count')}</dt>
            <dd>{alarm.count}</dd>
            <dt>{t('First occurrence')}</dt>
            <dd>{formatDateTime(alarm.firstOccurrenceTime)}</dd>
            <dt>{t('Last occurrence')}</dt>
            <dd>{formatDateTime(alarm.time)}</dd>
            <dt>{t('Device')}</dt>
            <dd>
              <DeviceLink id={alarm.source.id} name={alarm.source.name} />
            </dd>
          </dl>
          <h5>{t('Change log')}</h5>
          {log.isError ? (
            <p className="text-danger" role="alert" data-testid="alarm-change-log-error">
              {t('The change log could not be read:')} {log.error.message}
            </p>
          ) : entries.length === 0 ? (
            <p className="text-muted">{log.isLoading ? t('Loading…') : t('No changes recorded')}</p>
          ) : (
            <ul className="list-unstyled" data-testid="alarm-change-log">
              {entries.map((e, i) => (
                <li key={i}>
                  {formatDateTime(e.time)} {e.user ? `(${e.user})` : ''} {e.changes.length ? e.changes.map((c) => changeText(c, t)).join(', ') : e.text}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}
