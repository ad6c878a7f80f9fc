import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_WIDGETS } from '../model/default-layout';
import { WIDGET_IDS } from '../model/views';
import { drawsChart, prefetchWidget, widgetQueries } from './prefetch';
import { warmCharts } from '../components/lazy-chart';

// echarts (ESM) does not load under jest; what matters here is when its chunk is asked for.
jest.mock('../components/lazy-chart', () => ({ warmCharts: jest.fn() }));

type Id = (typeof WIDGET_IDS)[keyof typeof WIDGET_IDS];
const keysOf = (id: Id, config: Record<string, unknown>) => widgetQueries(id, config).map((o) => o.queryKey.slice(2).join('/'));

describe('widget prefetch', () => {
  it('asks what the widget asks for, by its config', () => {
    expect(keysOf(WIDGET_IDS.alarmSeverity, { selectedView: { name: 'major' } })).toEqual(['alarmcount/major']);
    expect(keysOf(WIDGET_IDS.alarmSeverity, {})).toEqual(['alarmcount/critical']);
    expect(keysOf(WIDGET_IDS.topAlarms, { showNumberOfDaysAgo: 14 })).toEqual(['toptenalarmtypes/14']);
    expect(keysOf(WIDGET_IDS.softwareMonitor, { selectedView: { name: 'approval' }, trendDaysWaitingForApproval: 21, trendDaysWaitingForDependency: 9 })).toEqual([
      'softwaremonitoringstats/21',
    ]);
    expect(keysOf(WIDGET_IDS.softwareMonitor, { selectedView: { name: 'recovered' } })).toEqual(['recovereddevicestats']);
    expect(keysOf(WIDGET_IDS.devicesOnline, { selectedView: { name: 'piechart' } })).toEqual(['devicestatistics']);
  });

  it('sends one request per distinct call of the default dashboard, none for a query the client has', async () => {
    const urls: string[] = [];
    global.fetch = jest.fn((url: string | URL) => {
      urls.push(String(url));
      return Promise.resolve({
        status: 200,
        ok: true,
        statusText: 'OK',
        headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? 'application/json' : null) },
        text: async () => '{}',
      } as unknown as Response);
    }) as unknown as typeof fetch;
    const client = new QueryClient();
    const all = () => Promise.all(DEFAULT_WIDGETS.map((w) => prefetchWidget(w.widgetId as Id, w.config, client)));
    await all();
    const paths = urls.map((u) => new URL(u, 'http://x').pathname).sort();
    expect(paths).toEqual(
      [
        'alarmcount/critical',
        'alarmcount/major',
        'alarmcount/minor',
        'alarmcount/warning',
        'alarmhistory',
        'devicestatistics',
        'historydevicelist',
        'recovereddevicestats',
        'softwaremonitoringstats/30',
        'toptenalarmtypes/30',
      ].map((p) => `/service/operation-dashboard/${p}`),
    );
    await all();
    expect(urls).toHaveLength(paths.length);
    client.clear();
  });

  it("starts echarts with a chart's requests (while the figures are answered), not for a figure widget", async () => {
    const load = warmCharts as jest.Mock;
    load.mockClear();
    global.fetch = jest.fn(() =>
      Promise.resolve({ status: 200, ok: true, statusText: 'OK', headers: { get: () => 'application/json' }, text: async () => '{}' } as unknown as Response),
    ) as unknown as typeof fetch;
    const client = new QueryClient();
    const sent: Promise<void>[] = [];
    const charts = DEFAULT_WIDGETS.filter((w) => drawsChart(w.widgetId as Id, w.config)).map((w) => w.instanceId);
    expect(charts).toEqual(['devices-online-pie', 'online-history-bars', 'alarm-history']);
    for (const w of DEFAULT_WIDGETS.filter((p) => !charts.includes(p.instanceId))) sent.push(prefetchWidget(w.widgetId as Id, w.config, client));
    expect(load).not.toHaveBeenCalled();
    sent.push(prefetchWidget(WIDGET_IDS.alarmHistory, {}, client));
    // At once, beside the request: not after its answer.
    expect(load).toHaveBeenCalledTimes(1);
    await Promise.all(sent);
    expect(drawsChart(WIDGET_IDS.onlineHistory, { selectedView: { name: 'number-avg' } })).toBe(false);
    expect(drawsChart(WIDGET_IDS.onlineHistory, {})).toBe(true);
    expect(drawsChart(WIDGET_IDS.devicesOnline, {})).toBe(false);
    client.clear();
  });
});
