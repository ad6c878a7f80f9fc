import { defineDeviceTab, definePlugin } from '@shared/plugin-api/define';
import { pluginParcels } from '@shared/plugin-api/lazy';
import { PRODUCT, type Device } from '@shared/plugin-api/types';

const locales = {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
};
const { lazy } = pluginParcels(locales);

/** Spec: the tab shows only when the device has URL check results. */
const hasUrlCheckResults = (device: Device) => {
  const checks = device[`${PRODUCT}_IoTconnector_URLChecks`] as { results?: unknown[] } | undefined;
  return Array.isArray(checks?.results) && checks.results.length > 0;
};

export default definePlugin({
  id: 'connection-checks',
  locales,
  contributions: [
    defineDeviceTab({
      id: 'device-tab:connection-checks/connection-results',
      path: 'connection-checks',
      label: 'Connection Results',
      icon: 'check-circle-o',
      priority: -2200,
      filter: hasUrlCheckResults,
      loader: lazy(() => import('./features/connection-results/components/connection-results-tab')),
    }),
  ],
});
