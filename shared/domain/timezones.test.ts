import { DEFAULT_TIMEZONE, DEFAULT_TIMEZONE_INDEX, TIMEZONES, findTimezone, timezoneValue, utcOffsetLabel } from './timezones';

describe('time zones', () => {
  it('has the 137 Windows zones of the Windows 10 1809 list without the "- Old" ones, ordered by offset, ids equal to positions', () => {
    expect(TIMEZONES).toHaveLength(137);
    expect(TIMEZONES.filter((z) => /old/i.test(`${z.windowsZone} ${z.label}`))).toEqual([]);
    TIMEZONES.forEach((z, i) => {
      expect(z.id).toBe(i);
      if (i > 0) expect(z.offset).toBeGreaterThanOrEqual(TIMEZONES[i - 1].offset);
      expect(z.label.startsWith(utcOffsetLabel(z.offset, z.windowsZone))).toBe(true);
    });
    expect(new Set(TIMEZONES.map((z) => z.windowsZone)).size).toBe(TIMEZONES.length);
  });

  it('defaults to entry 48, W. Europe', () => {
    expect(DEFAULT_TIMEZONE_INDEX).toBe(48);
    expect(DEFAULT_TIMEZONE).toEqual({
      id: 48,
      name: 'Europe/Berlin',
      offset: 1,
      windowsZone: 'W. Europe Standard Time',
      label: '(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna',
    });
    expect(timezoneValue(DEFAULT_TIMEZONE)).toBe('Europe/Berlin#W. Europe Standard Time');
  });

  it.each([
    [-12, undefined, '(UTC-12:00)'],
    [-3.5, undefined, '(UTC-03:30)'],
    [5.5, undefined, '(UTC+05:30)'],
    [5.75, undefined, '(UTC+05:45)'],
    [0, 'GMT Standard Time', '(UTC+00:00)'],
    [0, 'UTC', '(UTC)'],
  ])('offset %s labels %s', (offset, zone, label) => {
    expect(utcOffsetLabel(offset, zone)).toBe(label);
  });

  it('finds zones from stored values', () => {
    expect(findTimezone('Asia/Calcutta#India Standard Time')?.offset).toBe(5.5);
    expect(findTimezone('Europe/Berlin')?.windowsZone).toBe('W. Europe Standard Time');
    expect(findTimezone('Tokyo Standard Time')?.name).toBe('Asia/Tokyo');
    expect(findTimezone('nowhere#Nowhere')).toBeUndefined();
    expect(findTimezone('')).toBeUndefined();
  });
});
