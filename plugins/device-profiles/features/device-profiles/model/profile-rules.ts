/**
 * Device profile rules (spec 2, sections 4, 5 and 8), pure: the form's validation against the
 * server's restrictions, the groups a profile may take, and the server's error codes as messages.
 */
import { msg } from '@shared/plugin-api/i18n';
import type { DeviceProfileRestrictions } from '@shared/platform/create-software-ng';

export interface ProfileForm {
  name: string;
  deviceType: string;
  /** null: no group ('---'), the device type's default profile. */
  deviceGroup: string | null;
}

export const NAME_NOT_UNIQUE = msg('Name is not unique.');
export const DEFAULT_PROFILE_GROUP_REQUIRED = msg('Default profile already available. A device group is required.');
export const NAME_REQUIRED = msg('Name is required.');
export const DEVICE_TYPE_REQUIRED = msg('Device type is required.');

export type ProfileFormErrors = Partial<Record<keyof ProfileForm, string>>;

/**
 * What an edit changed against the form it opened with (the name trimmed): only those fields are
 * sent, so another user's change of the others since then is kept (README "Edits are written by field").
 */
export function changedFields(opened: ProfileForm, edited: ProfileForm): Partial<ProfileForm> {
  const next = { ...edited, name: edited.name.trim() };
  return Object.fromEntries((Object.keys(next) as (keyof ProfileForm)[]).filter((k) => next[k] !== opened[k]).map((k) => [k, next[k]]));
}

/** Two forms with the same values: an edit that differs from what it opened with holds unsaved changes. */
export const sameProfileForm = (a: ProfileForm, b: ProfileForm): boolean => a.name === b.name && a.deviceType === b.deviceType && (a.deviceGroup ?? null) === (b.deviceGroup ?? null);

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Name and type required; the name not among the already used names; when the device type
 * already has a default profile (compared case-insensitively) a group is required. The
 * restrictions exclude the profile being edited (the server's excludedIds).
 */
export function validateProfileForm(form: ProfileForm, restrictions: DeviceProfileRestrictions): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  if (!form.name.trim()) errors.name = NAME_REQUIRED;
  else if (restrictions.alreadyUsedProfileNames.some((n) => same(n, form.name))) errors.name = NAME_NOT_UNIQUE;
  if (!form.deviceType) errors.deviceType = DEVICE_TYPE_REQUIRED;
  else if (!form.deviceGroup && restrictions.deviceTypeWithDefaultProfile.some((t) => same(t, form.deviceType))) {
    errors.deviceGroup = DEFAULT_PROFILE_GROUP_REQUIRED;
  }
  return errors;
}

export interface GroupOption {
  id: string;
  name: string;
}

/** Groups already assigned to another profile are not offered (the profile's own group stays). */
export function offeredGroups(groups: readonly GroupOption[], restrictions: DeviceProfileRestrictions, current: string | null): GroupOption[] {
  const taken = new Set(restrictions.alreadyAssignedGroups.map(String));
  return groups.filter((g) => g.id === current || !taken.has(g.id));
}

/**
 * The group options with a profile's own group among them: the list holds one page of groups (and
 * none when it failed), and a select whose value is not an option shows '---', "no group".
 */
export function withOwnGroup(groups: readonly GroupOption[], own: GroupOption | null): readonly GroupOption[] {
  return !own || groups.some((g) => g.id === own.id) ? groups : [own, ...groups];
}

/** A profile is the default of its device type when no group is assigned. */
export const isDefaultProfile = (p: { deviceGroup?: string | null }) => !p.deviceGroup;

/**
 * Messages of the create modal: two codes have their own (spec 8); a default profile made by
 * someone else since the modal opened gets the form's own message (spec 5); the spec only logs
 * other failures, we say CREATE_FAILED too.
 */
export const CREATE_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  NAME_NOT_UNIQUE: msg('Device name is not unique.'),
  GROUP_ALREADY_ASSIGNED_TO_PROFILE: msg('Group is already in usage by another profile.'),
  DEFAULT_PROFILE_ALREADY_AVAILABLE: DEFAULT_PROFILE_GROUP_REQUIRED,
};

export const CREATE_FAILED = msg('Failed to create device profile');
export const UPDATE_FAILED = msg('Failed to update device profile');

/** Messages of the detail page's update. */
export const UPDATE_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  NAME_NOT_UNIQUE: msg('Device profile name is not unique.'),
  DEFAULT_PROFILE_ALREADY_AVAILABLE: msg('Default profile already available. A device group is required.'),
  DEVICE_GROUP_NOT_EXISTS: msg('Device group does not exist.'),
  GROUP_ALREADY_ASSIGNED_TO_PROFILE: msg('Group already assigned to profile.'),
};

/** The messages of an update's error codes; unknown codes give the general failure. */
export function updateErrorMessages(codes: readonly string[]): string[] {
  const messages = codes.map((c) => UPDATE_ERROR_MESSAGES[c] ?? UPDATE_FAILED);
  return messages.length ? [...new Set(messages)] : [UPDATE_FAILED];
}

/** Filter of the list: name or id, case-insensitive. */
export function matchesProfileFilter(p: { id: string; name: string }, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  return !f || p.name.toLowerCase().includes(f) || String(p.id).toLowerCase().includes(f);
}
