import type { DashboardSection, DashboardWidgetPlacement } from '../types';

/** The platform's dashboard grid: 12 columns, rows of 80 px (as c8y_Dashboard children's _x/_y/_width/_height count). */
export const DASHBOARD_COLUMNS = 12;
export const DASHBOARD_ROW_HEIGHT_PX = 80;

export interface DashboardBand {
  /** Heading of the band; null for widgets above the first section. */
  title: string | null;
  /** Rows are relative to the band's first row. */
  widgets: (DashboardWidgetPlacement & { row: number; column: number; width: number; height: number })[];
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
const int = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.floor(v) : fallback);

/**
 * Splits a dashboard into bands, one per section heading (a section starts at its row `y` and
 * ends where the next begins), and turns x/y/w/h into 1-based CSS grid lines within the band,
 * kept inside the 12 columns.
 */
export function layoutDashboard(sections: readonly DashboardSection[], widgets: readonly DashboardWidgetPlacement[]): DashboardBand[] {
  const ordered = [...sections].sort((a, b) => a.y - b.y);
  const starts = [{ title: null as string | null, y: Number.NEGATIVE_INFINITY }, ...ordered.map((s) => ({ title: s.title as string | null, y: s.y }))];
  const bands = starts.map((s, i) => ({ ...s, end: starts[i + 1]?.y ?? Number.POSITIVE_INFINITY, widgets: [] as DashboardBand['widgets'] }));
  for (const w of widgets) {
    const y = Math.max(0, int(w.y, 0));
    const band = bands.find((b) => y >= b.y && y < b.end) ?? bands[0];
    const base = Number.isFinite(band.y) ? band.y : 0;
    const width = clamp(int(w.w, DASHBOARD_COLUMNS), 1, DASHBOARD_COLUMNS);
    const column = clamp(int(w.x, 0), 0, DASHBOARD_COLUMNS - width) + 1;
    band.widgets.push({ ...w, row: y - base + 1, column, width, height: Math.max(1, int(w.h, 1)) });
  }
  for (const b of bands) b.widgets.sort((a, c) => a.row - c.row || a.column - c.column);
  return bands.filter((b) => b.title !== null || b.widgets.length > 0).map(({ title, widgets: ws }) => ({ title, widgets: ws }));
}
