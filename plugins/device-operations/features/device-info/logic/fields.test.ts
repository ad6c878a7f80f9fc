import { availability, formDirty, formPatch, FRAGMENT, hasMachineInfo, iotConnectorInfo, machineInfo, machineResetPatch, rebaseForm } from './fields';
describe('rebaseForm', () => {
  const before = { notes: 'a', interval: '30' };
  const after = { notes: 'b', interval: '60' };
  it('takes the new server values of untouched fields and keeps edited ones', () => {
    expect(rebaseForm(before, before, after)).toEqual(after);
    expect(rebaseForm({ notes: 'typed', interval: '30' }, before, after)).toEqual({ notes: 'typed', interval: '60' });
    expect(rebaseForm({ notes: 'a', interval: '20' }, before, after)).toEqual({ notes: 'b', interval: '20' });
  });
});

describe('formPatch', () => {
  const saved = { notes: 'a', interval: '30' };
  it('writes only the fields the user changed, so another user\'s change of the other one is not put back', () => {
    expect(formPatch({ notes: 'typed', interval: '30' }, saved, false)).toEqual({ c8y_Notes: 'typed' });
    expect(formPatch({ notes: 'a', interval: '45' }, saved, false)).toEqual({ c8y_RequiredAvailability: { responseInterval: 45 } });
    expect(formPatch({ notes: 'b', interval: '45' }, saved, false)).toEqual({ c8y_Notes: 'b', c8y_RequiredAvailability: { responseInterval: 45 } });
    expect(formPatch({ notes: 'a', interval: ' 030 ' }, saved, false)).toEqual({});
  });
  it('keeps the maintenance sign of the interval, and the platform\'s maintenance value for 0', () => {
    expect(formPatch({ notes: 'a', interval: '45' }, saved, true)).toEqual({ c8y_RequiredAvailability: { responseInterval: -45 } });
    expect(formPatch({ notes: 'a', interval: '0' }, saved, true)).toEqual({ c8y_RequiredAvailability: { responseInterval: -1 } });
  });
});

describe('formDirty', () => {
  const saved = { notes: 'a', interval: '0' };
  it('is true while the form differs from the device as read, not merely touched', () => {
    expect(formDirty(saved, saved)).toBe(false);
    expect(formDirty({ notes: 'a', interval: '' }, saved)).toBe(false);
    expect(formDirty({ notes: 'ab', interval: '0' }, saved)).toBe(true);
    expect(formDirty({ notes: 'a', interval: '15' }, saved)).toBe(true);
  });
  it('counts an interval that is no number as an edit (it parses to the saved 0)', () => {
    expect(formDirty({ notes: 'a', interval: 'abc' }, saved)).toBe(true);
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
