/**
 * The platform's inventory query language, parsed to an AST and compiled to parameterised SQL
 * over the list table `mo_list mo` (columns and the copied JSON paths, see schema.ts LIST_TABLE);
 * any other JSON path is read from the row's document `managed_objects doc` by a correlated
 * subquery. Nothing here reads rows: every filter and sort runs inside SQLite, on indexes where
 * the schema has them.
 */
import { HttpError } from './api';
import { INDEXED_JSON_PATHS, LIST_IRREGULAR, LIST_PATHS, LIST_TABLE, NAME_TRIGRAM_TABLE } from './schema';

export type Literal =
  | { type: 'string'; value: string }
  | { type: 'number'; value: number }
  | { type: 'boolean'; value: boolean }
  | { type: 'null' };

export type CompareOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

export type Expr =
  | { kind: 'and' | 'or'; left: Expr; right: Expr }
  | { kind: 'not'; expr: Expr }
  | { kind: 'cmp'; op: CompareOp; path: string; value: Literal }
  | { kind: 'has'; path: string }
  | { kind: 'bygroupid'; id: string };

export interface OrderItem {
  path: string;
  dir: 'asc' | 'desc';
}

export interface ParsedQuery {
  filter?: Expr;
  orderBy: OrderItem[];
}

export class QuerySyntaxError extends HttpError {
  constructor(message: string) {
    super(422, 'inventory/Invalid Data', `Invalid query: ${message}`);
  }
}

type Token =
  | { t: 'ident'; v: string; pos: number }
  | { t: 'string'; v: string; pos: number }
  | { t: 'number'; v: number; pos: number }
  | { t: '(' | ')' | ','; pos: number }
  | { t: 'end'; pos: number };

const IDENT = /[A-Za-z0-9_$\-.]/;
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[dDfFlL]?$/;

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === ',') {
      out.push({ t: c, pos: i });
      i++;
    } else if (c === "'") {
      const start = i;
      let v = '';
      i++;
      for (;;) {
        if (i >= src.length) throw new QuerySyntaxError(`unterminated string at ${start}`);
        const d = src[i];
        if (d === '\\' && i + 1 < src.length && (src[i + 1] === "'" || src[i + 1] === '\\')) {
          v += src[i + 1];
          i += 2;
        } else if (d === "'" && src[i + 1] === "'") {
          v += "'";
          i += 2;
        } else if (d === "'") {
          i++;
          break;
        } else {
          v += d;
          i++;
        }
      }
      out.push({ t: 'string', v, pos: start });
    } else if (IDENT.test(c)) {
      const start = i;
      while (i < src.length && IDENT.test(src[i])) i++;
      const word = src.slice(start, i);
      if (NUMBER.test(word)) out.push({ t: 'number', v: Number(word.replace(/[dDfFlL]$/, '')), pos: start });
      else out.push({ t: 'ident', v: word, pos: start });
    } else {
      throw new QuerySyntaxError(`unexpected '${c}' at ${i}`);
    }
  }
  out.push({ t: 'end', pos: src.length });
  return out;
}

/**
 * Deepest nesting of parentheses and `not` a query may have. Real filters nest a few levels; the
 * recursive parser and compiler would exhaust the stack on thousands (issue 18: 500 at 3,000).
 */
export const MAX_QUERY_DEPTH = 100;
/**
 * Most conditions in one filter: far above any list filter, and below SQLite's expression depth
 * (1000) for the chains of `and` / `or` they make.
 */
export const MAX_QUERY_CONDITIONS = 500;

const PATH = /^[A-Za-z_$][\w$-]*(\.[\w$-]+)*$/;
const OPS: ReadonlySet<string> = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);

class Parser {
  private i = 0;
  private depth = 0;
  private conditions = 0;
  constructor(private readonly tokens: Token[]) {}

  private enter(pos: number): void {
    if (++this.depth > MAX_QUERY_DEPTH) throw new QuerySyntaxError(`nests deeper than ${MAX_QUERY_DEPTH} levels at ${pos}`);
  }

