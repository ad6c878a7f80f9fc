/** Payload of POST /createSoftwareAssignment for a chosen software or profile (spec 1, section 7). */
import type { SoftwareAssignmentRequest } from '@shared/platform/create-software-ng';
import type { SoftwareItem } from './storage';

export function assignmentRequest(item: SoftwareItem, deviceIds: string[], forceInstallation: boolean): SoftwareAssignmentRequest {
  if (item.kind === 'profile') {
    return { devices: deviceIds, forceInstallation, description: `Assign device profile ${item.name}`, registerDeviceProfile: { deviceProfileId: item.id } };
  }
  return {
    devices: deviceIds,
    forceInstallation,
    description: `Assign software ${item.name} ${item.version}`,
    netbox_RegisterSoftwarePackage: {
      name: item.name,
      version: item.version,
      repository_id: item.id,
      url: item.url,
      category: item.category,
      installation_requires_approval: item.installationRequiresApproval,
      c8y_encryptionKey: item.encryptionKey,
    },
  };
}
