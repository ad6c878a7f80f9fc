import type { CurrentUser } from './types';

/** The platform's user answer (/user/currentUser, or the platform UI's AppStateService.currentUser). */
export interface PlatformUserLike {
  id: string;
  userName: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  effectiveRoles?: readonly { id: string; name?: string }[];
}

/** The contract's frozen user, the same in both hosts: role ids from the user's effective roles. */
export function toCurrentUser(u: PlatformUserLike): CurrentUser {
  const displayName = [u.firstName, u.lastName].filter(Boolean).join(' ');
  return Object.freeze({
    id: u.id,
    userName: u.userName,
    displayName: displayName || undefined,
    email: u.email,
    effectiveRoles: Object.freeze((u.effectiveRoles ?? []).map((r) => r.id)),
  });
}
