import React from 'react';
import { render } from '@testing-library/react';
import type { EChartsOption } from 'echarts';
import { Chart, followElementSize } from './charts';

// echarts is ESM only (jest cannot load it): what the chart hands to echarts-for-react is what is tested.
jest.mock('echarts/core', () => ({ init: jest.fn(), dispose: jest.fn(), getInstanceByDom: jest.fn(), use: jest.fn() }));
jest.mock('echarts/charts', () => ({}));
jest.mock('echarts/components', () => ({}));
jest.mock('echarts/renderers', () => ({}));
// Read at render time only: jest hoists the mocks above this line.
const mockDrawn: EChartsOption[] = [];
const mockReady: Array<((chart: unknown) => void) | undefined> = [];
jest.mock('echarts-for-react/lib/core', () => ({
  __esModule: true,
  default: ({ option, onChartReady }: { option: EChartsOption; onChartReady?: (chart: unknown) => void }) => {
    mockDrawn.push(option);
    mockReady.push(onChartReady);
    return null;
  },
}));

it('keeps every chart tooltip inside the chart (the widget card clipped it) and draws it without animation', () => {
  render(<Chart ariaLabel="x" option={{ tooltip: { trigger: 'axis' }, series: [{ type: 'bar', data: [1] }] }} />);
  expect(mockDrawn.at(-1)).toEqual({ animation: false, tooltip: { trigger: 'axis', confine: true }, series: [{ type: 'bar', data: [1] }] });
});

it("reports a click anywhere in a category's column of the grid as its index (a 60-day chart's bars are 4 px wide)", () => {
  const onColumnClick = jest.fn();
  render(<Chart ariaLabel="x" option={{ series: [] }} onColumnClick={onColumnClick} />);
  let click: ((e: { offsetX: number; offsetY: number }) => void) | undefined;
  const inGrid = (p: number[]) => p[1] < 200;
  mockReady.at(-1)!({
    getDom: () => document.createElement('div'),
    getZr: () => ({ on: (_: string, handler: typeof click) => (click = handler) }),
    containPixel: (_: string, p: number[]) => inGrid(p),
    convertFromPixel: (_: unknown, p: number[]) => [p[0] / 10, 0],
  });
  click!({ offsetX: 58, offsetY: 20 });
  expect(onColumnClick).toHaveBeenCalledWith(6);
  // Outside the grid (the axis labels, the legend): nothing.
  click!({ offsetX: 58, offsetY: 230 });
  expect(onColumnClick).toHaveBeenCalledTimes(1);
});

describe('followElementSize', () => {
  const observers: { callback: () => void; observed: Element[]; disconnected: boolean }[] = [];
  beforeEach(() => {
    observers.length = 0;
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      entry: (typeof observers)[number];
      constructor(callback: () => void) {
        this.entry = { callback, observed: [], disconnected: false };
        observers.push(this.entry);
      }
      observe(el: Element) {
        this.entry.observed.push(el);
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    };
  });
  afterEach(() => {
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  });
  const chartOn = (width: number, height: number, chartWidth: number) => {
    const dom = document.createElement('div');
    Object.defineProperty(dom, 'clientWidth', { get: () => width });
    Object.defineProperty(dom, 'clientHeight', { get: () => height });
    return { getDom: () => dom, getWidth: () => chartWidth, getHeight: () => height, resize: jest.fn(), isDisposed: () => false };
  };

  it("resizes a chart created wider than its element once the element's size is reported (a chart ran past its card in the platform UI)", () => {
    // Created at 459 px while the element settled at 359 px (measured on the platform UI's dashboard at 1280 px).
    const chart = chartOn(359, 250, 459);
    followElementSize(chart as never);
    expect(observers[0].observed).toEqual([chart.getDom()]);
    observers[0].callback();
    expect(chart.resize).toHaveBeenCalledWith({ width: 'auto', height: 'auto' });
  });

  it('is how every Chart follows its element, and stops when the chart goes', () => {
    const { unmount } = render(<Chart ariaLabel="x" option={{ series: [] }} />);
    const chart = chartOn(359, 250, 459);
    mockReady.at(-1)!(chart);
    observers[0].callback();
    expect(chart.resize).toHaveBeenCalled();
    unmount();
    expect(observers[0].disconnected).toBe(true);
  });

  it('leaves a chart alone whose size is its element\'s, and stops watching when told', () => {
    const chart = chartOn(359, 250, 359);
    const stop = followElementSize(chart as never);
    observers[0].callback();
    expect(chart.resize).not.toHaveBeenCalled();
    stop();
    expect(observers[0].disconnected).toBe(true);
  });
});
