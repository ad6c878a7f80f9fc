import { assignmentRequest } from './assignment';
import type { SoftwareItem } from './storage';

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
