import { orderContributions } from '@shared/plugin-api/ordering';
import type { Device, DeviceTabContribution, PlatformContext, Registered } from '@shared/plugin-api/types';

/** The device's tabs: filtered per device and user, in the platform's order. */
export function deviceTabsFor(
  tabs: readonly Registered<DeviceTabContribution>[],
  device: Device,
  ctx: PlatformContext,
): Registered<DeviceTabContribution>[] {
  const shown = tabs.filter((tab) => {
    if (!tab.filter) return true;
    try {
      return tab.filter(device, ctx) === true;
    } catch (e) {
      // A broken filter hides its own tab only.
      console.error(`[${tab.pluginId}] filter of ${tab.id} threw`, e);
      return false;
    }
  });
  return orderContributions(shown);
}
