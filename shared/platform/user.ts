/** The current user and per-user preferences (customProperties): /user/currentUser */
import { MEDIA, objectIn, request } from './fetch-client';

export interface PlatformCurrentUser {
  id: string;
  userName: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  /** Roles resolved from the user's roles and groups. */
  effectiveRoles?: { id: string; name?: string }[];
  /** Free-form per-user settings; the product keeps column configs and page sizes here. */
  customProperties?: Record<string, unknown>;
  [field: string]: unknown;
}

/** The logged-in user (401 when the session is gone). */
export function getCurrentUser(): Promise<PlatformCurrentUser> {
  return request<PlatformCurrentUser>('GET', '/user/currentUser', { headers: { Accept: MEDIA.currentUser } });
}

/** Changes fields of the logged-in user. */
export function updateCurrentUser(patch: Partial<Omit<PlatformCurrentUser, 'id' | 'userName' | 'effectiveRoles'>>): Promise<PlatformCurrentUser> {
  return request<PlatformCurrentUser>('PUT', '/user/currentUser', {
    body: patch,
    headers: { 'Content-Type': MEDIA.currentUser, Accept: MEDIA.currentUser },
  });
}

/** A user of a tenant (e.g. a device's owner, device_<serial>). */
export interface PlatformUser {
  id?: string;
  userName: string;
  enabled?: boolean;
  [field: string]: unknown;
}

const userPath = (tenant: string, userName: string) => `/user/${encodeURIComponent(tenant)}/users/${encodeURIComponent(userName)}`;

/** One user of the tenant. */
export async function getUser(tenant: string, userName: string): Promise<PlatformUser> {
  const path = userPath(tenant, userName);
  return objectIn<PlatformUser>(await request<unknown>('GET', path, { headers: { Accept: MEDIA.user } }), 'userName', path);
}

/** Changes fields of a user of the tenant (e.g. enabled). */
export function updateUser(tenant: string, userName: string, patch: Partial<Omit<PlatformUser, 'id' | 'userName'>>): Promise<PlatformUser> {
  return request<PlatformUser>('PUT', userPath(tenant, userName), { body: patch, headers: { 'Content-Type': MEDIA.user, Accept: MEDIA.user } });
}

/** Role ids of a user, as the plugin contract's CurrentUser carries them. */
export const effectiveRoleIds = (user: PlatformCurrentUser): string[] => (user.effectiveRoles ?? []).map((r) => r.id);

/** One preference (undefined when never saved). */
export async function getPreference<T>(key: string): Promise<T | undefined> {
  const user = await getCurrentUser();
  return user.customProperties?.[key] as T | undefined;
}

// Writes are chained so two quick saves from one page cannot overwrite each other's keys.
let writes: Promise<unknown> = Promise.resolve();

/**
 * Saves one preference. The platform replaces customProperties as a whole, so the current
 * object is read first and sent back with the one key changed.
 */
export function setPreference(key: string, value: unknown): Promise<PlatformCurrentUser> {
  const next = writes.then(async () => {
    const user = await getCurrentUser();
    return updateCurrentUser({ customProperties: { ...(user.customProperties ?? {}), [key]: value } });
  });
  writes = next.catch(() => undefined);
  return next;
}
