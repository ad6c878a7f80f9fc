import type { NavigatorNodeContribution, Registered } from '@shared/plugin-api/types';
import { PLUGINS_PATH, SHELL_NS } from '../constants';
import { STANDARD_DEVICE_TABS } from '../pages/device-tabs-standard';

/** The platform puts Administration last in the navigator. */
const ADMINISTRATION_PRIORITY = -10_000;

/** The shell's own navigator entries, registered like a plugin's under the id 'shell'. */
export const shellContributions: Registered[] = [
  Object.freeze<Registered<NavigatorNodeContribution>>({
    kind: 'navigator-node',
    id: `navigator-node:${SHELL_NS}/administration`,
    label: 'Administration',
    icon: 'cog',
    priority: ADMINISTRATION_PRIORITY,
    pluginId: SHELL_NS,
  }),
  Object.freeze<Registered<NavigatorNodeContribution>>({
    kind: 'navigator-node',
    id: `navigator-node:${SHELL_NS}/plugins`,
    label: 'Plugins',
    parent: 'Administration',
    path: PLUGINS_PATH,
    icon: 'plugin',
    priority: 0,
    pluginId: SHELL_NS,
  }),
  // The platform's Identity, Logs and Control tabs, which the spec re-adds on the router and connection-check routes.
  ...STANDARD_DEVICE_TABS,
];
