/** @jest-environment jsdom */
import { parseHash, replaceQuery } from './hash-location';

describe('replaceQuery', () => {
  it('sets and drops parameters of the current route, keeping the others', () => {
    replaceQuery('/softwarerollout', { x: '1' }, { filter: 'a b', archived: 'true' });
    expect(parseHash(window.location.hash)).toMatchObject({ path: '/softwarerollout', query: { x: '1', filter: 'a b', archived: 'true' } });
    replaceQuery('/softwarerollout', { x: '1', filter: 'a b', archived: 'true' }, { filter: '', archived: undefined });
    expect(window.location.hash).toBe('#/softwarerollout?x=1');
    replaceQuery('/softwarerollout', { x: '1' }, { x: undefined });
    expect(window.location.hash).toBe('#/softwarerollout');
  });
});
