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
  /** Remote entries started early, by URL: settled when the script ran or failed to load. */
  remoteEntries: Map<string, Promise<void>>;
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
  const early: EarlyAnswers = { contextPath, session, applications, remoteEntries: new Map() };
  // Only with the tenant's answer (a 401 without a session): on the login page nothing runs.
  applications.then((a) => runFirstWave(early, withInstalledPlugins(bundle, a.applications), a.shell?.config as ShellConfig | undefined)).catch(() => undefined);
  session.catch(() => undefined);
  pageGlobal[EARLY_KEY] = early;
}

/**
 * The remote entries of the plugins that own the start route, run while the shell's own code
 * still runs. Run, not only preloaded: each entry asks for its start chunk and the chunks of the
 * route on screen (scripts/webpack/preload.ts), and those requests left ~50 ms later when the
 * entry waited for the federation runtime (the shell's code, then its first render). A remote
 * entry only defines its container (a `var`); the runtime takes an existing container instead of
 * adding a script of its own (runtime-core's loadEntryScript), and the loader waits for these
 * scripts first (earlyRemoteEntry), so no entry runs twice.
 */
function runFirstWave(early: EarlyAnswers, bundle: BundleManifest, config: ShellConfig | undefined): void {
  const first = startPlan(bundle, config, window.location.search, window.location.hash).first;
  if (first.length === 0) return;
  // An entry picks the route's chunks by the hash it sees when it runs: a start without a route in
  // the hash (the shell adds its start route later) only preloads the entries, as before.
  const run = /^#\/./.test(window.location.hash);
  // The entry's preloads pick the dev shell's expose when the page has a federation runtime
  // (`window.__FEDERATION__`); the runtime completes the object it finds (setGlobalDefaultVal).
  if (run) (window as unknown as { __FEDERATION__?: object }).__FEDERATION__ ??= {};
  for (const plugin of first) {
    const url = remoteEntryUrl(plugin);
    if (!run) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = url;
      document.head.appendChild(link);
      continue;
    }
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    // A failed entry is the loader's to report: it asks for the entry again through the runtime.
    early.remoteEntries.set(url, new Promise<void>((resolve) => (script.onload = script.onerror = () => resolve())));
    document.head.appendChild(script);
  }
}

/** Settles when the remote entry at `url`, if run early, has run or failed to load. */
export function earlyRemoteEntry(url: string): Promise<void> | undefined {
  return pageGlobal[EARLY_KEY]?.remoteEntries?.get(url);
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
