import { configurationQuery, toConfiguration } from './configurations';

describe('configuration info', () => {
  it('queries the ccm configurations by serial prefix, ordered by serial', () => {
    expect(configurationQuery({ serial: '', pageSize: 25, currentPage: 1 })).toBe(
      "$filter=(type eq 'adamos_IoTconnector_ccm_configuration') $orderby=adamos_adamos_netbox_ccm.netbox.netbox_serial asc",
    );
    expect(configurationQuery({ serial: " NB26'", pageSize: 25, currentPage: 1 })).toContain(
      "adamos_adamos_netbox_ccm.netbox.netbox_serial eq 'NB26''*'",
    );
  });

  it('reads the configuration object and its device', () => {
    const c = toConfiguration({
      id: '144',
      lastUpdated: '2026-03-02T03:42:51.709Z',
      additionParents: { references: [{ managedObject: { id: '143', name: 'IoTconnector NB26000000' } }] },
      adamos_adamos_netbox_ccm: {
        machine: { serial_number: 'M1', model: 'FZ 16 S', control: 'FANUC', manufacturer: 'Chiron' },
        network: { x1: { mode: 'static', ip: '192.168.1.190' }, wifi: { enabled: false } },
        netbox: { netbox_serial: 'NB26000000', image_version: '2.3.1' },
      },
    });
    expect(c).toMatchObject({ deviceId: '143', deviceName: 'IoTconnector NB26000000', serial: 'NB26000000', imageVersion: '2.3.1' });
    expect(c.x1?.ip).toBe('192.168.1.190');
    expect(c.x2).toBeUndefined();
    expect(toConfiguration({ id: '1' })).toMatchObject({ id: '1', serial: undefined, deviceId: undefined });
  });
});
