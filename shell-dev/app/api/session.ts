/** Login, logout and who is logged in, against the platform (or the stand-in) on this origin. */
import { isPlatformError, request } from '@shared/platform/fetch-client';
import { getCurrentUser, setPreference, type PlatformCurrentUser } from '@shared/platform/user';
import { toCurrentUser } from '@shared/plugin-api/current-user';
import type { CurrentUser, Language, Tenant } from '@shared/plugin-api/types';
import { LANGUAGE_PROPERTY, LANGUAGES } from '../constants';

export interface Session {
  user: CurrentUser;
  /** The platform's answer for the user, preferences included (seeds the page's query cache). */
  platformUser: PlatformCurrentUser;
  tenant: Tenant;
  /** The language saved for this user, if any. */
  language: Language | null;
}

const UNAUTHORIZED = 401;

export class LoginError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A throttled login (429): the seconds until the next try is taken. */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

/** Cookie login: the server answers with the `authorization` and `XSRF-TOKEN` cookies. */
export async function login(tenant: string, userName: string, password: string): Promise<void> {
  const form = new URLSearchParams({ grant_type: 'PASSWORD', username: userName, password, tenant_id: tenant });
  try {
    await request('POST', '/tenant/oauth', {
      query: { tenant_id: tenant },
      body: form.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  } catch (e) {
    if (isPlatformError(e)) throw new LoginError(e.status, e.message, e.retryAfterS);
    throw e;
  }
}

export async function logout(): Promise<void> {
  try {
    await request('POST', '/user/logout');
  } catch (e) {
    // Already logged out (401) is what we want; any other failure leaves the session open (a
    // reload would show the user logged in again), so the caller says it.
    if (isPlatformError(e) && e.status === UNAUTHORIZED) return;
    throw e;
  }
}

const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);

/** The current session, or null when nobody is logged in (401). */
export async function loadSession(): Promise<Session | null> {
  // Both at once: the tenant's answer is dropped when nobody is logged in.
  const tenantRequest = request<{ name?: string; domainName?: string }>('GET', '/tenant/currentTenant');
  tenantRequest.catch(() => undefined);
  let user: PlatformCurrentUser;
  try {
    user = await getCurrentUser();
  } catch (e) {
    if (isPlatformError(e) && e.status === UNAUTHORIZED) return null;
    throw e;
  }
  const tenantBody = await tenantRequest;
  const saved = user.customProperties?.[LANGUAGE_PROPERTY];
  return {
    user: toCurrentUser(user),
    platformUser: user,
    tenant: Object.freeze({ name: tenantBody?.name ?? '', domainName: tenantBody?.domainName }),
    language: isLanguage(saved) ? saved : null,
  };
}

/** Keeps the user's language in currentUser.customProperties, as the platform does. */
export async function saveLanguage(language: Language): Promise<void> {
  await setPreference(LANGUAGE_PROPERTY, language);
}
