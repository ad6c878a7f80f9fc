import { changedFields, matchesProfileFilter, offeredGroups, sameProfileForm, updateErrorMessages, validateProfileForm } from './profile-rules';
import { chooseVersion, filterGroups, groupSoftware, saveSelection, cancelSelection } from './software-selection';

const restrictions = {
  alreadyUsedProfileNames: ['Default NETbox', 'Line 4'],
  alreadyAssignedGroups: ['10', '11'],
  deviceTypeWithDefaultProfile: ['adamos_NETbox'],
};

describe('validateProfileForm', () => {
  it.each([
    ['valid with a group', { name: 'New', deviceType: 'adamos_NETbox', deviceGroup: '12' }, {}],
    ['valid default for a type without one', { name: 'New', deviceType: 'adamos_ipc-x64', deviceGroup: null }, {}],
    ['name required', { name: '  ', deviceType: 'adamos_ipc-x64', deviceGroup: null }, { name: 'Name is required.' }],
    ['name used, case-insensitive', { name: 'line 4', deviceType: 'adamos_ipc-x64', deviceGroup: '3' }, { name: 'Name is not unique.' }],
    ['type has a default: group required', { name: 'X', deviceType: 'adamos_NETbox', deviceGroup: null }, { deviceGroup: 'Default profile already available. A device group is required.' }],
    ['type compared case-insensitively', { name: 'X', deviceType: 'ADAMOS_netbox', deviceGroup: null }, { deviceGroup: 'Default profile already available. A device group is required.' }],
    ['type required', { name: 'X', deviceType: '', deviceGroup: null }, { deviceType: 'Device type is required.' }],
  ])('%s', (_n, form, expected) => {
    expect(validateProfileForm(form, restrictions)).toEqual(expected);
  });
});

describe('offeredGroups', () => {
  const groups = [
    { id: '10', name: 'A' },
    { id: '11', name: 'B' },
    { id: '12', name: 'C' },
  ];
  it('hides groups of other profiles but keeps the own one', () => {
    expect(offeredGroups(groups, restrictions, null).map((g) => g.id)).toEqual(['12']);
    expect(offeredGroups(groups, restrictions, '11').map((g) => g.id)).toEqual(['11', '12']);
  });
});

describe('messages and filter', () => {
  it('maps update error codes', () => {
    expect(updateErrorMessages(['NAME_NOT_UNIQUE'])).toEqual(['Device profile name is not unique.']);
    expect(updateErrorMessages(['DEVICE_GROUP_NOT_EXISTS', 'GROUP_ALREADY_ASSIGNED_TO_PROFILE'])).toEqual(['Device group does not exist.', 'Group already assigned to profile.']);
    expect(updateErrorMessages(['SOMETHING'])).toEqual(['Failed to update device profile']);
    expect(updateErrorMessages([])).toEqual(['Failed to update device profile']);
  });
  it('filters on name or id, case-insensitive', () => {
    expect(matchesProfileFilter({ id: '4711', name: 'Line Four' }, 'four')).toBe(true);
    expect(matchesProfileFilter({ id: '4711', name: 'Line Four' }, '471')).toBe(true);
    expect(matchesProfileFilter({ id: '4711', name: 'Line Four' }, 'x')).toBe(false);
  });
});

describe('software selection', () => {
  const pkgs = [
    { id: '1', name: 'agent', version: '1.2.0', url: 'u1' },
    { id: '2', name: 'agent', version: '1.10.0', url: 'u2' },
    { id: '3', name: 'collector', version: '2.0', url: 'u3' },
    { id: '4', name: 'collector', version: '2.1', url: 'u4' },
  ];
  const assigned = [{ id: '3', name: 'collector', version: '2.0', url: 'u3', action: 'install' }];

  it('groups by name, newest first, locks assigned names with their version selected', () => {
    const groups = groupSoftware(pkgs, assigned);
    expect(groups.map((g) => [g.name, g.alreadyAssigned, g.versions.map((v) => v.version)])).toEqual([
      ['agent', false, ['1.10.0', '1.2.0']],
      ['collector', true, ['2.1', '2.0']],
    ]);
    expect(groups[1].versions.find((v) => v.id === '3')?.selected).toBe(true);
  });

  it('one version per name; locked names unchanged; save returns only new selections', () => {
    let groups = groupSoftware(pkgs, assigned);
    groups = chooseVersion(groups, 'agent', '1');
    groups = chooseVersion(groups, 'agent', '2');
    groups = chooseVersion(groups, 'collector', '4');
    expect(saveSelection(groups)).toEqual({ selected: [{ id: '2', name: 'agent', version: '1.10.0', url: 'u2', action: 'install' }], cancelled: false });
    expect(cancelSelection()).toEqual({ selected: [], cancelled: true });
  });

  it('filters names and versions', () => {
    const groups = groupSoftware(pkgs, []);
    expect(filterGroups(groups, 'COLL').map((g) => g.name)).toEqual(['collector']);
    expect(filterGroups(groups, '1.10').map((g) => g.name)).toEqual(['agent']);
  });
});

describe('changedFields', () => {
  it('gives only what the edit changed (the name trimmed), so the other fields as stored now are kept', () => {
    const opened = { name: 'Bielefeld', deviceType: 'adamos_NETbox', deviceGroup: '900' };
    expect(changedFields(opened, { ...opened, name: ' Bielefeld 2 ' })).toEqual({ name: 'Bielefeld 2' });
    expect(changedFields(opened, { ...opened, name: 'Bielefeld ', deviceGroup: null })).toEqual({ deviceGroup: null });
    expect(changedFields(opened, opened)).toEqual({});
  });
});

describe('sameProfileForm', () => {
  const form = { name: 'Bielefeld', deviceType: 'adamos_NETbox', deviceGroup: null };
  it('holds unsaved changes only while a value differs from the form as opened', () => {
    expect(sameProfileForm(form, { ...form })).toBe(true);
    expect(sameProfileForm(form, { ...form, name: 'Bielefeld 2' })).toBe(false);
    expect(sameProfileForm(form, { ...form, deviceGroup: '900' })).toBe(false);
    expect(sameProfileForm(form, { ...form, deviceType: 'adamos_ipc-x64' })).toBe(false);
  });
});