  private peek(): Token {
    return this.tokens[this.i];
  }
  /** The next token; at the end it stays on the end token (`has(`, `bygroupid(` end early). */
  private next(): Token {
    const t = this.tokens[this.i];
    if (t.t !== 'end') this.i++;
    return t;
  }
  private isWord(word: string): boolean {
    const t = this.peek();
    return t.t === 'ident' && t.v.toLowerCase() === word;
  }
  private expect(kind: '(' | ')'): void {
    const t = this.next();
    if (t.t !== kind) throw new QuerySyntaxError(`expected '${kind}' at ${t.pos}`);
  }
  atEnd(): boolean {
    return this.peek().t === 'end';
  }

  expr(): Expr {
    let left = this.andExpr();
    while (this.isWord('or')) {
      this.next();
      left = { kind: 'or', left, right: this.andExpr() };
    }
    return left;
  }

  private andExpr(): Expr {
    let left = this.unary();
    while (this.isWord('and')) {
      this.next();
      left = { kind: 'and', left, right: this.unary() };
    }
    return left;
  }

  private unary(): Expr {
    if (this.isWord('not')) {
      this.enter(this.next().pos);
      const expr = this.unary();
      this.depth--;
      return { kind: 'not', expr };
    }
    return this.primary();
  }

  private primary(): Expr {
    const t = this.peek();
    if (t.t === '(') {
      this.enter(this.next().pos);
      const e = this.expr();
      this.expect(')');
      this.depth--;
      return e;
    }
    if (t.t !== 'ident') throw new QuerySyntaxError(`expected a condition at ${t.pos}`);
    if (++this.conditions > MAX_QUERY_CONDITIONS) throw new QuerySyntaxError(`has more than ${MAX_QUERY_CONDITIONS} conditions`);
    const word = t.v.toLowerCase();
    if ((word === 'has' || word === 'bygroupid') && this.tokens[this.i + 1]?.t === '(') {
      this.next();
      this.expect('(');
      const arg = this.next();
      this.expect(')');
      if (word === 'has') {
        if (arg.t !== 'ident' || !PATH.test(arg.v)) throw new QuerySyntaxError(`has() needs a fragment name at ${arg.pos}`);
        return { kind: 'has', path: arg.v };
      }
      if (arg.t === 'number' && Number.isInteger(arg.v)) return { kind: 'bygroupid', id: String(arg.v) };
      if (arg.t === 'string' && /^\d+$/.test(arg.v)) return { kind: 'bygroupid', id: arg.v };
      throw new QuerySyntaxError(`bygroupid() needs a group id at ${arg.pos}`);
    }
    this.next();
    if (!PATH.test(t.v)) throw new QuerySyntaxError(`invalid property '${t.v}' at ${t.pos}`);
    const opTok = this.next();
    if (opTok.t !== 'ident' || !OPS.has(opTok.v.toLowerCase())) throw new QuerySyntaxError(`expected an operator after '${t.v}' at ${opTok.pos}`);
    return { kind: 'cmp', op: opTok.v.toLowerCase() as CompareOp, path: t.v, value: this.literal() };
  }

  private literal(): Literal {
    const t = this.next();
    if (t.t === 'string') return { type: 'string', value: t.v };
    if (t.t === 'number') return { type: 'number', value: t.v };
    if (t.t === 'ident') {
      const w = t.v.toLowerCase();
      if (w === 'true' || w === 'false') return { type: 'boolean', value: w === 'true' };
      if (w === 'null') return { type: 'null' };
      // The platform takes a bare word as a string (`type eq c8y_Service`, as its own UI sends it).
      return { type: 'string', value: t.v };
    }
    throw new QuerySyntaxError(`expected a value at ${t.pos}`);
  }

