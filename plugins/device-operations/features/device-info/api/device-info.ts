/** Server state of the Info tab: owner, groups, provisioning child, saves. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getManagedObject, listChildAdditions, listManagedObjects, updateManagedObject } from '@shared/platform/inventory';
import { isPlatformError } from '@shared/platform/fetch-client';
import { getUser, updateUser, type PlatformUser } from '@shared/platform/user';
import { GROUP_LIST_PAGE_SIZE } from '@shared/domain/constants';
import { AZURE_DPS_TYPE } from '../logic/fields';

const root = ['device-operations', 'device-info'] as const;
export const deviceInfoKeys = {
  all: root,
  owner: (tenant: string, owner: string) => [...root, 'owner', tenant, owner] as const,
  groups: () => [...root, 'groups'] as const,
  memberships: (deviceId: string) => [...root, 'memberships', deviceId] as const,
  provisioning: (id: string) => [...root, 'provisioning', id] as const,
};

export const ownerQuery = (tenant: string, owner: string) =>
  queryOptions({
    queryKey: deviceInfoKeys.owner(tenant, owner),
    queryFn: () => getUser(tenant, owner),
  });
export const useOwner = (tenant: string, owner: string, enabled: boolean) => useQuery({ ...ownerQuery(tenant, owner), enabled: enabled && !!owner });

export function setOwnerEnabled(tenant: string, owner: string, enabled: boolean): Promise<PlatformUser> {
  return updateUser(tenant, owner, { enabled });
}

export const groupsQuery = () =>
  queryOptions({
    queryKey: deviceInfoKeys.groups(),
    queryFn: async () => (await listManagedObjects({ fragmentType: 'c8y_IsDeviceGroup', pageSize: GROUP_LIST_PAGE_SIZE })).items,
  });
export const useGroups = (enabled: boolean) => useQuery({ ...groupsQuery(), enabled });

/** The groups the device is a child asset of, asked for directly (not picked out of the first 2000 groups). */
export const membershipsQuery = (deviceId: string) =>
  queryOptions({
    queryKey: deviceInfoKeys.memberships(deviceId),
    queryFn: async () => (await listManagedObjects({ childAssetId: deviceId, fragmentType: 'c8y_IsDeviceGroup', pageSize: GROUP_LIST_PAGE_SIZE })).items,
  });
export const useMemberships = (deviceId: string) => useQuery(membershipsQuery(deviceId));

/** The device's Azure DPS child (registration id, URL, scope), null when it has none. */
export const provisioningQuery = (deviceId: string) =>
  queryOptions({
    queryKey: deviceInfoKeys.provisioning(deviceId),
    queryFn: async () => {
      // References carry only id and name; the children themselves say their type.
      const ids = (await listChildAdditions(deviceId, { pageSize: GROUP_LIST_PAGE_SIZE })).items.map((r) => String(r.id));
      if (ids.length === 0) return null;
      const children = await listManagedObjects({ ids, pageSize: ids.length });
      return children.items.find((mo) => mo.type === AZURE_DPS_TYPE) ?? null;
    },
  });
export const useProvisioning = (deviceId: string) => useQuery(provisioningQuery(deviceId));

export const saveDevice = (id: string, patch: Record<string, unknown>) => updateManagedObject(id, patch);
/** The device as the platform holds it now (a write that depends on a field reads it first). */
export const readDevice = (id: string) => getManagedObject(id);
export { addToGroup, removeFromGroup } from '@shared/platform/groups';

/**
 * Whether a group write failed because the group no longer exists: a 404, and the group itself
 * answers 404 now (a 404 for the device, or any other failure, is not the group's).
 */
export async function groupIsGone(error: unknown, groupId: string): Promise<boolean> {
  if (!isPlatformError(error) || error.status !== 404) return false;
  return getManagedObject(groupId).then(
    () => false,
    (e: unknown) => isPlatformError(e) && e.status === 404,
  );
}

/**
 * Whether unassigning failed because the device is no longer in the group (another user removed
 * it since the card read its groups): a 404 while the group and the device both still exist.
 */
export async function membershipIsGone(error: unknown, groupId: string, deviceId: string): Promise<boolean> {
  if (!isPlatformError(error) || error.status !== 404) return false;
  const [group, device] = await Promise.allSettled([getManagedObject(groupId), getManagedObject(deviceId)]);
  return group.status === 'fulfilled' && device.status === 'fulfilled';
}
