import React, { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { configureClient, isNetworkError, isPlatformError } from '@shared/platform/fetch-client';
import { alerts } from '@shared/ui/alerts';
import type { Language } from '@shared/plugin-api/types';
import { loadShellLanguage, useShellT } from './i18n-setup';
import { logout, saveLanguage, type Session } from './api/session';
import { takeSession } from './api/early';
import { loadLanguage } from '@shared/plugin-api/i18n';
import { platformKeys } from '@shared/platform/query-keys';
import type { QueryClient } from '@tanstack/react-query';
import type { BundleManifest } from './plugin-host/enabled';
import { startPlugins } from './plugin-host/start';
import { Shell } from './shell';
import { chunk } from '@shared/ui/chunk';
import { browserLanguage, switchLanguage } from './language-switch';

// Loaded only when somebody has to log in: asked for as soon as the start finds no session (beside
// the language's texts), and rendered as it is once there. Through lazy() and Suspense alone the
// login card showed ~300 ms after its chunk had arrived (React holds a revealed boundary back until
// its fallback has shown that long); lazy() stays for a login that comes before the chunk (a
// session that ends while the page is open).
const loginPage = chunk('the login page', () => import('./pages/login-page').then((m) => m.LoginPage));
type LoginPageComponent = NonNullable<typeof loginPage.loaded>;
const LazyLoginPage = lazy(() => loginPage.load().then((LoginPage) => ({ default: LoginPage })));

type Phase = { phase: 'checking' } | { phase: 'login'; /** The user whose session ended while the page was open. */ expiredUser?: string } | { phase: 'in'; session: Session } | { phase: 'error'; message: string; /** Set when the answer was no platform's (a web page's status): the address serves something else. */ foreignStatus?: string; /** No answer at all (the connection, a platform not started). */ unreachable?: boolean };

/** The start's failure: an answer whose body is no platform error (e.g. an HTML 404 page) is told by its status, not its markup. */
function startFailure(e: unknown): Extract<Phase, { phase: 'error' }> {
  if (isPlatformError(e) && !e.error && typeof e.data === 'string') return { phase: 'error', message: e.message, foreignStatus: `${e.status} ${e.statusText}`.trim() };
  // No answer (the client's NetworkError, fetch's own TypeError): said once, in the user's words; the cause goes to the log.
  if (isNetworkError(e) || e instanceof TypeError) {
    console.warn('The platform could not be reached at start:', e);
    return { phase: 'error', message: e.message, unreachable: true };
  }
  return { phase: 'error', message: e instanceof Error ? e.message : String(e) };
}

const LAST_TENANT_KEY = 'shell.lastTenant';

export interface AppProps {
  bundle: BundleManifest;
  queryClient: QueryClient;
}

export function App({ bundle, queryClient }: AppProps) {
  const { t, i18n } = useShellT();
  const [state, setState] = useState<Phase>({ phase: 'checking' });
  const [language, setLanguage] = useState<Language>('en');
  const pluginsStarted = useRef(false);
  const shownLoginPage = useRef<LoginPageComponent | typeof LazyLoginPage>(undefined);

  const showLanguage = useCallback(
    async (lang: Language) => {
      // The shell's texts in that language load first (English ships in the code); without them
      // the texts stay English, as a plugin's do.
      await loadShellLanguage(lang).catch((e: unknown) => console.warn(`Translations (${lang}) failed to load`, e));
      await i18n.changeLanguage(lang);
    },
    [i18n],
  );

  const check = useCallback(async () => {
    try {
      const session = await takeSession();
      if (!session) {
        // Nobody's saved language yet: the login speaks the browser's, as the platform's does. A
        // login chunk that fails to load is logged, asked for again by the lazy page and reported there.
        await Promise.all([showLanguage(browserLanguage()), loginPage.warm()]);
        setState({ phase: 'login' });
        return;
      }
      sessionStorage.setItem(LAST_TENANT_KEY, session.tenant.name);
      // The user (preferences included) is known: screens reading preferences need not ask again.
      queryClient.setQueryData(platformKeys.currentUser(), session.platformUser);
      // The user's saved language, else the browser's (the platform's order).
      const lang = session.language ?? browserLanguage();
      await showLanguage(lang);
      // The plugins start loading now (their translations in the language just set), while the
      // shell renders its frame: the first screen's code downloads meanwhile.
      if (!pluginsStarted.current) {
        pluginsStarted.current = true;
        void startPlugins(bundle, window.location.search);
      }
      setLanguage(lang);
      setState({ phase: 'in', session });
    } catch (e) {
      setState(startFailure(e));
    }
  }, [showLanguage, queryClient, bundle]);

  // Once per page: the effect ran twice on a start (two session lookups in the network log), and
  // the early session answer can be taken only once.
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    void check();
  }, [check]);

  useEffect(() => {
    configureClient({
      // A session that ends while the page is open brings back the login.
      onUnauthorized: () => setState((s) => (s.phase === 'in' ? { phase: 'login', expiredUser: s.session.user.userName } : s)),
    });
  }, []);

  // The login that replaces an ended session says so; the toasts of what met the end (each "Your
  // session has ended…", or an action's failure with it) would say it again over the login card.
  const sessionEnded = state.phase === 'login' && state.expiredUser !== undefined;
  useEffect(() => {
    if (sessionEnded) alerts.clearAll();
  }, [sessionEnded]);

  const onLoggedIn = useCallback(() => {
    // Plugins of the previous session stay in the page's federation runtime: start afresh.
    if (pluginsStarted.current) window.location.reload();
    else void check();
  }, [check]);

  /** Ends the session and starts afresh (the login); a failed logout rejects, for the shell to say. */
  const onLogout = useCallback(async () => {
    await logout();
    window.location.reload();
  }, []);

  const onLanguage = useCallback(
    (lang: Language) =>
      switchLanguage(lang, {
        save: saveLanguage,
        loadTexts: (l) => [loadLanguage(l), loadShellLanguage(l)],
        apply: async (l) => {
          await i18n.changeLanguage(l);
          setLanguage(l);
        },
      }),
    [i18n],
  );

  switch (state.phase) {
    case 'checking':
      return <p className="text-muted p-24">{t('Loading…')}</p>;
    case 'error':
      return (
        <div className="alert alert-danger m-24" role="alert">
          {state.unreachable
            ? t('The platform cannot be reached. Check the connection and try again.')
            : state.foreignStatus
            ? t('The platform could not be reached: this address answers {{status}}, not as the platform does. Check the address (with npm start -- --proxy: the tenant address), then retry.', {
                status: state.foreignStatus,
              })
            : t('The platform could not be reached: {{message}}', { message: state.message })}{' '}
          {/* Asks again (a dropped connection, a platform restarting) without a reload. */}
          <button
            type="button"
            className="btn btn-link btn-xs"
            onClick={() => {
              setState({ phase: 'checking' });
              void check();
            }}
            data-testid="start-retry"
          >
            {t('Retry')}
          </button>
        </div>
      );
    case 'login': {
      // Chosen once: a component type that changed between renders would remount the form.
      shownLoginPage.current ??= loginPage.loaded ?? LazyLoginPage;
      const LoginPage = shownLoginPage.current;
      return (
        <Suspense fallback={<p className="text-muted p-24">{t('Loading…')}</p>}>
          <LoginPage
            onLoggedIn={onLoggedIn}
            tenant={sessionStorage.getItem(LAST_TENANT_KEY) ?? ''}
            userName={state.expiredUser}
            notice={state.expiredUser === undefined ? undefined : t('Your session has ended. Please log in again.')}
          />
        </Suspense>
      );
    }
    case 'in':
      return (
        <Shell
          session={state.session}
          bundle={bundle}
          language={language}
          onLanguage={onLanguage}
          onLogout={onLogout}
          queryClient={queryClient}
        />
      );
  }
}
