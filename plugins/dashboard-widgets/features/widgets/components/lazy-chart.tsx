/**
 * The widgets' chart, with echarts in a chunk of its own: a chart widget's module then runs and
 * sends its figures' request while echarts (most of the dashboard's code) still downloads and
 * starts, instead of after it. The chunk downloads alongside the widget's (webpackPreload) and is
 * started by loadCharts() when the widget first renders; the chart shows once both the figures
 * and echarts are there, a spinner in its place until then.
 *
 * A state update, not lazy() and Suspense: React holds a Suspense boundary's content back until
 * its fallback has shown for 300 ms (see shared/ui/device-list.tsx, useDataGrid).
 */
import React, { useEffect, useState } from 'react';
import type { ChartProps } from '@shared/ui/charts';
import { Spinner } from '@shared/ui/spinner';

type ChartComponent = typeof import('@shared/ui/charts').Chart;

let loading: Promise<ChartComponent> | undefined;
let loaded: ChartComponent | undefined;

/** Starts loading echarts once per page; the same promise afterwards. */
export function loadCharts(): Promise<ChartComponent> {
  loading ??= import(/* webpackPreload: true */ '@shared/ui/charts').then(
    (m) => (loaded = m.Chart),
    (error: unknown) => {
      // The next chart tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Starts echarts ahead of the chart that needs it. A failure is logged here and shown by that
 * chart (LazyChart), which tries again.
 */
export function warmCharts(): void {
  loadCharts().catch((error: unknown) => console.warn('The charts could not be loaded ahead of the widgets (a chart tries again when shown):', error));
}

/** Call in a widget's component with whether its view is a chart: echarts starts loading while its figures are requested. */
export function useChartCode(chart: boolean): void {
  useEffect(() => {
    if (chart) warmCharts();
  }, [chart]);
}

export function LazyChart(props: ChartProps) {
  const [chart, setChart] = useState<{ component?: ChartComponent; error?: unknown }>(() => ({ component: loaded }));
  useEffect(() => {
    if (chart.component) return;
    let live = true;
    loadCharts().then(
      (component) => live && setChart({ component }),
      (error: unknown) => live && setChart({ error }),
    );
    return () => {
      live = false;
    };
  }, [chart.component]);
  // A chunk that failed to load reaches the widget's error boundary, as a lazy component's would.
  if (chart.error) throw chart.error;
  if (!chart.component) return <Spinner />;
  const Chart = chart.component;
  return <Chart {...props} />;
}
