import { defineNavigatorNode, definePlugin, defineRoute } from '@shared/plugin-api/define';
import { pluginParcels } from '@shared/plugin-api/lazy';

const locales = {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
};
const { lazy } = pluginParcels(locales);

export default definePlugin({
  id: 'software-repository',
  locales,
  contributions: [
    defineNavigatorNode({ id: 'navigator-node:software-repository/management', label: 'Management', icon: 'management', priority: 5000 }),
    defineNavigatorNode({
      id: 'navigator-node:software-repository/software',
      label: 'Software repository',
      parent: 'Management',
      path: '/software',
      icon: 'software',
      priority: 1000,
    }),
    defineNavigatorNode({
      id: 'navigator-node:software-repository/software-rollouts',
      label: 'Software Rollouts',
      parent: 'Management',
      path: '/softwarerollout',
      icon: 'rocket',
      priority: 1000,
    }),
    defineRoute({ id: 'route:software-repository/software', path: '/software', title: 'Software repository', priority: 0, loader: lazy(() => import('./pages/software-page')) }),
    defineRoute({ id: 'route:software-repository/software-rollouts', path: '/softwarerollout', title: 'Software Rollouts', priority: 0, loader: lazy(() => import('./features/rollouts/components/software-rollouts-page')) }),
  ],
});
