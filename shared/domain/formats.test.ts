import { averageHours, averageTime, daysSince, formatBytes, formatCount, formatDateTime, percentOf, periodOfDays, signalStrength } from './formats';

describe('formatBytes', () => {
  it.each([
    [null, '-'],
    [undefined, '-'],
    ['', '-'],
    ['abc', '-'],
    [0, '0 Byte'],
    [1023, '1023 Byte'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024, '1 MB'],
    [5.25 * 1024 ** 3, '5.25 GB'],
    [2 * 1024 ** 4, '2 TB'],
    [3 * 1024 ** 5, '3072 TB'],
    ['2048', '2 KB'],
  ])('%p -> %s', (v, s) => {
    expect(formatBytes(v)).toBe(s);
  });
  it('writes the decimals as the language does', () => {
    expect(formatBytes(5.25 * 1024 ** 3, 'de')).toBe('5,25 GB');
    expect(formatBytes(3 * 1024 ** 5, 'de')).toBe('3072 TB');
  });
});

describe('dates', () => {
  it('formats HH:mm:ss dd.MM.yyyy in local time', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 7, 8, 9))).toBe('07:08:09 05.01.2024');
    expect(formatDateTime(new Date(2024, 11, 31, 23, 59, 0).toISOString())).toBe('23:59:00 31.12.2024');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
  it.each([
    ['2024-01-10T12:00:00Z', '2024-01-10T13:00:00Z', 0],
    ['2024-01-09T12:00:00Z', '2024-01-10T12:00:00Z', 1],
    ['2024-01-09T12:00:01Z', '2024-01-10T12:00:00Z', 0],
    ['2023-12-10T12:00:00Z', '2024-01-10T23:00:00Z', 31],
  ])('days since %s at %s = %d', (then, now, days) => {
    expect(daysSince(then, Date.parse(now))).toBe(days);
  });
  it('has no days without a time', () => expect(daysSince(null)).toBeUndefined());
});

describe('signal strength', () => {
  it.each([
    [99, { kind: 'unknown' }],
    [undefined, { kind: 'unknown' }],
    [0, { kind: 'noAntenna' }],
    [31, { kind: 'percent', percent: 100 }],
    [15, { kind: 'percent', percent: 50 }],
    [1, { kind: 'percent', percent: 6 }],
    // As text, as routers often report it.
    ['20', { kind: 'percent', percent: 66 }],
    ['99', { kind: 'unknown' }],
    // No reading: outside 0..31, a fraction, not a number.
    [32, { kind: 'unknown' }],
    [50, { kind: 'unknown' }],
    [-1, { kind: 'unknown' }],
    [12.5, { kind: 'unknown' }],
    ['', { kind: 'unknown' }],
    ['strong', { kind: 'unknown' }],
  ] as const)('%p -> %p', (v, s) => {
    expect(signalStrength(v)).toEqual(s);
  });
});

describe('average time', () => {
  it.each([
    [0, '00:00', 0],
    [59, '00:59', 1],
    [125, '02:05', 2],
    [1439.6, '24:00', 24],
    [null, '00:00', 0],
  ])('%p min -> %s, %d h', (m, hhmm, h) => {
    expect(averageTime(m)).toBe(hhmm);
    expect(averageHours(m)).toBe(h);
  });
});

it.each([
  [7, 'week'],
  [30, 'month'],
  [31, 'month'],
  [8, 'days'],
  [60, 'days'],
] as const)('period of %d days is %s', (n, p) => {
  expect(periodOfDays(n)).toBe(p);
});

it('rounds percentages and survives an empty total', () => {
  expect(percentOf(1, 3)).toBe(33);
  expect(percentOf(2, 3)).toBe(67);
  expect(percentOf(1, 0)).toBe(0);
});

describe('formatCount', () => {
  it('writes a count as the language does', () => {
    expect(formatCount(12072, 'en')).toBe('12,072');
    expect(formatCount(12072, 'de')).toBe('12.072');
    expect(formatCount(7, 'de')).toBe('7');
    expect(formatCount(1000, '')).toBe('1,000');
  });

  it('writes English and German exactly as Intl does (without it), other languages through Intl', () => {
    const samples = [0, 1, 7, 999, 1000, 1195, 12072, 100000, 999999, 1234567, -1, -1000, -1234567, 0.4, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 1999.5, -0.3, 0.3, -0,
      Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e21, NaN, Infinity, -Infinity];
    for (let i = 0; i < 500; i++) samples.push(Math.round((Math.random() - 0.5) * 10 ** (1 + (i % 12))), (Math.random() - 0.5) * 10 ** (i % 9));
    for (const language of ['en', 'de', '']) {
      const reference = new Intl.NumberFormat(language || 'en', { maximumFractionDigits: 0 });
      for (const n of samples) expect([n, formatCount(n, language)]).toEqual([n, reference.format(n)]);
    }
    // English and German counts make no Intl formatter (a page's first one is what costs).
    const intl = jest.spyOn(Intl, 'NumberFormat');
    try {
      expect([formatCount(12072, 'en'), formatCount(-1234567, 'de'), formatCount(2.5, 'de'), formatCount(0, '')]).toEqual(['12,072', '-1.234.567', '3', '0']);
      expect(intl).not.toHaveBeenCalled();
    } finally {
      intl.mockRestore();
    }
    expect(formatCount(1234567, 'fr')).toBe(new Intl.NumberFormat('fr', { maximumFractionDigits: 0 }).format(1234567));
  });
});
