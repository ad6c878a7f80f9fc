import { assignmentRequest, softwareQuery, storageOf, toSoftwareItem, type SoftwareItem } from './software-choices';

describe('storage', () => {
  it.each([
    [{ id: '1', type: 'c8y_Profile' }, 'Profile'],
    [{ id: '1', type: 'c8y_Software', url: 'https://adamosstorage.blob.core.windows.net/x.zip' }, 'External'],
    [{ id: '1', type: 'c8y_Software', url: 'https://AdamosSoftware.blob.core.windows.net/x.zip?sig=1' }, 'External'],
    [{ id: '1', type: 'c8y_Software', url: 'https://evil.example/adamosstorage.blob.core.windows.net' }, 'Local'],
    [{ id: '1', type: 'c8y_Software', url: '/inventory/binaries/12' }, 'Local'],
  ])('%j is %s', (mo, expected) => {
    expect(storageOf(mo)).toBe(expected);
  });
  it("a binary without a category is of category normal (spec 3), so the assignment names it", () => {
    expect(toSoftwareItem({ id: '3', type: 'c8y_Software', name: 'mdc', version: '1' }).category).toBe('normal');
    expect(toSoftwareItem({ id: '3', type: 'c8y_Software', name: 'mdc', version: '1', category: '' }).category).toBe('normal');
    expect(toSoftwareItem({ id: '3', type: 'c8y_Software', name: 'mdc', version: '1', category: 'critical' }).category).toBe('critical');
    expect(toSoftwareItem({ id: '2', type: 'c8y_Profile', name: 'P' }).category).toBeUndefined();
  });
  it('profiles carry no version', () => {
    expect(toSoftwareItem({ id: '2', type: 'c8y_Profile', name: 'P', version: '1' })).toMatchObject({ kind: 'profile', version: '' });
  });
});

describe('softwareQuery', () => {
  it('offers software of the types and profiles filtered to them, by name then version', () => {
    const q = softwareQuery(['adamos_NETbox'], '');
    expect(q).toContain("type eq 'c8y_Software'");
    expect(q).toContain("type eq 'c8y_Profile'");
    expect(q).toContain("c8y_Filter.type eq 'adamos_NETbox'");
    expect(q).toMatch(/\$orderby=name asc,version asc$/);
    expect(q).not.toContain('name eq');
  });
  it('searches name or version, as a wildcard unless the user typed one', () => {
    expect(softwareQuery(['t'], ' mdc ')).toContain("((name eq '*mdc*') or (version eq '*mdc*'))");
    expect(softwareQuery(['t'], 'mdc*')).toContain("(name eq 'mdc*')");
  });
});

const software: SoftwareItem = { id: '9', kind: 'software', name: 'mdc', version: '2.0', storage: 'Local', url: '/inventory/binaries/9', category: 'normal', installationRequiresApproval: true };

describe('assignmentRequest', () => {
  it('software carries netbox_RegisterSoftwarePackage', () => {
    expect(assignmentRequest(software, ['1', '2'], true)).toEqual({
      devices: ['1', '2'],
      forceInstallation: true,
      description: 'Assign software mdc 2.0',
      netbox_RegisterSoftwarePackage: { name: 'mdc', version: '2.0', repository_id: '9', url: '/inventory/binaries/9', category: 'normal', installation_requires_approval: true, c8y_encryptionKey: undefined },
    });
  });
  it('a profile carries registerDeviceProfile', () => {
    const r = assignmentRequest({ ...software, kind: 'profile', id: '5', storage: 'Profile' }, ['1'], false);
    expect(r.registerDeviceProfile).toEqual({ deviceProfileId: '5' });
    expect(r.netbox_RegisterSoftwarePackage).toBeUndefined();
  });
});
