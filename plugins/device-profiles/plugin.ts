import { defineNavigatorNode, definePlugin, defineRoute } from '@shared/plugin-api/define';
import { pluginParcels } from '@shared/plugin-api/lazy';
import { PROFILE_ROUTE_BASE } from './features/device-profiles/model/routes';

const locales = {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
};
const { lazy } = pluginParcels(locales);

export default definePlugin({
  id: 'device-profiles',
  locales,
  contributions: [
    defineNavigatorNode({ id: 'navigator-node:device-profiles/management', label: 'Management', icon: 'management', priority: 5000 }),
    defineNavigatorNode({
      id: 'navigator-node:device-profiles/device-profiles',
      label: 'Device Profiles',
      parent: 'Management',
      path: PROFILE_ROUTE_BASE,
      icon: 'profile',
      priority: 1000,
    }),
    defineRoute({ id: 'route:device-profiles/list', path: PROFILE_ROUTE_BASE, title: 'Device Profiles', priority: 0, loader: lazy(() => import('./features/device-profiles/components/profile-list-page')) }),
    defineRoute({ id: 'route:device-profiles/detail', path: `${PROFILE_ROUTE_BASE}/:id`, title: 'Device profile', priority: 0, loader: lazy(() => import('./features/device-profiles/components/profile-detail-page')) }),
  ],
});
