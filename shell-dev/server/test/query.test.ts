import Database from 'better-sqlite3';
import { CoreContext } from '../core/context';
import { InventoryStore } from '../core/inventory';
import { compileFilter, compileOrder, parseQuery, QuerySyntaxError, wildcardToLike } from '../core/query';
import { migrate } from '../core/schema';

describe('query language parser', () => {
  const cases: Array<[string, unknown]> = [
    ["name eq 'abc'", { kind: 'cmp', op: 'eq', path: 'name', value: { type: 'string', value: 'abc' } }],
    ["$filter=(name eq 'a*')", { kind: 'cmp', op: 'eq', path: 'name', value: { type: 'string', value: 'a*' } }],
    // A bare word is a string, as the platform takes it (its own UI sends `type eq c8y_Service`).
    ['c8y_Availability.status eq AVAILABLE', { kind: 'cmp', op: 'eq', path: 'c8y_Availability.status', value: { type: 'string', value: 'AVAILABLE' } }],
    ["c8y_Availability.status eq 'AVAILABLE'", { kind: 'cmp', op: 'eq', path: 'c8y_Availability.status', value: { type: 'string', value: 'AVAILABLE' } }],
    ['count gt 12d', { kind: 'cmp', op: 'gt', path: 'count', value: { type: 'number', value: 12 } }],
    ['ratio le 1.5f', { kind: 'cmp', op: 'le', path: 'ratio', value: { type: 'number', value: 1.5 } }],
    ['temp ge -3', { kind: 'cmp', op: 'ge', path: 'temp', value: { type: 'number', value: -3 } }],
    ['has(c8y_IsDevice)', { kind: 'has', path: 'c8y_IsDevice' }],
    ['bygroupid(12)', { kind: 'bygroupid', id: '12' }],
    ['not has(a)', { kind: 'not', expr: { kind: 'has', path: 'a' } }],
    ['flag eq true', { kind: 'cmp', op: 'eq', path: 'flag', value: { type: 'boolean', value: true } }],
    ['x eq null', { kind: 'cmp', op: 'eq', path: 'x', value: { type: 'null' } }],
    ["name eq 'it''s'", { kind: 'cmp', op: 'eq', path: 'name', value: { type: 'string', value: "it's" } }],
    [
      "has(a) or has(b) and has(c)",
      { kind: 'or', left: { kind: 'has', path: 'a' }, right: { kind: 'and', left: { kind: 'has', path: 'b' }, right: { kind: 'has', path: 'c' } } },
    ],
    [
      '(has(a) or has(b)) and has(c)',
      { kind: 'and', left: { kind: 'or', left: { kind: 'has', path: 'a' }, right: { kind: 'has', path: 'b' } }, right: { kind: 'has', path: 'c' } },
    ],
    ["name eq 'a", 'error'],
    ['name eq', 'error'],
    ['name like 1', 'error'],
    ['(has(a)', 'error'],
    ['has(a))', 'error'],
    ['has()', 'error'],
    // A function cut off at the end was a TypeError (500), not the query's 422.
    ['has(', 'error'],
    ['has(a', 'error'],
    ['bygroupid(', 'error'],
    ['not has(', 'error'],
    ["$filter=(has(", 'error'],
    ['bygroupid(abc)', 'error'],
    ['name eq 1 ; drop table x', 'error'],
    ["name eq 'a' and", 'error'],
  ];
  it.each(cases)('%s', (src, expected) => {
    if (expected === 'error') expect(() => parseQuery(src)).toThrow(QuerySyntaxError);
    else expect(parseQuery(src).filter).toEqual(expected);
  });

  it('reads $orderby in either order with the filter', () => {
    expect(parseQuery("$orderby=name asc, c8y_Hardware.model desc $filter=(has(a))")).toEqual({
      filter: { kind: 'has', path: 'a' },
      orderBy: [
        { path: 'name', dir: 'asc' },
        { path: 'c8y_Hardware.model', dir: 'desc' },
      ],
    });
    expect(parseQuery('$filter=(has(a)) $orderby=creationTime').orderBy).toEqual([{ path: 'creationTime', dir: 'asc' }]);
    expect(() => parseQuery('$orderby=name sideways')).toThrow(QuerySyntaxError);
    expect(() => parseQuery("junk $filter=(has(a))")).toThrow(QuerySyntaxError);
  });

  it('escapes LIKE metacharacters and maps * only', () => {
    expect(wildcardToLike('a*b%c_d\\')).toBe('a%b\\%c\\_d\\\\');
  });

  it('compiles to parameters, never to inlined values', () => {
    const { sql, params } = compileFilter(parseQuery("name eq 'x''; DROP TABLE managed_objects; --'").filter!);
    expect(sql).toBe('mo.name = ?');
    expect(params).toEqual(["x'; DROP TABLE managed_objects; --"]);
    expect(compileOrder([{ path: 'name', dir: 'desc' }])).toBe('mo.name COLLATE NOCASE DESC, mo.id ASC');
  });
});

