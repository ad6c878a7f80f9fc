import { filterOfQueryString, groupDeviceFilter } from './group';

describe('group device filter', () => {
  it('takes the $filter of a smart group query', () => {
    expect(filterOfQueryString("$filter=(has(c8y_IsDevice) and (type eq 'a')) $orderby=name asc")).toBe("has(c8y_IsDevice) and (type eq 'a')");
    expect(filterOfQueryString("type eq 'a'")).toBe("type eq 'a'");
    expect(filterOfQueryString('$orderby=name asc')).toBeUndefined();
  });
  it('static groups list their child devices', () => {
    expect(groupDeviceFilter({ id: '7', c8y_IsDeviceGroup: {} }).ql).toBe('(bygroupid(7)) and (has(c8y_IsDevice))');
  });
  it('smart groups use their query', () => {
    expect(groupDeviceFilter({ id: '8', c8y_IsDynamicGroup: {}, c8y_DeviceQueryString: "$filter=(name eq 'x*')" }).ql).toBe("name eq 'x*'");
  });
});
