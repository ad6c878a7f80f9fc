/** Alarm history: stacked bars warning, minor, major, critical over days ago (spec 2 "Widgets"). */
import React, { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetInstanceProps } from '@shared/plugin-api/types';
import { CHART_COLORS, tooltipFormatter } from '@shared/ui/chart-format';
import type { EChartsOption } from '@shared/ui/charts';
import type { AlarmHistory } from '@shared/platform/operation-dashboard';
import { useAlarmHistory } from '../api/dashboard';
import { daysOf, validateDays, toDays } from '../model/config';
import { alarmHistoryTitle, axisNumber, daysAgoAxis, daysAgoHeading, sliceDays } from '../model/figures';
import { WidgetState } from './widget-state';
import { LazyChart, useChartCode } from './lazy-chart';

/**
 * Minor's bars: a lighter orange (the platform palette's orange-60). Spec 9 makes major and minor
 * orange; one shade for both merged the two neighbouring series into one block, and their legend
 * swatches read the same.
 */
const MINOR_BAR_COLOR = '#ffc17a';

/** Bottom to top, as the product stacks them. */
const SERIES = [
  { key: 'warningAlarmHistory', label: 'warning', color: CHART_COLORS.warning },
  { key: 'minorAlarmHistory', label: 'minor', color: MINOR_BAR_COLOR },
  { key: 'majorAlarmHistory', label: 'major', color: CHART_COLORS.major },
  { key: 'criticalAlarmHistory', label: 'critical', color: CHART_COLORS.critical },
] as const;

function Bars({ attrs, days }: { attrs: AlarmHistory['attrs']; days: number }) {
  const { t, i18n } = useTranslation();
  // attrs keeps its identity while the data is unchanged (the query cache shares equal data).
  const lists = useMemo(() => SERIES.map((s) => [...sliceDays(attrs[s.key], days)].reverse()), [attrs, days]);
  const option = useMemo<EChartsOption>(() => {
    const axis = daysAgoAxis(Math.max(0, ...lists.map((l) => l.length)));
    return {
      grid: { left: 40, right: 8, top: 32, bottom: 40 },
      // One row, paged where the widget is too narrow: a wrapped second row lay over the bars.
      legend: { top: 0, type: 'scroll' },
      tooltip: { trigger: 'axis', formatter: tooltipFormatter(undefined, daysAgoHeading(t)) as never },
      xAxis: { type: 'category', data: axis.map(String), name: t('days ago'), nameLocation: 'middle', nameGap: 26 },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: axisNumber(i18n.language) } },
      series: SERIES.map((s, i) => ({ type: 'bar', stack: 'alarms', name: t(s.label), data: lists[i], itemStyle: { color: s.color } })),
    };
  }, [lists, t, i18n.language]);
  const summary = SERIES.map((s, i) => `${t(s.label)}: ${lists[i].reduce((a, b) => a + b, 0)}`).join(', ');
  return <LazyChart option={option} ariaLabel={summary} />;
}

export default function AlarmHistoryWidget({ widget }: { widget?: WidgetInstanceProps }) {
  const { t } = useTranslation();
  const raw = widget?.config?.showNumberOfDaysAgo;
  const days = daysOf(raw);
  const title = alarmHistoryTitle(validateDays(raw) === null ? toDays(raw) : null);
  const query = useAlarmHistory();
  // After the figures' request: echarts' chunk loads while it is answered.
  useChartCode(true);
  return (
    <div data-testid="widget-alarm-history">
      <h5 className="m-t-0" data-testid="widget-title">
        {t(title.key, title.values)}
      </h5>
      <WidgetState queries={[query]}>{() => <Bars attrs={query.data!.attrs} days={days} />}</WidgetState>
    </div>
  );
}
