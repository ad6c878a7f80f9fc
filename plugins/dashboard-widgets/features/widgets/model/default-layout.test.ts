import { DASHBOARD_COLUMNS, DASHBOARD_HISTORY_DAYS } from '@shared/domain/constants';
import de from '../../../locales/de.json';
import { DASHBOARD_SECTIONS, DEFAULT_WIDGETS } from './default-layout';
import { WIDGET_IDS } from './views';
import * as validators from './validators';

const validatorOf: Record<string, (c: Record<string, unknown>) => string[]> = {
  [WIDGET_IDS.devicesOnline]: validators.validateDevicesOnline,
  [WIDGET_IDS.onlineHistory]: validators.validateOnlineHistory,
  [WIDGET_IDS.alarmSeverity]: validators.validateAlarmSeverity,
  [WIDGET_IDS.alarmHistory]: validators.validateAlarmHistory,
  [WIDGET_IDS.topAlarms]: validators.validateTopAlarms,
  [WIDGET_IDS.softwareMonitor]: validators.validateSoftwareMonitor,
};

const view = (id: string) => (DEFAULT_WIDGETS.find((w) => w.instanceId === id)?.config.selectedView as { name: string }).name;

describe('default dashboard layout', () => {
  it('has the three section headings in order', () => {
    expect(DASHBOARD_SECTIONS.map((s) => s.title)).toEqual(['Connection Monitoring', 'Alarm Monitoring', 'Software Monitoring']);
  });

  it('places every widget of the spec with a valid config', () => {
    const byWidget = (id: string) => DEFAULT_WIDGETS.filter((w) => w.widgetId === id).map((w) => (w.config.selectedView as { name: string }).name);
    expect(byWidget(WIDGET_IDS.devicesOnline).sort()).toEqual(['number', 'piechart']);
    expect(byWidget(WIDGET_IDS.onlineHistory).sort()).toEqual(['barchart', 'number-avg']);
    expect(byWidget(WIDGET_IDS.alarmSeverity)).toEqual(['critical', 'major', 'minor', 'warning']);
    expect(byWidget(WIDGET_IDS.alarmHistory)).toEqual(['barchart']);
    expect(byWidget(WIDGET_IDS.topAlarms)).toEqual(['list']);
    expect(byWidget(WIDGET_IDS.softwareMonitor)).toEqual(['dependency', 'approval', 'wo-assignements', 'recovered']);
    for (const w of DEFAULT_WIDGETS) expect([w.instanceId, validatorOf[w.widgetId](w.config)]).toEqual([w.instanceId, []]);
    expect(view('online-history-bars')).toBe('barchart');
    expect(DEFAULT_WIDGETS.find((w) => w.instanceId === 'online-history-bars')?.config.showNumberOfDaysAgo).toBe(DASHBOARD_HISTORY_DAYS);
    expect(DEFAULT_WIDGETS.find((w) => w.instanceId === 'alarm-history')?.config.showNumberOfDaysAgo).toBe(DASHBOARD_HISTORY_DAYS);
  });

  it('fits the 12 columns without overlaps, each widget inside its section', () => {
    const cells = new Set<string>();
    for (const w of DEFAULT_WIDGETS) {
      expect(w.x + w.w).toBeLessThanOrEqual(DASHBOARD_COLUMNS);
      const section = [...DASHBOARD_SECTIONS].reverse().find((s) => s.y <= w.y)!;
      const next = DASHBOARD_SECTIONS.find((s) => s.y > section.y);
      if (next) expect(w.y + w.h).toBeLessThanOrEqual(next.y);
      for (let x = w.x; x < w.x + w.w; x++)
        for (let y = w.y; y < w.y + w.h; y++) {
          expect(cells.has(`${x},${y}`)).toBe(false);
          cells.add(`${x},${y}`);
        }
    }
  });
});

describe('German widget titles of the default layout', () => {
  // The narrowest title in edit mode (a quarter-width widget at 1280 px, beside the move icon, gear
  // and bin) is 126 px of 18 px text: about 12 characters. A longer word without a break
  // opportunity (space, hyphen or soft hyphen) was broken anywhere ('Wiederhergest|ellt').
  const WIDEST_WORD = 12;
  it(`break between words or syllables: no part longer than ${WIDEST_WORD} characters`, () => {
    const titles = DEFAULT_WIDGETS.map((w) => (de as Record<string, string>)[w.title ?? '']);
    expect(titles.every(Boolean)).toBe(true);
    const tooLong = titles.flatMap((title) => title.split(/[\s\u00ad-]+/)).filter((part) => part.length > WIDEST_WORD);
    expect(tooLong).toEqual([]);
  });
});