describe('query language against SQLite', () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db);
  const ctx = new CoreContext(db, { now: () => Date.parse('2026-01-01T00:00:00Z') });
  const inv = new InventoryStore(ctx);
  const a = inv.create({ name: 'Alpha 1', type: 'adamos_NETbox', c8y_IsDevice: {}, c8y_Availability: { status: 'AVAILABLE' }, c8y_SupportedOperations: ['c8y_Restart', 'c8y_Software'], level: 3 });
  inv.create({ name: 'alpha 2', type: 'adamos_NETbox', c8y_IsDevice: {}, c8y_Availability: { status: 'UNAVAILABLE' }, level: 7.5 });
  const c = inv.create({ name: 'Beta_%', type: 'adamos_MobileRouter', c8y_IsDevice: {}, c8y_SupportedOperations: 'c8y_Restart' });
  const g = inv.create({ name: 'Group', type: 'c8y_DeviceGroup', c8y_IsDeviceGroup: {} });
  inv.addChild(g.id, 'childAssets', a.id);
  inv.addChild(g.id, 'childAssets', c.id);

  const names = (query: string) => inv.query({ query, pageSize: 100 }).items.map((m) => m.name);

  const cases: Array<[string, string[]]> = [
    ["name eq 'alpha*'", ['Alpha 1', 'alpha 2']],
    ["name eq 'Alpha 1'", ['Alpha 1']],
    ["name eq '*_%'", ['Beta_%']],
    ["name eq 'Beta*' or name eq 'Group'", ['Beta_%', 'Group']],
    ["type eq 'adamos_NETbox' and c8y_Availability.status eq 'UNAVAILABLE'", ['alpha 2']],
    ["c8y_SupportedOperations eq 'c8y_Software'", ['Alpha 1']],
    ["c8y_SupportedOperations eq 'c8y_Restart'", ['Alpha 1', 'Beta_%']],
    ['level gt 3', ['alpha 2']],
    ['level ge 3d', ['Alpha 1', 'alpha 2']],
    ['level lt 7.5f', ['Alpha 1']],
    ['has(c8y_IsDeviceGroup)', ['Group']],
    ['not has(c8y_IsDevice)', ['Group']],
    [`bygroupid(${g.id})`, ['Alpha 1', 'Beta_%']],
    [`has(c8y_IsDevice) and not bygroupid(${g.id})`, ['alpha 2']],
    ['$filter=(has(c8y_IsDevice)) $orderby=name desc', ['Beta_%', 'alpha 2', 'Alpha 1']],
    ['$filter=(has(c8y_IsDevice)) $orderby=level desc, name asc', ['alpha 2', 'Alpha 1', 'Beta_%']],
    ["creationTime.date ge '2025-12-31T00:00:00Z'", ['Alpha 1', 'alpha 2', 'Beta_%', 'Group']],
    ["lastUpdated lt '2025-12-31T00:00:00Z'", []],
    ['c8y_Availability.status eq null and has(c8y_IsDevice)', ['Beta_%']],
    // Contains patterns with a run of 3+ characters go through the name trigram index.
    ["name eq '*LPHA*'", ['Alpha 1', 'alpha 2']],
    ["name eq '*pha 2'", ['alpha 2']],
    ["name eq '*eta_%'", ['Beta_%']],
    ["name eq '*eta_%x'", []],
    ["name eq '*rou*'", ['Group']],
  ];
  it.each(cases)('%s', (query, expected) => {
    const got = names(query);
    if (query.includes('$orderby')) expect(got).toEqual(expected);
    else expect(got.sort()).toEqual([...expected].sort());
  });

  it('keeps the name trigram index in step with renames and deletes', () => {
    const t = inv.create({ name: 'Temporary thing' });
    expect(names("name eq '*porary*'")).toEqual(['Temporary thing']);
    inv.update(t.id, { name: 'Renamed thing' });
    expect(names("name eq '*porary*'")).toEqual([]);
    expect(names("name eq '*named th*'")).toEqual(['Renamed thing']);
    inv.remove(t.id);
    expect(names("name eq '*named th*'")).toEqual([]);
  });

  it('counts with the same filter', () => {
    expect(inv.count({ query: "name eq 'alpha*'" })).toBe(2);
    expect(inv.query({ query: 'has(c8y_IsDevice)', pageSize: 1, withTotal: true }).totalElements).toBe(3);
  });

  const plan = (query: string, type?: string) => {
    const { where, orderBy } = inv.where({ query, type });
    return (db.prepare(`EXPLAIN QUERY PLAN SELECT mo.id FROM mo_list mo WHERE ${where.sql} ORDER BY ${orderBy} LIMIT 25`).all(...where.params) as Array<{ detail: string }>)
      .map((r) => r.detail)
      .join(' | ');
  };

  it('uses indexes for the hot paths instead of scanning the fleet', () => {
    expect(plan("$filter=(type eq 'adamos_NETbox' and name eq 'alp*') $orderby=name")).toMatch(/USING (COVERING )?INDEX mo_list_type_name/);
    expect(plan("$filter=(type eq 'adamos_NETbox' and name eq 'alp*') $orderby=name")).not.toMatch(/TEMP B-TREE/);
    expect(plan("c8y_Availability.status eq 'AVAILABLE'")).toMatch(/USING (COVERING )?INDEX mo_list_availability/);
    expect(plan('has(c8y_IsDeviceGroup)')).toMatch(/mo_fragments/);
    expect(plan(`bygroupid(${g.id})`)).toMatch(/mo_relations/);
  });
});

