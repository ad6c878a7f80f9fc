import { CHART_COLORS, escapeHtml, tooltipFormatter } from './chart-format';

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

  it('formats item tooltips (pie slices) by item name', () => {
    expect(tooltipFormatter()({ name: 'online & ok', value: 3, marker: '' })).toBe('online &amp; ok: 3');
    expect(tooltipFormatter()([])).toBe('');
  });
});

it('colours slices and severities as the spec says (online green, offline red, warning blue)', () => {
  expect(CHART_COLORS.major).toBe(CHART_COLORS.minor);
  expect(new Set([CHART_COLORS.online, CHART_COLORS.offline, CHART_COLORS.notMonitored, CHART_COLORS.warning]).size).toBe(4);
});
