import React, { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { buildNavigatorTree } from '@shared/plugin-api/navigator';
import { orderContributions } from '@shared/plugin-api/ordering';
import type { Device, Language, Registered } from '@shared/plugin-api/types';
import { DEFAULT_PATH, PLUGINS_PATH, SHELL_NS } from './constants';
import { createPlatformContext } from '@shared/plugin-api/create-context';
import { useShellT } from './i18n-setup';
import { fetchDevice } from './api/device';
import type { Session } from './api/session';
import { Header } from './layout/header';
import { useContentHasH1 } from './layout/page-heading';
import { ParcelMount } from './mount/parcel-mount';
import { Navigator } from './navigator/navigator';
import type { BundleManifest } from './plugin-host/enabled';
import { ofKind, useRegistry } from './plugin-host/registry';
import { guardDeviceRoute, logRefusal, refusalText } from './routing/device-guard';
import { MissingPage, useMissingPageTitle } from './pages/missing-page';
import type { LanguageSwitchProblems } from './language-switch';
// Loads the dashboard host's chunk itself (no Suspense, whose reveal throttle held it back 300 ms).
import { DashboardHost } from './dashboard/dashboard-host-loader';

// The shell's own pages load when shown: a start at a plugin's route does not fetch them.
const lazyDevicePage = () => lazy(() => import('./pages/device-page').then((m) => ({ default: m.DevicePage })));
const lazyPluginsPage = () => lazy(() => import('./pages/plugins-page').then((m) => ({ default: m.PluginsPage })));
let DevicePage = lazyDevicePage();
let PluginsPage = lazyPluginsPage();
/** A lazy component keeps a failed load for good: Retry after a failed page asks for the code again. */
function reloadPageCode(): void {
  DevicePage = lazyDevicePage();
  PluginsPage = lazyPluginsPage();
}
import { navigate, replace, useHash } from './routing/hash-location';
import { parseHash, resolveRoute, type RouteCandidate } from './routing/match';
import { isVisibleTo } from '@shared/plugin-api/visibility';
import { AlertCloseButton } from '@shared/ui/alert-close';
import { PageErrorBoundary } from './pages/page-error-boundary';

type Target =
  | { kind: 'device' }
  | { kind: 'plugins' }
  | { kind: 'route'; contribution: Registered<Extract<Registered, { kind: 'route' }>> }
  | { kind: 'dashboard'; contribution: Registered<Extract<Registered, { kind: 'dashboard' }>> };

const BUILT_IN: RouteCandidate<Target>[] = [
  { pattern: '/device/:id', target: { kind: 'device' } },
  { pattern: '/device/:id/:tab', target: { kind: 'device' } },
  { pattern: PLUGINS_PATH, target: { kind: 'plugins' } },
];


export interface ShellProps {
  session: Session;
  bundle: BundleManifest;
  language: Language;
  onLanguage: (language: Language) => Promise<LanguageSwitchProblems>;
  /** Rejects when the platform did not end the session (the user is still logged in). */
  onLogout: () => Promise<void>;
  queryClient: unknown;
}

interface Alert {
  id: number;
  kind: 'danger' | 'warning';
  text: string;
  /** The page it was raised on (after any redirect); leaving that page dismisses it. */
  path: string;
}

export function Shell({ session, bundle, language, onLanguage, onLogout, queryClient }: ShellProps) {
  const { t, i18n } = useShellT();
  const hash = useHash();
  const loc = useMemo(() => parseHash(hash), [hash]);
  const contributions = useRegistry((s) => s.contributions);
  const pluginsLoading = useRegistry((s) => s.loading);
  const mainRef = useRef<HTMLElement>(null);
  const contentHasH1 = useContentHasH1(mainRef);
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const alertId = useRef(0);
  const addAlert = useCallback(
    (kind: Alert['kind'], text: string, path: string) => setAlerts((a) => [...a, { id: ++alertId.current, kind, text, path }]),
    [],
  );

  useEffect(() => {
    if (loc.path === '/') replace(DEFAULT_PATH);
  }, [loc.path]);

  const { user, tenant } = session;
  // loc.query is a new object per parse: one object per distinct query keeps the contexts stable.
  const queryKey = JSON.stringify(loc.query);
  const query = useMemo(() => JSON.parse(queryKey) as Record<string, string>, [queryKey]);
  const pageContext = useMemo(
    () => createPlatformContext({ user, tenant, language, path: loc.path, query, params: {}, navigate }),
    [user, tenant, language, loc.path, query],
  );

  // Ordered (and same ids resolved) first, so a merged parent does not depend on which plugin loaded first.
  const navNodes = useMemo(() => orderContributions(ofKind(contributions, 'navigator-node')), [contributions]);
  const tree = useMemo(() => buildNavigatorTree(navNodes, pageContext), [navNodes, pageContext]);
  const deviceTabs = useMemo(() => ofKind(contributions, 'device-tab'), [contributions]);
  const widgets = useMemo(() => ofKind(contributions, 'widget'), [contributions]);

  const candidates = useMemo<RouteCandidate<Target>[]>(
    () => [
      ...BUILT_IN,
      ...orderContributions(ofKind(contributions, 'route'))
        .filter((r) => isVisibleTo(r, pageContext))
        .map((r) => ({ pattern: r.path, target: { kind: 'route' as const, contribution: r } })),
      ...orderContributions(ofKind(contributions, 'dashboard')).map((d) => ({ pattern: d.path, target: { kind: 'dashboard' as const, contribution: d } })),
    ],
    [contributions, pageContext],
  );
  const match = useMemo(() => resolveRoute(candidates, loc.path), [candidates, loc.path]);

  // The device route guard: the page changes only once the device is fetched with 200.
  const [device, setDevice] = useState<Device | null>(null);
  const committed = useRef<string | null>(null);
  const deviceId = match?.target.kind === 'device' ? match.params.id : null;
  // Only a new device id triggers the guard (the device itself is its result): the current id is read from a ref.
  const shownDeviceId = useRef<string | undefined>(undefined);
  shownDeviceId.current = device?.id;
  useEffect(() => {
    if (!deviceId) {
      setDevice(null);
      return;
    }
    if (shownDeviceId.current === deviceId) return;
    let stale = false;
    void guardDeviceRoute(deviceId, fetchDevice).then((result) => {
      if (stale) return;
      if (result.ok) {
        setDevice(result.device);
        return;
      }
      const back = committed.current ?? DEFAULT_PATH;
      logRefusal(deviceId, result);
      addAlert('danger', refusalText(t, deviceId, result), back);
      replace(back);
    });
    return () => {
      stale = true;
    };
  }, [deviceId, addAlert, t]);
  const deviceReady = !deviceId || device?.id === deviceId;
  useEffect(() => {
    setAlerts((all) => (all.some((a) => a.path !== loc.raw) ? all.filter((a) => a.path === loc.raw) : all));
  }, [loc.raw]);
  useEffect(() => {
    if (deviceReady && loc.path !== '/') committed.current = loc.raw;
  }, [deviceReady, loc.raw, loc.path]);

  const paramsKey = JSON.stringify(match?.params ?? {});
  const routeParams = useMemo(() => JSON.parse(paramsKey) as Record<string, string>, [paramsKey]);
  const contentContext = useMemo(
    () =>
      createPlatformContext({
        user,
        tenant,
        language,
        path: loc.path,
        query,
        params: deviceId ? { id: deviceId } : routeParams,
        device: deviceId && device?.id === deviceId ? device : undefined,
        navigate,
      }),
    [user, tenant, language, loc.path, query, routeParams, deviceId, device],
  );

  const changeLanguage = (lang: Language) =>
    void onLanguage(lang).then(({ notSaved, textsMissing }) => {
      const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
      if (notSaved !== undefined) addAlert('warning', t('The language could not be saved for your user: {{message}}', { message: messageOf(notSaved) }), loc.raw);
      if (textsMissing !== undefined) addAlert('warning', t('Some texts could not be loaded in this language and show in English: {{message}}', { message: messageOf(textsMissing) }), loc.raw);
    });

  const logOut = () =>
    void onLogout().catch((e: unknown) =>
      addAlert('danger', t('You could not be logged out: {{message}}', { message: e instanceof Error ? e.message : String(e) }), loc.raw),
    );

  const translate = (text: string, pluginId: string) => i18n.t(text, { ns: [pluginId, SHELL_NS] });
  const missingTitle = useMissingPageTitle(loc.path);
  let title = '';
  let content: React.ReactNode;
  if (!match) {
    // Names the plugin that should provide the page when it failed or is not loaded.
    title = missingTitle;
    content = <MissingPage path={loc.path} />;
  } else if (match.target.kind === 'plugins') {
    title = t('Plugins');
    content = <PluginsPage bundle={bundle} user={user} />;
  } else if (match.target.kind === 'route') {
    const r = match.target.contribution;
    title = translate(r.title, r.pluginId);
    content = <ParcelMount key={r.id} loader={r.loader} pluginId={r.pluginId} contributionId={r.id} context={contentContext} queryClient={queryClient} />;
  } else if (match.target.kind === 'dashboard') {
    const d = match.target.contribution;
    title = translate(d.title, d.pluginId);
    content = (
      <DashboardHost key={d.id} dashboard={d} widgetContributions={widgets} context={contentContext} queryClient={queryClient} pluginsLoading={pluginsLoading} />
    );
  } else if (deviceReady && device) {
    title = device.name ?? t('Device {{id}}', { id: device.id });
    content = (
      <DevicePage
        device={device}
        tab={match.params.tab}
        tabs={deviceTabs}
        context={contentContext}
        queryClient={queryClient}
        pluginsLoading={pluginsLoading}
      />
    );
  } else {
    content = (
      <p className="text-muted p-16" data-testid="device-loading">
        {t('Loading device…')}
      </p>
    );
  }

  useEffect(() => {
    document.title = title ? `${title} – ${bundle.shell.name}` : bundle.shell.name;
  }, [title, bundle.shell.name]);

  return (
    <div className="shell-root">
      <Navigator
        title={bundle.shell.name}
        tree={tree}
        contributions={navNodes}
        activePath={loc.path}
        context={pageContext}
        loading={pluginsLoading}
      />
      <Header
        title={title}
        user={user}
        tenant={tenant}
        language={language}
        onLanguage={changeLanguage}
        onLogout={logOut}
        onSwitchUser={logOut}
        titleIsHeading={!!title && !contentHasH1}
      />
      <main className="shell-content" data-testid="content" ref={mainRef}>
        {alerts.length > 0 && (
          <div className="shell-alerts">
            {alerts.map((a) => (
              <div key={a.id} className={`alert alert-${a.kind} alert-dismissible`} role="alert" data-testid="shell-alert">
                <AlertCloseButton label={t('Close')} onClose={() => setAlerts((all) => all.filter((x) => x.id !== a.id))} />
                {a.text}
              </div>
            ))}
          </div>
        )}
        {/* A page that failed (its code did not load: offline, a platform restart) says so here; the navigator stays. */}
        <PageErrorBoundary page={loc.path} onRetry={reloadPageCode}>
          <Suspense
            fallback={
              <p className="text-muted p-16" data-testid="page-loading">
                {t('Loading…')}
              </p>
            }
          >
            {content}
          </Suspense>
        </PageErrorBoundary>
      </main>
    </div>
  );
}
