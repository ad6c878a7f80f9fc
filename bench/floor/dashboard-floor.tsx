/**
 * The dashboard bench's floor: the least a page can do to paint the default Device Operations
 * Dashboard. The same fourteen widgets in the same grid cells (DEFAULT_WIDGETS laid out by the
 * shell's layoutDashboard), the same figures, the same three charts with the same echarts build
 * (echarts/core with the bar and pie charts, grid, tooltip and legend components and the canvas
 * renderer, as shared/ui/charts.tsx registers them) and the same ten alarm rows, rendered by React
 * from data written into the page (window.__DASHBOARD_FLOOR_DATA__: the operation-dashboard
 * service's answers the dashboard itself got, captured by the bench). No shell, no federation, no
 * i18n, no query cache, no requests. Built by bench/floor/dashboard-floor-build.ts.
 *
 * Its cards carry the dashboard's test ids (dashboard-widget, widget-*), so the bench's one paint
 * mark (every card with its content, every chart with its canvas) reads both pages alike.
 */
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { init, use as registerECharts, type EChartsCoreOption } from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { DASHBOARD_COLUMNS, DASHBOARD_ROW_HEIGHT_PX, layoutDashboard } from '@shared/plugin-api/dashboard/layout';
import { TOP_ALARM_COUNT } from '@shared/domain/constants';
import { CHART_COLORS, chartOption, tooltipFormatter } from '@shared/ui/chart-format';
import type {
  AlarmCount,
  AlarmHistory,
  DeviceStatistics,
  HistoryDeviceList,
  RecoveredDeviceStats,
  SoftwareMonitoringStats,
  TopAlarmType,
} from '@shared/platform/operation-dashboard';
import { DASHBOARD_SECTIONS, DEFAULT_WIDGETS } from '../../plugins/dashboard-widgets/features/widgets/model/default-layout';
import { WIDGET_IDS } from '../../plugins/dashboard-widgets/features/widgets/model/views';
import { daysOf } from '../../plugins/dashboard-widgets/features/widgets/model/config';
import { daysAgoAxis, formatHoursMinutes, percentages, sliceDays, trendDirection, yesterday } from '../../plugins/dashboard-widgets/features/widgets/model/figures';
import type { DashboardWidgetPlacement } from '@shared/plugin-api/types';
import { FLOOR_DATA_PATHS } from './dashboard-floor-data';

registerECharts([BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

declare global {
  interface Window {
    /** Response bodies by path, written into the page by the bench. */
    __DASHBOARD_FLOOR_DATA__?: Record<string, unknown>;
  }
}

function data<T>(path: string): T {
  const all = window.__DASHBOARD_FLOOR_DATA__;
  if (!all || !(path in all)) throw new Error(`dashboard floor: no data for ${path} in the page`);
  return all[path] as T;
}

/** The app's Chart: 250 px high, full width, the option applied once as the app draws it (chartOption). */
function Chart({ option }: { option: EChartsCoreOption }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chart = init(ref.current!);
    chart.setOption(chartOption(option as Parameters<typeof chartOption>[0]) as EChartsCoreOption, { notMerge: true, lazyUpdate: true });
    return () => chart.dispose();
  }, [option]);
  return <div ref={ref} style={{ height: 250, width: '100%' }} />;
}

const Figure = ({ value, className = 'h1 d-block m-0' }: { value: number | string; className?: string }) => (
  <a href="#/" className={className}>
    {value}
  </a>
);

const SLICES = [
  { key: 'onlineDeviceCount', label: 'online', color: CHART_COLORS.online },
  { key: 'offlineDeviceCount', label: 'offline', color: CHART_COLORS.offline },
  { key: 'notMonitoredDeviceCount', label: 'not monitored', color: CHART_COLORS.notMonitored },
] as const;

