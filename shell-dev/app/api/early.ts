/**
 * The requests every logged-in start needs, sent before the shell's code and the shared libraries
 * have loaded (they take a few round trips of their own). `startEarly` runs in a small script the
 * build inlines at the top of index.html (shell-dev/app/early-start.ts), so the requests leave
 * while the page's other files still download; the shell's entry starts them itself when that
 * script did not run. The answers wait in a page-global slot; each is handed out once, later
 * callers ask the platform again.
 *
 * Only plain data crosses from the inline script to the shell (the two are separate bundles, each
 * with its own copy of the platform client): a failed early request is asked again by the shell,
 * whose client then raises its own errors.
 */
import { loadSession, type Session } from './session';
import { loadTenantApplications, type TenantApplications } from './shell-application';
import { remoteEntryUrl, startPlan, type BundleManifest, type ShellConfig } from '../plugin-host/enabled';
import { withInstalledPlugins } from '../plugin-host/installed';

interface EarlyAnswers {
  contextPath: string;
  session?: Promise<Session | null>;
  applications?: Promise<TenantApplications>;
}

const EARLY_KEY = Symbol.for('adamos.shell.early');
const pageGlobal = globalThis as typeof globalThis & { [EARLY_KEY]?: EarlyAnswers };

/** Whether the early requests were sent on this page (by the inline script or the entry). */
export const earlyStarted = (): boolean => pageGlobal[EARLY_KEY] !== undefined;

export function startEarly(bundle: BundleManifest): void {
  const contextPath = bundle.shell.contextPath;
  const session = loadSession();
  // One list answers both: the shell's application (the tenant's plugin set) and the installed
  // plugin packages. Without a session it answers 401; the login brings a fresh start.
  const applications = loadTenantApplications(contextPath);
  applications.then((a) => preloadFirstWave(withInstalledPlugins(bundle, a.applications), a.shell?.config as ShellConfig | undefined)).catch(() => undefined);
  session.catch(() => undefined);
  pageGlobal[EARLY_KEY] = { contextPath, session, applications };
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

function take<K extends 'session' | 'applications'>(key: K): EarlyAnswers[K] {
  const early = pageGlobal[EARLY_KEY];
  if (!early) return undefined;
  const answer = early[key];
  early[key] = undefined;
  return answer;
}

/** The session asked for early, else a fresh lookup. */
export function takeSession(): Promise<Session | null> {
  const early = take('session');
  return early ? early.catch(() => loadSession()) : loadSession();
}

/** The tenant's applications listed early (when for the same context path), else a fresh lookup. */
export function takeTenantApplications(contextPath: string): Promise<TenantApplications> {
  const sameShell = pageGlobal[EARLY_KEY]?.contextPath === contextPath;
  const early = sameShell ? take('applications') : undefined;
  // A failure (a 401 before the login, a dropped connection) is asked again, now through the
  // shell's own client.
  return early ? early.catch(() => loadTenantApplications(contextPath)) : loadTenantApplications(contextPath);
}
