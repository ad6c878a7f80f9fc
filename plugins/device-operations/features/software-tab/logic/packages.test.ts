import { appliedProfile, isDeletableType, displayVersion, installOperation, markForDeletion, visiblePackages, waitingForApproval, type SoftwarePackageEntry } from './packages';

const list: SoftwarePackageEntry[] = [
  { name: 'agent', version: '0.4.1', type: 'AGENT', status: 'installed' },
  { name: 'app', version: 'unknown', type: 'APPLICATION', status: 'waiting for approval' },
  { name: 'old', version: '1', type: 'APPLICATION', status: 'installed', marked_for_deletion: true },
  { name: 'win', version: '10', type: 'windows', status: 'installed' },
];

describe('software package rules', () => {
  it('never deletes AGENT, AGENTUPDATER, WINDOWS (any case)', () => {
    expect(isDeletableType(list[1])).toBe(true);
    expect(isDeletableType(list[0])).toBe(false);
    expect(isDeletableType(list[3])).toBe(false);
    expect(isDeletableType({ name: 'u', type: 'AGENTUPDATER' })).toBe(false);
    expect(isDeletableType({ name: 'none' })).toBe(true);
  });

  it('flags instead of removing, and hides flagged rows', () => {
    const next = markForDeletion(list, { name: 'app', version: '' });
    expect(next).toHaveLength(4);
    expect(next[1].marked_for_deletion).toBe(true);
    expect(visiblePackages(next).map((p) => p.name)).toEqual(['agent', 'win']);
  });

  it('shows "unknown" as empty', () => {
    expect(displayVersion('unknown')).toBe('');
    expect(displayVersion('1.2')).toBe('1.2');
  });

  it('approves waiting packages with an immediate install operation', () => {
    expect(waitingForApproval(list).map((p) => p.name)).toEqual(['app']);
    expect(installOperation('7', list[1])).toMatchObject({ deviceId: '7', netbox_InstallSoftwarePackage: { scheduledinstallationtime: '0', name: 'app' } });
  });
});

describe('applied profile', () => {
  const F = 'c8y_adamos_service_dto_AppliedDeviceProfile';
  it.each([
    [{}, undefined],
    [{ [F]: null }, undefined],
    [{ [F]: {} }, undefined],
    [{ [F]: { profileName: '', profileId: '' } }, undefined],
  ])('%j has no profile', (d, expected) => expect(appliedProfile({ id: '1', ...d })).toBe(expected));
  it('reads a named profile', () => {
    const p = { profileName: 'IoTconnector standard', profileId: '12', assignedAt: '2026-01-01T00:00:00Z' };
    expect(appliedProfile({ id: '1', [F]: p })).toEqual(p);
  });
});
