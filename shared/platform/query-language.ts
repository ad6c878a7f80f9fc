/**
 * A typed builder for the platform's inventory query language
 * (`$filter=(...) $orderby=...`). Plugins filter the fleet on the server with it; the browser
 * never filters the fleet itself. Quoting and escaping follow @c8y/client's QueriesUtil.
 */

/** A filter expression; build it with the functions below, never by hand. */
export interface Filter {
  readonly ql: string;
}

export type Scalar = string | number | boolean;
export type Direction = 'asc' | 'desc';

const expr = (ql: string): Filter => ({ ql });

/** Escapes a string for use inside single quotes: ' doubled, \ doubled, brackets escaped. */
export function escapeString(s: string): string {
  return s
    .replace(/'/g, "''")
    .replace(/\\/g, '\\\\')
    .replace(/([[{(\]})])/g, '\\$1');
}

/** A literal: strings quoted and escaped ('*' stays a wildcard), numbers and booleans bare. */
export function literal(value: Scalar): string {
  return typeof value === 'string' ? `'${escapeString(value)}'` : String(value);
}

const FIELD = /^[A-Za-z0-9_$][A-Za-z0-9_$.\-]*$/;
function field(name: string): string {
  if (!FIELD.test(name)) throw new Error(`Invalid query field '${name}'`);
  return name;
}

/** field eq value ('*' in a string value is a wildcard). */
export const eq = (f: string, value: Scalar): Filter => expr(`${field(f)} eq ${literal(value)}`);
/** field ne value. */
export const ne = (f: string, value: Scalar): Filter => expr(`${field(f)} ne ${literal(value)}`);
/** field gt value. */
export const gt = (f: string, value: Scalar): Filter => expr(`${field(f)} gt ${literal(value)}`);
/** field ge value. */
export const ge = (f: string, value: Scalar): Filter => expr(`${field(f)} ge ${literal(value)}`);
/** field lt value. */
export const lt = (f: string, value: Scalar): Filter => expr(`${field(f)} lt ${literal(value)}`);
/** field le value. */
export const le = (f: string, value: Scalar): Filter => expr(`${field(f)} le ${literal(value)}`);
/** The managed object has the fragment. */
export const has = (fragment: string): Filter => expr(`has(${field(fragment)})`);
/** The managed object is a child asset of the group (or its subgroups). */
export const bygroupid = (groupId: string | number): Filter => {
  if (!/^\d+$/.test(String(groupId))) throw new Error(`Invalid group id '${String(groupId)}'`);
  return expr(`bygroupid(${groupId})`);
};

/** Wraps every part in brackets; parts that are undefined/null/false are skipped (handy for optional filters). */
function glue(op: 'and' | 'or', parts: readonly (Filter | undefined | null | false)[]): Filter | undefined {
  const present = parts.filter((p): p is Filter => !!p);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return expr(`(${present.map((p) => p.ql).join(`) ${op} (`)})`);
}

/** All parts hold (undefined when no part is given). */
export const and = (...parts: (Filter | undefined | null | false)[]): Filter | undefined => glue('and', parts);
/** Any part holds (undefined when no part is given). */
export const or = (...parts: (Filter | undefined | null | false)[]): Filter | undefined => glue('or', parts);
/** The part does not hold. */
export const not = (part: Filter): Filter => expr(`not(${part.ql})`);

/** field equals one of the values (OR of eq). */
export const anyOf = (f: string, values: readonly Scalar[]): Filter | undefined => or(...values.map((v) => eq(f, v)));

/** Wildcard stars are kept; user text has its own '*' kept as wildcards too (spec: name filter). */
export const startsWith = (f: string, text: string): Filter => eq(f, `${text}*`);
/** Contains-match via wildcards. */
export const contains = (f: string, text: string): Filter => eq(f, `*${text}*`);

/** One sort criterion. */
export interface OrderBy {
  field: string;
  direction: Direction;
}

/** The full query parameter: `$filter=(...) $orderby=a asc,b desc` (parts left out when empty). */
export function buildQuery(filter: Filter | undefined, orderBy: readonly OrderBy[] = []): string {
  const parts: string[] = [];
  if (filter) parts.push(`$filter=(${filter.ql})`);
  if (orderBy.length) parts.push(`$orderby=${orderBy.map((o) => `${field(o.field)} ${o.direction}`).join(',')}`);
  return parts.join(' ');
}
