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
import { ChartTable, useChartLabel } from './chart-table';
import { drawsChart } from '../api/prefetch';
import { WIDGET_IDS } from '../model/views';

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
  const axis = useMemo(() => daysAgoAxis(Math.max(0, ...lists.map((l) => l.length))), [lists]);
  const option = useMemo<EChartsOption>(() => {
    return {
      grid: { left: 40, right: 8, top: 16, bottom: 40 },
      tooltip: { trigger: 'axis', formatter: tooltipFormatter(undefined, daysAgoHeading(t)) as never },
      xAxis: { type: 'category', data: axis.map(String), name: t('days ago'), nameLocation: 'middle', nameGap: 26 },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: axisNumber(i18n.language) } },
      series: SERIES.map((s, i) => ({ type: 'bar', stack: 'alarms', name: t(s.label), data: lists[i], itemStyle: { color: s.color } })),
    };
  }, [lists, axis, t, i18n.language]);
  const chartLabel = useChartLabel();
  const caption = t('Alarms per severity');
  // No day yet (a new tenant): bare axes said nothing.
  if (lists.every((l) => l.length === 0)) {
    return (
      <p className="text-muted text-center p-16" data-testid="history-empty">
        {t('No history to display.')}
      </p>
    );
  }
  // Not one alarm on any of the days (e.g. a new tenant): an empty axis of 0 to 1 and a legend of
  // colours for no bars read as a chart that failed to draw.
  if (lists.every((l) => l.every((v) => v === 0))) {
    return (
      <p className="text-muted text-center p-16" data-testid="history-none">
        {t('No alarms on these days.')}
      </p>
    );
  }
  return (
    <>
      <Legend />
      <LazyChart option={option} ariaLabel={chartLabel(caption, axis.length)} />
      <ChartTable caption={caption} days={axis} series={SERIES.map((s, i) => ({ name: t(s.label), values: lists[i] }))} testId="alarm-history-table" />
    </>
  );
}

const SWATCH_STYLE = { display: 'inline-block', width: 14, height: 10, borderRadius: 2, marginRight: 4 } as const;

/**
 * The series' legend above the chart, as page text that wraps: ECharts' own legend wrapped onto
 * the bars in a narrow widget (the widget dialog's preview, a quarter-width card), and paged it
 * cut an entry's name.
 */
function Legend() {
  const { t } = useTranslation();
  return (
    <ul className="list-unstyled small m-0 m-b-4" style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 12 }} data-testid="alarm-history-legend">
      {SERIES.map((s) => (
        <li key={s.key} style={{ whiteSpace: 'nowrap' }}>
          <span style={{ ...SWATCH_STYLE, background: s.color }} aria-hidden="true" />
          {t(s.label)}
        </li>
      ))}
    </ul>
  );
}

export default function AlarmHistoryWidget({ widget }: { widget?: WidgetInstanceProps }) {
  const { t } = useTranslation();
  const raw = widget?.config?.showNumberOfDaysAgo;
  const days = daysOf(raw);
  const title = alarmHistoryTitle(validateDays(raw) === null ? toDays(raw) : null);
  const query = useAlarmHistory();
  // After the figures' request: echarts' chunk loads while it is answered.
  useChartCode(drawsChart(WIDGET_IDS.alarmHistory, widget?.config ?? {}));
  return (
    <div data-testid="widget-alarm-history">
      <h5 className="m-t-0" data-testid="widget-title">
        {t(title.key, title.values)}
      </h5>
      <WidgetState queries={[query]}>{() => <Bars attrs={query.data!.attrs} days={days} />}</WidgetState>
    </div>
  );
}
