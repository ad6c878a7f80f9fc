/**
 * Measurements: immutable time-stamped values of a managed object. Series ("fragment.series")
 * are the fragments' members that hold a numeric `value`; /measurement/measurements/series reads
 * them per source and period, raw or aggregated per day, hour or minute.
 */
import type { Measurement, MeasurementFilter, Measurements, MeasurementSeries, Page, SeriesAggregation } from './api';
import { type CoreContext, invalid, isPlainObject, LazyData, notFound, parseId, parseIsoTime } from './context';
import type { SqlFragment } from './query';
import { nextId } from './schema';

/** Without aggregation the series answer holds at most this many times (then `truncated`). */
export const MAX_SERIES_VALUES = 5000;
export const AGGREGATIONS: readonly SeriesAggregation[] = ['DAILY', 'HOURLY', 'MINUTELY'];
/** Characters the platform forbids in fragment and series names of measurements. */
const FORBIDDEN_NAME = /[\s.,*[\]()@$]/;
const RESERVED = new Set(['id', 'self', 'source', 'type', 'time']);
/** Length of the ISO prefix that identifies a bucket: day, hour, minute. */
const BUCKET_PREFIX: Record<SeriesAggregation, number> = { DAILY: 10, HOURLY: 13, MINUTELY: 16 };
const BUCKET_SUFFIX: Record<SeriesAggregation, string> = { DAILY: 'T00:00:00.000Z', HOURLY: ':00:00.000Z', MINUTELY: ':00.000Z' };

interface Row {
  id: number;
  source_id: number;
  type: string;
  time: string;
  json: string;
}

type Fragments = Record<string, unknown>;

function toMeasurement(r: Omit<Row, 'json'>, fragments: Fragments): Measurement {
  return { id: String(r.id), source: { id: String(r.source_id) }, type: r.type, time: r.time, ...fragments };
}

function isoTime(v: unknown, field: string, domain: string): string {
  const ms = parseIsoTime(v);
  if (ms === undefined) throw invalid(domain, `'${field}' must be a date and time (ISO 8601)`);
  return new Date(ms).toISOString();
}

function isSeries(v: unknown): v is { value: unknown; unit?: unknown } {
  return isPlainObject(v) && 'value' in v;
}

/** Checks one measurement of a request and returns what is stored of it. */
function validate(body: unknown): { sourceId: number; type: string; time: string; fragments: Fragments } {
  if (!isPlainObject(body)) throw invalid('measurement', 'A measurement must be a JSON object');
  const sourceId = isPlainObject(body.source) ? parseId(body.source.id as string) : undefined;
  if (sourceId === undefined) throw invalid('measurement', "'source.id' is required");
  if (typeof body.type !== 'string' || body.type === '') throw invalid('measurement', "'type' is required and must be a string");
  if (body.time === undefined) throw invalid('measurement', "'time' is required");
  const time = isoTime(body.time, 'time', 'measurement');
  const fragments: Fragments = {};
  for (const [name, v] of Object.entries(body)) {
    if (RESERVED.has(name) || v === undefined || v === null) continue;
    if (isPlainObject(v)) {
      for (const [series, s] of Object.entries(v)) {
        if (!isSeries(s)) continue;
        if (typeof s.value !== 'number' || !Number.isFinite(s.value)) throw invalid('measurement', `'${name}.${series}.value' must be a number`);
        if (s.unit !== undefined && typeof s.unit !== 'string') throw invalid('measurement', `'${name}.${series}.unit' must be a string`);
        if (FORBIDDEN_NAME.test(name) || FORBIDDEN_NAME.test(series)) {
          throw invalid('measurement', `'${name}.${series}': fragment and series names must not contain whitespace nor . , * [ ] ( ) @ $`);
        }
      }
    }
    fragments[name] = v;
  }
  return { sourceId, type: body.type, time, fragments };
}

function and(parts: SqlFragment[]): SqlFragment {
  return parts.length ? { sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) } : { sql: '1', params: [] };
}

