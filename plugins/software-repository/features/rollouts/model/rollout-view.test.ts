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
    const none = { expanded: undefined, devices: undefined, result: undefined, page: undefined, size: undefined };
    expect(queryOfViews(new Map())).toEqual(none);
    expect(queryOfViews(new Map([['1', { expanded: false, devicesOf: null }]]))).toEqual(none);
  });

  it("keeps the devices dialog's page and page size; the defaults and malformed ones stay out", () => {
    const query = { expanded: '34', devices: '34', result: 'failed', page: '3', size: '50' };
    expect(viewsFromQuery(query).get('34')).toEqual({ expanded: true, devicesOf: 'failed', page: 3, pageSize: 50 });
    expect(queryOfViews(viewsFromQuery(query))).toEqual(query);
    expect(viewsFromQuery({ devices: '5', result: 'success', page: '1', size: '25' }).get('5')).toEqual({ expanded: true, devicesOf: 'success' });
    expect(viewsFromQuery({ devices: '5', result: 'success', page: '-2', size: '33' }).get('5')).toEqual({ expanded: true, devicesOf: 'success' });
    expect(viewsFromQuery({ devices: '5', result: 'success', page: '2.5', size: 'x' }).get('5')).toEqual({ expanded: true, devicesOf: 'success' });
  });

  it('a page without a devices dialog is not kept', () => {
    expect(queryOfViews(new Map([['1', { expanded: true, devicesOf: null, page: 3 }]]))).toEqual({ expanded: '1', devices: undefined, result: undefined, page: undefined, size: undefined });
  });
});
