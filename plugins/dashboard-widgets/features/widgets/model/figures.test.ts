import { alarmHistoryTitle, averageHours, axisNumber, daysAgoAxis, formatHoursMinutes, onlineHistoryTitle, percentages, sliceDays, trendDirection, yesterday } from './figures';

describe('titles', () => {
  it.each([
    [7, 'online last week', undefined],
    [30, 'online last month', undefined],
    [31, 'online last month', undefined],
    [8, 'online last {{days}} days', { days: 8 }],
    [29, 'online last {{days}} days', { days: 29 }],
    [60, 'online last {{days}} days', { days: 60 }],
  ])('online history for %i days', (days, key, values) => {
    expect(onlineHistoryTitle(days)).toEqual(values ? { key, values } : { key });
  });

  it.each([
    [7, 'alarms last week', undefined],
    [30, 'alarms last month', undefined],
    [31, 'alarms last month', undefined],
    [14, 'alarms last {{days}} days', { days: 14 }],
    [null, 'Alarm History', undefined],
    [undefined, 'Alarm History', undefined],
    [Number.NaN, 'Alarm History', undefined],
  ])('alarm history for %p days', (days, key, values) => {
    expect(alarmHistoryTitle(days as number | null | undefined)).toEqual(values ? { key, values } : { key });
  });
});

describe('averages', () => {
  it.each([
    [0, 0],
    [29, 0],
    [30, 1],
    [89, 1],
    [90, 2],
    [1440, 24],
  ])('averageTime %i minutes is %i hours (averageTime/60 rounded)', (minutes, hours) => {
    expect(averageHours(minutes)).toBe(hours);
  });

  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [61, '01:01'],
    [754, '12:34'],
    [1440, '24:00'],
    [90.6, '01:31'],
    [-3, '00:00'],
  ])('averageTime %p minutes reads %s', (minutes, text) => {
    expect(formatHoursMinutes(minutes)).toBe(text);
  });
});

describe('trends', () => {
  it.each([
    [1, 'up'],
    [-1, 'down'],
    [0, 'right'],
    [null, 'right'],
    [undefined, 'right'],
    [2, 'right'],
  ])('trend %p points %s', (trend, dir) => {
    expect(trendDirection(trend as number)).toBe(dir);
  });
});

describe('history helpers', () => {
  it('slices the newest days of a newest-first list', () => {
    expect(sliceDays([1, 2, 3, 4, 5], 3)).toEqual([1, 2, 3]);
    expect(sliceDays([1, 2], 7)).toEqual([1, 2]);
    expect(sliceDays(undefined, 7)).toEqual([]);
  });

  it('labels the axis with days ago, oldest left', () => {
    expect(daysAgoAxis(4)).toEqual([4, 3, 2, 1]);
  });

  it('takes yesterday from index 0', () => {
    expect(yesterday([{ deviceCount: 3, averageTime: 60 }, { deviceCount: 9, averageTime: 1 }])).toEqual({ deviceCount: 3, averageTime: 60 });
    expect(yesterday([])).toBeNull();
  });

  it('rounds pie percentages to whole numbers', () => {
    expect(percentages([1, 1, 1])).toEqual([33, 33, 33]);
    expect(percentages([2, 1, 0])).toEqual([67, 33, 0]);
    expect(percentages([0, 0, 0])).toEqual([0, 0, 0]);
  });
});

describe('axisNumber', () => {
  it('writes whole numbers as the formatter does, in both languages, without making one', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    for (const language of ['en', 'de']) {
      const label = axisNumber(language);
      for (const v of [0, 1, 7, 1500, 123456789, -20]) expect(label(v)).toBe(new Intl.NumberFormat(language, { useGrouping: false }).format(v));
    }
    // Only the comparisons above made one: a chart's whole-number axis costs no Intl.NumberFormat.
    expect(made).toHaveBeenCalledTimes(12);
    made.mockRestore();
  });

  it("writes a fraction with the language's decimal separator, ungrouped, one formatter per language", () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    expect(axisNumber('de')(1500.5)).toBe('1500,5');
    expect(axisNumber('de')(0.25)).toBe('0,25');
    expect(axisNumber('en')(1234.567)).toBe('1234.57');
    expect(made.mock.calls.map(([l]) => l)).toEqual(['de', 'en']);
    made.mockRestore();
  });
});
