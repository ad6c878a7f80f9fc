import { blockedReason, canRun, firmwareChoices, firmwareFamily, isCaughtUp, isMonitoringActive, isOutdated, newestOperation, type MobileRouter, type RouterOperation } from './router';

const now = Date.parse('2026-11-22T12:00:00Z');
const op = (status: RouterOperation['status'], creationTime = '2026-11-22T11:00:00Z'): RouterOperation => ({ id: '1', status, creationTime });
const router = (over: Partial<MobileRouter> = {}): MobileRouter => ({
  id: 'r',
  lastUpdated: '2026-11-22T11:30:00Z',
  DeviceAvailability: { Available: true, DeviceState: 'running' },
  ...over,
});

describe('isCaughtUp', () => {
  it.each([
    ['loading', router(), undefined, true, false],
    ['no last operation', router(), undefined, false, true],
    ['successful', router(), op('SUCCESSFUL'), false, true],
    ['failed', router(), op('FAILED'), false, true],
    ['pending, router updated after creation', router(), op('PENDING', '2026-11-22T11:00:00Z'), false, true],
    ['pending, router updated before creation', router(), op('PENDING', '2026-11-22T11:45:00Z'), false, false],
    ['executing, router without lastUpdated', router({ lastUpdated: undefined }), op('EXECUTING'), false, false],
  ])('%s', (_n, r, last, loading, expected) => {
    expect(isCaughtUp(r, last, loading)).toBe(expected);
  });
});

describe('canRun', () => {
  const all = ['adamos_MobileRouter_Restart', 'adamos_MobileRouter_StartMonitoring', 'adamos_MobileRouter_UpdateFirmware', 'adamos_MobileRouter_UpdateProfile'];
  const gate = (over: Partial<Parameters<typeof canRun>[1]> = {}) => ({ router: router(), supportedOperations: all, caughtUp: true, now, ...over });
  it.each([
    ['Restart', gate(), true],
    ['Restart', gate({ supportedOperations: [] }), false],
    ['Restart', gate({ caughtUp: false }), false],
    ['Restart', gate({ router: router({ DeviceAvailability: { Available: false, DeviceState: 'running' } }) }), false],
    ['Restart', gate({ router: router({ DeviceAvailability: { Available: true, DeviceState: 'restarting' } }) }), false],
    ['UpdateFirmware', gate({ router: router({ DeviceAvailability: { Available: true, DeviceState: 'applying firmware' } }) }), false],
    ['UpdateProfile', gate(), true],
    ['StartMonitoring', gate({ router: router({ DeviceAvailability: { Available: true, DeviceState: 'restarting' } }) }), true],
    ['StartMonitoring', gate({ router: router({ Attributes: { Monitoring: { Enabled: true, EndAt: '2026-11-22T13:00:00Z' } } }) }), false],
    ['StartMonitoring', gate({ router: router({ Attributes: { Monitoring: { Enabled: true, EndAt: '2026-11-22T11:00:00Z' } } }) }), true],
  ] as const)('%s %#', (kind, g, expected) => {
    expect(canRun(kind, g)).toBe(expected);
  });
});

describe('blockedReason', () => {
  const all = ['adamos_MobileRouter_Restart', 'adamos_MobileRouter_StartMonitoring', 'adamos_MobileRouter_UpdateFirmware', 'adamos_MobileRouter_UpdateProfile'];
  const gate = (over: Partial<Parameters<typeof canRun>[1]> = {}) => ({ router: router(), supportedOperations: all, caughtUp: true, now, ...over });
  it.each([
    ['Restart', gate(), undefined],
    ['Restart', gate({ supportedOperations: [] }), { reason: 'The device does not support this operation.' }],
    ['UpdateFirmware', gate({ caughtUp: false }), { reason: 'Possible once the router has reported on its last operation.' }],
    ['Restart', gate({ caughtUp: false, lastFailed: true }), { reason: "The router's last operations could not be loaded. Reload tries again." }],
    ['StartMonitoring', gate({ router: router({ DeviceAvailability: { Available: false, DeviceState: 'running' } }) }), { reason: 'The router is not available.' }],
    ['UpdateProfile', gate({ router: router({ DeviceAvailability: { Available: true, DeviceState: 'restarting' } }) }), { reason: 'The router is not running (device state: {{state}}).', state: 'restarting' }],
    ['StartMonitoring', gate({ router: router({ Attributes: { Monitoring: { Enabled: true, EndAt: '2026-11-22T13:00:00Z' } } }) }), { reason: 'Monitoring active' }],
  ] as const)('%s %#: the first rule not met', (kind, g, expected) => {
    expect(blockedReason(kind, g)).toEqual(expected);
  });
});

