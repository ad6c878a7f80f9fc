import {
  DEVICE_TYPES,
  NAVIGATOR_LABELS,
  REPOSITORY_LABELS,
  deviceTypeOf,
  isDeviceType,
  softwareTypeFor,
  typesFor,
  typesForSelection,
} from './device-types';

describe('device types', () => {
  it.each([
    ['iotconnector', ['adamos_NETbox'], 'adamos_NETbox', 'IoTconnectors', 'IoTconnector'],
    ['celosos_x64', ['adamos_celosx', 'adamos_ipc-x64'], 'adamos_ipc-x64', 'CELOS OS (IPC x64)', 'CELOS OS (IPC x64)'],
    ['celosos_aarch64', ['adamos_iotconnectorflex'], 'adamos_iotconnectorflex', 'CELOS OS (IOT2050)', 'CELOS OS (aarch64)'],
  ] as const)('%s', (dt, types, softwareType, navLabel, repoLabel) => {
    expect(typesFor(dt)).toEqual(types);
    expect(softwareTypeFor(dt)).toBe(softwareType);
    expect(NAVIGATOR_LABELS[dt]).toBe(navLabel);
    expect(REPOSITORY_LABELS[dt]).toBe(repoLabel);
    for (const t of types) expect(deviceTypeOf(t)).toBe(dt);
  });

  it('knows nothing of other types', () => {
    expect(deviceTypeOf('adamos_MobileRouter')).toBeUndefined();
    expect(deviceTypeOf(undefined)).toBeUndefined();
    expect(isDeviceType('celosos_x64')).toBe(true);
    expect(isDeviceType('celosos')).toBe(false);
    expect(DEVICE_TYPES).toHaveLength(3);
  });

  it('adds the IPC x64 type when a celosx device is selected', () => {
    expect(typesForSelection(['adamos_celosx'])).toEqual(['adamos_celosx', 'adamos_ipc-x64']);
    expect(typesForSelection(['adamos_NETbox', 'adamos_NETbox'])).toEqual(['adamos_NETbox']);
  });
});
