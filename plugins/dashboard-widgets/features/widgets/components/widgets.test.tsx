import path from 'node:path';
import React from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { renderContribution } from '@shared/plugin-api/testing';
import type { ChartProps } from '@shared/ui/charts';
import en from '../../../locales/en.json';
import de from '../../../locales/de.json';
import AlarmHistoryWidget from './alarm-history-widget';
import AlarmSeverityWidget from './alarm-severity-widget';
import DevicesOnlineWidget from './devices-online-widget';
import OnlineHistoryWidget from './online-history-widget';
import TopAlarmsWidget from './top-alarms-widget';
import SoftwareMonitorWidget from './software-monitor-widget';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the purge is a CommonJS script (.cjs) the build runs with node
const { purgeCss, readSources } = require('../../../../../scripts/platform-style-purge.cjs') as {
  purgeCss: (css: string, sources: string[]) => { css: string };
  readSources: (root: string, dirs: string[]) => string[];
};
const ROOT = path.resolve(__dirname, '../../../../..');

// ECharts is ESM only and draws on canvas (absent in jsdom); these tests read the figures and the charts' options.
const mockCharts: ChartProps[] = [];
jest.mock('@shared/ui/charts', () => ({
  CHART_COLORS: { online: 'g', offline: 'r', notMonitored: 'n', critical: 'r', major: 'o', minor: 'o', warning: 'b' },
  Chart: (props: ChartProps) => {
    mockCharts.push(props);
    return null;
  },
  escapeHtml: (v: unknown) => String(v),
  tooltipFormatter: () => () => '',
}));

/** jsdom has no Response: the parts the platform client reads. */
const json = (status: number, body: unknown) =>
  Promise.resolve({
    status,
    ok: status >= 200 && status < 300,
    statusText: status === 200 ? 'OK' : 'Service Unavailable',
    headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => JSON.stringify(body),
  } as unknown as Response);

