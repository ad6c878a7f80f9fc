/**
 * ECharts through its tree-shakable core: only bar and pie charts with grid, tooltip and legend
 * are registered, so plugins do not pull all of echarts.
 */
import React, { useCallback, useEffect, useMemo, useRef } from 'react';
import { dispose, getInstanceByDom, init, use as registerECharts } from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import type { ECharts, EChartsOption } from 'echarts';
import { chartOption } from './chart-format';

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
export { CHART_COLORS, chartOption, escapeHtml, tooltipFormatter, type TooltipParam } from './chart-format';

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
  /**
   * A click anywhere in a category's column of the grid, above or on its bar: the category's
   * index. A bar alone is a small target (4 px wide in a 60-day chart, none on a day of 0).
   */
  onColumnClick?: (dataIndex: number) => void;
  height?: number | string;
  /** Accessible description of the chart (canvas has no text of its own). */
  ariaLabel: string;
  className?: string;
}

/**
 * Keeps the chart as wide and high as its element. echarts-for-react creates the chart a second
 * time with the size its element had when the first one finished drawing, then watches the size
 * but skips the first report: an element that changed size in between (the platform UI's
 * dashboard settles its layout while the charts start) kept a chart wider than its card until
 * the next window resize, its axis and labels cut off. Returns the stop function.
 */
export function followElementSize(chart: Pick<ECharts, 'getDom' | 'getWidth' | 'getHeight' | 'resize' | 'isDisposed'>): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const dom = chart.getDom();
  const observer = new ResizeObserver(() => {
    if (chart.isDisposed()) return observer.disconnect();
    if (dom.clientWidth !== chart.getWidth() || dom.clientHeight !== chart.getHeight()) chart.resize({ width: 'auto', height: 'auto' });
  });
  // A new observer reports the element's size once at once: a size that changed already is caught up.
  observer.observe(dom);
  return () => observer.disconnect();
}

/** A chart; the option is applied without merging, so removed series disappear. Drawn as chartOption says (tooltip inside it, no animation). */
export function Chart({ option, onClick, onColumnClick, height = DEFAULT_HEIGHT_PX, ariaLabel, className }: ChartProps) {
  const shown = useMemo(() => chartOption(option), [option]);
  const stopFollowing = useRef<(() => void) | null>(null);
  const columnClick = useRef(onColumnClick);
  columnClick.current = onColumnClick;
  const onChartReady = useCallback((chart: ECharts) => {
    stopFollowing.current?.();
    stopFollowing.current = followElementSize(chart);
    if (!columnClick.current) return;
    chart.getZr().on('click', (e: { offsetX: number; offsetY: number }) => {
      const point = [e.offsetX, e.offsetY];
      if (!columnClick.current || !chart.containPixel('grid', point)) return;
      const index = Math.round((chart.convertFromPixel({ gridIndex: 0 }, point) as number[])[0]);
      if (Number.isInteger(index) && index >= 0) columnClick.current(index);
    });
  }, []);
  useEffect(() => () => stopFollowing.current?.(), []);
  return (
    <div role="img" aria-label={ariaLabel} className={className}>
      <ReactEChartsCore
        echarts={echarts}
        option={shown}
        notMerge
        lazyUpdate
        onChartReady={onChartReady}
        style={{ height, width: '100%' }}
        onEvents={onClick ? { click: (p: ChartClick) => onClick(p) } : undefined}
      />
    </div>
  );
}
