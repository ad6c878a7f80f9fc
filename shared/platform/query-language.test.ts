import { QueriesUtil } from '@c8y/client';
import { and, anyOf, buildQuery, bygroupid, contains, eq, escapeString, ge, gt, has, le, literal, lt, ne, not, or, startsWith } from './query-language';

describe('query language builder', () => {
  it.each([
    [eq('name', 'Box 1'), "name eq 'Box 1'"],
    [eq('name', "it's"), "name eq 'it''s'"],
    [eq('name', 'a*'), "name eq 'a*'"],
    [eq('c8y_Hardware.serialNumber', 42), 'c8y_Hardware.serialNumber eq 42'],
    [ne('type', 'x'), "type ne 'x'"],
    [gt('adamos_adamos_netbox_PendingUpdates', 0), 'adamos_adamos_netbox_PendingUpdates gt 0'],
    [ge('n', 1), 'n ge 1'],
    [lt('n', 2), 'n lt 2'],
    [le('creationTime.date', '2024-01-01T00:00:00Z'), "creationTime.date le '2024-01-01T00:00:00Z'"],
    [has('c8y_IsDevice'), 'has(c8y_IsDevice)'],
    [bygroupid('123'), 'bygroupid(123)'],
    [not(has('c8y_IsDeviceGroup')), 'not(has(c8y_IsDeviceGroup))'],
    [startsWith('serial', 'AB'), "serial eq 'AB*'"],
    [contains('name', 'x'), "name eq '*x*'"],
  ])('%o -> %s', (f, ql) => {
    expect(f.ql).toBe(ql);
  });

  it('glues with brackets and skips absent parts', () => {
    expect(and(has('a'), undefined, false, eq('b', 1))?.ql).toBe('(has(a)) and (b eq 1)');
    expect(or(eq('t', 'x'))?.ql).toBe("t eq 'x'");
    expect(and()).toBeUndefined();
    expect(anyOf('type', ['a', 'b'])?.ql).toBe("(type eq 'a') or (type eq 'b')");
  });

  it('builds $filter and $orderby', () => {
    expect(buildQuery(has('c8y_IsDevice'), [{ field: 'name', direction: 'asc' }, { field: 'creationTime', direction: 'desc' }])).toBe(
      '$filter=(has(c8y_IsDevice)) $orderby=name asc,creationTime desc',
    );
    expect(buildQuery(undefined, [{ field: 'name', direction: 'asc' }])).toBe('$orderby=name asc');
    expect(buildQuery(undefined)).toBe('');
  });

  it('rejects field names and group ids that would inject query syntax', () => {
    expect(() => eq("name eq 'x') or (has", 'y')).toThrow();
    expect(() => bygroupid('1) or (has(x)')).toThrow();
  });

  it('escapes like @c8y/client (conformance)', () => {
    const util = new QueriesUtil();
    for (const s of ["it's", 'a\\b', 'x(1)', '[a]{b}', "o'clock (\\)", '*wild*']) {
      expect(util.buildQuery({ f: s })).toBe(`$filter=(f eq ${literal(s)})`);
      expect(literal(s)).toBe(`'${escapeString(s)}'`);
    }
  });

  it('produces what @c8y/client builds for the same filter (conformance)', () => {
    const util = new QueriesUtil();
    const ours = buildQuery(and(eq('type', 'adamos_NETbox'), or(eq('name', "Anna's*"), eq('name', 'B(2)')), has('c8y_IsDevice')), [
      { field: 'name', direction: 'asc' },
    ]);
    const theirs = util.buildQuery({
      __filter: { __and: [{ type: 'adamos_NETbox' }, { __or: [{ name: "Anna's*" }, { name: 'B(2)' }] }, { __has: 'c8y_IsDevice' }] },
      __orderby: [{ name: 1 }],
    });
    expect(ours).toBe(theirs);
  });
});