  orderList(): OrderItem[] {
    const items: OrderItem[] = [];
    for (;;) {
      const t = this.next();
      if (t.t !== 'ident' || !PATH.test(t.v)) throw new QuerySyntaxError(`expected a property to order by at ${t.pos}`);
      let dir: 'asc' | 'desc' = 'asc';
      if (this.isWord('asc') || this.isWord('desc')) dir = (this.next() as { v: string }).v.toLowerCase() as 'asc' | 'desc';
      items.push({ path: t.v, dir });
      if (this.peek().t !== ',') return items;
      this.next();
    }
  }
}

/**
 * Parses `$filter=(...) $orderby=a asc,b desc` (either part optional, in either order) or a bare
 * filter expression.
 */
export function parseQuery(src: string): ParsedQuery {
  const text = src.trim();
  if (text === '') return { orderBy: [] };
  const marker = /\$(filter|orderby)\s*=/gi;
  const marks = [...text.matchAll(marker)];
  if (marks.length === 0) return { filter: parseFilter(text), orderBy: [] };
  if (marks[0].index !== 0) throw new QuerySyntaxError(`unexpected text before '${marks[0][0]}'`);
  const result: ParsedQuery = { orderBy: [] };
  marks.forEach((m, k) => {
    const body = text.slice(m.index! + m[0].length, k + 1 < marks.length ? marks[k + 1].index : text.length);
    const part = m[1].toLowerCase();
    if (part === 'filter') {
      if (result.filter) throw new QuerySyntaxError('$filter given twice');
      result.filter = parseFilter(body);
    } else {
      if (result.orderBy.length) throw new QuerySyntaxError('$orderby given twice');
      const p = new Parser(tokenize(body));
      result.orderBy = p.orderList();
      if (!p.atEnd()) throw new QuerySyntaxError('unexpected text after $orderby');
    }
  });
  return result;
}

export function parseFilter(src: string): Expr {
  const p = new Parser(tokenize(src));
  const e = p.expr();
  if (!p.atEnd()) throw new QuerySyntaxError(`unexpected text after the filter`);
  return e;
}

// ---------------------------------------------------------------------------------------------
// SQL

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

const INDEXED = new Set<string>(INDEXED_JSON_PATHS);

/** Columns of managed_objects that documents expose as top-level properties. */
const COLUMNS: Record<string, { sql: string; kind: 'text' | 'time' | 'id' }> = {
  id: { sql: 'mo.id', kind: 'id' },
  type: { sql: 'mo.type', kind: 'text' },
  name: { sql: 'mo.name', kind: 'text' },
  owner: { sql: 'mo.owner', kind: 'text' },
  creationTime: { sql: 'mo.creation_time', kind: 'time' },
  'creationTime.date': { sql: 'mo.creation_time', kind: 'time' },
  lastUpdated: { sql: 'mo.last_updated', kind: 'time' },
  'lastUpdated.date': { sql: 'mo.last_updated', kind: 'time' },
};

/** `$.a.b` with segments quoted where needed; segments are validated by PATH, so inlining is safe. */
export function jsonPath(path: string): string {
  return '$' + path.split('.').map((s) => (/^[A-Za-z_]\w*$/.test(s) ? `.${s}` : `."${s}"`)).join('');
}

/**
 * What a condition reads from the document of a list row: a correlated subquery by id, so a
 * document is read only for the rows that reach the condition (a join read the document of every
 * row the list's indexes picked, before any other condition could drop the row).
 */
const fromDocument = (expr: string, where = '') => `(SELECT ${expr} FROM managed_objects doc WHERE doc.id = mo.id${where ? ` AND ${where}` : ''})`;

const jsonExpr = (path: string) => fromDocument(`json_extract(doc.json, '${jsonPath(path)}')`);

/** The FROM clause of every compiled filter and order: the list table (schema.ts LIST_TABLE). */
export const LIST_FROM = `${LIST_TABLE} mo`;

/** The list table's column of a copied JSON path (see LIST_PATHS). */
const listColumn = (path: string): string | undefined => (Object.prototype.hasOwnProperty.call(LIST_PATHS, path) ? `mo.${LIST_PATHS[path]}` : undefined);

