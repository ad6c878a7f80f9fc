/** Device online history: barchart (devices / avg time) and number-avg (YESTERDAY) views. */
import React, { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformContext } from '@shared/plugin-api/context';
import type { WidgetInstanceProps } from '@shared/plugin-api/types';
import { CHART_COLORS, tooltipFormatter } from '@shared/ui/chart-format';
import type { EChartsOption } from '@shared/ui/charts';
import type { HistoryEntry } from '@shared/platform/operation-dashboard';
import { useOnlineHistory } from '../api/dashboard';
import { daysOf, viewOf } from '../model/config';
import { averageHours, axisNumber, daysAgoAxis, daysAgoHeading, formatHoursMinutes, onlineHistoryTitle, sliceDays, yesterday } from '../model/figures';
import { ONLINE_HISTORY_VIEWS, WIDGET_IDS, dayOfIndex, deviceListLink, viewNames } from '../model/views';
import { FigureLink, WidgetState } from './widget-state';
import { LazyChart, useChartCode } from './lazy-chart';
import { ChartTable, useChartLabel } from './chart-table';
import { drawsChart } from '../api/prefetch';

type Measure = 'devices' | 'avg time';
const MEASURES: Measure[] = ['devices', 'avg time'];
/** The avg time bars are hours (averageTime / 60): said on the axis and in the tooltip, or "20" read as minutes. */
const HOURS_UNIT = ' h';

function BarView({ history, days }: { history: HistoryEntry[]; days: number }) {
  const { t, i18n } = useTranslation();
  const { navigate } = usePlatformContext();
  const [measure, setMeasure] = useState<Measure>('devices');
  // Oldest left: the list is newest first. history keeps its identity while the data is unchanged.
  const values = useMemo(
    () => [...sliceDays(history, days)].reverse().map((h) => (measure === 'devices' ? h.deviceCount : averageHours(h.averageTime))),
    [history, days, measure],
  );
  const axis = useMemo(() => daysAgoAxis(values.length), [values.length]);
  const seriesName = measure === 'devices' ? t('devices') : t('avg time');
  const unit = measure === 'avg time' ? HOURS_UNIT : '';
  const chartLabel = useChartLabel();
  // Not one device online on any of the days (e.g. a tenant without devices): an empty axis with
  // a scale of 0 to 1 and no bar read as a chart that failed to draw.
  const noneOnline = useMemo(() => sliceDays(history, days).every((h) => h.deviceCount === 0 && h.averageTime === 0), [history, days]);
  const option = useMemo<EChartsOption>(() => {
    const label = axisNumber(i18n.language);
    return {
      grid: { left: 40, right: 8, top: 16, bottom: 40 },
      tooltip: { trigger: 'axis', formatter: tooltipFormatter((v) => `${String(v ?? '')}${unit}`, daysAgoHeading(t)) as never },
      xAxis: { type: 'category', data: axis.map(String), name: t('days ago'), nameLocation: 'middle', nameGap: 26 },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => `${label(v)}${unit}` } },
      series: [{ type: 'bar', name: seriesName, data: values, itemStyle: { color: CHART_COLORS.online } }],
    };
  }, [values, axis, seriesName, t, i18n.language, unit]);
  return (
    <div data-testid="online-history-bars" data-measure={measure}>
      {!noneOnline && (
        // Small, not extra small: the platform's xs buttons are 16 px high with 10 px text, below a pointer's 24 px target.
        <div className="btn-group btn-group-sm m-b-8" role="group" aria-label={t('Measure')}>
          {MEASURES.map((m) => (
            // The platform's segmented buttons: .active stays coloured with focus (btn-primary turned white with focus).
            <button key={m} type="button" className={`btn btn-default${m === measure ? ' active' : ''}`} aria-pressed={m === measure} onClick={() => setMeasure(m)}>
              {t(m)}
            </button>
          ))}
        </div>
      )}
      {values.length === 0 ? (
        // No day yet (a new tenant): bare axes said nothing.
        <p className="text-muted text-center p-16" data-testid="history-empty">
          {t('No history to display.')}
        </p>
      ) : noneOnline ? (
        <p className="text-muted text-center p-16" data-testid="history-none">
          {t('No device was online on these days.')}
        </p>
      ) : (
        <LazyChart
          option={option}
          ariaLabel={chartLabel(seriesName, values.length)}
          // The day's whole column opens its list, not only its thin bar (none on a day of 0).
          onColumnClick={(index) => {
            const day = Number(axis[index]);
            if (Number.isInteger(day)) navigate(deviceListLink('onlineOnDay', day));
          }}
        />
      )}
      {values.length > 0 && !noneOnline && <ChartTable caption={seriesName} days={axis} series={[{ name: seriesName, values, unit }]} testId="online-history-table" />}
    </div>
  );
}

function NumberAvgView({ history }: { history: HistoryEntry[] }) {
  const { t } = useTranslation();
  const last = yesterday(history);
  return (
    <div className="text-center" data-testid="online-history-number">
      <p className="text-muted text-uppercase m-b-4">{t('YESTERDAY')}</p>
      <FigureLink to={deviceListLink('onlineOnDay', dayOfIndex(0))} className="h1 d-block m-0" label={t('online')} testId="figure-yesterday">
        {last ? last.deviceCount : 0}
      </FigureLink>
      <p className="m-t-8">
        <span className="text-muted">{t('average online time')}</span> <strong data-testid="figure-average">{formatHoursMinutes(last?.averageTime ?? 0)}</strong>
      </p>
    </div>
  );
}

export default function OnlineHistoryWidget({ widget }: { widget?: WidgetInstanceProps }) {
  const { t } = useTranslation();
  const config = widget?.config ?? {};
  const view = viewOf(config, viewNames(ONLINE_HISTORY_VIEWS)) ?? 'barchart';
  const days = daysOf(config.showNumberOfDaysAgo);
  const query = useOnlineHistory();
  // After the figures' request: echarts' chunk loads while it is answered.
  useChartCode(drawsChart(WIDGET_IDS.onlineHistory, config));
  const title = onlineHistoryTitle(days);
  return (
    <div data-testid="widget-online-history" data-view={view}>
      {view === 'barchart' && (
        <h5 className="m-t-0" data-testid="widget-title">
          {t(title.key, title.values)}
        </h5>
      )}
      <WidgetState queries={[query]}>
        {() => (view === 'number-avg' ? <NumberAvgView history={query.data!.attrs.history} /> : <BarView history={query.data!.attrs.history} days={days} />)}
      </WidgetState>
    </div>
  );
}
