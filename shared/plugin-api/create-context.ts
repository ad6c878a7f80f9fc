import type { CurrentUser, Device, Language, PlatformContext, Tenant } from './types';

export interface ContextInput {
  user: CurrentUser | null;
  tenant: Tenant | null;
  language: Language;
  path: string;
  query: Record<string, string>;
  params: Record<string, string>;
  device?: Device;
  /** The host's navigation (hash routes in both hosts). */
  navigate: (path: string) => void;
}

/** The frozen context a contribution receives (a new object whenever something in it changes). */
export function createPlatformContext(input: ContextInput): PlatformContext {
  return Object.freeze({
    user: input.user,
    tenant: input.tenant,
    language: input.language,
    path: input.path,
    query: Object.freeze({ ...input.query }),
    params: Object.freeze({ ...input.params }),
    ...(input.device ? { device: input.device } : {}),
    navigate: input.navigate,
  });
}
