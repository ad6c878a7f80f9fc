/** Server state of the device profiles: the profile service, groups, device counts, software. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  getDeviceProfile,
  getDeviceProfileRestrictions,
  listDeviceProfiles,
  listSoftwarePackages,
  type DeviceProfileSaveResult,
} from '@shared/platform/create-software-ng';
import { countManagedObjects, getManagedObject, listManagedObjects } from '@shared/platform/inventory';
import { isPlatformError } from '@shared/platform/fetch-client';
import { GROUP_LIST_PAGE_SIZE } from '@shared/domain/constants';
import { PRODUCT } from '@shared/plugin-api/types';
import type { GroupOption } from '../model/profile-rules';

const PLUGIN = 'device-profiles';
export const profileKeys = {
  all: [PLUGIN] as const,
  list: () => [PLUGIN, 'profiles', 'list'] as const,
  detail: (id: string) => [PLUGIN, 'profiles', 'detail', id] as const,
  restrictions: (excluded: string | null) => [PLUGIN, 'restrictions', excluded ?? ''] as const,
  groups: () => [PLUGIN, 'groups'] as const,
  group: (id: string) => [PLUGIN, 'groups', id] as const,
  devicesUsing: (id: string) => [PLUGIN, 'devices-using', id] as const,
  software: (deviceType: string) => [PLUGIN, 'software', deviceType] as const,
};

/** The applied-profile fragment whose profileId counts the devices using a profile. */
export const APPLIED_PROFILE_FRAGMENT = `c8y_${PRODUCT}_service_dto_AppliedDeviceProfile`;

export const profilesQuery = () => queryOptions({ queryKey: profileKeys.list(), queryFn: listDeviceProfiles });
export const profileQuery = (id: string) => queryOptions({ queryKey: profileKeys.detail(id), queryFn: () => getDeviceProfile(id) });
export const restrictionsQuery = (excludedId: string | null) =>
  queryOptions({
    queryKey: profileKeys.restrictions(excludedId),
    queryFn: () => getDeviceProfileRestrictions(excludedId ? [excludedId] : []),
    staleTime: 0,
  });

/** All device groups, ordered by the group fragment and name (id, name). */
export const groupsQuery = () =>
  queryOptions({
    queryKey: profileKeys.groups(),
    queryFn: async (): Promise<GroupOption[]> => {
      try {
        const page = await listManagedObjects({ query: '$filter=(has(c8y_IsDeviceGroup)) $orderby=c8y_IsDeviceGroup,name asc', pageSize: GROUP_LIST_PAGE_SIZE });
        return page.items.map((g) => ({ id: String(g.id), name: g.name ?? String(g.id) }));
      } catch (error) {
        // Spec 8: a group load failure is logged (the form says it too, beside the group select).
        console.error('Device groups could not be loaded', error);
        throw error;
      }
    },
  });

/** One group by id: a profile's group that the group list does not hold (beyond its page, or the list failed). */
export const groupQuery = (id: string) =>
  queryOptions({
    queryKey: profileKeys.group(id),
    queryFn: async (): Promise<GroupOption> => {
      const g = await getManagedObject(id);
      return { id: String(g.id), name: g.name ?? String(g.id) };
    },
  });

export const devicesUsingQuery = (id: string) =>
  queryOptions({
    queryKey: profileKeys.devicesUsing(id),
    queryFn: () => countManagedObjects({ query: `${APPLIED_PROFILE_FRAGMENT}.profileId eq '${id.replace(/'/g, "''")}'` }),
  });

export const softwareQuery = (deviceType: string) =>
  queryOptions({ queryKey: profileKeys.software(deviceType), queryFn: () => listSoftwarePackages({ deviceType }) });

export const useProfiles = () => useQuery(profilesQuery());
export const useProfile = (id: string) => useQuery(profileQuery(id));
export const useRestrictions = (excludedId: string | null) => useQuery(restrictionsQuery(excludedId));
export const useGroups = () => useQuery(groupsQuery());

/** The profile is gone: another user deleted it since this page read it. */
export const deletedMeanwhile = (e: unknown) => isPlatformError(e) && e.status === 404;

/**
 * Error codes of a failed create/update: the service answers 422 with `errors` (codes as strings);
 * a 200 may still carry errors without `ok`.
 */
export function saveErrors(outcome: { result?: DeviceProfileSaveResult; error?: unknown }): string[] {
  if (outcome.result) return outcome.result.ok ? [] : outcome.result.errors.length ? outcome.result.errors.map(String) : ['UNKNOWN'];
  const e = outcome.error;
  if (isPlatformError(e)) {
    const data = e.data as { errors?: unknown } | undefined;
    if (data && Array.isArray(data.errors) && data.errors.length) return data.errors.map(String);
  }
  return ['UNKNOWN'];
}

/** Runs a save and returns its result or its error codes (with the error thrown, for the log). */
export async function trySave(save: () => Promise<DeviceProfileSaveResult>): Promise<{ result?: DeviceProfileSaveResult; codes: string[]; error?: unknown }> {
  try {
    const result = await save();
    return { result, codes: saveErrors({ result }) };
  } catch (error) {
    return { codes: saveErrors({ error }), error };
  }
}
