import { createContext, useContext } from 'react';
import type { CurrentUser, Device, PlatformContext } from './types';

export const PlatformContextReact = createContext<PlatformContext | null>(null);

export function usePlatformContext(): PlatformContext {
  const ctx = useContext(PlatformContextReact);
  if (!ctx) throw new Error('usePlatformContext used outside a contribution parcel');
  return ctx;
}

export const useCurrentUser = (): CurrentUser | null => usePlatformContext().user;

export function hasRole(user: CurrentUser | null | undefined, role: string): boolean {
  return !!user && user.effectiveRoles.includes(role);
}

export const useHasRole = (role: string): boolean => hasRole(usePlatformContext().user, role);

/** The spec's admin area: the page path contains '/admin'. */
export const isAdminPath = (path: string): boolean => path.includes('/admin');
export const useIsAdminArea = (): boolean => isAdminPath(usePlatformContext().path);

export function useDevice(): Device {
  const device = usePlatformContext().device;
  if (!device) throw new Error('useDevice used outside a device route');
  return device;
}
