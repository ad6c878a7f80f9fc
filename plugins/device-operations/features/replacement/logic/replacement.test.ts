import { applyPackageStatuses, defaultAction, isInstallRunning, progressPercent, type ValidationRow } from './replacement';

const pkg = (name: string, version: string) => ({ name, version });

describe('replacement default action', () => {
  it('is CURRENT when the source version exists, else LATEST, else SKIP', () => {
    expect(defaultAction({ softwareObject: pkg('a', '1'), latestSoftwareObject: pkg('a', '2') })).toBe('CURRENT');
    expect(defaultAction({ softwareObject: null, latestSoftwareObject: pkg('a', '2') })).toBe('LATEST');
    expect(defaultAction({})).toBe('SKIP');
  });
});

const row = (action: ValidationRow['action'], status?: string): ValidationRow => ({
  name: 'a',
  version: '1',
  response: { softwareObject: pkg('a', '1'), latestSoftwareObject: pkg('a', '2') },
  action,
  status,
});

describe('replacement progress', () => {
  it('is 100 when nothing is to be installed', () => {
    expect(progressPercent([])).toBe(100);
    expect(progressPercent([row('SKIP')])).toBe(100);
  });

  it('counts installed, failed and executed over the rows not skipped', () => {
    const rows = [row('CURRENT', 'installed'), row('LATEST', 'download failed'), row('CURRENT', 'executed'), row('CURRENT', 'downloading'), row('SKIP')];
    expect(progressPercent(rows)).toBe(75);
    expect(isInstallRunning(rows)).toBe(true);
    expect(isInstallRunning(rows.slice(0, 3))).toBe(false);
  });

  it('treats a row without a reported status as still running', () => {
    expect(isInstallRunning([row('CURRENT')])).toBe(true);
    expect(isInstallRunning([row('SKIP')])).toBe(false);
  });

  it('takes the status of the package of the chosen version', () => {
    const rows = [row('LATEST'), row('CURRENT')];
    const out = applyPackageStatuses(rows, [
      { name: 'a', version: '2', status: 'installed' },
      { name: 'a', version: '1', status: 'waiting for approval' },
    ]);
    expect(out.map((r) => r.status)).toEqual(['installed', 'waiting for approval']);
  });
});
