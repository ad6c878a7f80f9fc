import React from 'react';
import { render } from '@testing-library/react';
import type { EChartsOption } from 'echarts';
import { Chart } from './charts';

// echarts is ESM only (jest cannot load it): what the chart hands to echarts-for-react is what is tested.
jest.mock('echarts/core', () => ({ init: jest.fn(), dispose: jest.fn(), getInstanceByDom: jest.fn(), use: jest.fn() }));
jest.mock('echarts/charts', () => ({}));
jest.mock('echarts/components', () => ({}));
jest.mock('echarts/renderers', () => ({}));
// Read at render time only: jest hoists the mocks above this line.
const mockDrawn: EChartsOption[] = [];
jest.mock('echarts-for-react/lib/core', () => ({
  __esModule: true,
  default: ({ option }: { option: EChartsOption }) => {
    mockDrawn.push(option);
    return null;
  },
}));

it('keeps every chart tooltip inside the chart (the widget card clipped it)', () => {
  render(<Chart ariaLabel="x" option={{ tooltip: { trigger: 'axis' }, series: [{ type: 'bar', data: [1] }] }} />);
  expect(mockDrawn.at(-1)).toEqual({ tooltip: { trigger: 'axis', confine: true }, series: [{ type: 'bar', data: [1] }] });
});
