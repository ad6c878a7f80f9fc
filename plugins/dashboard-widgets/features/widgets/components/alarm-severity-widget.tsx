/** Alarm severity: the total of one severity with links per category (spec 2 "Widgets"). */
import React from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetInstanceProps } from '@shared/plugin-api/types';
import { CHART_COLORS } from '@shared/ui/chart-format';
import { Icon } from '@shared/ui/icon';
import type { AlarmCount } from '@shared/platform/operation-dashboard';
import { useAlarmCount } from '../api/dashboard';
import { viewOf } from '../model/config';
import { ALARM_SEVERITY_VIEWS, alarmDetailsLink, viewNames, type AlarmCategoryLink } from '../model/views';
import { SEVERITY_ICON } from './severity';
import { FigureLink, WidgetState } from './widget-state';

/** 'Health' is the connectivity figure; its list takes the category 'health'. */
const CATEGORIES: { field: keyof AlarmCount; label: string; category: AlarmCategoryLink }[] = [
  { field: 'software', label: 'software', category: 'software' },
  { field: 'connectivity', label: 'Health', category: 'health' },
  { field: 'services', label: 'services', category: 'services' },
  { field: 'others', label: 'others', category: 'others' },
];

export default function AlarmSeverityWidget({ widget }: { widget?: WidgetInstanceProps }) {
  const { t } = useTranslation();
  const severity = viewOf(widget?.config ?? {}, viewNames(ALARM_SEVERITY_VIEWS)) ?? 'critical';
  const query = useAlarmCount(severity);
  const color = CHART_COLORS[severity];
  return (
    <div data-testid="widget-alarm-severity" data-view={severity}>
      <WidgetState queries={[query]}>
        {() => (
          <div className="d-flex a-i-center">
            <div className="text-center p-r-16">
              {/* In the severity's colour, as the figure below and the top alarm list's icons (it was black). */}
              <span style={{ color }} data-testid="severity-icon">
                <Icon name={SEVERITY_ICON[severity]} className="icon-2x" />
              </span>
              <FigureLink to={alarmDetailsLink(severity)} className="h1 d-block m-0" label={t(ALARM_SEVERITY_VIEWS[severity])} testId="figure-total">
                <span style={{ color }}>{query.data!.total}</span>
              </FigureLink>
              <small className="text-muted">{t(ALARM_SEVERITY_VIEWS[severity])}</small>
            </div>
            <ul className="list-unstyled flex-grow m-0">
              {CATEGORIES.map((c) => (
                <li key={c.field} className="d-flex j-c-between">
                  <span>{t(c.label)}</span>
                  <FigureLink to={alarmDetailsLink(severity, c.category)} label={`${t(ALARM_SEVERITY_VIEWS[severity])} ${t(c.label)}`} testId={`category-${c.category}`}>
                    <strong>{query.data![c.field]}</strong>
                  </FigureLink>
                </li>
              ))}
            </ul>
          </div>
        )}
      </WidgetState>
    </div>
  );
}
