import { defineActionBarItem, definePlugin, defineDeviceTab, defineNavigatorNode, defineRoute } from '@shared/plugin-api/define';
import { pluginParcels } from '@shared/plugin-api/lazy';
import { PRODUCT, type Device, type PlatformContext } from '@shared/plugin-api/types';
import { can, isAdminPath } from '@shared/plugin-api/context';
import { REQUIRES } from '@shared/plugin-api/roles';
import { MIN_AGENT_VERSION_DEVICE_CONTROL } from '@shared/domain/constants';
import { isAtLeast } from '@shared/domain/version';
import en from './locales/en.json';
import listsEn from './locales/lists.en.json';
import deviceEn from './locales/device.en.json';

const id = 'device-operations';
/** One file per area so the list and the device-tab work can translate independently. */
const merge = (...files: Promise<{ default: Record<string, string> }>[]) =>
  Promise.all(files).then((mods) => Object.assign({}, ...mods.map((m) => m.default)) as Record<string, string>);
// English is always loaded (it is the fallback language): it ships in the start chunk, one round
// trip fewer on every start.
const english = Object.assign({}, en, listsEn, deviceEn) as Record<string, string>;
const locales = {
  en: () => Promise.resolve(english),
  de: () => merge(import('./locales/de.json'), import('./locales/lists.de.json'), import('./locales/device.de.json')),
};
const { lazy } = pluginParcels(locales);

/** Reads the agent version the way the device reports it (c8y_Agent, else the AGENT package). */
function agentVersion(device: Device): string | undefined {
  const agent = device.c8y_Agent as { version?: string } | undefined;
  if (agent?.version) return agent.version;
  const list = device[`${PRODUCT}_adamos_netbox_SoftwarePackageList`] as { type?: string; version?: string }[] | undefined;
  return Array.isArray(list) ? list.find((p) => p.type === 'AGENT')?.version : undefined;
}

const isDevice = (device: Device) => device.c8y_IsDevice !== undefined;

