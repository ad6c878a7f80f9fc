import {
  DEVICE_TYPES,
  devicesOutsideType,
  softwareTypeOfInventoryType,
  DEVICE_LABELS,
  NAVIGATOR_LABELS,
  deviceTypeLabel,
  REPOSITORY_LABELS,
  deviceTypeOf,
  isDeviceType,
  softwareTypeFor,
  typesFor,
  typesForSelection,
} from './device-types';

describe('device types', () => {
  it.each([
    ['iotconnector', ['adamos_NETbox'], 'adamos_NETbox', 'IoTconnectors', 'IoTconnector', 'IoTconnector'],
    ['celosos_x64', ['adamos_celosx', 'adamos_ipc-x64'], 'adamos_ipc-x64', 'CELOS OS (IPC x64)', 'CELOS OS (IPC x64)', 'CELOS OS (IPC x64)'],
    ['celosos_aarch64', ['adamos_iotconnectorflex'], 'adamos_iotconnectorflex', 'CELOS OS (IOT2050)', 'CELOS OS (IOT2050)', 'CELOS OS (aarch64)'],
  ] as const)('%s', (dt, types, softwareType, navLabel, deviceLabel, repoLabel) => {
    expect(typesFor(dt)).toEqual(types);
    expect(softwareTypeFor(dt)).toBe(softwareType);
    expect(NAVIGATOR_LABELS[dt]).toBe(navLabel);
    expect(DEVICE_LABELS[dt]).toBe(deviceLabel);
    expect(REPOSITORY_LABELS[dt]).toBe(repoLabel);
    for (const t of types) {
      expect(deviceTypeOf(t)).toBe(dt);
      // A device is named as the navigator names its list (the IOT2050 family is not "aarch64").
      expect(deviceTypeLabel(t)).toBe(deviceLabel);
    }
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

describe('which devices software applies to', () => {
  it.each([
    ['adamos_NETbox', 'adamos_NETbox'],
    ['adamos_celosx', 'adamos_ipc-x64'],
    ['adamos_ipc-x64', 'adamos_ipc-x64'],
    ['adamos_iotconnectorflex', 'adamos_iotconnectorflex'],
  ])('%s installs %s software', (type, sw) => expect(softwareTypeOfInventoryType(type)).toBe(sw));

  const devices = [
    { id: '1', type: 'adamos_NETbox' },
    { id: '2', type: 'adamos_celosx' },
    { id: '3', type: 'adamos_ipc-x64' },
    { id: '4', type: 'adamos_iotconnectorflex' },
    { id: '5' },
  ];
  it.each([
    ['adamos_NETbox', ['2', '3', '4', '5']],
    ['adamos_ipc-x64', ['1', '4', '5']],
    ['adamos_iotconnectorflex', ['1', '2', '3', '5']],
    [undefined, []],
  ])('software for %s leaves out %j', (sw, ids) => expect(devicesOutsideType(devices, sw).map((d) => d.id)).toEqual(ids));
});
