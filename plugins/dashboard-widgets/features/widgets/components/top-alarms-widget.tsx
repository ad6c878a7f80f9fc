/** Top alarm list: the most frequent alarm types of the last N days (spec 2 "Widgets"). */
import React from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetInstanceProps } from '@shared/plugin-api/types';
import { TOP_ALARM_COUNT } from '@shared/domain/constants';
import { Icon } from '@shared/ui/icon';
import { Spinner } from '@shared/ui/spinner';
import { useTopAlarms } from '../api/dashboard';
import { daysOf } from '../model/config';
import { severityColor, severityIcon } from './severity';
import { WidgetError } from './widget-state';

/** The product shows four sample rows before the first answer; here they are grey skeleton rows. */
const PLACEHOLDER_ROWS = 4;
const KEEP_WIDTH = { flex: '0 0 auto' } as const;

function Placeholders() {
  return (
    <ul className="list-group m-0" aria-hidden="true" data-testid="top-alarms-placeholders">
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
        <li key={i} className="list-group-item d-flex a-i-center">
          <Icon name="bell" className="text-muted m-r-8" />
          <span className="badge m-r-8">&nbsp;&nbsp;</span>
          <span className="flex-grow" style={{ height: 12, background: 'rgba(0,0,0,0.08)', borderRadius: 2 }} />
        </li>
      ))}
    </ul>
  );
}

export default function TopAlarmsWidget({ widget }: { widget?: WidgetInstanceProps }) {
  const { t } = useTranslation();
  const days = daysOf(widget?.config?.showNumberOfDaysAgo);
  // A new number of days is a new query: it starts without data, so the spinner shows again.
  const query = useTopAlarms(days);
  const items = (query.data ?? []).slice(0, TOP_ALARM_COUNT);
  return (
    <div data-testid="widget-top-alarms" aria-busy={query.isFetching}>
      <p className="text-muted small m-b-8">{t('Top {{count}} alarm types of the last {{days}} days', { count: TOP_ALARM_COUNT, days })}</p>
      {query.isError && <WidgetError error={query.error} query={query} since={query.data === undefined ? undefined : query.dataUpdatedAt} />}
      {query.isPending ? (
        <>
          {!query.isError && <Spinner />}
          <Placeholders />
        </>
      ) : query.data === undefined ? null : items.length === 0 ? (
        // Only an answer can say there are none: a failed first fetch shows its error alone.
        <p className="text-muted text-center" data-testid="top-alarms-empty">
          {t('No alarms to display.')}
        </p>
      ) : (
        <ul className="list-group m-0" data-testid="top-alarms-list">
          {items.map((a) => (
            // Compact rows: all ten fit the default card (5 grid rows) without scrolling.
            <li key={a.alarmType} className="list-group-item d-flex a-i-center" style={{ paddingTop: 4, paddingBottom: 4, minHeight: 0 }} data-testid="top-alarm">
              {/* Icon and count keep their width (the theme's badge min-width let a 7-digit count shrink under the type); the type truncates. */}
              <span style={{ color: severityColor(a.severity), ...KEEP_WIDTH }} className="m-r-8">
                <Icon name={severityIcon(a.severity)} title={t(a.severity.toLowerCase())} />
              </span>
              <span className="badge m-r-8" style={KEEP_WIDTH} title={t('Occurrences')} data-testid="top-alarm-count">
                {a.count}
              </span>
              <span className="text-truncate" style={{ minWidth: 0 }} title={a.alarmType}>
                {a.alarmType}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
