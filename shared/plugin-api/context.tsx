import { createContext, useContext } from 'react';
import type { CurrentUser, Device, PlatformContext } from './types';
import { unmetTerms, type RoleRequirement } from './roles';

export const PlatformContextReact = createContext<PlatformContext | null>(null);

export function usePlatformContext(): PlatformContext {
  const ctx = useContext(PlatformContextReact);
  if (!ctx) throw new Error('usePlatformContext used outside a contribution parcel');
  return ctx;
}

export const useCurrentUser = (): CurrentUser | null => usePlatformContext().user;

/**
 * Whether the user's effective roles (the shell's current user, never the URL) meet a requirement:
 * a role id, or `REQUIRES.<write>` (roles.ts). Nobody logged in may do nothing.
 */
export function can(user: CurrentUser | null | undefined, requirement: RoleRequirement): boolean {
  return !!user && unmetTerms(user.effectiveRoles, requirement).length === 0;
}

/** The terms of a requirement the user lacks (all of them when nobody is logged in). */
export function missingRoles(user: CurrentUser | null | undefined, requirement: RoleRequirement): (string | readonly string[])[] {
  return unmetTerms(user?.effectiveRoles ?? [], requirement);
}

/**
 * The spec's admin area: the page path contains '/admin'. It decides what a view shows (the admin
 * device list's columns, the Admin Info tab's cards), never what a user may do: that is `can`.
 */
export const isAdminPath = (path: string): boolean => path.includes('/admin');
export const useIsAdminArea = (): boolean => isAdminPath(usePlatformContext().path);

export function useDevice(): Device {
  const device = usePlatformContext().device;
  if (!device) throw new Error('useDevice used outside a device route');
  return device;
}
