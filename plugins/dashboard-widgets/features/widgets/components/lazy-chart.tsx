/**
 * The widgets' chart, with echarts in a chunk of its own: a chart widget's module then runs and
 * sends its figures' request while echarts (most of the dashboard's code) still downloads and
 * starts, instead of after it. The chunk downloads alongside the widget's (webpackPreload) and is
 * started by warmCharts() as the widget's figures are asked for; the chart shows once both the figures
 * and echarts are there, a spinner in its place until then.
 *
 * Shown by a state update, not lazy() and Suspense (shared/ui/chunk.ts).
 */
import React, { useEffect } from 'react';
import type { ChartProps } from '@shared/ui/charts';
import { Spinner } from '@shared/ui/spinner';
import { chunk, useChunk } from '@shared/ui/chunk';

const charts = chunk('the charts (echarts)', () => import(/* webpackPreload: true */ '@shared/ui/charts').then((m) => m.Chart));

/** Starts echarts ahead of the chart that needs it; a failure is logged and shown by that chart (LazyChart), which tries again. */
export function warmCharts(): void {
  void charts.warm();
}

/** Call in a widget's component with whether its view is a chart: echarts starts loading while its figures are requested. */
export function useChartCode(chart: boolean): void {
  useEffect(() => {
    if (chart) warmCharts();
  }, [chart]);
}

export function LazyChart(props: ChartProps) {
  // A chunk that failed to load reaches the widget's error boundary, as a lazy component's would.
  const Chart = useChunk(charts);
  if (!Chart) return <Spinner />;
  return <Chart {...props} />;
}
