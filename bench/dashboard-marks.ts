/**
 * The dashboard benches' paint mark, shared by the dashboard bench (for the dashboard and its
 * floor page) and bench/profile.ts.
 */
import type { DashboardWidgetPlacement } from '../shared/plugin-api/types';
import { DEFAULT_WIDGETS } from '../plugins/dashboard-widgets/features/widgets/model/default-layout';
import { WIDGET_IDS } from '../plugins/dashboard-widgets/features/widgets/model/views';

export const DASHBOARD_HASH = '#/deviceOperationsDashboard';

/** The default widgets that draw an echarts chart: the pie, the online history bars, the alarm history. */
const isChart = (w: DashboardWidgetPlacement) => {
  const view = (w.config as { selectedView?: { name?: string } }).selectedView?.name;
  return (
    (w.widgetId === WIDGET_IDS.devicesOnline && view === 'piechart') ||
    (w.widgetId === WIDGET_IDS.onlineHistory && view === 'barchart') ||
    w.widgetId === WIDGET_IDS.alarmHistory
  );
};
const CHARTS = DEFAULT_WIDGETS.filter(isChart).length;

/**
 * window.__allWidgets: ms from navigation start to the frame that paints the last widget: every
 * card with its widget's content and no loading sign, and every chart initialised by echarts
 * (its container marked _echarts_instance_) with its canvas. The same script marks the floor.
 */
const allWidgetsScript = (count: number, charts: number) => `(() => {
  const done = () => {
    const cards = [...document.querySelectorAll('[data-testid="dashboard-widget"]')];
    const chartDivs = [...document.querySelectorAll('[_echarts_instance_]')];
    return cards.length === ${count} && cards.every((c) =>
      !c.querySelector('[data-testid="contribution-loading"], .spinner, [data-testid="top-alarms-placeholders"]') &&
      !!c.querySelector('[data-testid^="widget-"]')) &&
      chartDivs.length === ${charts} && chartDivs.every((d) => !!d.querySelector('canvas'));
  };
  const obs = new MutationObserver(() => {
    if (!done()) return;
    obs.disconnect();
    requestAnimationFrame(() => { window.__allWidgets = performance.now(); });
  });
  obs.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})();`;

/** The paint mark's init script for the default dashboard (window.__allWidgets). */
export const ALL_WIDGETS_SCRIPT = allWidgetsScript(DEFAULT_WIDGETS.length, CHARTS);
export const ALL_WIDGETS_MARK = '__allWidgets';
