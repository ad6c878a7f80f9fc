import { defineDashboard, defineNavigatorNode, definePlugin, defineRoute, defineWidget } from '@shared/plugin-api/define';
import { pluginParcels } from '@shared/plugin-api/lazy';
import { CHART_WIDGET_SIZE, DASHBOARD_SECTIONS, DEFAULT_WIDGETS } from './features/widgets/model/default-layout';
import { DEFAULT_CONFIGS, WIDGET_IDS } from './features/widgets/model/views';
import {
  validateAlarmHistory,
  validateAlarmSeverity,
  validateDevicesOnline,
  validateOnlineHistory,
  validateSoftwareMonitor,
  validateTopAlarms,
} from './features/widgets/model/validators';
import devicesOnlinePreview from './assets/devices-online.svg';
import onlineHistoryPreview from './assets/online-history.svg';
import alarmSeverityPreview from './assets/alarm-severity.svg';
import alarmHistoryPreview from './assets/alarm-history.svg';
import topAlarmsPreview from './assets/top-alarms.svg';
import softwareMonitorPreview from './assets/software-monitor.svg';
import en from './locales/en.json';

// English is always loaded (it is the fallback language): it ships in the start chunk. Loaded
// apart, its chunk was asked for only once the start chunk had run, and the shell registers the
// plugin (and so asks for the dashboard's layout and the widgets' figures) only after it arrived.
const english = en as Record<string, string>;
const locales = {
  en: () => Promise.resolve(english),
  de: () => import('./locales/de.json'),
};
const { lazy } = pluginParcels(locales);

/**
 * A placed widget's requests, started by the dashboard host before the widget's code has run.
 * The six widgets and their requests share one chunk ("widgets"; echarts is its own, see
 * lazy-chart): a cold dashboard asked for eleven chunks, and with the browser's six connections
 * per host its figures' requests queued behind them.
 */
const prefetch = (widgetId: (typeof WIDGET_IDS)[keyof typeof WIDGET_IDS], config: Readonly<Record<string, unknown>>, queryClient: unknown) =>
  import(/* webpackChunkName: "widgets" */ './features/widgets/api/prefetch').then((m) => m.prefetchWidget(widgetId, config, queryClient));

export default definePlugin({
  id: 'dashboard-widgets',
  locales,
  contributions: [
    defineNavigatorNode({
      id: 'navigator-node:dashboard-widgets/operations-dashboard',
      label: 'Operations Dashboard',
      path: '/deviceOperationsDashboard',
      icon: 'th',
      priority: 10000,
    }),
    defineDashboard({
      id: 'dashboard:dashboard-widgets/device-operations',
      name: 'deviceOperationsDashboardAngular',
      path: '/deviceOperationsDashboard',
      title: 'Device Operations Dashboard',
      deletable: false,
      priority: 0,
      sections: DASHBOARD_SECTIONS,
      defaultWidgets: DEFAULT_WIDGETS,
    }),
    defineRoute({
      id: 'route:dashboard-widgets/devices-from-dashboard',
      path: '/devicesFromDashboard',
      title: 'Device Operations Dashboard',
      priority: 0,
      loader: lazy(() => import('./features/devices-from-dashboard/components/devices-from-dashboard-page')),
    }),
    defineWidget({
      id: WIDGET_IDS.devicesOnline,
      label: 'Devices online',
      description: 'Devices online now: the count, all four figures or a pie chart of online, offline and not monitored devices.',
      previewImage: devicesOnlinePreview,
      priority: 600,
      defaultConfig: DEFAULT_CONFIGS.devicesOnline,
      prefetch: (config, queryClient) => prefetch(WIDGET_IDS.devicesOnline, config, queryClient),
      validateConfig: validateDevicesOnline,
      loader: lazy(() => import(/* webpackChunkName: "widgets" */ './features/widgets/components/devices-online-widget')),
      configLoader: lazy(() => import('./features/widgets/components/devices-online-config')),
    }),
    defineWidget({
      id: WIDGET_IDS.onlineHistory,
      label: 'Device online history',
      description: 'Devices online per day and their average online time, as a bar chart or as yesterday’s figures.',
      previewImage: onlineHistoryPreview,
      priority: 500,
      defaultConfig: DEFAULT_CONFIGS.onlineHistory,
      defaultSize: CHART_WIDGET_SIZE,
      prefetch: (config, queryClient) => prefetch(WIDGET_IDS.onlineHistory, config, queryClient),
      validateConfig: validateOnlineHistory,
      loader: lazy(() => import(/* webpackChunkName: "widgets" */ './features/widgets/components/online-history-widget')),
      configLoader: lazy(() => import('./features/widgets/components/online-history-config')),
    }),
    defineWidget({
      id: WIDGET_IDS.alarmSeverity,
      label: 'Alarm severity',
      description: 'Active alarms of one severity with their counts per category: software, Health, services, others.',
      previewImage: alarmSeverityPreview,
      priority: 400,
      defaultConfig: DEFAULT_CONFIGS.alarmSeverity,
      prefetch: (config, queryClient) => prefetch(WIDGET_IDS.alarmSeverity, config, queryClient),
      validateConfig: validateAlarmSeverity,
      loader: lazy(() => import(/* webpackChunkName: "widgets" */ './features/widgets/components/alarm-severity-widget')),
      configLoader: lazy(() => import('./features/widgets/components/alarm-severity-config')),
    }),
    defineWidget({
      id: WIDGET_IDS.alarmHistory,
      label: 'Alarm history',
      description: 'Alarms raised per day, stacked by severity.',
      previewImage: alarmHistoryPreview,
      priority: 300,
      defaultConfig: DEFAULT_CONFIGS.alarmHistory,
      defaultSize: CHART_WIDGET_SIZE,
      prefetch: (config, queryClient) => prefetch(WIDGET_IDS.alarmHistory, config, queryClient),
      validateConfig: validateAlarmHistory,
      loader: lazy(() => import(/* webpackChunkName: "widgets" */ './features/widgets/components/alarm-history-widget')),
      configLoader: lazy(() => import('./features/widgets/components/alarm-history-config')),
    }),
    defineWidget({
      id: WIDGET_IDS.topAlarms,
      label: 'Top alarm list',
      description: 'The ten most frequent alarm types of the last days with severity and occurrence count.',
      previewImage: topAlarmsPreview,
      priority: 200,
      defaultConfig: DEFAULT_CONFIGS.topAlarms,
      defaultSize: CHART_WIDGET_SIZE,
      prefetch: (config, queryClient) => prefetch(WIDGET_IDS.topAlarms, config, queryClient),
      validateConfig: validateTopAlarms,
      loader: lazy(() => import(/* webpackChunkName: "widgets" */ './features/widgets/components/top-alarms-widget')),
      configLoader: lazy(() => import('./features/widgets/components/top-alarms-config')),
    }),
    defineWidget({
      id: WIDGET_IDS.softwareMonitor,
      label: 'Software monitor',
      description: 'Devices waiting for a dependency or an approval, devices without software assignment with their trend, and recovered devices.',
      previewImage: softwareMonitorPreview,
      priority: 100,
      defaultConfig: DEFAULT_CONFIGS.softwareMonitor,
      prefetch: (config, queryClient) => prefetch(WIDGET_IDS.softwareMonitor, config, queryClient),
      validateConfig: validateSoftwareMonitor,
      loader: lazy(() => import(/* webpackChunkName: "widgets" */ './features/widgets/components/software-monitor-widget')),
      configLoader: lazy(() => import('./features/widgets/components/software-monitor-config')),
    }),
  ],
});
