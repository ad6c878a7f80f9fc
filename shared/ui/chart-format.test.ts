import { CHART_COLORS, PIE_EDGE_LABEL, chartOption, confineTooltip, escapeHtml, tooltipFormatter } from './chart-format';

describe('chart tooltips', () => {
  it('escapes HTML', () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')">&`)).toBe('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;');
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml(42)).toBe('42');
  });

  it('formats axis tooltips: escaped heading and series, markers kept', () => {
    const f = tooltipFormatter((v) => `${String(v)} devices`);
    const html = f([
      { axisValueLabel: '3 <days>', seriesName: 'critical', marker: '<span class="m"></span>', value: 5 },
      { axisValueLabel: '3 <days>', seriesName: '<b>major</b>', marker: '<span class="m"></span>', value: 2 },
    ]);
    expect(html).toBe('3 &lt;days&gt;<br/><span class="m"></span>critical: 5 devices<br/><span class="m"></span>&lt;b&gt;major&lt;/b&gt;: 2 devices');
  });

  it('says the heading in words when given a heading formatter (a bare axis label "33" says nothing)', () => {
    const f = tooltipFormatter(undefined, (h) => `vor ${h} <Tagen>`);
    expect(f([{ axisValueLabel: '33', seriesName: 'Geräte', marker: '', value: 5 }])).toBe('vor 33 &lt;Tagen&gt;<br/>Geräte: 5');
    expect(tooltipFormatter()([{ axisValueLabel: '33', seriesName: 'devices', marker: '', value: 5 }])).toBe('33<br/>devices: 5');
  });

  it('formats item tooltips (pie slices) by item name', () => {
    expect(tooltipFormatter()({ name: 'online & ok', value: 3, marker: '' })).toBe('online &amp; ok: 3');
    expect(tooltipFormatter()([])).toBe('');
  });
});

it('colours slices and severities as the spec says (online green, offline red, warning blue)', () => {
  expect(CHART_COLORS.major).toBe(CHART_COLORS.minor);
  expect(new Set([CHART_COLORS.online, CHART_COLORS.offline, CHART_COLORS.notMonitored, CHART_COLORS.warning]).size).toBe(4);
});

describe('pie labels', () => {
  // ECharts' UMD build (the ESM one jest cannot load) renders without a DOM through its SSR mode.
  const echarts = jest.requireActual<typeof import('echarts')>('echarts/dist/echarts.js');
  /** Left and right ends of every percentage label of a pie drawn `width` px wide. */
  function labelSpans(width: number, label: object): { text: string; left: number; right: number }[] {
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height: 250 });
    try {
      chart.setOption({
        animation: false,
        legend: { bottom: 0 },
        series: [{ type: 'pie', radius: ['0%', '55%'], label: { ...label, formatter: '{d} %' }, data: [{ value: 1361 }, { value: 403 }, { value: 236 }] }],
      });
      chart.renderToSVGString();
      type Drawn = { style?: { text?: string }; getBoundingRect(): { clone(): Rect }; getComputedTransform(): unknown };
      type Rect = { x: number; width: number; applyTransform(m: unknown): void };
      const drawn = (chart as unknown as { getZr(): { storage: { getDisplayList(): Drawn[] } } }).getZr().storage.getDisplayList();
      return drawn
        .filter((el) => el.style?.text?.includes('%'))
        .map((el) => {
          const rect = el.getBoundingRect().clone();
          rect.applyTransform(el.getComputedTransform());
          return { text: el.style!.text!, left: rect.x, right: rect.x + rect.width };
        });
    } finally {
      chart.dispose();
    }
  }

  it.each([150, 204, 250, 300, 420, 600, 900])('keeps every label inside a %i px wide chart', (width) => {
    const spans = labelSpans(width, PIE_EDGE_LABEL);
    expect(spans).toHaveLength(3);
    for (const s of spans) {
      expect(s.left).toBeGreaterThanOrEqual(0);
      expect(s.right).toBeLessThanOrEqual(width);
    }
  });

  it('a label beside its slice runs past a narrow chart (what the edge alignment prevents)', () => {
    expect(labelSpans(250, { overflow: 'none' }).some((s) => s.left < 0)).toBe(true);
  });
});

describe('confineTooltip', () => {
  it('keeps a tooltip (or each of several) inside the chart and leaves the rest of the option', () => {
    const option = { tooltip: { trigger: 'axis' as const }, series: [] };
    expect(confineTooltip(option)).toEqual({ tooltip: { trigger: 'axis', confine: true }, series: [] });
    expect(confineTooltip({ tooltip: [{ trigger: 'item' as const }] })).toEqual({ tooltip: [{ trigger: 'item', confine: true }] });
    expect(confineTooltip({ series: [] })).toEqual({ series: [] });
  });
});

describe('chartOption', () => {
  it('draws without animation unless the option asks for one, its tooltip confined', () => {
    expect(chartOption({ tooltip: { trigger: 'item' as const }, series: [] })).toEqual({ animation: false, tooltip: { trigger: 'item', confine: true }, series: [] });
    expect(chartOption({ animation: true, series: [] })).toEqual({ animation: true, series: [] });
  });
});
