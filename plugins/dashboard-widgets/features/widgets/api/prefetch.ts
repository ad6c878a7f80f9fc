/**
 * What each widget asks the service for, by its config: the dashboard host starts these requests
 * as soon as it knows its layout (WidgetContribution.prefetch), while the widgets' code still
 * loads; each widget's own query (same key) then takes the answer instead of asking again.
 * Loaded as a chunk of its own from plugin.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import { daysOf, viewOf } from '../model/config';
import { ALARM_SEVERITY_VIEWS, DEVICES_ONLINE_VIEWS, ONLINE_HISTORY_VIEWS, SOFTWARE_MONITOR_VIEWS, TREND_FIELD, WIDGET_IDS, viewNames } from '../model/views';
import { warmCharts } from '../components/lazy-chart';
import {
  alarmCountOptions,
  alarmHistoryOptions,
  deviceStatisticsOptions,
  historyOptions,
  recoveredOptions,
  softwareMonitoringOptions,
  topAlarmsOptions,
} from './dashboard';

type WidgetId = (typeof WIDGET_IDS)[keyof typeof WIDGET_IDS];

/** The queries an instance of `widgetId` with `config` makes (as its component reads the config). */
export function widgetQueries(widgetId: WidgetId, config: Readonly<Record<string, unknown>>) {
  switch (widgetId) {
    case WIDGET_IDS.devicesOnline:
      return [deviceStatisticsOptions()];
    case WIDGET_IDS.onlineHistory:
      return [historyOptions()];
    case WIDGET_IDS.alarmSeverity:
      return [alarmCountOptions(viewOf(config, viewNames(ALARM_SEVERITY_VIEWS)) ?? 'critical')];
    case WIDGET_IDS.alarmHistory:
      return [alarmHistoryOptions()];
    case WIDGET_IDS.topAlarms:
      return [topAlarmsOptions(daysOf(config.showNumberOfDaysAgo))];
    case WIDGET_IDS.softwareMonitor: {
      const view = viewOf(config, viewNames(SOFTWARE_MONITOR_VIEWS)) ?? 'dependency';
      if (view === 'recovered') return [recoveredOptions()];
      const field = TREND_FIELD[view];
      return [softwareMonitoringOptions(daysOf(field ? config[field] : undefined))];
    }
  }
}

/** Whether an instance draws an echarts chart (its component asks for echarts' chunk: useChartCode). */
export function drawsChart(widgetId: WidgetId, config: Readonly<Record<string, unknown>>): boolean {
  switch (widgetId) {
    case WIDGET_IDS.devicesOnline:
      return viewOf(config, viewNames(DEVICES_ONLINE_VIEWS)) === 'piechart';
    case WIDGET_IDS.onlineHistory:
      return (viewOf(config, viewNames(ONLINE_HISTORY_VIEWS)) ?? 'barchart') === 'barchart';
    case WIDGET_IDS.alarmHistory:
      return true;
    default:
      return false;
  }
}

/**
 * Sends the requests of an instance that are not in the client yet; failures are the widget's to
 * show. A chart's instance also starts echarts (its chunk is preloaded, not yet run): the ~35 ms of
 * running it then fall in the wait for the figures, not after them when the widget mounts.
 */
export async function prefetchWidget(widgetId: WidgetId, config: Readonly<Record<string, unknown>>, queryClient: unknown): Promise<void> {
  const client = queryClient as QueryClient;
  if (drawsChart(widgetId, config)) warmCharts();
  await Promise.all(
    widgetQueries(widgetId, config).map((options) =>
      client.getQueryState(options.queryKey) ? undefined : client.prefetchQuery(options as Parameters<QueryClient['prefetchQuery']>[0]),
    ),
  );
}
