/**
 * The requests every logged-in start needs, sent by the entry chunk before the shell's code and
 * the shared libraries have loaded (they take a few round trips of their own). Each answer is
 * handed out once; later callers ask the platform again.
 */
import { isPlatformError } from '@shared/platform/fetch-client';
import { loadSession, type Session } from './session';
import { loadTenantApplications, type TenantApplications } from './shell-application';
import { remoteEntryUrl, startPlan, type BundleManifest, type ShellConfig } from '../plugin-host/enabled';
import { withInstalledPlugins } from '../plugin-host/installed';

let session: Promise<Session | null> | undefined;
let shellApplication: { contextPath: string; applications: Promise<TenantApplications> } | undefined;

export function startEarly(bundle: BundleManifest): void {
  const shellContextPath = bundle.shell.contextPath;
  session = loadSession();
  // Without a session the list answers 401; the login brings a fresh start.
  // One list answers both: the shell's application (the tenant's plugin set) and the installed plugin packages.
  const applications = loadTenantApplications(shellContextPath);
  applications.then((a) => preloadFirstWave(withInstalledPlugins(bundle, a.applications), a.shell?.config as ShellConfig | undefined)).catch(() => undefined);
  session.catch(() => undefined);
  shellApplication = { contextPath: shellContextPath, applications };
}

/**
 * The remote entries of the plugins that own the start route, fetched while the shell's own code
 * still loads; the federation runtime's script tag then finds them in the cache.
 */
function preloadFirstWave(bundle: BundleManifest, config: ShellConfig | undefined): void {
  for (const plugin of startPlan(bundle, config, window.location.search, window.location.hash).first) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = remoteEntryUrl(plugin);
    document.head.appendChild(link);
  }
}

/** The session started early, else a fresh lookup. */
export function takeSession(): Promise<Session | null> {
  const early = session;
  session = undefined;
  return early ?? loadSession();
}

/** The tenant's applications listed early (when for the same context path), else a fresh lookup. */
export function takeTenantApplications(contextPath: string): Promise<TenantApplications> {
  const early = shellApplication;
  shellApplication = undefined;
  if (!early || early.contextPath !== contextPath) return loadTenantApplications(contextPath);
  return early.applications.catch((e: unknown) => {
    // Sent before the login: ask again now that there is a session.
    if (isPlatformError(e) && e.status === 401) return loadTenantApplications(contextPath);
    throw e;
  });
}
