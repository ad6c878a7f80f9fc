import { compareContributions, orderContributions } from './ordering';

const c = (pluginId: string, id: string, priority: number) => ({ pluginId, id, priority });

describe('orderContributions', () => {
  it.each([
    ['higher priority first', [c('a', 'x', 1), c('a', 'y', 5)], ['y', 'x']],
    ['equal priority: plugin id, then contribution id', [c('b', 'a', 1), c('a', 'z', 1), c('a', 'b', 1)], ['b', 'z', 'a']],
    ['negative priorities after zero', [c('a', 'neg', -2200), c('a', 'zero', 0), c('a', 'neg2', -2100)], ['zero', 'neg2', 'neg']],
    ['same id: highest priority wins', [c('a', 'dup', 1), c('b', 'dup', 7), c('a', 'other', 3)], ['dup', 'other']],
  ])('%s', (_name, input, expected) => {
    const out = orderContributions(input);
    expect(out.map((x) => x.id)).toEqual(expected);
  });

  it('same id and same priority keeps the first registered', () => {
    const out = orderContributions([c('first', 'dup', 1), c('second', 'dup', 1)]);
    expect(out).toHaveLength(1);
    expect(out[0].pluginId).toBe('first');
  });

  it('is stable whatever the input order', () => {
    const items = [c('p2', 'b', 10), c('p1', 'a', 10), c('p1', 'c', 100), c('p3', 'd', -1)];
    const expected = orderContributions(items).map((x) => x.id);
    const reversed = orderContributions([...items].reverse()).map((x) => x.id);
    expect(reversed).toEqual(expected);
    expect(expected).toEqual(['c', 'a', 'b', 'd']);
  });

  it('compare is antisymmetric', () => {
    const a = c('a', 'a', 1);
    const b = c('a', 'b', 1);
    expect(Math.sign(compareContributions(a, b))).toBe(-Math.sign(compareContributions(b, a)));
  });
});
