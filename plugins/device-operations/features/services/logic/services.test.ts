import { currentStates, hasMdcTable, mdcEmptyText, mdcInterfaces, services, servicesEmptyText } from './services';

describe('services tab data', () => {
  const device = {
    id: '1',
    type: 'adamos_NETbox',
    adamos_adamos_netbox_Services: [
      { name: 'mdc', state: 'running' },
      { name: 'KB5005565', state: 'installed' },
    ],
    adamos_IoTconnector_MDC_Status: { Interfaces: [{ ID: 'opcua', Status: 'ok', ErrorState: '' }] },
  };

  it('excludes KB* entries', () => expect(services(device).map((s) => s.name)).toEqual(['mdc']));
  it('reads MDC interfaces for IoTconnectors only', () => {
    expect(mdcInterfaces(device)).toEqual([{ ID: 'opcua', Status: 'ok', ErrorState: '' }]);
    expect(hasMdcTable(device)).toBe(true);
    expect(hasMdcTable({ ...device, type: 'adamos_celosx' })).toBe(false);
  });
  it('says why the table is empty', () => {
    expect(servicesEmptyText(false)).toBe('No services available');
    expect(servicesEmptyText(false, true)).toBe('No services in this state');
    expect(servicesEmptyText(true)).toBe('Device is offline');
  });
  it('shows no last-reported state of an offline device, and says so in both tables', () => {
    const offline = { ...device, c8y_Availability: { status: 'UNAVAILABLE' } };
    expect(currentStates(offline)).toEqual({ s: [], m: [], offline: true });
    expect(mdcEmptyText(currentStates(offline).offline)).toBe('Device is offline');
    expect(currentStates({ ...device, c8y_Availability: { status: 'AVAILABLE' } }).s.map((x) => x.name)).toEqual(['mdc']);
    expect(mdcEmptyText(currentStates(device).offline)).toBe('No MDC status information available');
  });
});
