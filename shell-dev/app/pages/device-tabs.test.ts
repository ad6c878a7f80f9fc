import { testContext } from '@shared/plugin-api/testing';
import type { Device, DeviceTabContribution, Registered } from '@shared/plugin-api/types';
import { deviceTabsFor } from './device-tabs';

const tab = (pluginId: string, name: string, priority: number, filter?: DeviceTabContribution['filter']): Registered<DeviceTabContribution> => ({
  kind: 'device-tab',
  id: `device-tab:${pluginId}/${name}`,
  path: name,
  label: name,
  priority,
  filter,
  loader: async () => ({ bootstrap: async () => undefined, mount: async () => undefined, unmount: async () => undefined }),
  pluginId,
});

describe('deviceTabsFor', () => {
  const device: Device = { id: '1', type: 'adamos_NETbox', urlChecks: true };
  const tabs = [
    tab('b', 'events', 100),
    tab('a', 'services', 100),
    tab('a', 'software', 101),
    tab('a', 'admin-info', 10000),
    tab('c', 'connection-checks', -2200, (d) => d.urlChecks === true),
    tab('d', 'adamos-connection', -2100, (d) => d.router === true),
    tab('a', 'admins-only', 5, (_d, ctx) => ctx.user?.effectiveRoles.includes('ROLE_ADMIN') ?? false),
    tab('e', 'broken', 1, () => {
      throw new Error('filter bug');
    }),
  ];

  it('filters per device and user and orders by priority, then plugin id, then contribution id', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(deviceTabsFor(tabs, device, testContext()).map((t) => t.path)).toEqual(['admin-info', 'software', 'services', 'events', 'connection-checks']);
    const admin = testContext({ user: { id: 'x', userName: 'x', effectiveRoles: ['ROLE_ADMIN'] } });
    expect(deviceTabsFor(tabs, { id: '2', router: true }, admin).map((t) => t.path)).toEqual(['admin-info', 'software', 'services', 'events', 'admins-only', 'adamos-connection']);
    expect(error).toHaveBeenCalledWith('[e] filter of device-tab:e/broken threw', expect.any(Error));
    error.mockRestore();
  });

  it('a filter must say true to show its tab', () => {
    const loose = tab('a', 'loose', 1, () => 'yes' as unknown as boolean);
    expect(deviceTabsFor([loose], device, testContext())).toEqual([]);
  });
});
