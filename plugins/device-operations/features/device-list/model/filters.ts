/**
 * Column filters of the device lists (spec 1, section 5) and their translation to the platform's
 * query language. Every filter runs on the server; the browser never filters the fleet.
 */
import { and, bygroupid, eq, ge, has, le, lt, not, or, type Filter } from '@shared/platform/query-language';

export type NumberMode = 'eq' | 'ge' | 'range';

export type FilterValue =
  /** `*` is a wildcard; text without one matches anywhere in the value. */
  | { kind: 'text'; text: string }
  /** Begins-with; the user's own `*` stay wildcards. */
  | { kind: 'prefix'; text: string }
  /** Exact, at least, or inclusive range. */
  | { kind: 'number'; mode: NumberMode; from: number; to?: number }
  /** Day strings (yyyy-mm-dd); after and before both include their day. */
  | { kind: 'date'; after?: string; before?: string }
  /** Picked values ('' is the picker's "Empty" entry) and an optional typed pattern. */
  | { kind: 'select'; values: string[]; text?: string }
  /** Device groups by id (the admin list's group column). */
  | { kind: 'group'; ids: string[] };

export type FilterKind = FilterValue['kind'];

/** The picker's "Empty" entry: the value is missing or empty. */
export const EMPTY_VALUE = '';

const WILDCARD = '*';

const isEmptyText = (s: string | undefined) => !s || s.trim() === '';

/** Whether the filter restricts anything (an empty text box does not). */
export function isActive(value: FilterValue | undefined): value is FilterValue {
  if (!value) return false;
  switch (value.kind) {
    case 'text':
    case 'prefix':
      return !isEmptyText(value.text);
    case 'number':
      return Number.isFinite(value.from);
    case 'date':
      return !!value.after || !!value.before;
    case 'select':
      return value.values.length > 0 || !isEmptyText(value.text);
    case 'group':
      return value.ids.length > 0;
  }
}

/** Local midnight of a yyyy-mm-dd day as the ISO instant the server compares with. */
export function dayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toISOString();
}

/** Local midnight of the day after (so "before" includes its own day). */
export function dayEnd(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + 1).toISOString();
}

const emptyOf = (field: string): Filter => or(not(has(field)), eq(field, EMPTY_VALUE)) as Filter;

/** The query-language expression of one column filter on `field`. */
export function filterToQuery(field: string, value: FilterValue): Filter | undefined {
  if (!isActive(value)) return undefined;
  switch (value.kind) {
    case 'text': {
      const text = value.text.trim();
      return eq(field, text.includes(WILDCARD) ? text : `${WILDCARD}${text}${WILDCARD}`);
    }
    case 'prefix': {
      const text = value.text.trim();
      return eq(field, text.endsWith(WILDCARD) ? text : `${text}${WILDCARD}`);
    }
    case 'number':
      if (value.mode === 'eq') return eq(field, value.from);
      if (value.mode === 'ge') return ge(field, value.from);
      return and(ge(field, value.from), le(field, value.to ?? value.from));
    case 'date':
      return and(value.after ? ge(field, dayStart(value.after)) : undefined, value.before ? lt(field, dayEnd(value.before)) : undefined);
    case 'select': {
      const picked = value.values.map((v) => (v === EMPTY_VALUE ? emptyOf(field) : eq(field, v)));
      // A typed pattern is a case-insensitive wildcard match (the server's '*' compare).
      const typed = isEmptyText(value.text)
        ? undefined
        : eq(field, value.text!.includes(WILDCARD) ? value.text!.trim() : `${WILDCARD}${value.text!.trim()}${WILDCARD}`);
      return or(...picked, typed);
    }
    case 'group':
      return or(...value.ids.map((id) => bygroupid(id)));
  }
}

/** Validation messages of a filter being edited; empty when it may be applied. */
export function validateFilter(value: FilterValue): string[] {
  switch (value.kind) {
    case 'number': {
      const errors: string[] = [];
      if (!Number.isInteger(value.from) || value.from < 0) errors.push('Enter a whole number of 0 or more.');
      if (value.mode === 'range') {
        if (value.to === undefined || !Number.isInteger(value.to) || value.to < 0) errors.push('Enter a whole number of 0 or more.');
        else if (value.to < value.from) errors.push('The upper limit must not be below the lower limit.');
      }
      return [...new Set(errors)];
    }
    case 'date':
      return value.after && value.before && value.after > value.before ? ['"After" must not be later than "before".'] : [];
    default:
      return [];
  }
}

/** Query string encoding of a filter (one hash parameter per column, readable and shareable). */
export function encodeFilter(value: FilterValue): string {
  switch (value.kind) {
    case 'text':
    case 'prefix':
      return value.text;
    case 'number':
      return value.mode === 'range' ? `range:${value.from}:${value.to ?? value.from}` : `${value.mode}:${value.from}`;
    case 'date':
      return `${value.after ?? ''}..${value.before ?? ''}`;
    case 'select':
      return JSON.stringify(value.text ? { v: value.values, t: value.text } : value.values);
    case 'group':
      return value.ids.join(',');
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day as `YYYY-MM-DD` that exists (not 2026-02-30). */
function isDay(text: string): boolean {
  const time = DAY.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}
/** A decoded filter the column filter would refuse (a hand-edited URL) is not applied either. */
const valid = (value: FilterValue): FilterValue | undefined => (validateFilter(value).length === 0 ? value : undefined);

/**
 * The inverse of {@link encodeFilter}; undefined for anything malformed or that the column filter
 * would refuse (a hand-edited URL: a negative or fractional count, a range upside down, a day
 * that does not exist).
 */
export function decodeFilter(kind: FilterKind, raw: string): FilterValue | undefined {
  switch (kind) {
    case 'text':
    case 'prefix':
      return raw ? { kind, text: raw } : undefined;
    case 'number': {
      const [mode, a, b] = raw.split(':');
      const from = Number(a);
      if (a === undefined || a === '' || !Number.isFinite(from)) return undefined;
      if (mode === 'eq' || mode === 'ge') return valid({ kind, mode, from });
      if (mode === 'range' && b !== undefined && b !== '' && Number.isFinite(Number(b))) return valid({ kind, mode, from, to: Number(b) });
      return undefined;
    }
    case 'date': {
      const m = /^(.*)\.\.(.*)$/.exec(raw);
      if (!m) return undefined;
      const after = isDay(m[1]) ? m[1] : undefined;
      const before = isDay(m[2]) ? m[2] : undefined;
      return after || before ? valid({ kind, after, before }) : undefined;
    }
    case 'select': {
      try {
        const parsed = JSON.parse(raw) as unknown;
        if (Array.isArray(parsed)) return { kind, values: parsed.filter((v): v is string => typeof v === 'string') };
        if (parsed && typeof parsed === 'object') {
          const o = parsed as { v?: unknown; t?: unknown };
          const values = Array.isArray(o.v) ? o.v.filter((v): v is string => typeof v === 'string') : [];
          return { kind, values, text: typeof o.t === 'string' ? o.t : undefined };
        }
      } catch {
        return undefined;
      }
      return undefined;
    }
    case 'group': {
      const ids = raw.split(',').filter((id) => /^\d+$/.test(id));
      return ids.length ? { kind, ids } : undefined;
    }
  }
}
