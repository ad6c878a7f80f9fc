import type { CurrentUser, PlatformContext } from './types';

export const testUser = (roles: string[] = []): CurrentUser => ({
  id: 'admin',
  userName: 'admin',
  displayName: 'Admin',
  effectiveRoles: roles,
});

export function testContext(over: Partial<PlatformContext> = {}): PlatformContext {
  return {
    user: testUser(),
    tenant: { name: 'demo' },
    language: 'en',
    path: '/',
    query: {},
    params: {},
    navigate: () => undefined,
    ...over,
  };
}