export default definePlugin({
  id,
  locales,
  contributions: [
    defineNavigatorNode({ id: 'navigator-node:device-operations/devices', label: 'Devices', icon: 'th-list', priority: 9000 }),
    defineNavigatorNode({
      id: 'navigator-node:device-operations/iotconnectors',
      label: 'IoTconnectors',
      parent: 'Devices',
      path: '/views/iotconnector',
      icon: 'network-card',
      priority: 3000,
    }),
    defineNavigatorNode({
      id: 'navigator-node:device-operations/celosos-x64',
      label: 'CELOS OS (IPC x64)',
      parent: 'Devices',
      path: '/views/celosos_x64',
      icon: 'imac-settings',
      priority: 2000,
    }),
    defineNavigatorNode({
      id: 'navigator-node:device-operations/celosos-aarch64',
      label: 'CELOS OS (IOT2050)',
      parent: 'Devices',
      path: '/views/celosos_aarch64',
      icon: 'microchip',
      priority: 1000,
    }),
    defineNavigatorNode({ id: 'navigator-node:device-operations/alarms', label: 'Alarms', path: '/alarms', icon: 'bell', priority: 8000 }),
    defineNavigatorNode({
      id: 'navigator-node:device-operations/groups',
      label: 'Groups',
      icon: 'sitemap',
      priority: 7000,
      // Lazy tree: the loader code is fetched on first expand, not at start-up.
      loadChildren: (parentPath) => import('./features/groups/api/navigator').then((m) => m.loadGroupChildren(parentPath)),
    }),
    defineNavigatorNode({ id: 'navigator-node:device-operations/events', label: 'Events', parent: 'Devices', path: '/events', icon: 'online', priority: 500 }),
    defineNavigatorNode({
      id: 'navigator-node:device-operations/configuration',
      label: 'Configuration',
      parent: 'Devices',
      path: '/admin/configuration',
      icon: 'cog',
      priority: 400,
      // Spec 2 and 6: the configuration entry shows only when the path contains admin.
      visible: (ctx: PlatformContext) => isAdminPath(ctx.path),
    }),
    defineRoute({ id: 'route:device-operations/device-list', path: '/views/:deviceType', title: 'Devices', priority: 0, loader: lazy(() => import('./features/device-list/components/device-list-page')) }),
    defineRoute({ id: 'route:device-operations/admin-device-list', path: '/admin/views/:deviceType', title: 'Devices', priority: 0, loader: lazy(() => import('./features/device-list/components/device-list-page')) }),
    defineRoute({ id: 'route:device-operations/group-sub-assets', path: '/group/:groupId/sub-assets', title: 'Group', priority: 0, loader: lazy(() => import('./pages/group-sub-assets-page')) }),
    // The platform UI's own group pages (#/group/{id}, its Subassets tab): the group's Select Software
    // in their action bar, for users whose roles allow the assignment, as on the sub-assets route.
    defineActionBarItem({
      id: 'action-bar-item:device-operations/group-select-software',
      context: 'group',
      label: 'Select Software',
      priority: 0,
      visible: (ctx) => can(ctx.user, REQUIRES.softwareAssignment),
      // The sub-assets page's chunk (it carries the same flow): a chunk of its own would be one more
      // name in the remote entry, which the platform fetches uncached on every page load (5 kB budget).
      loader: lazy(() => import('./pages/group-sub-assets-page').then((m) => ({ default: m.GroupSelectSoftwareAction }))),
    }),
    defineRoute({ id: 'route:device-operations/group', path: '/group/:groupId', title: 'Group', priority: 0, loader: lazy(() => import('./pages/group-page')) }),
    defineRoute({ id: 'route:device-operations/alarms', path: '/alarms', title: 'Alarms', priority: 0, loader: lazy(() => import('./pages/alarms-route-page')) }),
    defineRoute({ id: 'route:device-operations/alarm-details', path: '/alarmDetails', title: 'Alarms', priority: 0, loader: lazy(() => import('./pages/alarm-details-page')) }),
    defineRoute({ id: 'route:device-operations/events', path: '/events', title: 'Events', priority: 0, loader: lazy(() => import('./pages/events-route-page')) }),
    // Spec 2 names the route /configuration; the navigator entry links the admin path, where it shows.
    defineRoute({ id: 'route:device-operations/configuration', path: '/configuration', title: 'Configuration', priority: 0, loader: lazy(() => import('./features/configuration/components/configuration-page')) }),
    defineRoute({ id: 'route:device-operations/admin-configuration', path: '/admin/configuration', title: 'Configuration', priority: 0, loader: lazy(() => import('./features/configuration/components/configuration-page')) }),
    defineDeviceTab({ id: 'device-tab:device-operations/admin-info', path: 'admin-info', label: 'Admin Info', icon: 'asterisk', priority: 10000, filter: isDevice, loader: lazy(() => import('./pages/admin-info-page')) }),
    defineDeviceTab({ id: 'device-tab:device-operations/info', path: 'info', label: 'Info', icon: 'info', priority: 1000, loader: lazy(() => import('./pages/info-page')) }),
    defineDeviceTab({ id: 'device-tab:device-operations/software', path: 'software', label: 'Software', icon: 'download', priority: 101, filter: isDevice, loader: lazy(() => import('./pages/software-page')) }),
    defineDeviceTab({ id: 'device-tab:device-operations/services', path: 'services', label: 'Services', icon: 'cogs', priority: 100, filter: isDevice, loader: lazy(() => import('./pages/services-page')) }),
    defineDeviceTab({ id: 'device-tab:device-operations/events', path: 'events', label: 'Events', icon: 'online', priority: 100, loader: lazy(() => import('./pages/events-page')) }),
    defineDeviceTab({
      id: 'device-tab:device-operations/device-control',
      path: 'device_control',
      label: 'Device Control',
      icon: 'power-off',
      priority: 99,
      filter: (device) => isAtLeast(agentVersion(device), MIN_AGENT_VERSION_DEVICE_CONTROL),
      loader: lazy(() => import('./pages/device-control-page')),
    }),
    defineDeviceTab({ id: 'device-tab:device-operations/alarms', path: 'alarm', label: 'Alarms', icon: 'bell', priority: 50, loader: lazy(() => import('./pages/alarm-tab-page')) }),
  ],
});
