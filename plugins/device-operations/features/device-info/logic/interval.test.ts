import { INTERVAL_NEGATIVE, INTERVAL_TOO_LONG, intervalError, intervalInputError, parseInterval } from './interval';

describe('required interval', () => {
  it.each([
    ['15', 15],
    ['', 0],
    ['abc', 0],
    [' 30 ', 30],
    ['-5', -5],
  ])('parses %p as %p', (input, n) => expect(parseInterval(input)).toBe(n));

  it.each([
    [0, undefined],
    [525600, undefined],
    [525601, INTERVAL_TOO_LONG],
    [-1, INTERVAL_NEGATIVE],
  ])('%p minutes -> %p', (m, msg) => expect(intervalError(m)).toBe(msg));

  it.each([
    ['', undefined],
    ['0', undefined],
    [' 20 ', undefined],
    ['525600', undefined],
    ['525601', INTERVAL_TOO_LONG],
    ['abc', INTERVAL_TOO_LONG],
    ['12abc', INTERVAL_TOO_LONG],
    ['Infinity', INTERVAL_TOO_LONG],
    ['-3', INTERVAL_NEGATIVE],
    // Whole minutes only: the platform's interval is an integer.
    ['1.5', INTERVAL_TOO_LONG],
    ['60.0', undefined],
  ])('typed %p -> %p', (input, msg) => expect(intervalInputError(input)).toBe(msg));
});

it('has the exact messages of spec 5', () => {
  expect(INTERVAL_TOO_LONG).toBe('Required interval must be a number and cannot be longer than a year!');
  expect(INTERVAL_NEGATIVE).toBe('Required interval must be a positive number!');
});
