/** Devices online: number, numberOfAll and piechart views (spec 2 "Widgets"). */
import React, { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformContext } from '@shared/plugin-api/context';
import type { WidgetInstanceProps } from '@shared/plugin-api/types';
import { CHART_COLORS, PIE_EDGE_LABEL, escapeHtml } from '@shared/ui/chart-format';
import type { EChartsOption } from '@shared/ui/charts';
import type { DeviceStatistics } from '@shared/platform/operation-dashboard';
import { useDeviceStatistics } from '../api/dashboard';
import { viewOf } from '../model/config';
import { percentages } from '../model/figures';
import { DEVICES_ONLINE_VIEWS, WIDGET_IDS, deviceListLink, viewNames, type DeviceListView } from '../model/views';
import { FIGURE_CELL_STYLE, FIGURE_ROW_STYLE, FigureLink, WidgetState } from './widget-state';
import { LazyChart, useChartCode } from './lazy-chart';
import { drawsChart } from '../api/prefetch';

/** Line height of a slice's label (ECharts' default 12 px text), what keeps two labels apart. */
const PIE_LABEL_LINE_HEIGHT = 16;

const SLICES: { key: keyof DeviceStatistics; label: string; view: DeviceListView; color: string }[] = [
  { key: 'onlineDeviceCount', label: 'online', view: 'currentOnlineDevices', color: CHART_COLORS.online },
  { key: 'offlineDeviceCount', label: 'offline', view: 'currentOfflineDevices', color: CHART_COLORS.offline },
  { key: 'notMonitoredDeviceCount', label: 'not monitored', view: 'currentNotMonitoredDevices', color: CHART_COLORS.notMonitored },
];

function NumberView({ stats }: { stats: DeviceStatistics }) {
  const { t } = useTranslation();
  return (
    <div className="text-center" data-testid="devices-online-number">
      <FigureLink to={deviceListLink('currentOnlineDevices')} className="h1 d-block m-0" label={t('online')} testId="figure-online">
        {stats.onlineDeviceCount}
      </FigureLink>
      <p className="text-muted">{t('online from {{count}} devices', { count: stats.totalDevices })}</p>
    </div>
  );
}

/** The four figures: online and offline, not monitored and total. */
const ALL_FIGURES = [...SLICES, { key: 'totalDevices' as const, label: 'total', view: 'totalDevices' as const, color: undefined }];
const FIGURE_PAIRS = [ALL_FIGURES.slice(0, 2), ALL_FIGURES.slice(2)];

/**
 * Four figures in a row where the widget is wide enough, else in two rows of two (pairs wrap as a
 * whole, never three and one), else one below the other: a quarter-width widget at 1280 px ran
 * them together and cut the total. h3 figures, no gap between rows: two rows fit the two-row
 * widget of the default layout without scrolling.
 */
function NumberOfAllView({ stats }: { stats: DeviceStatistics }) {
  const { t } = useTranslation();
  return (
    <div className="text-center" style={FIGURE_ROW_STYLE} data-testid="devices-online-all">
      {FIGURE_PAIRS.map((pair) => (
        <div key={pair[0].key} style={{ ...FIGURE_ROW_STYLE, flex: '1 1 auto' }} data-testid="figure-pair">
          {pair.map((f) => (
            <div key={f.key} style={FIGURE_CELL_STYLE}>
              <FigureLink to={deviceListLink(f.view)} className="h3 d-block m-0" label={t(f.label)} testId={`figure-${f.view}`}>
                <span style={f.color ? { color: f.color } : undefined}>{stats[f.key]}</span>
              </FigureLink>
              <small className="text-muted">{t(f.label)}</small>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function PieView({ stats }: { stats: DeviceStatistics }) {
  const { t } = useTranslation();
  const { navigate } = usePlatformContext();
  // stats keeps its identity while the figures are unchanged (the query cache shares equal data).
  const values = useMemo(() => SLICES.map((s) => stats[s.key]), [stats]);
  const percent = useMemo(() => percentages(values), [values]);
  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: {
        trigger: 'item',
        formatter: (p: unknown) => {
          const item = p as { name?: string; value?: number; dataIndex: number; marker?: string };
          return `${item.marker ?? ''}${escapeHtml(item.name)}: ${escapeHtml(item.value)} (${percent[item.dataIndex]} %)`;
        },
      },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['0%', '55%'],
          // Two small neighbouring slices put their labels at the same height ('0 %' over '15 %'):
          // ECharts moves labels apart by their line height, which it measured as a third of the
          // text in Chromium, so the line height is set; a label that still has no room is hidden
          // (its figure stays in the tooltip, the aria-label and the links beneath).
          avoidLabelOverlap: true,
          labelLayout: { hideOverlap: true },
          label: { ...PIE_EDGE_LABEL, lineHeight: PIE_LABEL_LINE_HEIGHT, formatter: (p: unknown) => `${percent[(p as { dataIndex: number }).dataIndex]} %` },
          data: SLICES.map((s, i) => ({ name: t(s.label), value: values[i], itemStyle: { color: s.color } })),
        },
      ],
    }),
    [values, percent, t],
  );
  const summary = SLICES.map((s, i) => `${t(s.label)}: ${values[i]} (${percent[i]} %)`).join(', ');
  // Without devices ECharts draws three equal slices (each labelled 0 %), a fleet split in thirds.
  const none = values.every((v) => v === 0);
  return (
    <div data-testid="devices-online-pie">
      {none ? (
        <p className="text-muted text-center p-16" data-testid="devices-online-pie-empty">
          {t('No devices to display')}
        </p>
      ) : (
        <LazyChart option={option} ariaLabel={summary} onClick={(e) => SLICES[e.dataIndex] && navigate(deviceListLink(SLICES[e.dataIndex].view))} />
      )}
      <ul className="list-inline text-center small m-0">
        {SLICES.map((s, i) => (
          <li key={s.key}>
            <FigureLink to={deviceListLink(s.view)} testId={`slice-${s.view}`}>
              {t(s.label)}: {percent[i]} %
            </FigureLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function DevicesOnlineWidget({ widget }: { widget?: WidgetInstanceProps }) {
  const view = viewOf(widget?.config ?? {}, viewNames(DEVICES_ONLINE_VIEWS)) ?? 'number';
  const query = useDeviceStatistics();
  // After the figures' request: echarts' chunk loads while it is answered.
  useChartCode(drawsChart(WIDGET_IDS.devicesOnline, widget?.config ?? {}));
  return (
    <div data-testid="widget-devices-online" data-view={view}>
      <WidgetState queries={[query]}>
        {() =>
          view === 'piechart' ? <PieView stats={query.data!} /> : view === 'numberOfAll' ? <NumberOfAllView stats={query.data!} /> : <NumberView stats={query.data!} />
        }
      </WidgetState>
    </div>
  );
}
