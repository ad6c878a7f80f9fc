/**
 * The contract's context read from the platform UI's own services and its hash route. Light on
 * purpose: the navigator factory and the tab guards use it at start-up, before any React loads.
 */
import type { AppStateService } from '@c8y/ngx-components';
import type { ActivatedRouteSnapshot } from '@angular/router';
import { createPlatformContext } from '../create-context';
import { toCurrentUser } from '../current-user';
import { navigate, parseHash } from '../hash-location';
import type { Device, Language, PlatformContext } from '../types';

const LANGUAGES: readonly Language[] = ['en', 'de'];
/** 'de', 'de_DE' and 'de-AT' are German; anything the bundle does not ship falls back to English. */
export function languageOf(platformLang: string | undefined): Language {
  const main = (platformLang ?? '').toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(main) ? (main as Language) : 'en';
}

/** Route parameters and the context's device (route data `contextData`) from the route and its parents. */
export function routeContext(route: ActivatedRouteSnapshot | null): { params: Record<string, string>; device?: Device } {
  const params: Record<string, string> = {};
  let device: Device | undefined;
  for (const r of route?.pathFromRoot ?? []) {
    Object.assign(params, r.params);
    const data = r.data?.contextData as Device | undefined;
    if (data && typeof data === 'object' && typeof data.id === 'string') device = data;
  }
  return { params, ...(device ? { device } : {}) };
}

/** The route shown now: the deepest first child from `root` (the router's state). */
export function shownRoute(root: ActivatedRouteSnapshot | null): ActivatedRouteSnapshot | null {
  let route = root;
  while (route?.firstChild) route = route.firstChild;
  return route;
}

/** Whether the route is inside the platform's context route `context` (e.g. 'group/:id') whose object has loaded. */
export function inContextRoute(route: ActivatedRouteSnapshot | null, context: string): boolean {
  return (route?.pathFromRoot ?? []).some((r) => r.data?.context === context && typeof (r.data?.contextData as Device | undefined)?.id === 'string');
}

/** The context of a contribution at this moment, from the platform UI's own services. */
export function platformContext(appState: AppStateService, route: ActivatedRouteSnapshot | null): PlatformContext {
  const user = appState.currentUser.value;
  const tenant = appState.currentTenant.value;
  // The platform routes by hash (`#/device/42/info`), as the dev shell does.
  const { path, query } = parseHash(window.location.hash);
  return createPlatformContext({
    user: user ? toCurrentUser(user) : null,
    tenant: tenant ? { name: tenant.name, ...(tenant.domainName ? { domainName: tenant.domainName } : {}) } : null,
    language: languageOf(appState.state$.value?.lang),
    path,
    query,
    ...routeContext(route),
    navigate,
  });
}

