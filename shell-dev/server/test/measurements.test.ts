/** /measurement/measurements: create one or many, list filters, detail, delete, series, realtime. */
import { Subscriber } from './bayeux';
import { type client, ERROR_SHAPE, serverPerFile } from './helpers';

jest.setTimeout(30_000);

const ctx = serverPerFile();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

const PATH = '/measurement/measurements';
const COLLECTION = 'application/vnd.com.nsn.cumulocity.measurementcollection+json';

type M = { id: string; self: string; type: string; time: string; source: { id: string; self: string }; [k: string]: unknown };

async function device(name: string): Promise<string> {
  return (await api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name, c8y_IsDevice: {} } })).body.id;
}

function temp(source: string, time: string, t: number, extra: Record<string, unknown> = {}) {
  return { source: { id: source }, type: 'c8y_TemperatureMeasurement', time, c8y_Temperature: { T: { value: t, unit: 'C' } }, ...extra };
}

async function post(...ms: unknown[]): Promise<M[]> {
  const res = await api<{ measurements: M[] }>('POST', PATH, { body: { measurements: ms }, contentType: COLLECTION });
  expect(res.status).toBe(201);
  return res.body.measurements;
}

async function listIds(query: string): Promise<string[]> {
  return (await api<{ measurements: M[] }>('GET', `${PATH}?pageSize=2000&${query}`)).body.measurements.map((m) => m.id);
}

