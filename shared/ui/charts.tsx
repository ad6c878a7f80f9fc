/**
 * ECharts through its tree-shakable core: only bar and pie charts with grid, tooltip and legend
 * are registered, so plugins do not pull all of echarts.
 */
import React, { useMemo } from 'react';
import { dispose, getInstanceByDom, init, use as registerECharts } from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import type { EChartsOption } from 'echarts';
import { confineTooltip } from './chart-format';

// echarts' `use` registers components (not React's `use`); renamed so the hooks rule reads it right.
registerECharts([BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/**
 * What echarts-for-react's core component calls, named one by one: a namespace import of the
 * federated 'echarts/core' reaches the bundle as a namespace holding only the statically used
 * exports (webpack + Module Federation consume), which left `init` out at run time.
 */
export const echarts = { init, dispose, getInstanceByDom, use: registerECharts };
export type { EChartsOption };
// The pure helpers live apart so they load (and test) without echarts, which jest cannot load (ESM).
export { CHART_COLORS, escapeHtml, tooltipFormatter, type TooltipParam } from './chart-format';

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

/** A chart; the option is applied without merging, so removed series disappear. Its tooltip stays inside it. */
export function Chart({ option, onClick, height = DEFAULT_HEIGHT_PX, ariaLabel, className }: ChartProps) {
  const shown = useMemo(() => confineTooltip(option), [option]);
  return (
    <div role="img" aria-label={ariaLabel} className={className}>
      <ReactEChartsCore
        echarts={echarts}
        option={shown}
        notMerge
        lazyUpdate
        style={{ height, width: '100%' }}
        onEvents={onClick ? { click: (p: ChartClick) => onClick(p) } : undefined}
      />
    </div>
  );
}
