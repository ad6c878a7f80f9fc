/**
 * The shell's entry to the dashboard page: when a dashboard is first shown it loads the dashboard
 * host's chunk and, at the same time, asks for the saved layout and starts loading the code of
 * the widgets the dashboard shows by default; once the layout is known, the placed widgets'
 * requests start (WidgetContribution.prefetch). None of these waits for the host's chunk, which
 * had been the first link of that chain.
 *
 * Shown by a state update when the chunk has run, not lazy() and Suspense (shared/ui/chunk.ts).
 */
import React, { useCallback, useEffect } from 'react';
import { loadDashboard, type LoadedDashboard } from '@shared/plugin-api/dashboard/persistence';
import { signalWhenPainted } from '@shared/plugin-api/screen-ready';
import type { DashboardHostProps } from './dashboard-host';
import { useShellT } from '../i18n-setup';
import { prefetchPlacements } from './prefetch';
import { CONTRIBUTION_LOADING } from '../mount/parcel-mount';
import { warmLoader } from '../mount/warm';
import { chunk, useChunk } from '@shared/ui/chunk';

/** The host's chunk, asked for in the loader's first render, beside the saved layout's request (from its effect, which React runs after the first paint, it left ~50 ms after the layout's on a cold start). */
const dashboardHost = chunk('the dashboard', () => import('./dashboard-host').then((m) => m.DashboardHost));

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

/** What a widget's card shows while it is not done: its parcel loading, a spinner, a busy region. */
const LOADING_SIGN = `[data-testid="${CONTRIBUTION_LOADING}"], .spinner, [aria-busy="true"]`;

/**
 * Whether the widgets show without a loading sign: the screen is ready then, and the plugins the
 * shell deferred would otherwise load and run while the widgets' charts are still being drawn.
 */
function widgetsPainted(): boolean {
  const cards = document.querySelectorAll('[data-testid="dashboard"] [data-testid="dashboard-widget"]');
  return cards.length > 0 && ![...cards].some((c) => c.querySelector(LOADING_SIGN));
}

/**
 * Dashboards started by a mounted loader: the saved layout's request until the host takes it.
 * Kept per contribution so a re-render (every plugin that registers makes one) starts nothing
 * again; dropped when the loader unmounts, so the next visit asks for the layout afresh.
 */
const started = new WeakMap<object, { layout?: Promise<LoadedDashboard | null> }>();

/**
 * Asks for the saved layout and then starts the placed widgets' requests, once per visit, during
 * the loader's first render (the host, when its chunk is already there, takes the layout in its
 * first effect, which runs before the loader's). Once the widgets' figures have arrived, signals
 * the screen ready (the shell then loads the plugins it deferred) when the widgets show them.
 */
function startDashboard(props: DashboardHostProps): void {
  const { dashboard, widgets } = props;
  if (widgets || started.has(dashboard)) return;
  const layout = loadDashboard(dashboard.name);
  started.set(dashboard, { layout });
  void layout
    .then(
      (saved) => saved?.widgets ?? dashboard.defaultWidgets,
      // The host says why; the defaults show.
      () => dashboard.defaultWidgets,
    )
    .then((placements) => prefetchPlacements(placements, new Map(props.widgetContributions.map((w) => [w.id, w])), props.queryClient))
    .then(() => signalWhenPainted(widgetsPainted));
}

/** The layout the loader asked for, handed out once (a later call, or none started, gives undefined). */
function takeSavedLayout(dashboard: object): Promise<LoadedDashboard | null> | undefined {
  const entry = started.get(dashboard);
  const layout = entry?.layout;
  if (entry) entry.layout = undefined;
  return layout;
}

export function DashboardHost(props: DashboardHostProps) {
  const { t } = useShellT();
  const { dashboard, widgets, widgetContributions } = props;
  startDashboard(props);
  if (!dashboardHost.loaded) void dashboardHost.warm();
  useEffect(() => () => void started.delete(dashboard), [dashboard]);
  useEffect(() => warmWidgets({ dashboard, widgets, widgetContributions }), [dashboard, widgets, widgetContributions]);
  const takeLayout = useCallback(() => takeSavedLayout(dashboard), [dashboard]);
  // A chunk that failed to load goes to the page's error handling, as a lazy component's would.
  const Loaded = useChunk(dashboardHost);
  if (!Loaded) {
    // The fallback the shell's Suspense boundary showed while the host's chunk loaded.
    return (
      <p className="text-muted p-16" data-testid="page-loading">
        {t('Loading…')}
      </p>
    );
  }
  return <Loaded {...props} takeSavedLayout={takeLayout} />;
}