/** `*` is the only wildcard; LIKE's own metacharacters are escaped. */
export function wildcardToLike(pattern: string): string {
  return pattern.replace(/[\\%_]/g, (m) => '\\' + m).replace(/\*/g, '%');
}

/** A letter outside ASCII whose case SQLite's LIKE does not fold (it folds only A-Z). */
const NON_ASCII_CASED = /[^\x00-\x7f]/u;
const hasCase = (c: string) => c.toLowerCase() !== c.toUpperCase();

/**
 * The wildcard pattern as a GLOB that ignores case, letter by letter ('ö*' -> '[Öö]*'): GLOB
 * takes character classes, LIKE does not. Case mappings to more than one character (ß -> SS)
 * keep the character as it is. GLOB's own metacharacters are bracketed.
 */
export function wildcardToCaselessGlob(pattern: string): string {
  return Array.from(pattern)
    .map((c) => {
      if (c === '*') return '*';
      if (c === '?' || c === '[') return `[${c}]`;
      const forms = new Set([c, c.toLowerCase(), c.toUpperCase()].filter((f) => Array.from(f).length === 1));
      return forms.size > 1 ? `[${[...forms].join('')}]` : c;
    })
    .join('');
}

/**
 * `expr` matches the wildcard pattern (`*` any text), case-insensitively. LIKE (which the name
 * index serves) folds only ASCII letters, so a pattern with another cased letter ('österreich*'
 * for 'Österreich') is matched by a caseless GLOB instead.
 */
export function wildcardMatch(expr: string, pattern: string): SqlFragment {
  if (Array.from(pattern).some((c) => NON_ASCII_CASED.test(c) && hasCase(c))) return { sql: `${expr} GLOB ?`, params: [wildcardToCaselessGlob(pattern)] };
  return { sql: `${expr} LIKE ? ESCAPE '\\'`, params: [wildcardToLike(pattern)] };
}

const SQL_OP: Record<CompareOp, string> = { eq: '=', ne: '!=', gt: '>', ge: '>=', lt: '<', le: '<=' };

function normaliseTime(v: string): string {
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? v : new Date(ms).toISOString();
}

function literalParam(lit: Literal, kind: 'text' | 'time' | 'id' | 'json'): unknown {
  switch (lit.type) {
    case 'string':
      if (kind === 'time') return normaliseTime(lit.value);
      if (kind === 'id' && /^\d+$/.test(lit.value)) return Number(lit.value);
      return lit.value;
    case 'number':
      return lit.value;
    case 'boolean':
      return lit.value ? 1 : 0;
    case 'null':
      return null;
  }
}

function compare(expr: string, op: CompareOp, lit: Literal, kind: 'text' | 'time' | 'id' | 'json'): SqlFragment {
  if (lit.type === 'null') {
    if (op === 'eq') return { sql: `${expr} IS NULL`, params: [] };
    if (op === 'ne') return { sql: `${expr} IS NOT NULL`, params: [] };
    throw new QuerySyntaxError(`'${op}' cannot compare with null`);
  }
  if (lit.type === 'string' && lit.value.includes('*') && (op === 'eq' || op === 'ne')) {
    const match = wildcardMatch(expr, lit.value);
    return op === 'eq' ? match : { sql: `NOT COALESCE(${match.sql}, 0)`, params: match.params };
  }
  const param = literalParam(lit, kind);
  if (op === 'ne') return { sql: `${expr} IS NOT ?`, params: [param] };
  return { sql: `${expr} ${SQL_OP[op]} ?`, params: [param] };
}

/** Shortest literal run the trigram index can look up. */
const TRIGRAM = 3;

/**
 * For `name eq '*abc*'` (a wildcard that is not a plain prefix, which the name index serves):
 * the ids whose name contains the pattern's longest literal run, from the trigram index. The LIKE
 * stays beside it for the exact match.
 */