describe('create', () => {
  it('POST one measurement answers 201 with the platform shape and a Location', async () => {
    const d = await device('m-one');
    const res = await api<M>('POST', PATH, { body: temp(d, '2026-03-01T10:00:00+01:00', 21.5, { c8y_Note: 'x' }), contentType: 'application/vnd.com.nsn.cumulocity.measurement+json' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toContain('application/vnd.com.nsn.cumulocity.measurement+json');
    expect(res.body).toEqual({
      id: expect.any(String),
      self: `${ctx.server.url}${PATH}/${res.body.id}`,
      source: { id: d, self: `${ctx.server.url}/inventory/managedObjects/${d}` },
      type: 'c8y_TemperatureMeasurement',
      time: '2026-03-01T09:00:00.000Z',
      c8y_Temperature: { T: { value: 21.5, unit: 'C' } },
      c8y_Note: 'x',
    });
    expect(res.headers.get('location')).toBe(res.body.self);
    expect((await api<M>('GET', `${PATH}/${res.body.id}`)).body).toEqual(res.body);
  });

  it('POST a collection creates all of them, or none when one is invalid', async () => {
    const d = await device('m-many');
    const created = await post(temp(d, '2026-03-01T10:00:00Z', 1), temp(d, '2026-03-01T10:01:00Z', 2));
    expect(created.map((m) => m.c8y_Temperature)).toEqual([{ T: { value: 1, unit: 'C' } }, { T: { value: 2, unit: 'C' } }]);
    const bad = await api('POST', PATH, { body: { measurements: [temp(d, '2026-03-01T10:02:00Z', 3), { ...temp(d, '2026-03-01T10:03:00Z', 4), type: undefined }] }, contentType: COLLECTION });
    expect(bad).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect(await listIds(`source=${d}`)).toEqual(created.map((m) => m.id));
    expect(await api('POST', PATH, { body: { measurements: [] }, contentType: COLLECTION })).toMatchObject({ status: 422, body: ERROR_SHAPE });
    expect(await api('POST', PATH, { body: { measurements: 'x' }, contentType: COLLECTION })).toMatchObject({ status: 422, body: ERROR_SHAPE });
  });

  it.each([
    ['no source', { type: 't', time: '2026-01-01T00:00:00Z' }, 422],
    ['no type', { source: { id: 'SRC' }, time: '2026-01-01T00:00:00Z' }, 422],
    ['no time', { source: { id: 'SRC' }, type: 't' }, 422],
    ['a bad time', { source: { id: 'SRC' }, type: 't', time: 'soon' }, 422],
    ['a value that is not a number', { source: { id: 'SRC' }, type: 't', time: '2026-01-01T00:00:00Z', c8y_X: { y: { value: '1' } } }, 422],
    ['a series name with a dot', { source: { id: 'SRC' }, type: 't', time: '2026-01-01T00:00:00Z', c8y_X: { 'a.b': { value: 1 } } }, 422],
    ['an unknown source', { source: { id: '999999999' }, type: 't', time: '2026-01-01T00:00:00Z' }, 404],
    ['an array', [], 422],
  ])('refuses %s with a platform error body', async (_what, b, status) => {
    const d = await device('m-bad');
    const res = await api('POST', PATH, { body: JSON.parse(JSON.stringify(b).replace('SRC', d)) });
    expect(res).toMatchObject({ status, body: ERROR_SHAPE });
  });

  it('needs ROLE_MEASUREMENT_ADMIN to write, ROLE_MEASUREMENT_READ to read', async () => {
    const d = await device('m-roles');
    expect(await api('POST', PATH, { who: 'viewer', body: temp(d, '2026-01-01T00:00:00Z', 1) })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    const [m] = await post(temp(d, '2026-01-01T00:00:00Z', 1));
    expect((await api('GET', `${PATH}/${m.id}`, { who: 'viewer' })).status).toBe(200);
    expect((await api('GET', `${PATH}?source=${d}`, { who: 'viewer' })).status).toBe(200);
    expect(await api('DELETE', `${PATH}/${m.id}`, { who: 'viewer' })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect(await api('DELETE', `${PATH}?source=${d}`, { who: 'viewer' })).toMatchObject({ status: 403, body: ERROR_SHAPE });
    expect(await api('GET', `${PATH}/${m.id}`, { who: 'nobody' })).toMatchObject({ status: 401, body: ERROR_SHAPE });
    expect((await api('POST', PATH, { who: 'operator', body: temp(d, '2026-01-01T00:00:01Z', 1) })).status).toBe(201);
  });
});

describe('list and delete', () => {
  it('filters by source, type, date range and value fragment/series; oldest first, revert newest first; totals', async () => {
    const d = await device('m-list');
    const other = await device('m-list-other');
    const [a, b, c] = await post(
      temp(d, '2026-02-01T00:00:00Z', 1),
      { source: { id: d }, type: 'c8y_Pressure', time: '2026-02-02T00:00:00Z', c8y_Pressure: { P: { value: 1000, unit: 'hPa' } } },
      temp(d, '2026-02-03T00:00:00Z', 3),
    );
    await post(temp(other, '2026-02-01T00:00:00Z', 9));
    expect(await listIds(`source=${d}`)).toEqual([a.id, b.id, c.id]);
    expect(await listIds(`source=${d}&revert=true`)).toEqual([c.id, b.id, a.id]);
    expect(await listIds(`source=${d}&type=c8y_TemperatureMeasurement`)).toEqual([a.id, c.id]);
    expect(await listIds(`source=${d}&dateFrom=2026-02-02T00:00:00Z&dateTo=2026-02-03T00:00:00Z`)).toEqual([b.id]);
    expect(await listIds(`source=${d}&valueFragmentType=c8y_Pressure`)).toEqual([b.id]);
    expect(await listIds(`source=${d}&valueFragmentType=c8y_Temperature&valueFragmentSeries=T`)).toEqual([a.id, c.id]);
    expect(await listIds(`source=${d}&valueFragmentSeries=P`)).toEqual([b.id]);
    const page = await api<{ measurements: M[]; statistics: Record<string, number>; next?: string }>('GET', `${PATH}?source=${d}&pageSize=2&withTotalPages=true&withTotalElements=true`);
    expect(page.body.statistics).toEqual({ pageSize: 2, currentPage: 1, totalPages: 2, totalElements: 3 });
    expect(page.body.next).toContain('currentPage=2');
    for (const bad of ['dateFrom=x', 'revert=maybe', 'pageSize=0', 'valueFragmentType=a%27b']) {
      expect(await api('GET', `${PATH}?source=${d}&${bad}`)).toMatchObject({ status: 422, body: ERROR_SHAPE });
    }
  });

  it('DELETE one answers 204 then 404; DELETE by filter removes only the matches', async () => {
    const d = await device('m-del');
    const [a, b] = await post(temp(d, '2026-02-01T00:00:00Z', 1), temp(d, '2026-02-02T00:00:00Z', 2), { source: { id: d }, type: 'other', time: '2026-02-03T00:00:00Z', c8y_Other: { x: { value: 1 } } });
    expect((await api('DELETE', `${PATH}/${a.id}`)).status).toBe(204);
    expect(await api('DELETE', `${PATH}/${a.id}`)).toMatchObject({ status: 404, body: ERROR_SHAPE });
    expect(await api('GET', `${PATH}/${a.id}`)).toMatchObject({ status: 404, body: ERROR_SHAPE });
    expect((await api('DELETE', `${PATH}?source=${d}&fragmentType=c8y_Other`)).status).toBe(204);
    expect(await listIds(`source=${d}`)).toEqual([b.id]);
    expect((await api('DELETE', `${PATH}?source=${d}&dateTo=2026-02-01T00:00:00Z`)).status).toBe(204);
    expect(await listIds(`source=${d}`)).toEqual([b.id]);
    expect((await api('DELETE', `${PATH}?source=${d}&type=c8y_TemperatureMeasurement`)).status).toBe(204);
    expect(await listIds(`source=${d}`)).toEqual([]);
  });

  it("a device's measurements go with the device", async () => {
    const d = await device('m-cascade');
    const [m] = await post(temp(d, '2026-02-01T00:00:00Z', 1));
    expect((await api('DELETE', `/inventory/managedObjects/${d}`)).status).toBe(204);
    expect((await api('GET', `${PATH}/${m.id}`)).status).toBe(404);
  });
});

describe('series', () => {
  type Series = { values: Record<string, Array<{ min: number; max: number } | null>>; series: Array<{ unit: string; name: string; type: string }>; truncated: boolean };

  it('answers raw values per time, one {min,max} or null per series', async () => {
    const d = await device('m-series');
    await post(
      temp(d, '2026-04-01T10:00:00Z', 20),
      { source: { id: d }, type: 'c8y_Pressure', time: '2026-04-01T10:00:00Z', c8y_Pressure: { P: { value: 1000, unit: 'hPa' } } },
      temp(d, '2026-04-01T10:30:00Z', 22),
      temp(d, '2026-04-02T10:00:00Z', 30),
    );
    const res = await api<Series>('GET', `${PATH}/series?source=${d}&dateFrom=2026-04-01T00:00:00Z&dateTo=2026-04-03T00:00:00Z`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      series: [
        { unit: 'C', name: 'T', type: 'c8y_Temperature' },
        { unit: 'hPa', name: 'P', type: 'c8y_Pressure' },
      ],
      values: {
        '2026-04-01T10:00:00.000Z': [{ min: 20, max: 20 }, { min: 1000, max: 1000 }],
        '2026-04-01T10:30:00.000Z': [{ min: 22, max: 22 }, null],
        '2026-04-02T10:00:00.000Z': [{ min: 30, max: 30 }, null],
      },
      truncated: false,
    });
  });

  it.each([
    ['DAILY', { '2026-04-01T00:00:00.000Z': [{ min: 20, max: 22 }], '2026-04-02T00:00:00.000Z': [{ min: 30, max: 30 }] }],
    ['HOURLY', { '2026-04-01T10:00:00.000Z': [{ min: 20, max: 22 }], '2026-04-02T10:00:00.000Z': [{ min: 30, max: 30 }] }],
    ['MINUTELY', { '2026-04-01T10:00:00.000Z': [{ min: 20, max: 20 }], '2026-04-01T10:30:00.000Z': [{ min: 22, max: 22 }], '2026-04-02T10:00:00.000Z': [{ min: 30, max: 30 }] }],
  ])('aggregates %s into buckets with min and max, only the asked series', async (aggregation, values) => {
    const d = await device(`m-agg-${aggregation}`);
    await post(
      temp(d, '2026-04-01T10:00:10Z', 20),
      temp(d, '2026-04-01T10:30:00Z', 22),
      { source: { id: d }, type: 'c8y_Pressure', time: '2026-04-01T10:00:00Z', c8y_Pressure: { P: { value: 1000 } } },
      temp(d, '2026-04-02T10:00:00Z', 30),
    );
    const res = await api<Series>('GET', `${PATH}/series?source=${d}&dateFrom=2026-04-01T00:00:00Z&dateTo=2026-04-03T00:00:00Z&aggregationType=${aggregation}&series=c8y_Temperature.T`);
    expect(res.body).toEqual({ series: [{ unit: 'C', name: 'T', type: 'c8y_Temperature' }], values, truncated: false });
  });

  it('keeps the asked order of series, revert gives newest first', async () => {
    const d = await device('m-order');
    await post({ source: { id: d }, type: 't', time: '2026-04-01T10:00:00Z', c8y_A: { a: { value: 1 } }, c8y_B: { b: { value: 2 } } }, { source: { id: d }, type: 't', time: '2026-04-01T11:00:00Z', c8y_A: { a: { value: 3 } } });
    const res = await api<Series>('GET', `${PATH}/series?source=${d}&dateFrom=2026-04-01T00:00:00Z&dateTo=2026-04-02T00:00:00Z&series=c8y_B.b&series=c8y_A.a&revert=true`);
    expect(res.body.series.map((s) => `${s.type}.${s.name}`)).toEqual(['c8y_B.b', 'c8y_A.a']);
    expect(Object.entries(res.body.values)).toEqual([
      ['2026-04-01T11:00:00.000Z', [null, { min: 3, max: 3 }]],
      ['2026-04-01T10:00:00.000Z', [{ min: 2, max: 2 }, { min: 1, max: 1 }]],
    ]);
  });

  it('stops at 5000 times without aggregation and says so', async () => {
    const d = await device('m-many-values');
    const start = Date.parse('2026-05-01T00:00:00Z');
    const all = Array.from({ length: 5001 }, (_v, i) => temp(d, new Date(start + i * 1000).toISOString(), i));
    await post(...all);
    const raw = await api<Series>('GET', `${PATH}/series?source=${d}&dateFrom=2026-05-01T00:00:00Z&dateTo=2026-05-02T00:00:00Z`);
    expect(Object.keys(raw.body.values)).toHaveLength(5000);
    expect(raw.body.truncated).toBe(true);
    const hourly = await api<Series>('GET', `${PATH}/series?source=${d}&dateFrom=2026-05-01T00:00:00Z&dateTo=2026-05-02T00:00:00Z&aggregationType=HOURLY`);
    expect(hourly.body).toMatchObject({ truncated: false, values: { '2026-05-01T00:00:00.000Z': [{ min: 0, max: 3599 }], '2026-05-01T01:00:00.000Z': [{ min: 3600, max: 5000 }] } });
  });

  it.each([
    'dateFrom=2026-01-01&dateTo=2026-02-01',
    'source=1&dateTo=2026-02-01',
    'source=1&dateFrom=2026-01-01',
    'source=1&dateFrom=2026-01-01&dateTo=2026-02-01&aggregationType=WEEKLY',
    'source=1&dateFrom=2026-01-01&dateTo=2026-02-01&series=nodot',
    'source=1&dateFrom=later&dateTo=2026-02-01',
  ])('refuses %s with 422 and an error body', async (query) => {
    expect(await api('GET', `${PATH}/series?${query}`)).toMatchObject({ status: 422, body: ERROR_SHAPE });
  });
});

describe('realtime', () => {
  it('publishes CREATE with the measurement and DELETE with its id on /measurements/<source>; /measurements/* sees all', async () => {
    const d = await device('m-rt');
    const { sub, replies } = await Subscriber.open(ctx.server.url, [`/measurements/${d}`, '/measurements/*']);
    expect(replies.every((r) => r.successful)).toBe(true);
    const [m] = await post(temp(d, '2026-02-01T00:00:00Z', 1));
    await api('DELETE', `${PATH}/${m.id}`);
    await sub.until((all) => all.length >= 2);
    await sub.settle();
    // A client subscribed to both the channel and the wildcard gets each message once (Bayeux).
    expect(sub.received.map((x) => [x.channel, x.data?.realtimeAction])).toEqual([
      [`/measurements/${d}`, 'CREATE'],
      [`/measurements/${d}`, 'DELETE'],
    ]);
    expect(sub.received[0].data?.data).toMatchObject({ id: m.id, c8y_Temperature: { T: { value: 1, unit: 'C' } } });
    expect(sub.received[1].data?.data).toBe(m.id);
    await sub.close();
  });
});