/** A JSON member name used inside a json path: quoted, so only plain names are accepted. */
function memberName(name: string, what: string): string {
  if (!/^[\w-]+$/.test(name)) throw invalid('query', `'${name}' is not a ${what} name`);
  return name;
}

export class MeasurementStore implements Measurements {
  constructor(private readonly ctx: CoreContext) {}

  get(id: string): Measurement | undefined {
    const r = this.ctx.stmt('SELECT * FROM measurements WHERE id = ?').get(parseId(id) ?? -1) as Row | undefined;
    return r && toMeasurement(r, JSON.parse(r.json) as Fragments);
  }

  create(body: unknown): Measurement {
    return this.createMany([body])[0];
  }

  /** All or nothing: every measurement is checked (and its source found) before the first write. */
  createMany(bodies: unknown[]): Measurement[] {
    const checked = bodies.map(validate);
    return this.ctx.write(() => {
      for (const m of checked) {
        if (!this.ctx.stmt('SELECT 1 FROM managed_objects WHERE id = ?').get(m.sourceId)) throw notFound('inventory', 'managed object', String(m.sourceId));
      }
      return checked.map((m) => {
        const id = nextId(this.ctx, 'measurements');
        this.ctx.stmt('INSERT INTO measurements (id, source_id, type, time, json) VALUES (?, ?, ?, ?, ?)').run(id, m.sourceId, m.type, m.time, JSON.stringify(m.fragments));
        const created = toMeasurement({ id, source_id: m.sourceId, type: m.type, time: m.time }, m.fragments);
        this.ctx.notify(`/measurements/${m.sourceId}`, 'CREATE', created);
        return created;
      });
    });
  }

  remove(id: string): void {
    this.ctx.write(() => {
      const r = this.ctx.stmt('DELETE FROM measurements WHERE id = ? RETURNING id, source_id').get(parseId(id) ?? -1) as { id: number; source_id: number } | undefined;
      if (!r) throw notFound('measurement', 'measurement', id);
      this.notifyRemoved(r);
    });
  }

  removeMany(f: MeasurementFilter): number {
    return this.ctx.write(() => {
      const w = this.where(f);
      const gone = this.ctx.stmt(`DELETE FROM measurements WHERE id IN (SELECT m.id FROM measurements m WHERE ${w.sql}) RETURNING id, source_id`).all(...w.params) as Array<{
        id: number;
        source_id: number;
      }>;
      for (const r of gone) this.notifyRemoved(r);
      return gone.length;
    });
  }

  private notifyRemoved(r: { id: number; source_id: number }): void {
    const id = String(r.id);
    this.ctx.notify(`/measurements/${r.source_id}`, 'DELETE', new LazyData(() => id));
  }

  list(f: MeasurementFilter): Page<Measurement> {
    const w = this.where(f);
    // The platform lists oldest first; revert=true gives newest first.
    const dir = f.revert ? 'DESC' : 'ASC';
    const pageSize = f.pageSize ?? 5;
    const rows = this.ctx
      .stmt(`SELECT * FROM measurements m WHERE ${w.sql} ORDER BY m.time ${dir}, m.id ${dir} LIMIT ? OFFSET ?`)
      .all(...w.params, pageSize, ((f.currentPage ?? 1) - 1) * pageSize) as Row[];
    const items = rows.map((r) => toMeasurement(r, JSON.parse(r.json) as Fragments));
    if (!f.withTotal) return { items };
    const { n } = this.ctx.stmt(`SELECT count(*) AS n FROM measurements m WHERE ${w.sql}`).get(...w.params) as { n: number };
    return { items, totalElements: n };
  }