function DevicesOnline({ view }: { view: string }) {
  const stats = data<DeviceStatistics>(FLOOR_DATA_PATHS.deviceStatistics);
  if (view !== 'piechart') {
    return (
      <div data-testid="widget-devices-online" className="text-center">
        <Figure value={stats.onlineDeviceCount} />
        <p>online from {stats.totalDevices} devices</p>
      </div>
    );
  }
  const values = SLICES.map((s) => stats[s.key]);
  const percent = percentages(values);
  const option: EChartsCoreOption = {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['0%', '55%'],
        label: { formatter: (p: { dataIndex: number }) => `${percent[p.dataIndex]} %`, overflow: 'none' },
        data: SLICES.map((s, i) => ({ name: s.label, value: values[i], itemStyle: { color: s.color } })),
      },
    ],
  };
  return (
    <div data-testid="widget-devices-online">
      <Chart option={option} />
      <ul className="list-inline text-center small m-0">
        {SLICES.map((s, i) => (
          <li key={s.key}>
            <a href="#/">
              {s.label}: {percent[i]} %
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function OnlineHistory({ view, days }: { view: string; days: number }) {
  const history = data<HistoryDeviceList>(FLOOR_DATA_PATHS.history).attrs.history;
  if (view === 'number-avg') {
    const last = yesterday(history);
    return (
      <div data-testid="widget-online-history" className="text-center">
        <p>YESTERDAY</p>
        <Figure value={last ? last.deviceCount : 0} />
        <p>
          average online time <strong>{formatHoursMinutes(last?.averageTime ?? 0)}</strong>
        </p>
      </div>
    );
  }
  const values = [...sliceDays(history, days)].reverse().map((h) => h.deviceCount);
  const option: EChartsCoreOption = {
    grid: { left: 40, right: 8, top: 16, bottom: 40 },
    tooltip: { trigger: 'axis', formatter: tooltipFormatter() },
    xAxis: { type: 'category', data: daysAgoAxis(values.length).map(String), name: 'days ago', nameLocation: 'middle', nameGap: 26 },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: 'devices', data: values, itemStyle: { color: CHART_COLORS.online } }],
  };
  return (
    <div data-testid="widget-online-history">
      <h5>online last {days} days</h5>
      <div className="btn-group">
        <button type="button">devices</button>
        <button type="button">avg time</button>
      </div>
      <Chart option={option} />
    </div>
  );
}

const CATEGORIES = [
  { field: 'software', label: 'software' },
  { field: 'connectivity', label: 'Health' },
  { field: 'services', label: 'services' },
  { field: 'others', label: 'others' },
] as const;

function AlarmSeverity({ severity }: { severity: 'critical' | 'major' | 'minor' | 'warning' }) {
  const count = data<AlarmCount>(FLOOR_DATA_PATHS.alarmCount(severity));
  return (
    <div data-testid="widget-alarm-severity" style={{ display: 'flex' }}>
      <div className="text-center">
        <Figure value={count.total} />
        <small>{severity}</small>
      </div>
      <ul style={{ flexGrow: 1, listStyle: 'none', margin: 0 }}>
        {CATEGORIES.map((c) => (
          <li key={c.field} style={{ display: 'flex', justifyContent: 'space-between' }}>
            <span>{c.label}</span>
            <a href="#/">
              <strong>{count[c.field]}</strong>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const ALARM_SERIES = [
  { key: 'warningAlarmHistory', label: 'warning', color: CHART_COLORS.warning },
  { key: 'minorAlarmHistory', label: 'minor', color: CHART_COLORS.minor },
  { key: 'majorAlarmHistory', label: 'major', color: CHART_COLORS.major },
  { key: 'criticalAlarmHistory', label: 'critical', color: CHART_COLORS.critical },
] as const;

function AlarmHistoryChart({ days }: { days: number }) {
  const attrs = data<AlarmHistory>(FLOOR_DATA_PATHS.alarmHistory).attrs;
  const lists = ALARM_SERIES.map((s) => [...sliceDays(attrs[s.key], days)].reverse());
  const option: EChartsCoreOption = {
    grid: { left: 40, right: 8, top: 16, bottom: 40 },
    tooltip: { trigger: 'axis', formatter: tooltipFormatter() },
    xAxis: { type: 'category', data: daysAgoAxis(Math.max(0, ...lists.map((l) => l.length))).map(String), name: 'days ago', nameLocation: 'middle', nameGap: 26 },
    yAxis: { type: 'value', minInterval: 1 },
    series: ALARM_SERIES.map((s, i) => ({ type: 'bar', stack: 'alarms', name: s.label, data: lists[i], itemStyle: { color: s.color } })),
  };
  return (
    <div data-testid="widget-alarm-history">
      <h5>alarms last {days} days</h5>
      {/* The widget's legend is page text above the chart, as there. */}
      <ul style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 12, listStyle: 'none', margin: 0, padding: 0 }}>
        {ALARM_SERIES.map((s) => (
          <li key={s.key} style={{ whiteSpace: 'nowrap' }}>
            <span style={{ display: 'inline-block', width: 14, height: 10, marginRight: 4, background: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      <Chart option={option} />
    </div>
  );
}

function TopAlarms({ days }: { days: number }) {
  const items = data<TopAlarmType[]>(FLOOR_DATA_PATHS.topAlarms).slice(0, TOP_ALARM_COUNT);
  return (
    <div data-testid="widget-top-alarms">
      <p>
        Top {TOP_ALARM_COUNT} alarm types of the last {days} days
      </p>
      <ul>
        {items.map((a) => (
          <li key={a.alarmType} style={{ display: 'flex', alignItems: 'center' }}>
            <span>{a.severity}</span> <span>{a.count}</span> <span>{a.alarmType}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const SOFTWARE_FIELDS = {
  dependency: { count: 'devicesWaitingForDependencies', trend: 'TrendWFD', label: 'Waiting for Dependency' },
  approval: { count: 'devicesWaitingForApproval', trend: 'TrendWFA', label: 'Waiting for Approval' },
  'wo-assignements': { count: 'devicesWithoutSoftwareAssignment', trend: 'TrendWSA', label: 'without Assignements' },
} as const;

function SoftwareMonitor({ view }: { view: string }) {
  if (view === 'recovered') {
    const recovered = data<RecoveredDeviceStats>(FLOOR_DATA_PATHS.recovered);
    return (
      <div data-testid="widget-software-monitor" style={{ display: 'flex' }}>
        {(['thisMonth', 'thisYear', 'total'] as const).map((f) => (
          <div key={f} style={{ flexGrow: 1 }}>
            <Figure value={recovered[f]} className="h2 d-block m-0" />
            <small>{f}</small>
          </div>
        ))}
      </div>
    );
  }
  const stats = data<SoftwareMonitoringStats>(FLOOR_DATA_PATHS.softwareMonitoring);
  const f = SOFTWARE_FIELDS[view as keyof typeof SOFTWARE_FIELDS];
  return (
    <div data-testid="widget-software-monitor" className="text-center">
      <Figure value={stats[f.count]} className="h1 m-0" /> <span>{trendDirection(stats[f.trend])}</span>
      <p>{f.label}</p>
    </div>
  );
}

function WidgetContent({ placement }: { placement: DashboardWidgetPlacement }) {
  const config = placement.config as { selectedView?: { name?: string }; showNumberOfDaysAgo?: unknown };
  const view = config.selectedView?.name ?? '';
  const days = daysOf(config.showNumberOfDaysAgo);
  switch (placement.widgetId) {
    case WIDGET_IDS.devicesOnline:
      return <DevicesOnline view={view} />;
    case WIDGET_IDS.onlineHistory:
      return <OnlineHistory view={view} days={days} />;
    case WIDGET_IDS.alarmSeverity:
      return <AlarmSeverity severity={view as 'critical'} />;
    case WIDGET_IDS.alarmHistory:
      return <AlarmHistoryChart days={days} />;
    case WIDGET_IDS.topAlarms:
      return <TopAlarms days={days} />;
    case WIDGET_IDS.softwareMonitor:
      return <SoftwareMonitor view={view} />;
    default:
      throw new Error(`dashboard floor: no widget ${placement.widgetId}`);
  }
}

const GAP_PX = 16;

function Floor() {
  const bands = layoutDashboard(DASHBOARD_SECTIONS, DEFAULT_WIDGETS);
  return (
    <div>
      {bands.map((band) => (
        <section key={band.title ?? 'top'}>
          {band.title && <h3>{band.title}</h3>}
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: `repeat(${DASHBOARD_COLUMNS}, minmax(0, 1fr))`,
              gridAutoRows: `${DASHBOARD_ROW_HEIGHT_PX}px`,
              gap: `${GAP_PX}px`,
            }}
          >
            {band.widgets.map((p) => (
              <div key={p.instanceId} style={{ gridColumn: `${p.column} / span ${p.width}`, gridRow: `${p.row} / span ${p.height}`, minWidth: 0 }}>
                <div className="card" style={{ height: '100%', overflow: 'auto', border: '1px solid #ddd' }} data-testid="dashboard-widget">
                  <h4>{p.title}</h4>
                  <WidgetContent placement={p} />
                </div>
              </div>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<Floor />);
