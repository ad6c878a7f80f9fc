import { defineDashboard, defineNavigatorNode, definePlugin, defineRoute } from '@shared/plugin-api/define';
import { pluginParcels } from '@shared/plugin-api/lazy';

const locales = {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
};
const { lazy } = pluginParcels(locales);
const notBuiltYet = () => import('@shared/plugin-api/not-built-yet');

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
      sections: [
        { title: 'Connection Monitoring', y: 0 },
        { title: 'Alarm Monitoring', y: 8 },
        { title: 'Software Monitoring', y: 16 },
      ],
      defaultWidgets: [],
    }),
    defineRoute({
      id: 'route:dashboard-widgets/devices-from-dashboard',
      path: '/devicesFromDashboard',
      title: 'Device Operations Dashboard',
      priority: 0,
      loader: lazy(notBuiltYet),
    }),
  ],
});
