import type { DeviceTabContribution, Registered } from '@shared/plugin-api/types';
import { SHELL_NS } from '../constants';

/**
 * The platform's standard device tabs that no plugin of the bundle provides: Identity, Logs and
 * Control. The spec's navigation re-adds them on the {product}-connection and connection-checks
 * routes (with Device Control, Events, Services, Software, Alarms and Info, which the
 * device-operations plugin brings); the platform UI has its own, so only the dev shell registers
 * these imitations (as shell contributions, like its navigator entries). Their views load on
 * first use, in a chunk of their own.
 */
const views = () => import('./device-tabs-standard-views');

/** After Alarms (50) and before the router (-2100) and connection results (-2200) tabs. */
export const STANDARD_DEVICE_TABS: readonly Registered<DeviceTabContribution>[] = [
  Object.freeze<Registered<DeviceTabContribution>>({
    kind: 'device-tab',
    id: `device-tab:${SHELL_NS}/control`,
    path: 'control',
    label: 'Control',
    icon: 'terminal',
    priority: 40,
    loader: async () => ({ default: (await views()).controlParcel }),
    pluginId: SHELL_NS,
  }),
  Object.freeze<Registered<DeviceTabContribution>>({
    kind: 'device-tab',
    id: `device-tab:${SHELL_NS}/logs`,
    path: 'logs',
    label: 'Logs',
    icon: 'logs',
    priority: 30,
    loader: async () => ({ default: (await views()).logsParcel }),
    pluginId: SHELL_NS,
  }),
  Object.freeze<Registered<DeviceTabContribution>>({
    kind: 'device-tab',
    id: `device-tab:${SHELL_NS}/identity`,
    path: 'identity',
    label: 'Identity',
    icon: 'fingerprint',
    priority: 20,
    loader: async () => ({ default: (await views()).identityParcel }),
    pluginId: SHELL_NS,
  }),
];