const opts = { pluginId: 'dashboard-widgets', locales: en as Record<string, string> };
let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe('widgets', () => {
  it('shows the microservice error instead of a blank', async () => {
    fetchMock.mockImplementation(() => json(503, { error: 'x', message: 'down' }));
    renderContribution(<DevicesOnlineWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'number' } } }} />, opts);
    expect(await screen.findByTestId('widget-error')).toHaveTextContent('Could not get connection data from microservice, response status: 503.');
    expect(String(fetchMock.mock.calls[0][0])).toContain('/service/operation-dashboard/devicestatistics');
  });

  it("says a call without any answer as such, not as the spec's 'response status: 0'", async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    renderContribution(<DevicesOnlineWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'number' } } }} />, opts);
    expect(await screen.findByTestId('widget-error')).toHaveTextContent('The platform cannot be reached. Check the connection and try again.');
    expect(screen.getByTestId('widget-error')).not.toHaveTextContent('response status');
  });

  it.each([
    ['devices online', <DevicesOnlineWidget key="a" widget={{ instanceId: 'a', config: { selectedView: { name: 'number' } } }} />, { onlineDeviceCount: 7, offlineDeviceCount: 1, notMonitoredDeviceCount: 0, totalDevices: 8 }, '7'],
    ['top alarms', <TopAlarmsWidget key="f" widget={{ instanceId: 'a', config: { selectedView: { name: 'list' }, showNumberOfDaysAgo: 30 } }} />, [{ alarmType: 'c8y_Back', count: 3, severity: 'MAJOR' }], 'c8y_Back'],
  ])('a figure that failed for want of a connection (%s) says so with Reload, which brings it back without waiting for the next refresh', async (_, widget, body, shown) => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    renderContribution(widget, opts);
    expect(await screen.findByTestId('widget-error')).toHaveTextContent('The platform cannot be reached. Check the connection and try again.');
    expect(screen.queryByText(shown)).toBeNull();
    fetchMock.mockImplementation(() => json(200, body));
    fireEvent.click(screen.getByTestId('widget-reload'));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('widget-error')).toBeNull());
  });

  it.each([
    ['devices online', <DevicesOnlineWidget key="a" widget={{ instanceId: 'a', config: { selectedView: { name: 'number' } } }} />, { onlineDeviceCount: 7, offlineDeviceCount: 1, notMonitoredDeviceCount: 0, totalDevices: 8 }, '7'],
    ['top alarms', <TopAlarmsWidget key="f" widget={{ instanceId: 'a', config: { selectedView: { name: 'list' }, showNumberOfDaysAgo: 30 } }} />, [{ alarmType: 'c8y_Back', count: 3, severity: 'MAJOR' }], 'c8y_Back'],
  ])('the browser going offline (%s) says at once that the connection is gone and how old the figures kept are (not at the next refresh a minute later)', async (_, widget, body, shown) => {
    fetchMock.mockImplementation(() => json(200, body));
    renderContribution(widget, opts);
    expect(await screen.findByText(shown)).toBeInTheDocument();
    const readAt = new Date();
    const time = `${String(readAt.getHours()).padStart(2, '0')}:${String(readAt.getMinutes()).padStart(2, '0')}`;
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    try {
      act(() => onlineManager.setOnline(false));
      const error = await screen.findByTestId('widget-error');
      expect(error).toHaveTextContent('The platform cannot be reached. Check the connection and try again.');
      expect(screen.getByTestId('widget-figures-time').textContent?.trim()).toMatch(new RegExp(`^Figures as of (${time}|\\d\\d:\\d\\d)\\.$`));
      // The last figures stay below the message.
      expect(screen.getByText(shown)).toBeInTheDocument();
      fetchMock.mockImplementation(() => json(200, body));
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    // Online again, the figures are read again and the message goes.
    await waitFor(() => expect(screen.queryByTestId('widget-error')).toBeNull());
  });

  it.each([
    ['devices online, an empty body', <DevicesOnlineWidget key="a" widget={{ instanceId: 'a', config: { selectedView: { name: 'number' } } }} />, null],
    ['devices online, fields missing', <DevicesOnlineWidget key="b" widget={{ instanceId: 'a', config: { selectedView: { name: 'numberOfAll' } } }} />, { onlineDeviceCount: 3 }],
    ['online history, a page of HTML', <OnlineHistoryWidget key="c" widget={{ instanceId: 'a', config: { selectedView: { name: 'number-avg' } } }} />, '<html>login</html>'],
    ['alarm severity, counts as words', <AlarmSeverityWidget key="d" widget={{ instanceId: 'a', config: { selectedView: { name: 'major' } } }} />, { total: 'many' }],
    ['alarm history, a list missing', <AlarmHistoryWidget key="e" widget={{ instanceId: 'a', config: { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: 30 } }} />, { attrs: { criticalAlarmHistory: [1] } }],
    ['top alarms, not a list', <TopAlarmsWidget key="f" widget={{ instanceId: 'a', config: { selectedView: { name: 'list' }, showNumberOfDaysAgo: 30 } }} />, {}],
    ['software monitor, recovered without its figures', <SoftwareMonitorWidget key="g" widget={{ instanceId: 'a', config: { selectedView: { name: 'recovered' } } }} />, { thisMonth: 1 }],
  ])('an answer of 200 without the figures (%s) is an error, not blank figures or an endless spinner', async (_, widget, body) => {
    mockCharts.length = 0;
    fetchMock.mockImplementation(() => json(200, body));
    renderContribution(widget, opts);
    expect(await screen.findByTestId('widget-error')).toHaveTextContent('The microservice answered without the figures this widget shows.');
    expect(screen.queryByTestId('top-alarms-empty')).toBeNull();
    expect(mockCharts).toHaveLength(0);
  });

  it.each([
    ['en', en, 'online from 1 device'],
    ['de', de, 'online von 1 Gerät'],
  ] as const)("number view with a single device says 'device', not 'devices' (%s)", async (language, locales, text) => {
    fetchMock.mockImplementation(() => json(200, { onlineDeviceCount: 1, offlineDeviceCount: 0, notMonitoredDeviceCount: 0, totalDevices: 1 }));
    renderContribution(<DevicesOnlineWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'number' } } }} />, { ...opts, language, locales });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows a spinner until the first answer, then the figures with links', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (answer = r)));
    renderContribution(<DevicesOnlineWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'numberOfAll' } } }} />, opts);
    expect(screen.getByRole('status')).toBeInTheDocument();
    answer(await json(200, { onlineDeviceCount: 5, offlineDeviceCount: 2, notMonitoredDeviceCount: 1, totalDevices: 8 }));
    const offline = await screen.findByTestId('figure-currentOfflineDevices');
    expect(offline).toHaveTextContent('2');
    expect(offline.getAttribute('href')).toBe('#/devicesFromDashboard?view=currentOfflineDevices&operationsdashboarddetails=true');
  });

  it('numberOfAll: the four figures wrap as two pairs (online, offline | not monitored, total) in a narrow widget', async () => {
    fetchMock.mockImplementation(() => json(200, { onlineDeviceCount: 1361, offlineDeviceCount: 403, notMonitoredDeviceCount: 236, totalDevices: 2000 }));
    renderContribution(<DevicesOnlineWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'numberOfAll' } } }} />, opts);
    const all = await screen.findByTestId('devices-online-all');
    expect(all.style.flexWrap).toBe('wrap');
    const pairs = within(all).getAllByTestId('figure-pair');
    expect(pairs.map((p) => [...p.querySelectorAll('a')].map((a) => a.textContent))).toEqual([
      ['1361', '403'],
      ['236', '2000'],
    ]);
    for (const pair of pairs) expect(pair.style.flexWrap).toBe('wrap');
    expect(Number.parseFloat(all.style.columnGap)).toBeGreaterThan(0);
  });

  it('piechart: percentage labels aligned to the chart edges, so none runs past the canvas', async () => {
    fetchMock.mockImplementation(() => json(200, { onlineDeviceCount: 1361, offlineDeviceCount: 403, notMonitoredDeviceCount: 236, totalDevices: 2000 }));
    mockCharts.length = 0;
    renderContribution(<DevicesOnlineWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'piechart' } } }} />, opts);
    await waitFor(() => expect(mockCharts.length).toBeGreaterThan(0));
    const series = (mockCharts.at(-1)!.option.series as { label: Record<string, unknown> }[])[0];
    expect(series.label).toMatchObject({ alignTo: 'edge', edgeDistance: 8 });
    expect((series.label.formatter as (p: unknown) => string)({ dataIndex: 1 })).toBe('20 %');
  });

  it('piechart: labels of two small neighbouring slices are kept apart or hidden, their figures stay in the aria-label', async () => {
    fetchMock.mockImplementation(() => json(200, { onlineDeviceCount: 17, offlineDeviceCount: 0, notMonitoredDeviceCount: 3, totalDevices: 20 }));
    mockCharts.length = 0;
    renderContribution(<DevicesOnlineWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'piechart' } } }} />, opts);
    await waitFor(() => expect(mockCharts.length).toBeGreaterThan(0));
    const chart = mockCharts.at(-1)!;
    const series = (chart.option.series as Record<string, unknown>[])[0];
    expect(series).toMatchObject({ avoidLabelOverlap: true, labelLayout: { hideOverlap: true } });
    // ECharts moves labels apart by their line height; unset, it measured 4 px for 12 px text.
    expect((series.label as { lineHeight?: number }).lineHeight).toBeGreaterThanOrEqual(14);
    expect(chart.ariaLabel).toBe('online: 17 (85 %), offline: 0 (0 %), not monitored: 3 (15 %)');
  });

  it('online history toggle: the chosen measure is an active segmented button (btn-primary went white with focus)', async () => {
    fetchMock.mockImplementation(() => json(200, { attrs: { history: [{ deviceCount: 3, averageTime: 60 }] } }));
    renderContribution(<OnlineHistoryWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: 30 } }} />, opts);
    const avg = await screen.findByRole('button', { name: 'avg time' });
    fireEvent.click(avg);
    avg.focus();
    await waitFor(() => expect(avg).toHaveAttribute('aria-pressed', 'true'));
    expect(avg).toHaveClass('btn', 'btn-default', 'active');
    expect(avg).not.toHaveClass('btn-primary');
    expect(screen.getByRole('button', { name: 'devices' })).not.toHaveClass('active');
  });

  it.each([
    ['en', en, 'devices per day, last 3 days; the figures of each day are in the table that follows', ['Day', 'devices'], [['1 day ago', '7'], ['2 days ago', '5'], ['3 days ago', '2']], 'avg time', ['1 day ago', '2 h']],
    ['de', de, 'Geräte pro Tag, letzte 3 Tage; die Werte jedes Tages stehen in der folgenden Tabelle', ['Tag', 'Geräte'], [['vor 1 Tag', '7'], ['vor 2 Tagen', '5'], ['vor 3 Tagen', '2']], 'Ø Zeit', ['vor 1 Tag', '2 h']],
  ] as const)('online history (%s): the chart names its table, which gives each day with its value, newest first', async (language, locales, label, head, rows, avg, avgRow) => {
    // Newest first, as the service lists them; averageTime in minutes.
    fetchMock.mockImplementation(() => json(200, { attrs: { history: [{ deviceCount: 7, averageTime: 120 }, { deviceCount: 5, averageTime: 60 }, { deviceCount: 2, averageTime: 30 }] } }));
    mockCharts.length = 0;
    renderContribution(<OnlineHistoryWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: 30 } }} />, { ...opts, language, locales });
    await waitFor(() => expect(mockCharts.length).toBeGreaterThan(0));
    expect(mockCharts.at(-1)!.ariaLabel).toBe(label);
    const table = screen.getByTestId('online-history-table');
    // Hidden by its wrapper (a table itself grows past sr-only's 1 px and made the card scroll).
    expect(table.parentElement).toHaveClass('sr-only');
    expect(table).not.toHaveClass('sr-only');
    const cells = (row: Element) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);
    expect(cells(table.querySelector('thead tr')!)).toEqual(head);
    expect([...table.querySelectorAll('tbody tr')].map(cells)).toEqual(rows);
    fireEvent.click(screen.getByRole('button', { name: avg }));
    await waitFor(() => expect(cells(screen.getByTestId('online-history-table').querySelector('tbody tr')!)).toEqual(avgRow));
  });

  it.each([
    ['en', en, 'Alarms per severity per day, last 2 days; the figures of each day are in the table that follows', ['Day', 'warning', 'minor', 'major', 'critical'], [['1 day ago', '4', '3', '2', '1'], ['2 days ago', '0', '0', '0', '9']]],
    ['de', de, 'Alarme nach Schweregrad pro Tag, letzte 2 Tage; die Werte jedes Tages stehen in der folgenden Tabelle', ['Tag', 'Warnung'], [['vor 1 Tag', '4'], ['vor 2 Tagen', '0']]],
  ] as const)('alarm history (%s): each day with its value per severity, not only a total per severity', async (language, locales, label, head, rows) => {
    fetchMock.mockImplementation(() => json(200, { attrs: { criticalAlarmHistory: [1, 9], majorAlarmHistory: [2, 0], minorAlarmHistory: [3, 0], warningAlarmHistory: [4, 0] } }));
    mockCharts.length = 0;
    renderContribution(<AlarmHistoryWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: 30 } }} />, { ...opts, language, locales });
    await waitFor(() => expect(mockCharts.length).toBeGreaterThan(0));
    expect(mockCharts.at(-1)!.ariaLabel).toBe(label);
    const table = screen.getByTestId('alarm-history-table');
    const cells = (row: Element) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);
    expect(cells(table.querySelector('thead tr')!).slice(0, head.length)).toEqual(head);
    expect([...table.querySelectorAll('tbody tr')].map((r) => cells(r).slice(0, rows[0].length))).toEqual(rows);
  });

  it('history charts in German: value axis labels without the English thousands comma ("1,500" reads one and a half)', async () => {
    const history = { attrs: { history: [{ deviceCount: 1500, averageTime: 60 }] } };
    const alarms = { attrs: { criticalAlarmHistory: [1200], majorAlarmHistory: [0], minorAlarmHistory: [0], warningAlarmHistory: [0] } };
    fetchMock.mockImplementation((url: string) => json(200, String(url).includes('alarmhistory') ? alarms : history));
    for (const widget of [
      <OnlineHistoryWidget key="o" widget={{ instanceId: 'a', config: { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: 30 } }} />,
      <AlarmHistoryWidget key="a" widget={{ instanceId: 'b', config: { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: 30 } }} />,
    ]) {
      mockCharts.length = 0;
      const { unmount } = renderContribution(widget, { ...opts, language: 'de', locales: de });
      await waitFor(() => expect(mockCharts.length).toBeGreaterThan(0));
      const label = (mockCharts.at(-1)!.option.yAxis as { axisLabel?: { formatter?: (v: number) => string } }).axisLabel;
      expect(label?.formatter?.(1500)).toBe('1500');
      expect(label?.formatter?.(2.5)).toBe('2,5');
      unmount();
    }
  });

  it.each([
    ['en', en, 'days ago', '33 days ago', '1 day ago'],
    ['de', de, 'Tage zurück', 'vor 33 Tagen', 'vor 1 Tag'],
  ] as const)('history charts (%s): the tooltip heading says "days ago" in words, not a bare "33"', async (language, locales, axisName, heading33, heading1) => {
    const history = { attrs: { history: [{ deviceCount: 15, averageTime: 60 }] } };
    const alarms = { attrs: { criticalAlarmHistory: [12], majorAlarmHistory: [0], minorAlarmHistory: [0], warningAlarmHistory: [0] } };
    fetchMock.mockImplementation((url: string) => json(200, String(url).includes('alarmhistory') ? alarms : history));
    for (const widget of [
      <OnlineHistoryWidget key="o" widget={{ instanceId: 'a', config: { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: 30 } }} />,
      <AlarmHistoryWidget key="a" widget={{ instanceId: 'b', config: { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: 30 } }} />,
    ]) {
      mockCharts.length = 0;
      const { unmount } = renderContribution(widget, { ...opts, language, locales });
      await waitFor(() => expect(mockCharts.length).toBeGreaterThan(0));
      const { option } = mockCharts.at(-1)!;
      expect((option.xAxis as { name: string }).name).toBe(axisName);
      const format = (option.tooltip as { formatter: (p: object[]) => string }).formatter;
      expect(format([{ axisValueLabel: '33', seriesName: 's', marker: '', value: 4 }]).split('<br/>')[0]).toBe(heading33);
      expect(format([{ axisValueLabel: '1', seriesName: 's', marker: '', value: 4 }]).split('<br/>')[0]).toBe(heading1);
      unmount();
    }
  });

  it('online history, avg time: the axis says the bars are hours', async () => {
    fetchMock.mockImplementation(() => json(200, { attrs: { history: [{ deviceCount: 3, averageTime: 1220 }] } }));
    mockCharts.length = 0;
    renderContribution(<OnlineHistoryWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: 30 } }} />, opts);
    fireEvent.click(await screen.findByRole('button', { name: 'avg time' }));
    await waitFor(() => expect((mockCharts.at(-1)!.option.series as { data: number[] }[])[0].data).toEqual([20]));
    const yAxis = mockCharts.at(-1)!.option.yAxis as { axisLabel: { formatter: (v: number) => string } };
    expect(yAxis.axisLabel.formatter(20)).toBe('20 h');
    fireEvent.click(screen.getByRole('button', { name: 'devices' }));
    await waitFor(() => expect((mockCharts.at(-1)!.option.yAxis as typeof yAxis).axisLabel.formatter(3)).toBe('3'));
  });

  describe('alarm history chart, drawn by ECharts (SSR) as the widget configures it', () => {
    const echarts = jest.requireActual<typeof import('echarts')>('echarts/dist/echarts.js');
    const alarms = { attrs: { criticalAlarmHistory: [3, 1], majorAlarmHistory: [2, 2], minorAlarmHistory: [1, 3], warningAlarmHistory: [2, 0] } };
    type Drawn = { style?: { text?: string }; getBoundingRect(): { clone(): Rect }; getComputedTransform(): unknown };
    type Rect = { y: number; height: number; applyTransform(m: unknown): void };

    async function option(language: 'en' | 'de', locales: Record<string, string>) {
      fetchMock.mockImplementation(() => json(200, alarms));
      mockCharts.length = 0;
      renderContribution(<AlarmHistoryWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: 30 } }} />, { ...opts, language, locales });
      await waitFor(() => expect(mockCharts.length).toBeGreaterThan(0));
      return mockCharts.at(-1)!.option;
    }

    /** The vertical extent of each legend entry's text in a chart `width` px wide, and the plot's top. */
    function legendRows(opt: object, width: number, names: readonly string[]) {
      const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height: 300 });
      try {
        chart.setOption({ ...opt, animation: false });
        chart.renderToSVGString();
        const drawn = (chart as unknown as { getZr(): { storage: { getDisplayList(): Drawn[] } } }).getZr().storage.getDisplayList();
        const texts = drawn
          .filter((el) => names.includes(el.style?.text ?? ''))
          .map((el) => {
            const rect = el.getBoundingRect().clone();
            rect.applyTransform(el.getComputedTransform());
            return { text: el.style!.text!, top: rect.y, bottom: rect.y + rect.height };
          });
        const grid = (chart as unknown as { getModel(): { getComponent(t: string): { coordinateSystem: { getRect(): { y: number } } } } }).getModel().getComponent('grid').coordinateSystem.getRect();
        return { texts, plotTop: grid.y };
      } finally {
        chart.dispose();
      }
    }

    it.each([
      ['en', 260, en],
      ['de', 260, de],
      ['de', 560, de],
    ] as const)('no legend is drawn over the bars (%s, %i px: ECharts\' legend wrapped onto them); the page shows it', async (language, width, locales) => {
      const opt = await option(language, locales);
      const names = (opt.series as { name: string }[]).map((s) => s.name);
      const { texts, plotTop } = legendRows(opt, width, names);
      for (const t of texts) expect(t.bottom).toBeLessThanOrEqual(plotTop);
      const legend = await screen.findByTestId('alarm-history-legend');
      expect([...legend.querySelectorAll('li')].map((li) => li.textContent)).toEqual(names);
      expect(getComputedStyle(legend).flexWrap).toBe('wrap');
    });

    it('minor and major bars differ in colour (both orange, the legend could not tell them apart)', async () => {
      const series = (await option('en', en)).series as { name: string; itemStyle: { color: string } }[];
      const colour = (name: string) => series.find((s) => s.name === name)!.itemStyle.color;
      expect(new Set(series.map((s) => s.itemStyle.color)).size).toBe(4);
      expect(colour('minor')).not.toBe(colour('major'));
    });
  });

  it.each([
    ['critical', 'rgb(215, 15, 15)'],
    ['major', 'rgb(224, 120, 0)'],
    ['warning', 'rgb(5, 106, 214)'],
  ])('alarm severity (%s): the icon has the severity colour, as the figure', async (severity, rgb) => {
    fetchMock.mockImplementation(() => json(200, { total: 9, software: 1, connectivity: 2, services: 3, others: 3 }));
    renderContribution(<AlarmSeverityWidget widget={{ instanceId: 'a', config: { selectedView: { name: severity } } }} />, opts);
    const figure = (await screen.findByTestId('figure-total')).querySelector('span')!;
    expect(figure.style.color).toBe(rgb);
    expect(screen.getByTestId('severity-icon').style.color).toBe(rgb);
  });

  it.each([
    [7, 'online in der letzten Woche', 'Alarme der letzten Woche'],
    [30, 'online im letzten Monat', 'Alarme des letzten Monats'],
    [60, 'online in den letzten 60 Tagen', 'Alarme der letzten 60 Tage'],
  ])('history titles in German read as German (%i days; "online letzter Monat" did not)', async (days, online, alarms) => {
    const history = { attrs: { history: [{ deviceCount: 15, averageTime: 60 }] } };
    const alarmHistory = { attrs: { criticalAlarmHistory: [1], majorAlarmHistory: [0], minorAlarmHistory: [0], warningAlarmHistory: [0] } };
    fetchMock.mockImplementation((url: string) => json(200, String(url).includes('alarmhistory') ? alarmHistory : history));
    const config = { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: days };
    renderContribution(<OnlineHistoryWidget widget={{ instanceId: 'a', config }} />, { ...opts, language: 'de', locales: de });
    renderContribution(<AlarmHistoryWidget widget={{ instanceId: 'b', config }} />, { ...opts, language: 'de', locales: de });
    const titles = (await screen.findAllByTestId('widget-title')).map((h) => h.textContent);
    expect(titles).toEqual([online, alarms]);
  });

  it('alarm severity in German: the connectivity figure is "Zustand"', async () => {
    fetchMock.mockImplementation(() => json(200, { total: 9, software: 1, connectivity: 2, services: 3, others: 3 }));
    renderContribution(<AlarmSeverityWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'major' } } }} />, { ...opts, language: 'de', locales: de });
    const health = await screen.findByTestId('category-health');
    expect(health.closest('li')).toHaveTextContent(/^Zustand2$/);
  });

  it('top alarm list: placeholders first, then the empty text', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (answer = r)));
    renderContribution(<TopAlarmsWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'list' }, showNumberOfDaysAgo: 14 } }} />, opts);
    expect(screen.getByTestId('top-alarms-placeholders').querySelectorAll('li')).toHaveLength(4);
    expect(String(fetchMock.mock.calls[0][0])).toContain('/toptenalarmtypes/14');
    answer(await json(200, []));
    expect(await screen.findByText('No alarms to display.')).toBeInTheDocument();
  });

  it('top alarm list: a failed first fetch shows the error, not "No alarms to display." beside it', async () => {
    fetchMock.mockImplementation(() => json(503, { error: 'x', message: 'down' }));
    renderContribution(<TopAlarmsWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'list' }, showNumberOfDaysAgo: 30 } }} />, opts);
    expect(await screen.findByTestId('widget-error')).toHaveTextContent('Could not get connection data from microservice, response status: 503.');
    expect(screen.queryByTestId('top-alarms-empty')).toBeNull();
    expect(screen.queryByText('No alarms to display.')).toBeNull();
  });

  it('software monitor, recovered: the three figures keep a gap and wrap in a narrow widget ("258 291" read as one number)', async () => {
    fetchMock.mockImplementation(() => json(200, { thisMonth: 48, thisYear: 258, total: 291 }));
    renderContribution(<SoftwareMonitorWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'recovered' } } }} />, { ...opts, language: 'de', locales: de });
    const row = await screen.findByTestId('recovered-figures');
    expect([...row.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['48', '258', '291']);
    expect(row.style.flexWrap).toBe('wrap');
    expect(Number.parseFloat(row.style.columnGap)).toBeGreaterThan(0);
    for (const cell of [...row.children] as HTMLElement[]) expect(cell.style.minWidth).toBe('min-content');
  });

  it('software monitor: count, trend arrow and the trend days of its view', async () => {
    fetchMock.mockImplementation(() =>
      json(200, { devicesWaitingForDependencies: 1, TrendWFD: 0, devicesWaitingForApproval: 7, TrendWFA: -1, devicesWithoutSoftwareAssignment: 3, TrendWSA: 1 }),
    );
    renderContribution(
      <SoftwareMonitorWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'approval' }, trendDaysWaitingForApproval: 21, trendDaysWaitingForDependency: 9 } }} />,
      opts,
    );
    await waitFor(() => expect(screen.getByTestId('figure-count')).toHaveTextContent('7'));
    expect(screen.getByTestId('trend').getAttribute('data-trend')).toBe('down');
    expect(String(fetchMock.mock.calls[0][0])).toContain('/softwaremonitoringstats/21');
  });

  it.each([
    [1, 'up'],
    [-1, 'down'],
    [0, 'right'],
  ])("software monitor: trend %i draws its arrow in the dev shell's purged stylesheet too", async (trend, dir) => {
    fetchMock.mockImplementation(() => json(200, { devicesWaitingForDependencies: 4, TrendWFD: trend, devicesWaitingForApproval: 0, devicesWithoutSoftwareAssignment: 0 }));
    renderContribution(<SoftwareMonitorWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'dependency' } } }} />, opts);
    await waitFor(() => expect(screen.getByTestId('trend').getAttribute('data-trend')).toBe(dir));
    const icon = [...screen.getByTestId('trend').querySelector('i')!.classList].find((c) => c.startsWith('dlt-c8y-icon-'))!;
    expect(icon).toBe(`dlt-c8y-icon-long-arrow-${dir}`);
    // The build keeps an icon's rule only when its name is a word of the sources ('unchanged' had no glyph).
    const rule = `.${icon}:before{content:"x"}`;
    expect(purgeCss(rule, readSources(ROOT, ['plugins', 'shared', 'shell-dev/app'])).css).toContain(icon);
  });

  it('piechart without devices: says so instead of three equal slices labelled 0 %', async () => {
    fetchMock.mockImplementation(() => json(200, { onlineDeviceCount: 0, offlineDeviceCount: 0, notMonitoredDeviceCount: 0, totalDevices: 0 }));
    mockCharts.length = 0;
    renderContribution(<DevicesOnlineWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'piechart' } } }} />, { ...opts, language: 'de', locales: de });
    expect(await screen.findByTestId('devices-online-pie-empty')).toHaveTextContent('Keine Geräte vorhanden');
    expect(mockCharts).toEqual([]);
  });

  it.each([
    ['online history', <OnlineHistoryWidget key="o" widget={{ instanceId: 'a', config: { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: 30 } }} />, { attrs: { history: [] } }],
    [
      'alarm history',
      <AlarmHistoryWidget key="a" widget={{ instanceId: 'a', config: { showNumberOfDaysAgo: 30 } }} />,
      { attrs: { criticalAlarmHistory: [], majorAlarmHistory: [], minorAlarmHistory: [], warningAlarmHistory: [] } },
    ],
  ])('%s without any day yet: says so instead of bare axes', async (_name, element, answer) => {
    fetchMock.mockImplementation(() => json(200, answer));
    mockCharts.length = 0;
    renderContribution(element, { ...opts, language: 'de', locales: de });
    expect(await screen.findByTestId('history-empty')).toHaveTextContent('Kein Verlauf vorhanden.');
    expect(mockCharts).toEqual([]);
  });

  const zeros = (n: number) => Array.from({ length: n }, () => 0);
  it.each([
    [
      'online history',
      <OnlineHistoryWidget key="o" widget={{ instanceId: 'a', config: { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: 30 } }} />,
      { attrs: { history: zeros(60).map(() => ({ deviceCount: 0, averageTime: 0 })) } },
      'An diesen Tagen war kein Gerät online.',
    ],
    [
      'alarm history',
      <AlarmHistoryWidget key="a" widget={{ instanceId: 'a', config: { showNumberOfDaysAgo: 30 } }} />,
      { attrs: { criticalAlarmHistory: zeros(60), majorAlarmHistory: zeros(60), minorAlarmHistory: zeros(60), warningAlarmHistory: zeros(60) } },
      'An diesen Tagen gab es keine Alarme.',
    ],
  ])('%s of only zeros (a tenant without devices or alarms): says so instead of an empty 0-to-1 axis', async (_name, element, answer, text) => {
    fetchMock.mockImplementation(() => json(200, answer));
    mockCharts.length = 0;
    renderContribution(element, { ...opts, language: 'de', locales: de });
    expect(await screen.findByTestId('history-none')).toHaveTextContent(text);
    expect(mockCharts).toEqual([]);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Messgröße' })).toBeNull();
  });

  it('online history with one device online on one day draws the chart', async () => {
    const history = zeros(60).map(() => ({ deviceCount: 0, averageTime: 0 }));
    history[3] = { deviceCount: 1, averageTime: 60 };
    fetchMock.mockImplementation(() => json(200, { attrs: { history } }));
    mockCharts.length = 0;
    renderContribution(<OnlineHistoryWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'barchart' }, showNumberOfDaysAgo: 30 } }} />, opts);
    await waitFor(() => expect(mockCharts.length).toBeGreaterThan(0));
    expect(screen.queryByTestId('history-none')).toBeNull();
  });

  it('long figures: the alarm severity total follows the widget width and its parts start at their narrowest (wrapping only then), the top alarm counts keep their width', async () => {
    fetchMock.mockImplementation((url: string) =>
      String(url).includes('toptenalarmtypes')
        ? json(200, [{ alarmType: 'adamos_service_' + 'Z'.repeat(200), count: 12345678, severity: 'MAJOR' }])
        : json(200, { total: 2345678, software: 1234567, connectivity: 1000000, services: 111111, others: 0 }),
    );
    renderContribution(
      <>
        <AlarmSeverityWidget widget={{ instanceId: 'a', config: { selectedView: { name: 'major' } } }} />
        <TopAlarmsWidget widget={{ instanceId: 'b', config: { showNumberOfDaysAgo: 30 } }} />
      </>,
      opts,
    );
    const figures = await screen.findByTestId('alarm-severity-figures');
    expect(figures.style.flexWrap).toBe('wrap');
    for (const part of [...figures.children] as HTMLElement[]) expect(part.style.flexBasis).toBe('min-content');
    expect(screen.getByTestId('total-figure').style.fontSize).toContain('cqi');
    const count = await screen.findByTestId('top-alarm-count');
    expect(count).toHaveTextContent('12345678');
    expect(count.style.flex).toBe('0 0 auto');
    expect((count.previousElementSibling as HTMLElement).style.flex).toBe('0 0 auto');
    expect((count.nextElementSibling as HTMLElement).style.minWidth).toBe('0');
  });
});
