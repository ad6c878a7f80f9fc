/**
 * The shell's entry to the dashboard page: loads the dashboard host's chunk when a dashboard is
 * first shown and, as soon as the host has asked for its saved layout, starts loading the code of
 * the widgets the dashboard shows by default, so their chunks download while the layout is on its
 * way instead of after it.
 *
 * A state update when the chunk has run, not lazy() and Suspense: React holds a Suspense
 * boundary's content back until its fallback has shown for 300 ms, which kept a cold dashboard
 * idle for that long after its host's chunk had arrived (as the device list's grid was: see
 * shared/ui/device-list.tsx).
 */
import React, { useEffect, useState } from 'react';
import type { DashboardHostProps } from './dashboard-host';
import { useShellT } from '../i18n-setup';
import { warmLoader } from '../mount/warm';

type Host = typeof import('./dashboard-host').DashboardHost;
let loadedHost: Host | undefined;
/** Warmed once per page: the contributions list changes with every plugin that registers. */
const warmed = new WeakSet<object>();

/**
 * Starts the loaders of the widgets placed by default (or given), once each; a widget's mount
 * takes its load. A saved layout without one of them leaves its chunk loaded unused.
 */
function warmWidgets({ dashboard, widgets, widgetContributions }: Pick<DashboardHostProps, 'dashboard' | 'widgets' | 'widgetContributions'>): void {
  const placed = new Set((widgets ?? dashboard.defaultWidgets).map((p) => p.widgetId));
  for (const w of widgetContributions) {
    if (!placed.has(w.id) || warmed.has(w.loader)) continue;
    warmed.add(w.loader);
    warmLoader(w.loader);
  }
}

export function DashboardHost(props: DashboardHostProps) {
  const { t } = useShellT();
  const [host, setHost] = useState<{ component?: Host; error?: unknown }>(() => ({ component: loadedHost }));
  const { dashboard, widgets, widgetContributions } = props;
  const loaded = !!host.component;
  // After the host's first commit: its own effects (the saved layout's request) run before this
  // one, so that request is not held back behind the widgets' chunks (echarts) being evaluated.
  useEffect(() => {
    if (loaded) warmWidgets({ dashboard, widgets, widgetContributions });
  }, [loaded, dashboard, widgets, widgetContributions]);
  useEffect(() => {
    if (host.component) return;
    let live = true;
    import('./dashboard-host').then(
      (m) => {
        loadedHost = m.DashboardHost;
        if (live) setHost({ component: m.DashboardHost });
      },
      (error: unknown) => live && setHost({ error }),
    );
    return () => {
      live = false;
    };
  }, [host.component]);
  // A chunk that failed to load goes to the page's error handling, as a lazy component's would.
  if (host.error) throw host.error;
  if (!host.component) {
    // The fallback the shell's Suspense boundary showed while the host's chunk loaded.
    return (
      <p className="text-muted p-16" data-testid="page-loading">
        {t('Loading…')}
      </p>
    );
  }
  const Loaded = host.component;
  return <Loaded {...props} />;
}