  private where(f: MeasurementFilter): SqlFragment {
    const parts: SqlFragment[] = [];
    if (f.source !== undefined) parts.push({ sql: 'm.source_id = ?', params: [parseId(f.source) ?? -1] });
    if (f.type !== undefined) parts.push({ sql: 'm.type = ?', params: [f.type] });
    if (f.dateFrom !== undefined) parts.push({ sql: 'm.time >= ?', params: [isoTime(f.dateFrom, 'dateFrom', 'query')] });
    if (f.dateTo !== undefined) parts.push({ sql: 'm.time < ?', params: [isoTime(f.dateTo, 'dateTo', 'query')] });
    const fragment = f.valueFragmentType ?? f.fragmentType;
    if (fragment !== undefined && f.valueFragmentSeries !== undefined) {
      parts.push({ sql: `json_type(m.json, '$."${memberName(fragment, 'fragment')}"."${memberName(f.valueFragmentSeries, 'series')}"') = 'object'`, params: [] });
    } else if (fragment !== undefined) {
      parts.push({ sql: `json_type(m.json, '$."${memberName(fragment, 'fragment')}"') IS NOT NULL`, params: [] });
    } else if (f.valueFragmentSeries !== undefined) {
      parts.push({ sql: `EXISTS (SELECT 1 FROM json_each(m.json) f WHERE json_type(f.value, '$."${memberName(f.valueFragmentSeries, 'series')}"') = 'object')`, params: [] });
    }
    return and(parts);
  }

  /**
   * Values of the source's series in [dateFrom, dateTo): per time (or per bucket when aggregated)
   * one {min, max} per series, null where a series has no value at that time.
   */
  series(q: { source: string; dateFrom: string; dateTo: string; series?: string[]; aggregationType?: SeriesAggregation; revert?: boolean }): MeasurementSeries {
    const wanted = q.series?.map((s) => {
      const dot = s.indexOf('.');
      if (dot <= 0 || dot === s.length - 1) throw invalid('measurement', `'${s}' is not a series: expected <fragment>.<series>`);
      return { fragment: s.slice(0, dot), name: s.slice(dot + 1) };
    });
    const from = isoTime(q.dateFrom, 'dateFrom', 'measurement');
    const to = isoTime(q.dateTo, 'dateTo', 'measurement');
    const rows = this.ctx
      .stmt('SELECT time, type, json FROM measurements WHERE source_id = ? AND time >= ? AND time < ? ORDER BY time, id')
      .iterate(parseId(q.source) ?? -1, from, to) as IterableIterator<{ time: string; type: string; json: string }>;

    const index = new Map<string, number>();
    const series: Array<{ unit: string; name: string; type: string }> = [];
    for (const w of wanted ?? []) {
      index.set(`${w.fragment}.${w.name}`, series.length);
      series.push({ unit: '', name: w.name, type: w.fragment });
    }
    const values = new Map<string, Array<{ min: number; max: number } | null>>();
    let truncated = false;
    for (const row of rows) {
      const key = q.aggregationType ? row.time.slice(0, BUCKET_PREFIX[q.aggregationType]) + BUCKET_SUFFIX[q.aggregationType] : row.time;
      if (!q.aggregationType && !values.has(key) && values.size >= MAX_SERIES_VALUES) {
        truncated = true;
        break;
      }
      for (const [fragment, v] of Object.entries(JSON.parse(row.json) as Fragments)) {
        if (!isPlainObject(v)) continue;
        for (const [name, s] of Object.entries(v)) {
          if (!isSeries(s) || typeof s.value !== 'number') continue;
          const id = `${fragment}.${name}`;
          let i = index.get(id);
          if (i === undefined) {
            if (wanted) continue;
            i = series.length;
            index.set(id, i);
            series.push({ unit: '', name, type: fragment });
          }
          if (!series[i].unit && typeof s.unit === 'string') series[i].unit = s.unit;
          let slot = values.get(key);
          if (!slot) values.set(key, (slot = []));
          const cur = slot[i];
          slot[i] = cur ? { min: Math.min(cur.min, s.value), max: Math.max(cur.max, s.value) } : { min: s.value, max: s.value };
        }
      }
    }
    const times = [...values.keys()];
    if (q.revert) times.reverse();
    return {
      values: Object.fromEntries(times.map((t) => [t, series.map((_s, i) => values.get(t)![i] ?? null)])),
      series,
      truncated,
    };
  }
}
