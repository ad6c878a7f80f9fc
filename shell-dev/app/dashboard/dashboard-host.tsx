import React, { useMemo } from 'react';
import type { DashboardContribution, DashboardWidgetPlacement, PlatformContext, Registered, WidgetContribution } from '@shared/plugin-api/types';
import { orderContributions } from '@shared/plugin-api/ordering';
import { DASHBOARD_COLUMNS, DASHBOARD_ROW_HEIGHT_PX } from '../constants';
import { useShellT } from '../i18n-setup';
import { ParcelMount } from '../mount/parcel-mount';
import { layoutDashboard } from './layout';

export interface DashboardHostProps {
  dashboard: Registered<DashboardContribution>;
  /** The placed widgets (the dashboard's defaults until a saved layout exists). */
  widgets?: readonly DashboardWidgetPlacement[];
  widgetContributions: readonly Registered<WidgetContribution>[];
  context: PlatformContext;
  queryClient: unknown;
}

function WidgetCard({
  placement,
  widget,
  context,
  queryClient,
}: {
  placement: DashboardWidgetPlacement;
  widget: Registered<WidgetContribution> | undefined;
  context: PlatformContext;
  queryClient: unknown;
}) {
  const { t, i18n } = useShellT();
  // Stable per placement, so the parcel is updated rather than remounted on every render.
  const widgetProps = useMemo(
    () => Object.freeze({ instanceId: placement.instanceId, config: Object.freeze({ ...placement.config }) }),
    [placement.instanceId, placement.config],
  );
  const title = placement.title ?? (widget ? i18n.t(widget.label, { ns: widget.pluginId }) : placement.widgetId);
  return (
    <div className="card dashboard-widget" data-testid="dashboard-widget" data-instance-id={placement.instanceId}>
      <div className="card-header separator">
        <h4 className="card-title">{title}</h4>
      </div>
      <div className="card-block">
        {widget ? (
          <ParcelMount
            loader={widget.loader}
            pluginId={widget.pluginId}
            contributionId={widget.id}
            context={context}
            queryClient={queryClient}
            widget={widgetProps}
          />
        ) : (
          <div className="alert alert-warning" role="alert">
            {t('Widget "{{widgetId}}" is not available (its plugin is disabled or failed to load).', { widgetId: placement.widgetId })}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * Renders a context dashboard as the platform does: a 12-column grid with section headings,
 * each widget a parcel of its widget contribution.
 */
export function DashboardHost({ dashboard, widgets, widgetContributions, context, queryClient }: DashboardHostProps) {
  const { t, i18n } = useShellT();
  const placements = widgets ?? dashboard.defaultWidgets;
  const bands = useMemo(() => layoutDashboard(dashboard.sections, placements), [dashboard.sections, placements]);
  const byId = useMemo(() => new Map(orderContributions(widgetContributions).map((w) => [w.id, w])), [widgetContributions]);
  return (
    <div className="dashboard-host" data-testid="dashboard" data-dashboard={dashboard.name}>
      {bands.map((band, i) => (
        <section key={band.title ?? `band-${i}`} className="dashboard-band">
          {band.title && (
            <h3 className="dashboard-section-title" data-testid="dashboard-section">
              {i18n.t(band.title, { ns: [dashboard.pluginId, 'shell'] })}
            </h3>
          )}
          <div
            className="dashboard-grid"
            style={{
              display: 'grid',
              gridTemplateColumns: `repeat(${DASHBOARD_COLUMNS}, minmax(0, 1fr))`,
              gridAutoRows: `${DASHBOARD_ROW_HEIGHT_PX}px`,
              gap: '16px',
            }}
          >
            {band.widgets.map((p) => (
              <div key={p.instanceId} style={{ gridColumn: `${p.column} / span ${p.width}`, gridRow: `${p.row} / span ${p.height}`, minWidth: 0 }}>
                <WidgetCard placement={p} widget={byId.get(p.widgetId)} context={context} queryClient={queryClient} />
              </div>
            ))}
          </div>
        </section>
      ))}
      {placements.length === 0 && (
        <div className="c8y-empty-state text-center p-24" data-testid="dashboard-empty">
          <p className="text-muted">{t('This dashboard has no widgets yet.')}</p>
        </div>
      )}
    </div>
  );
}
