import { availability, FRAGMENT, hasMachineInfo, iotConnectorInfo, machineInfo, machineResetPatch, rebaseForm } from './fields';
describe('rebaseForm', () => {
  const before = { notes: 'a', interval: '30' };
  const after = { notes: 'b', interval: '60' };
  it('takes the new server values of untouched fields and keeps edited ones', () => {
    expect(rebaseForm(before, before, after)).toEqual(after);
    expect(rebaseForm({ notes: 'typed', interval: '30' }, before, after)).toEqual({ notes: 'typed', interval: '60' });
    expect(rebaseForm({ notes: 'a', interval: '20' }, before, after)).toEqual({ notes: 'b', interval: '20' });
  });
});

describe('machine info', () => {
  const ccm = { [FRAGMENT.ccm]: { machine: { serial_number: 'M-1', model: 'DMU 50', control: 'S840D', manufacturer: 'DMG' } } };
  it('reads the machine fragment once it exists, the ccm copy only before', () => {
    expect(machineInfo({ id: '1', ...ccm })).toEqual({ serial: 'M-1', model: 'DMU 50', control: 'S840D', manufacturer: 'DMG' });
    const machine = { number: 'M-2', model: 'CTX', controller: '', manufacturer: 'DMG' };
    expect(machineInfo({ id: '1', ...ccm, [FRAGMENT.machine]: machine, [FRAGMENT.machineControl]: 'TNC' })).toEqual({ serial: 'M-2', model: 'CTX', control: 'TNC', manufacturer: 'DMG' });
  });
  it('shows a reset machine as empty, however much the ccm still holds', () => {
    const reset = { id: '1', ...ccm, ...machineResetPatch() };
    expect(machineInfo(reset)).toEqual({ serial: '', model: '', control: '', manufacturer: '' });
    expect(hasMachineInfo(reset)).toBe(false);
    expect(hasMachineInfo({ id: '1', ...ccm })).toBe(true);
    expect(hasMachineInfo({ id: '1' })).toBe(false);
  });
});

describe('availability', () => {
  const device = (status: string, responseInterval?: number) => ({ id: '1', c8y_Availability: { status }, ...(responseInterval === undefined ? {} : { c8y_RequiredAvailability: { responseInterval } }) });
  it.each([
    [device('AVAILABLE', 60), 'AVAILABLE'],
    [device('UNAVAILABLE', 60), 'UNAVAILABLE'],
    // Switched to maintenance a moment ago: the platform's status still says online.
    [device('AVAILABLE', -60), 'MAINTENANCE'],
    [device('AVAILABLE'), 'NOT_MONITORED'],
  ])('send status of %p is %p', (d, send) => expect(availability(d).send).toBe(send));
});

describe('time zone', () => {
  it("names the device's zone as the Set timezone dialog does, not by its stored '{name}#{windowsZone}'", () => {
    expect(iotConnectorInfo({ id: '1', [FRAGMENT.timezone]: 'Asia/Seoul#Korea Standard Time' }).timezone).toBe('(UTC+09:00) Seoul');
    expect(iotConnectorInfo({ id: '1', [FRAGMENT.timezone]: 'Europe/Berlin#W. Europe Standard Time' }).timezone).toMatch(/^\(UTC\+01:00\) Amsterdam, Berlin/);
    // A value of no listed zone stays as the device holds it; none stays empty.
    expect(iotConnectorInfo({ id: '1', [FRAGMENT.timezone]: 'Mars/Olympus' }).timezone).toBe('Mars/Olympus');
    expect(iotConnectorInfo({ id: '1' }).timezone).toBe('');
  });
});
