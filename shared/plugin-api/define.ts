import type {
  ActionBarItemContribution,
  DashboardContribution,
  DeviceTabContribution,
  NavigatorNodeContribution,
  PluginDefinition,
  RouteContribution,
  WidgetContribution,
} from './types';

type Def<C> = Omit<C, 'kind'>;

export const definePlugin = (plugin: PluginDefinition): PluginDefinition => plugin;

export const defineNavigatorNode = (c: Def<NavigatorNodeContribution>): NavigatorNodeContribution => ({
  kind: 'navigator-node',
  ...c,
});

export const defineRoute = (c: Def<RouteContribution>): RouteContribution => ({ kind: 'route', ...c });

export const defineDeviceTab = (c: Def<DeviceTabContribution>): DeviceTabContribution => ({
  kind: 'device-tab',
  ...c,
});

export const defineWidget = (c: Def<WidgetContribution>): WidgetContribution => ({ kind: 'widget', ...c });

export const defineDashboard = (c: Def<DashboardContribution>): DashboardContribution => ({
  kind: 'dashboard',
  ...c,
});

export const defineActionBarItem = (c: Def<ActionBarItemContribution>): ActionBarItemContribution => ({
  kind: 'action-bar-item',
  ...c,
});
