import { addSelected, chooseVersion, groupSoftware, keepChoices, versionClashes } from './software-selection';

const pkg = (id: string, name: string, version: string, deps: string[] = []) => ({ id, name, version, url: '', dependencies: deps.map((d) => ({ id: d, name: '', version: '' })) });
// The demo's IoTconnector catalogue in small: machine-monitor 4.2.0 needs mdc-collector 2.5.0, edge-analytics 2024.1 the 3.0 one.
const PACKAGES = [
  pkg('c25', 'mdc-collector', '2.5.0'),
  pkg('c30', 'mdc-collector', '3.0.0-rc1'),
  pkg('mm', 'machine-monitor', '4.2.0', ['c25']),
  pkg('ea23', 'edge-analytics', '2023.2', ['mm', 'c25']),
  pkg('ea24', 'edge-analytics', '2024.1', ['c30']),
];
const BIELEFELD = [
  { id: 'c25', name: 'mdc-collector', version: '2.5.0', url: '', action: 'install' as const },
  { id: 'mm', name: 'machine-monitor', version: '4.2.0', url: '', action: 'install' as const },
];

describe('versionClashes', () => {
  it("blocks a version needing another version of what the profile's software needs (edge-analytics 2024.1 on IoTconnector Bielefeld)", () => {
    const groups = groupSoftware(PACKAGES, BIELEFELD);
    const clashes = versionClashes(groups, PACKAGES, BIELEFELD);
    expect(Object.fromEntries(clashes)).toEqual({ ea24: { name: 'mdc-collector', version: '3.0.0-rc1', other: '2.5.0' } });
  });

  it('blocks a version clashing with a version chosen for another name in the dialog, and frees it when that choice goes', () => {
    let groups = groupSoftware(PACKAGES, []);
    expect(versionClashes(groups, PACKAGES, []).size).toBe(0);
    groups = chooseVersion(groups, 'machine-monitor', 'mm');
    expect(Object.fromEntries(versionClashes(groups, PACKAGES, []))).toEqual({
      c30: { name: 'mdc-collector', version: '3.0.0-rc1', other: '2.5.0' },
      ea24: { name: 'mdc-collector', version: '3.0.0-rc1', other: '2.5.0' },
    });
  });

  it('counts a profile entry whose package was deleted since by its name and version', () => {
    const gone = [{ id: 'deleted', name: 'mdc-collector', version: '2.4.1', url: '', action: 'install' as const }];
    const clashes = versionClashes(groupSoftware(PACKAGES, gone), PACKAGES, gone);
    expect([...clashes.keys()].sort()).toEqual(['ea23', 'ea24', 'mm']);
  });
});

describe('keepChoices', () => {
  it('keeps the versions the user chose when the list is read again, where they are still offered and not locked now', () => {
    const chosen = chooseVersion(chooseVersion(groupSoftware(PACKAGES, []), 'edge-analytics', 'ea24'), 'machine-monitor', 'mm');
    // Read again: machine-monitor is now in the profile (another user), edge-analytics 2024.1 still offered.
    const again = keepChoices(groupSoftware(PACKAGES, [BIELEFELD[1]]), chosen);
    const selected = (name: string) => again.find((g) => g.name === name)!.versions.filter((v) => v.selected).map((v) => v.id);
    expect(selected('edge-analytics')).toEqual(['ea24']);
    expect(selected('machine-monitor')).toEqual(['mm']);
    expect(again.find((g) => g.name === 'machine-monitor')!.alreadyAssigned).toBe(true);
    // A version deleted meanwhile is no longer chosen.
    const gone = keepChoices(groupSoftware(PACKAGES.filter((p) => p.id !== 'ea24'), []), chosen);
    expect(gone.find((g) => g.name === 'edge-analytics')!.versions.some((v) => v.selected)).toBe(false);
  });
});

describe('addSelected', () => {
  const sw = (id: string, name: string, version: string) => ({ id, name, version, url: '', action: 'install' });
  it('adds the choices of names the profile does not hold', () => {
    const r = addSelected([sw('a', 'alpha', '1')], [sw('b', 'beta', '2')]);
    expect(r.software.map((s) => s.id)).toEqual(['a', 'b']);
    expect(r.added.map((s) => s.id)).toEqual(['b']);
    expect(r.kept).toEqual([]);
  });
  it('keeps the version another user added meanwhile and reports the choice not added', () => {
    const r = addSelected([sw('b1', 'beta', '1')], [sw('b2', 'beta', '2'), sw('c', 'gamma', '1')]);
    expect(r.software.map((s) => s.id)).toEqual(['b1', 'c']);
    expect(r.kept).toEqual([{ chosen: sw('b2', 'beta', '2'), kept: sw('b1', 'beta', '1') }]);
  });
  it('says nothing of a choice the other user made the same', () => {
    const r = addSelected([sw('b2', 'beta', '2')], [sw('b2', 'beta', '2')]);
    expect(r.software.map((s) => s.id)).toEqual(['b2']);
    expect(r.added).toEqual([]);
    expect(r.kept).toEqual([]);
  });
});
