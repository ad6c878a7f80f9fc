/**
 * A `dashboard` contribution inside the platform UI: its route shows the tenant's saved layout
 * (the same c8y_Dashboard object the dev shell's dashboard host reads and editors save there),
 * or the contribution's default layout when nobody saved one, with its section headings and each
 * widget's parcel. Read-only here; editing stays with the dev shell's dashboard host, and our
 * widgets can be placed on the platform's own dashboards (hookWidget).
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
import { usePlatformContext } from '../context';
import { DASHBOARD_COLUMNS, DASHBOARD_ROW_HEIGHT_PX, layoutDashboard } from '../dashboard/layout';
import { loadDashboard } from '../dashboard/persistence';
import type { LocaleLoaders } from '../i18n';
import { createContributionParcel } from '../parcel';
import type { ContributionProps, DashboardContribution, DashboardWidgetPlacement, ParcelModule, PlatformContext, Registered, WidgetContribution } from '../types';

const GRID_GAP_PX = 16;

type MountedProps = ContributionProps & { domElement: HTMLElement };

function WidgetParcel({ widget, placement, context }: { widget: Registered<WidgetContribution>; placement: DashboardWidgetPlacement; context: PlatformContext }) {
  const { t } = useTranslation('shared');
  const ref = useRef<HTMLDivElement>(null);
  const parcel = useRef<Parcel<MountedProps> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const props = (domElement: HTMLElement): MountedProps => ({
    domElement,
    pluginId: widget.pluginId,
    contributionId: widget.id,
    context,
    queryClient,
    widget: Object.freeze({ instanceId: placement.instanceId, config: Object.freeze({ ...widget.defaultConfig, ...placement.config }) }),
  });
  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    let cancelled = false;
    const domElement = document.createElement('div');
    host.appendChild(domElement);
    widget
      .loader()
      .then((mod: ParcelModule) => {
        if (cancelled) return;
        const config = (typeof mod === 'object' && mod !== null && 'default' in mod ? mod.default : mod) as ParcelConfig<MountedProps>;
        parcel.current = mountRootParcel(config, latest.current(domElement));
        return parcel.current.mountPromise;
      })
      .catch((e: unknown) => {
        console.error(`[${widget.pluginId}] ${widget.id} could not be mounted`, e);
        if (!cancelled) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      cancelled = true;
      const p = parcel.current;
      parcel.current = null;
      // A mount that failed was reported above; an unmount that fails is logged with its cause.
      if (p) void p.mountPromise.then(() => (p.getStatus() === 'MOUNTED' ? p.unmount() : undefined), () => undefined).catch((e: unknown) => console.error(`[${widget.pluginId}] ${widget.id} could not be unmounted`, e));
      domElement.remove();
    };
  }, [widget, placement.instanceId]);
  return (
    <div ref={ref}>
      {error && (
        <div className="alert alert-danger" role="alert" data-testid="contribution-error">
          <strong>{t('Plugin "{{pluginId}}" failed to render "{{contributionId}}".', { pluginId: widget.pluginId, contributionId: widget.id })}</strong> {error}
        </div>
      )}
    </div>
  );
}

function DashboardPage({ dashboard, widgets }: { dashboard: Registered<DashboardContribution>; widgets: readonly Registered<WidgetContribution>[] }) {
  const context = usePlatformContext();
  const { t } = useTranslation();
  const saved = useQuery({ queryKey: [dashboard.pluginId, 'platform-dashboard', dashboard.name], queryFn: () => loadDashboard(dashboard.name) });
  const placements = saved.data && saved.data.widgets.length > 0 ? saved.data.widgets : dashboard.defaultWidgets;
  const byId = new Map(widgets.map((w) => [w.id, w]));
  const bands = layoutDashboard(dashboard.sections, placements);
  // Region names are unique on the page (issue 26): a title shown twice (Devices online) gets its ordinal.
  const titleOf = (p: { title?: string; widgetId: string }) => t(p.title ?? byId.get(p.widgetId)?.label ?? p.widgetId);
  const shown = bands.flatMap((b) => b.widgets);
  const regionName = (p: (typeof shown)[number]) => {
    const same = shown.filter((q) => titleOf(q) === titleOf(p));
    return same.length > 1 ? `${titleOf(p)} ${same.indexOf(p) + 1}` : titleOf(p);
  };
  return (
    <div className="p-16" data-testid="platform-dashboard" data-dashboard={dashboard.name}>
      {/* The title is the platform's page header's (the route's title), shown once. */}
      {saved.isError && (
        <div className="alert alert-warning" role="alert" data-testid="dashboard-load-error">
          {t('The saved layout could not be loaded; showing the default layout: {{message}}', { ns: 'shared', message: (saved.error as Error).message })}
        </div>
      )}
      {saved.isPending ? (
        <p className="text-muted">{t('Loading…', { ns: 'shared' })}</p>
      ) : (
        bands.map((band, bi) => (
          <section key={band.title ?? `band-${bi}`}>
            {band.title && <h3 className="m-t-16 m-b-8">{t(band.title)}</h3>}
            <div style={{ display: 'grid', gridTemplateColumns: `repeat(${DASHBOARD_COLUMNS}, minmax(0, 1fr))`, gridAutoRows: `${DASHBOARD_ROW_HEIGHT_PX}px`, gap: `${GRID_GAP_PX}px` }}>
              {band.widgets.map((p) => {
                const widget = byId.get(p.widgetId);
                const title = t(p.title ?? widget?.label ?? p.widgetId);
                return (
                  <div key={p.instanceId} style={{ gridColumn: `${p.column} / span ${p.width}`, gridRow: `${p.row} / span ${p.height}`, minWidth: 0 }}>
                    <div className="card" style={{ height: '100%', overflow: 'auto' }} role="region" aria-label={regionName(p)} tabIndex={0} data-testid="dashboard-widget" data-widget-id={p.widgetId}>
                      <div className="card-header separator">
                        {/* One line, as the platform's own dashboard cards (and the dev shell's) have it: a wrapped title pushed the figures out of the card. */}
                        <h4 className="card-title text-truncate" title={title}>
                          {title}
                        </h4>
                      </div>
                      <div className="card-block">
                        {widget ? (
                          <WidgetParcel widget={widget} placement={p} context={context} />
                        ) : (
                          <p className="text-muted">{t('This widget is not available in this application: {{id}}', { ns: 'shared', id: p.widgetId })}</p>
                        )}
                      </div>
                    </div>
                  </div>
                );
              })}
            </div>
          </section>
        ))
      )}
    </div>
  );
}

/** The dashboard's route parcel, with the providers every contribution gets. */
export function dashboardParcel(
  dashboard: Registered<DashboardContribution>,
  widgets: readonly Registered<WidgetContribution>[],
  locales: LocaleLoaders = {},
): ParcelConfig<ContributionProps> {
  return createContributionParcel(() => <DashboardPage dashboard={dashboard} widgets={widgets} />, locales);
}
