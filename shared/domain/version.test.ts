import { compareVersions, isAtLeast, versionParts } from './version';

describe('compareVersions', () => {
  it.each([
    ['1.0.0', '1.0.0', 0],
    ['1.0', '1.0.0', 0],
    ['1', '1.0.0-0', 0],
    ['0.2.30', '0.2.3', 1],
    ['0.2.3', '0.2.30', -1],
    ['0.4.0', '0.2.30', 1],
    ['1.10', '1.9', 1],
    ['1-2', '1.2', 0],
    ['1.0.1', '1.0', 1],
    ['1.0', '1.0.1', -1],
    ['1.a', '1.b', -1],
    ['1.B', '1.a', -1], // 'B' (66) before 'a' (97)
    ['1.a', '1.0', 1], // 'a' (97) after '0' (48)
    ['1.rc_2', '1.rc_1', 1],
    ['2.0.0', '10.0.0', -1],
  ])('%s vs %s = %d', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it.each([
    ['1.0+1', '1.0'],
    ['1.0', '1.0 beta'],
    ['1..0', '1.0'],
    ['', '1.0'],
    ['1.0', undefined],
    [null, '1.0'],
    ['1.0/2', '1.0'],
  ])('%s vs %s is NaN (invalid)', (a, b) => {
    expect(compareVersions(a as string, b as string)).toBeNaN();
  });
});

describe('isAtLeast', () => {
  it.each([
    ['0.2.30', '0.2.30', true],
    ['0.2.31', '0.2.30', true],
    ['0.2.29', '0.2.30', false],
    ['0.10.0', '0.4.0', true],
    ['0.3.99', '0.4.0', false],
    ['unknown!', '0.4.0', false],
    [undefined, '0.4.0', false],
  ])('%s >= %s is %s', (v, min, expected) => {
    expect(isAtLeast(v, min)).toBe(expected);
  });
});

it('splits on dots and dashes', () => {
  expect(versionParts('1.2-3_b')).toEqual(['1', '2', '3_b']);
  expect(versionParts('1.2#')).toBeNull();
});
