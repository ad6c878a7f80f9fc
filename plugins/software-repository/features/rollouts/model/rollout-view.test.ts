import { queryOfViews, viewsFromQuery } from './rollout-view';

describe('rollout views in the address', () => {
  it('reads the expanded cards and the devices dialog of one', () => {
    const views = viewsFromQuery({ expanded: '12,34', devices: '34', result: 'failed' });
    expect([...views]).toEqual([
      ['12', { expanded: true, devicesOf: null }],
      ['34', { expanded: true, devicesOf: 'failed' }],
    ]);
  });

  it('opens no dialog for a result the counters do not have, and skips empty ids', () => {
    expect([...viewsFromQuery({ expanded: ',12,', devices: '12', result: 'nonsense' })]).toEqual([['12', { expanded: true, devicesOf: null }]]);
  });

  it('a devices dialog also shows its card expanded', () => {
    expect([...viewsFromQuery({ devices: '5', result: 'success' })]).toEqual([['5', { expanded: true, devicesOf: 'success' }]]);
  });

  it('writes what it reads, and drops the parameters when nothing is open', () => {
    const query = { expanded: '12,34', devices: '34', result: 'failed' };
    expect(queryOfViews(viewsFromQuery(query))).toEqual(query);
    expect(queryOfViews(new Map())).toEqual({ expanded: undefined, devices: undefined, result: undefined });
    expect(queryOfViews(new Map([['1', { expanded: false, devicesOf: null }]]))).toEqual({ expanded: undefined, devices: undefined, result: undefined });
  });
});
