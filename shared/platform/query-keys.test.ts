import { QueryClient } from '@tanstack/react-query';
import { createQueryKeys } from './query-keys';

describe('createQueryKeys', () => {
  const devices = createQueryKeys<{ type: string }>('device-operations', 'devices');

  it('builds keys from general to specific, starting with the plugin id', () => {
    expect(devices.all).toEqual(['device-operations', 'devices']);
    expect(devices.lists()).toEqual(['device-operations', 'devices', 'list']);
    expect(devices.list({ type: 'x' })).toEqual(['device-operations', 'devices', 'list', { type: 'x' }]);
    expect(devices.details()).toEqual(['device-operations', 'devices', 'detail']);
    expect(devices.detail('7')).toEqual(['device-operations', 'devices', 'detail', '7']);
  });

  it('lets a plugin invalidate all its data, one entity kind or one item, and nothing of another plugin', async () => {
    const client = new QueryClient();
    const other = createQueryKeys('device-profiles', 'devices');
    const keys = [devices.list({ type: 'a' }), devices.detail('1'), devices.detail('2'), other.detail('1')];
    for (const key of keys) client.setQueryData(key, 1);
    const stale = () => keys.map((key) => client.getQueryState(key)?.isInvalidated);
    await client.invalidateQueries({ queryKey: devices.detail('1') });
    expect(stale()).toEqual([false, true, false, false]);
    await client.invalidateQueries({ queryKey: devices.lists() });
    expect(stale()).toEqual([true, true, false, false]);
    await client.invalidateQueries({ queryKey: ['device-operations'] });
    expect(stale()).toEqual([true, true, true, false]);
    client.clear();
  });
});
