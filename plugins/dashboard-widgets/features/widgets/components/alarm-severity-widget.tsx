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

/**
 * The total's size follows the widget's width (at most the h1 it was): in a quarter-width card at
 * 1280 px a five-digit total at full size left no room for the categories beside it. Never below
 * 24 px: the large-text size at which the severity colours (major's orange 3.06:1 on white) pass
 * WCAG's contrast (1.5rem is 22.5 px under the platform's 15 px root).
 */
const TOTAL_FONT_SIZE = 'clamp(24px, 12cqi, 2.25rem)';
/** A part of the row: it starts at its narrowest (so the row wraps only when that does not fit) and grows. */
const SHRINK_TO_FIT = { flex: '1 1 min-content', minWidth: 'min-content' } as const;
/**
 * The categories keep their narrowest and leave the room to the total: sharing it equally left the
 * total's side 1 px short of icon and total in one line for a two-digit major total at 1280 px, so
 * that one card of four showed its icon above the total. Centred when they wrap under the total.
 */
const CATEGORIES_FIT = { flex: '0 1 min-content', minWidth: 'min-content', marginBlock: 0, marginInline: 'auto' } as const;

export default function AlarmSeverityWidget({ widget }: { widget?: WidgetInstanceProps }) {
  const { t } = useTranslation();
  const severity = viewOf(widget?.config ?? {}, viewNames(ALARM_SEVERITY_VIEWS)) ?? 'critical';
  const query = useAlarmCount(severity);
  const color = CHART_COLORS[severity];
  return (
    // The widget's width sizes its total (TOTAL_FONT_SIZE).
    <div data-testid="widget-alarm-severity" data-view={severity} style={{ containerType: 'inline-size' }}>
      <WidgetState queries={[query]}>
        {() => (
          // Total and categories side by side from their narrowest (a long severity name wraps under the
          // total), the categories below only when even that does not fit: a 7-digit total or 'Weniger
          // wichtig' in a quarter-width card pushed them past the card's edge, their counts out of sight.
          <div className="d-flex a-i-center" style={{ flexWrap: 'wrap', rowGap: 8 }} data-testid="alarm-severity-figures">
            <div className="text-center p-r-16" style={SHRINK_TO_FIT}>
              {/*
                The icon beside the total where it fits (above it, a severity name on two lines,
                'Weniger wichtig', pushed the last category out of a figure card at 1280 px), above
                it where the total is too wide (a five-digit total keeps its categories beside it).
              */}
              <div className="d-flex a-i-center j-c-center" style={{ columnGap: 8, flexWrap: 'wrap' }}>
                {/* In the severity's colour, as the figure and the top alarm list's icons (it was black). */}
                <span style={{ color }} data-testid="severity-icon">
                  <Icon name={SEVERITY_ICON[severity]} className="icon-2x" />
                </span>
                <FigureLink to={alarmDetailsLink(severity)} className="h1 d-block m-0" label={t(ALARM_SEVERITY_VIEWS[severity])} testId="figure-total">
                  <span style={{ color, fontSize: TOTAL_FONT_SIZE }} data-testid="total-figure">
                    {query.data!.total}
                  </span>
                </FigureLink>
              </div>
              <small className="text-muted">{t(ALARM_SEVERITY_VIEWS[severity])}</small>
            </div>
            <ul className="list-unstyled" style={CATEGORIES_FIT}>
              {CATEGORIES.map((c) => (
                <li key={c.field} className="d-flex j-c-between" style={{ columnGap: 8 }}>
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
