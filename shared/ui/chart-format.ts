/** Chart helpers without echarts itself: colours, shared option parts and an HTML-escaping tooltip formatter. */
import type { EChartsOption, PieSeriesOption } from 'echarts';

/** Chart colours of the spec (canvas cannot read CSS variables, so the platform palette's values). */
export const CHART_COLORS = {
  online: '#71a112',
  offline: '#d70f0f',
  notMonitored: '#8b96a0',
  critical: '#d70f0f',
  major: '#e07800',
  minor: '#e07800',
  warning: '#056ad6',
} as const;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for ECharts' HTML tooltips (alarm types and device names are user data). */
export const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** The parts of ECharts' tooltip params the formatter reads. */
export interface TooltipParam {
  marker?: string;
  seriesName?: string;
  name?: string;
  axisValueLabel?: string;
  value?: unknown;
  percent?: number;
}

/**
 * A tooltip formatter (axis or item trigger) that escapes every text: a heading (the axis label
 * or item name, said in words by formatHeading: a bare axis label such as '33' does not say what
 * it counts), then one line per series, `marker name: value`. ECharts' marker is its own safe
 * HTML and is kept.
 */
export function tooltipFormatter(
  formatValue: (value: unknown, p: TooltipParam) => string = (v) => String(v ?? ''),
  formatHeading: (heading: string) => string = (h) => h,
) {
  return (params: TooltipParam | TooltipParam[]): string => {
    const list = Array.isArray(params) ? params : [params];
    if (list.length === 0) return '';
    const heading = formatHeading(list[0].axisValueLabel ?? list[0].name ?? '');
    const lines = list.map((p) => {
      const label = Array.isArray(params) ? p.seriesName : p.name;
      return `${p.marker ?? ''}${escapeHtml(label)}: ${escapeHtml(formatValue(p.value, p))}`;
    });
    return Array.isArray(params) ? [escapeHtml(heading), ...lines].join('<br/>') : lines.join('<br/>');
  };
}

/**
 * A pie's outside labels, each set 8 px from the chart's left or right edge: placed beside its
 * slice, a label ran past the canvas in a narrow widget and lost its first digits ('0 %' for
 * '20 %'). Tested by rendering the pie at widget widths (chart-format.test.ts).
 */
export const PIE_EDGE_LABEL = { position: 'outer', alignTo: 'edge', edgeDistance: 8, overflow: 'none' } as const satisfies PieSeriesOption['label'];

/**
 * The option with its tooltip kept inside the chart: the widget card clips what sticks out
 * (its content scrolls), and ECharts draws the tooltip in the chart's element.
 */
export function confineTooltip(option: EChartsOption): EChartsOption {
  const { tooltip } = option;
  if (!tooltip) return option;
  return { ...option, tooltip: Array.isArray(tooltip) ? tooltip.map((tip) => ({ ...tip, confine: true })) : { ...tooltip, confine: true } };
}

/**
 * The option as every chart of the bundle draws it: its tooltip confined, and drawn at once, without
 * ECharts' default animation (unless the option asks for one), as the platform's own data point
 * graphs are (`animation: false` in @c8y/ngx-components/echart). Animated, each chart redrew itself
 * in every frame for a second after each refresh, while the dashboard's other widgets were still
 * being drawn.
 */
export function chartOption(option: EChartsOption): EChartsOption {
  return { animation: false, ...confineTooltip(option) };
}
