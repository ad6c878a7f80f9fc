import { parseIsoTime } from './context';

describe('parseIsoTime', () => {
  it.each([
    ['2024-01-01', Date.UTC(2024, 0, 1)],
    ['2024-01-01T10:00:00Z', Date.UTC(2024, 0, 1, 10)],
    ['2024-01-01T10:00:00.123Z', Date.UTC(2024, 0, 1, 10, 0, 0, 123)],
    ['2024-01-01T10:00:00.123456789Z', Date.UTC(2024, 0, 1, 10, 0, 0, 123)],
    ['2024-01-01T11:00:00+01:00', Date.UTC(2024, 0, 1, 10)],
    ['2024-01-01T11:00:00+0100', Date.UTC(2024, 0, 1, 10)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['0000-01-01T00:00:00Z', Date.parse('0000-01-01T00:00:00Z')],
    ['9999-12-31T23:59:59.999Z', Date.parse('9999-12-31T23:59:59.999Z')],
  ])('reads %s', (text, ms) => {
    expect(parseIsoTime(text)).toBe(ms);
  });

  // Each of these Date.parse took: as 2001 in the server's time zone, as another day, or as a year whose text sorts before 2026.
  it.each(['5', '1', 'March 7', '1/2/3', 'Tue Mar 05 2024', '2024', '2024-02-30', '2023-02-29T00:00:00Z', '2024-13-01', '+275760-09-13T00:00:00.000Z', '-000001-01-01T00:00:00Z', '2024-01-01T25:00:00Z', ' 2024-01-01', '', 'x'])(
    'refuses %j',
    (text) => {
      expect(parseIsoTime(text)).toBeUndefined();
    },
  );

  it('refuses what is not a string', () => {
    for (const v of [undefined, null, 5, 1704067200000, {}, []]) expect(parseIsoTime(v)).toBeUndefined();
  });
});
