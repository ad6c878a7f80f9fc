import { DEFAULT_TIME_ZONE_INDEX, TIME_ZONES, offsetLabel, timeZoneValue } from './timezones';

describe('time zones', () => {
  it('has about 135 entries with unique ids and Windows names, ordered by offset', () => {
    expect(TIME_ZONES.length).toBeGreaterThanOrEqual(130);
    expect(TIME_ZONES.length).toBeLessThanOrEqual(140);
    expect(new Set(TIME_ZONES.map((z) => z.windowsZone)).size).toBe(TIME_ZONES.length);
    TIME_ZONES.forEach((z, i) => {
      expect(z.id).toBe(i);
      if (i > 0) expect(z.offset).toBeGreaterThanOrEqual(TIME_ZONES[i - 1].offset);
    });
  });
  it('defaults to index 48, W. Europe', () => {
    expect(timeZoneValue(TIME_ZONES[DEFAULT_TIME_ZONE_INDEX])).toBe('Europe/Berlin#W. Europe Standard Time');
  });
  it('labels offsets as Windows does', () => {
    expect(offsetLabel(0)).toBe('(UTC)');
    expect(offsetLabel(-210)).toBe('(UTC-03:30)');
    expect(offsetLabel(345)).toBe('(UTC+05:45)');
  });
});
