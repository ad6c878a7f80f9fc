import { storageOf, toSoftwareItem } from './storage';

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
  it('profiles carry no version', () => {
    expect(toSoftwareItem({ id: '2', type: 'c8y_Profile', name: 'P', version: '1' })).toMatchObject({ kind: 'profile', version: '' });
  });
});
