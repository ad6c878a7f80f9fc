/**
 * Writes that change the Groups tree: each tells the host once it has succeeded
 * (plugin-api/groups-changed.ts), so an open tree shows the change.
 */
import { announceGroupsChanged } from '../plugin-api/groups-changed';
import { addChildAsset, createManagedObject, removeChildAsset, type ManagedObject } from './inventory';

/** A smart group: the devices `query` finds (both device lists create one from what they show). */
export async function createSmartGroup(name: string, query: string): Promise<ManagedObject> {
  const group = await createManagedObject({ name, type: 'c8y_DynamicGroup', c8y_IsDynamicGroup: {}, c8y_DeviceQueryString: query });
  announceGroupsChanged();
  return group;
}

export async function addToGroup(groupId: string, deviceId: string): Promise<void> {
  await addChildAsset(groupId, deviceId);
  announceGroupsChanged();
}

export async function removeFromGroup(groupId: string, deviceId: string): Promise<void> {
  await removeChildAsset(groupId, deviceId);
  announceGroupsChanged();
}
