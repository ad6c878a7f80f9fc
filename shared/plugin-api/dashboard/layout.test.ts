import { layoutDashboard } from './layout';
import type { DashboardWidgetPlacement } from '@shared/plugin-api/types';

const w = (instanceId: string, x: number, y: number, width: number, h: number): DashboardWidgetPlacement => ({
  instanceId,
  widgetId: 'widget:p/x',
  x,
  y,
  w: width,
  h,
  config: {},
});

describe('layoutDashboard', () => {
  const sections = [
    { title: 'Alarm Monitoring', y: 8 },
    { title: 'Connection Monitoring', y: 0 },
  ];

  it('places widgets in the band of their section, rows relative to the section', () => {
    const bands = layoutDashboard(sections, [w('a', 0, 0, 6, 4), w('b', 6, 0, 6, 4), w('c', 0, 9, 3, 2)]);
    expect(bands.map((b) => b.title)).toEqual(['Connection Monitoring', 'Alarm Monitoring']);
    expect(bands[0].widgets.map((x) => [x.instanceId, x.row, x.column, x.width, x.height])).toEqual([
      ['a', 1, 1, 6, 4],
      ['b', 1, 7, 6, 4],
    ]);
    expect(bands[1].widgets.map((x) => [x.instanceId, x.row, x.column])).toEqual([['c', 2, 1]]);
  });

  it('keeps section headings without widgets and widgets above the first section', () => {
    const bands = layoutDashboard([{ title: 'Later', y: 5 }], [w('top', 0, 0, 12, 2)]);
    expect(bands.map((b) => [b.title, b.widgets.length])).toEqual([
      [null, 1],
      ['Later', 0],
    ]);
  });

  it('keeps widgets inside the 12 columns', () => {
    const [band] = layoutDashboard([], [w('wide', 10, 0, 20, 0), w('neg', -3, -1, 4, 2)]);
    expect(band.widgets.map((x) => [x.instanceId, x.column, x.width, x.height, x.row])).toEqual([
      ['wide', 1, 12, 1, 1],
      ['neg', 1, 4, 2, 1],
    ]);
  });
});
