/**
 * ECharts through its tree-shakable core: only bar and pie charts with grid, tooltip and legend
 * are registered, so plugins do not pull all of echarts.
 */
import React from 'react';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import type { EChartsOption } from 'echarts';

echarts.use([BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { echarts };
export type { EChartsOption };

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

/** Default chart height in px when the caller gives none. */
const DEFAULT_HEIGHT_PX = 250;

/** What a click on a bar or slice reports (ECharts' event params, the parts we use). */
export interface ChartClick {
  name: string;
  dataIndex: number;
  seriesName?: string;
  value?: unknown;
}

export interface ChartProps {
  option: EChartsOption;
  onClick?: (event: ChartClick) => void;
  height?: number | string;
  /** Accessible description of the chart (canvas has no text of its own). */
  ariaLabel: string;
  className?: string;
}

/** A chart; the option is applied without merging, so removed series disappear. */
export function Chart({ option, onClick, height = DEFAULT_HEIGHT_PX, ariaLabel, className }: ChartProps) {
  return (
    <div role="img" aria-label={ariaLabel} className={className}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        lazyUpdate
        style={{ height, width: '100%' }}
        onEvents={onClick ? { click: (p: ChartClick) => onClick(p) } : undefined}
      />
    </div>
  );
}

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
 * or item name), then one line per series, `marker name: value`. ECharts' marker is its own
 * safe HTML and is kept.
 */
export function tooltipFormatter(formatValue: (value: unknown, p: TooltipParam) => string = (v) => String(v ?? '')) {
  return (params: TooltipParam | TooltipParam[]): string => {
    const list = Array.isArray(params) ? params : [params];
    if (list.length === 0) return '';
    const heading = list[0].axisValueLabel ?? list[0].name ?? '';
    const lines = list.map((p) => {
      const label = Array.isArray(params) ? p.seriesName : p.name;
      return `${p.marker ?? ''}${escapeHtml(label)}: ${escapeHtml(formatValue(p.value, p))}`;
    });
    return Array.isArray(params) ? [escapeHtml(heading), ...lines].join('<br/>') : lines.join('<br/>');
  };
}