describe('monitoring, outdated, newest', () => {
  it('monitoring needs enabled and a future end', () => {
    expect(isMonitoringActive(router({ Attributes: { Monitoring: { Enabled: false, EndAt: '2027-01-01T00:00:00Z' } } }), now)).toBe(false);
    expect(isMonitoringActive(router({ Attributes: { Monitoring: { Enabled: true, EndAt: '2027-01-01T00:00:00Z' } } }), now)).toBe(true);
  });
  it('outdated after one hour', () => {
    expect(isOutdated(router({ lastUpdated: '2026-11-22T11:00:01Z' }), now)).toBe(false);
    expect(isOutdated(router({ lastUpdated: '2026-11-22T10:59:59Z' }), now)).toBe(true);
  });
  it('newest operation across kinds', () => {
    expect(newestOperation({ Restart: op('FAILED', '2026-11-20T00:00:00Z'), UpdateFirmware: { ...op('PENDING', '2026-11-21T00:00:00Z'), id: '2' } })?.id).toBe('2');
    expect(newestOperation({})).toBeUndefined();
  });
});

describe('firmwareChoices', () => {
  const repos = [
    { id: 'repo1', name: 'RUT955', c8y_Filter: { type: 'adamos_MobileRouter' } },
    { id: 'repo2', name: 'Other', c8y_Filter: { type: 'c8y_Linux' } },
  ];
  const bin = (id: string, repo: string, version: string, dependency?: string) => ({
    id,
    c8y_Firmware: { version, url: `https://fw/${id}` },
    c8y_Patch: dependency ? { dependency } : undefined,
    additionParents: { references: [{ managedObject: { id: repo } }] },
  });
  it('keeps router repositories and matching patches only', () => {
    const choices = firmwareChoices(
      [bin('a', 'repo1', 'RUT9_R_7.0'), bin('b', 'repo2', 'RUT9_R_7.2'), bin('c', 'repo1', 'RUT9_R_7.1.1', 'RUT9_R_7.1'), bin('d', 'repo1', 'RUT9_R_7.2.1', 'RUT9_R_7.2'), { id: 'e' }],
      repos,
      'RUT9_R_7.1',
    );
    expect(choices.map((c) => c.id)).toEqual(['a', 'c']);
    expect(choices[0]).toEqual({ id: 'a', name: 'RUT955', version: 'RUT9_R_7.0', url: 'https://fw/a' });
  });

  it("offers only the router's family and never its current version (issue 19 item 20)", () => {
    const all = [bin('old', 'repo1', 'RUTX_R_00.07.04.5'), bin('now', 'repo1', 'RUTX_R_00.07.06'), bin('patch', 'repo1', 'RUTX_R_00.07.06.1', 'RUTX_R_00.07.06'), bin('rut9', 'repo1', 'RUT9_R_00.07.05')];
    expect(firmwareChoices(all, repos, 'RUTX_R_00.07.06').map((c) => c.id)).toEqual(['old', 'patch']);
    expect(firmwareChoices(all, repos, 'RUT9_R_00.07.04.5').map((c) => c.id)).toEqual(['rut9']);
    // Nothing can be told of a router without a firmware version.
    expect(firmwareChoices(all, repos, undefined)).toEqual([]);
    expect(firmwareChoices(all, repos, 'unknown')).toEqual([]);
  });

  it('reads the family before the first underscore', () => {
    expect([firmwareFamily('RUTX_R_00.07.06'), firmwareFamily('rut9_R_1'), firmwareFamily('_x'), firmwareFamily(''), firmwareFamily(undefined)]).toEqual(['RUTX', 'RUT9', undefined, undefined, undefined]);
  });
});
