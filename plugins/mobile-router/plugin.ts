import { defineDeviceTab, definePlugin } from '@shared/plugin-api/define';
import { pluginParcels } from '@shared/plugin-api/lazy';
import { PRODUCT, type Device } from '@shared/plugin-api/types';

const locales = {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
};
const { lazy } = pluginParcels(locales);

/** The four mobile-router operations (spec: Navigation); supporting any one shows the tab. */
export const ROUTER_OPERATIONS = ['Restart', 'StartMonitoring', 'UpdateFirmware', 'UpdateProfile'].map(
  (op) => `${PRODUCT}_MobileRouter_${op}`,
);

const supportsRouter = (device: Device) => {
  const ops = device.c8y_SupportedOperations;
  return Array.isArray(ops) && ops.some((op) => ROUTER_OPERATIONS.includes(op as string));
};

export default definePlugin({
  id: 'mobile-router',
  locales,
  contributions: [
    defineDeviceTab({
      id: 'device-tab:mobile-router/connection',
      path: `${PRODUCT}-connection`,
      // A plain string: the platform UI's translation file (de.json) is made from plugin.ts's quoted texts.
      label: 'adamos Connection',
      icon: 'wifi',
      priority: -2100,
      filter: supportsRouter,
      loader: lazy(() => import('./features/router/components/mobile-router-tab')),
    }),
  ],
});