function nameTrigramFilter(pattern: string): SqlFragment | undefined {
  if (!pattern.startsWith('*')) return undefined;
  const longest = pattern.split('*').reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest.length < TRIGRAM) return undefined;
  return { sql: `mo.id IN (SELECT rowid FROM ${NAME_TRIGRAM_TABLE} WHERE ${NAME_TRIGRAM_TABLE} MATCH ?)`, params: [`"${longest.replace(/"/g, '""')}"`] };
}

function compileCmp(e: Extract<Expr, { kind: 'cmp' }>): SqlFragment {
  const col = COLUMNS[e.path];
  if (col) {
    const plain = compare(col.sql, e.op, e.value, col.kind);
    const trigram = e.path === 'name' && e.op === 'eq' && e.value.type === 'string' ? nameTrigramFilter(e.value.value) : undefined;
    return trigram ? { sql: `(${plain.sql} AND ${trigram.sql})`, params: [...plain.params, ...trigram.params] } : plain;
  }
  const column = listColumn(e.path);
  const direct = compare(column ?? jsonExpr(e.path), e.op, e.value, 'json');
  // Indexed paths hold scalars (as before the list table: no array-element match for them).
  if (INDEXED.has(e.path) || e.op !== 'eq') return direct;
  const p = `'${jsonPath(e.path)}'`;
  const element = compare('je.value', e.op, e.value, 'json');
  const arrayMatch = `EXISTS ${fromDocument('1', `json_type(doc.json, ${p}) = 'array' AND EXISTS (SELECT 1 FROM json_each(doc.json, ${p}) je WHERE ${element.sql})`)}`;
  return {
    // A copied path holds an array only in rows flagged irregular: the others skip the document.
    sql: column ? `(${direct.sql} OR (mo.${LIST_IRREGULAR} = 1 AND ${arrayMatch}))` : `(${direct.sql} OR ${arrayMatch})`,
    params: [...direct.params, ...element.params],
  };
}

export function hasFragment(path: string): SqlFragment {
  if (!path.includes('.')) return { sql: 'mo.id IN (SELECT mo_id FROM mo_fragments WHERE fragment = ?)', params: [path] };
  const present = `EXISTS ${fromDocument('1', `json_type(doc.json, '${jsonPath(path)}') IS NOT NULL`)}`;
  const column = listColumn(path);
  // The column is NULL also for a JSON null, which exists: only irregular rows can hold one.
  if (column) return { sql: `(${column} IS NOT NULL OR (mo.${LIST_IRREGULAR} = 1 AND ${present}))`, params: [] };
  return { sql: present, params: [] };
}

export function compileFilter(e: Expr): SqlFragment {
  switch (e.kind) {
    case 'and':
    case 'or': {
      const l = compileFilter(e.left);
      const r = compileFilter(e.right);
      return { sql: `(${l.sql} ${e.kind.toUpperCase()} ${r.sql})`, params: [...l.params, ...r.params] };
    }
    case 'not': {
      const inner = compileFilter(e.expr);
      return { sql: `NOT COALESCE(${inner.sql}, 0)`, params: inner.params };
    }
    case 'cmp':
      return compileCmp(e);
    case 'has':
      return hasFragment(e.path);
    case 'bygroupid':
      return {
        sql: "mo.id IN (SELECT child_id FROM mo_relations WHERE parent_id = ? AND kind = 'childAssets')",
        params: [Number(e.id)],
      };
  }
}

/** ORDER BY clause; the id tie-breaker keeps pages stable. */
export function compileOrder(items: OrderItem[]): string {
  const parts = items.map(({ path, dir }) => {
    const col = COLUMNS[path];
    const expr = col ? (col.sql === 'mo.name' ? 'mo.name COLLATE NOCASE' : col.sql) : (listColumn(path) ?? jsonExpr(path));
    return `${expr} ${dir.toUpperCase()}`;
  });
  if (!items.some((i) => i.path === 'id')) parts.push('mo.id ASC');
  return parts.join(', ');
}
