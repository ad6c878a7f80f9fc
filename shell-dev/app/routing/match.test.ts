import { matchPath, normalizePath, parseHash, resolveRoute } from './match';

describe('parseHash', () => {
  it.each([
    ['', '/', {}],
    ['#', '/', {}],
    ['#/', '/', {}],
    ['#/device/12/', '/device/12', {}],
    ['#/devicesFromDashboard?view=onlineOnDay&day=3', '/devicesFromDashboard', { view: 'onlineOnDay', day: '3' }],
    ['#!/views/iotconnector', '/views/iotconnector', {}],
    ['#device/1', '/device/1', {}],
  ])('%s', (hash, path, query) => {
    const loc = parseHash(hash);
    expect(loc.path).toBe(path);
    expect(loc.query).toEqual(query);
  });

  it('keeps the query in raw', () => {
    expect(parseHash('#/a/?x=1').raw).toBe('/a?x=1');
  });
});

describe('matchPath', () => {
  it.each<[string, string, Record<string, string> | null]>([
    ['/views/:deviceType', '/views/iotconnector', { deviceType: 'iotconnector' }],
    ['/views/:deviceType', '/views', null],
    ['/views/:deviceType', '/views/a/b', null],
    ['/device/:id/:tab', '/device/42/software', { id: '42', tab: 'software' }],
    ['/softwarerollout', '/softwarerollout', {}],
    ['/softwarerollout', '/software', null],
    ['/group/:id', '/group/a%20b', { id: 'a b' }],
    ['/group/:id', '/group/%E0%A4%A', null],
    ['device-profiles-v2/:id/', '/device-profiles-v2/7', { id: '7' }],
  ])('%s ~ %s', (pattern, path, expected) => {
    expect(matchPath(pattern, path)).toEqual(expected);
  });

  it('normalizes paths', () => {
    expect(normalizePath('//a//b/')).toBe('/a/b');
  });
});

describe('resolveRoute', () => {
  const candidates = [
    { pattern: '/views/:deviceType', target: 'list' },
    { pattern: '/views/all', target: 'all' },
    { pattern: '/:section/all', target: 'section-all' },
    { pattern: '/device/:id', target: 'device' },
    { pattern: '/device/:id/:tab', target: 'tab' },
    { pattern: '/device/:id', target: 'device-second' },
  ];

  it.each([
    ['/views/iotconnector', 'list', { deviceType: 'iotconnector' }],
    ['/views/all', 'all', {}],
    ['/x/all', 'section-all', { section: 'x' }],
    ['/device/1', 'device', { id: '1' }],
    ['/device/1/info', 'tab', { id: '1', tab: 'info' }],
  ])('%s -> %s', (path, target, params) => {
    expect(resolveRoute(candidates, path)).toMatchObject({ target, params });
  });

  it('returns null when nothing matches', () => {
    expect(resolveRoute(candidates, '/nothing/here/at/all')).toBeNull();
  });
});
