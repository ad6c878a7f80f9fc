/**
 * The shape a JSON body may have: nesting (MAX_JSON_DEPTH, as the platform's reader) and the
 * properties of one object (MAX_JSON_MEMBERS: a document of 100,000 fragments held the event
 * loop for seconds). Refused before it is parsed, with the platform's error body.
 */
import { jsonShape, MAX_JSON_DEPTH, MAX_JSON_MEMBERS } from '../http/common';
import { ERROR_SHAPE, serverPerFile } from './helpers';

const ctx = serverPerFile();
const members = (n: number, prefix = 'k') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, i]));

describe('jsonShape', () => {
  it('counts the deepest nesting and the widest object, not what strings hold', () => {
    expect(jsonShape('{"a":1,"b":{"c":2,"d":3,"e":[{"f":4}]}}')).toEqual({ depth: 4, widest: 3 });
    expect(jsonShape('{"a:b":"{[:::]}","c":"\\":"}')).toEqual({ depth: 1, widest: 2 });
    expect(jsonShape('[1,2,3,{"a":1}]')).toEqual({ depth: 2, widest: 1 });
    expect(jsonShape('}:]')).toEqual({ depth: 0, widest: 0 });
  });
});

describe('a JSON body', () => {
  it(`with an object of more than ${MAX_JSON_MEMBERS} properties is refused with 413, at the top or nested; nothing is stored`, async () => {
    const { api } = ctx;
    for (const body of [{ name: 'wide', ...members(MAX_JSON_MEMBERS) }, { name: 'wide', x_Map: members(MAX_JSON_MEMBERS + 1) }]) {
      const res = await api('POST', '/inventory/managedObjects', { body });
      expect(res).toMatchObject({ status: 413, body: { ...ERROR_SHAPE, error: 'general/Request Entity Too Large', message: `An object in the request body has more than ${MAX_JSON_MEMBERS} properties` } });
    }
    expect((await api<{ managedObjects: unknown[] }>('GET', "/inventory/managedObjects?query=name eq 'wide'")).body.managedObjects).toEqual([]);
  });

  it(`of ${MAX_JSON_MEMBERS} properties per object and long arrays is taken`, async () => {
    const { api } = ctx;
    expect((await api('POST', '/inventory/managedObjects', { body: { x_Map: members(MAX_JSON_MEMBERS) } })).status).toBe(201);
    expect((await api('POST', '/inventory/managedObjects', { body: members(MAX_JSON_MEMBERS - 1) })).status).toBe(201);
    expect((await api('POST', '/inventory/managedObjects', { body: { x_List: Array.from({ length: 5 * MAX_JSON_MEMBERS }, (_, i) => ({ i })) } })).status).toBe(201);
  });

  it(`nesting deeper than ${MAX_JSON_DEPTH} levels is refused with 400`, async () => {
    const raw = '{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1);
    expect(await ctx.api('POST', '/inventory/managedObjects', { raw })).toMatchObject({ status: 400, body: { error: 'general/Bad Request', message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels` } });
  });
});