describe('wildcards and letters outside ASCII (SQLite LIKE folds only A-Z)', () => {
  const db = new Database(':memory:');
  migrate(db);
  const inv = new InventoryStore(new CoreContext(db, { now: () => Date.parse('2026-01-01T00:00:00Z') }));
  // A customer in Austria, a plant in Münster.
  const u = inv.create({ name: 'Österreich Süd [2]?', type: 'c8y_Unicode', adamos_adamos_netbox_Customer: { name: 'Müller ÉTS' } });
  inv.create({ name: 'Other', type: 'c8y_Other' });
  const names = (query: string) => inv.query({ query, pageSize: 100 }).items.map((m) => m.name);

  const cases: Array<[string, string[]]> = [
    // Wildcards ignore the case of letters outside ASCII too; GLOB's own characters stay literal.
    ["name eq 'österreich*'", ['Österreich Süd [2]?']],
    ["name eq 'ÖSTERREICH SÜD*'", ['Österreich Süd [2]?']],
    ["name eq '*SÜD [2]?'", ['Österreich Süd [2]?']],
    ["name eq '*süd [3]*'", []],
    ["name eq '*süd?2*'", []],
    ["adamos_adamos_netbox_Customer.name eq 'müller é*'", ['Österreich Süd [2]?']],
    ["not adamos_adamos_netbox_Customer.name eq 'müller*' and type eq 'c8y_Unicode'", []],
    ["name eq 'Österreich Süd [2]?'", ['Österreich Süd [2]?']],
    ["name eq 'österreich süd [2]?'", []],
  ];
  it.each(cases)('%s', (query, expected) => expect(names(query)).toEqual(expected));

  it('finds the text parameter in name, type or owner, also for letters outside ASCII in another case', () => {
    const text = (t: string) => inv.query({ text: t, pageSize: 100 }).items.map((m) => m.name);
    expect(text('SÜD')).toEqual([u.name]);
    expect(text('unicode')).toEqual([u.name]);
    expect(text('ÉTS')).toEqual([]);
  });
});
