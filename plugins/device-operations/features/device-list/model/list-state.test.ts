import { FIELD } from '@shared/ui/device-columns';
import { filtersToQuery, hrefOf, listQuery, nextSort, orderByOf, stateFromQuery, stateToQuery, type ListState } from './list-state';

describe('URL state', () => {
  const state: ListState = {
    filters: {
      name: { kind: 'text', text: 'Io*' },
      failedInstallations: { kind: 'number', mode: 'range', from: 1, to: 3 },
      status: { kind: 'select', values: ['AVAILABLE', ''] },
    },
    sort: { column: 'daysSinceLastMessage', direction: 'asc' },
    page: 3,
    pageSize: 50,
  };

  it('round-trips and keeps foreign parameters', () => {
    const query = stateToQuery(state, { view: 'totalDevices', page: '9' });
    expect(query.view).toBe('totalDevices');
    expect(query.page).toBe('3');
    expect(stateFromQuery(query)).toEqual(state);
  });

  it('drops invalid page sizes, pages and sorts', () => {
    expect(stateFromQuery({ size: '33', page: '-1', sort: 'group:asc' })).toEqual({ filters: {}, page: 1, pageSize: undefined, sort: undefined });
  });

  it('builds an href', () => {
    expect(hrefOf('/views/iotconnector', {})).toBe('/views/iotconnector');
    expect(hrefOf('/views/iotconnector', { page: '2', 'f.name': 'a b' })).toBe('/views/iotconnector?page=2&f.name=a+b');
  });
});

describe('query', () => {
  it('ANDs the base filter with every column filter and orders', () => {
    const q = listQuery({ ql: "type eq 'adamos_NETbox'" }, { machineSerial: { kind: 'prefix', text: 'NB' } }, { column: 'name', direction: 'desc' });
    expect(q).toBe(`$filter=((type eq 'adamos_NETbox') and (${FIELD.machineSerial} eq 'NB*')) $orderby=name desc`);
  });
  it('sorting days since last message ascending orders the last message descending', () => {
    expect(orderByOf({ column: 'daysSinceLastMessage', direction: 'asc' })).toEqual([{ field: FIELD.lastMessage, direction: 'desc' }]);
    // Alarms: critical first, ties broken by major, minor, warning.
    expect(orderByOf({ column: 'alarms', direction: 'desc' }).map((o) => `${o.field} ${o.direction}`)).toEqual([
      'c8y_ActiveAlarmsStatus.critical desc',
      'c8y_ActiveAlarmsStatus.major desc',
      'c8y_ActiveAlarmsStatus.minor desc',
      'c8y_ActiveAlarmsStatus.warning desc',
    ]);
  });
  it('no filter, no query', () => {
    expect(filtersToQuery({})).toBeUndefined();
    expect(listQuery(undefined, {})).toBe('');
  });
  it('cycles sort asc, desc, none', () => {
    expect(nextSort(undefined, 'name')).toEqual({ column: 'name', direction: 'asc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'desc' }, 'name')).toBeUndefined();
  });
});
