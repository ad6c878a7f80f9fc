/**
 * Request schemas of the stand-in's routes, from the platform's OpenAPI description: the body
 * and query parameters of every route the OAS describes come from oas-routes.json (extracted from
 * reference/c8y-oas.json by scripts/oas-route-schemas.mjs; test/oas-schemas.test.ts fails when
 * the two differ). Fastify validates them before the handler; a failure answers as the
 * hand-written checks did: 422 `<domain>/Invalid Data` (`query/Invalid Data` for parameters) in
 * the platform's error body, naming the field.
 *
 * Validation never changes the request: no type coercion (a number where the platform wants a
 * string stays refused), no defaults written into documents, no properties removed. Where the
 * OAS allows more than the schema (custom fragments: `additionalProperties`) it stays open.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { HttpError } from '../core/api';
import { invalid, parseIsoTime } from '../core/context';

type Json = Record<string, unknown>;
interface OasParameter {
  name: string;
  required?: boolean;
  schema: Json;
}
interface OasRoute {
  oasPath: string;
  query?: OasParameter[];
  body?: Record<string, Json>;
}
interface OasExtract {
  routes: Record<string, OasRoute>;
  components: { schemas: Record<string, Json> };
}

const EXTRACT_FILE = path.join(__dirname, 'oas-routes.json');
const OAS_ID = 'oas';
const MEDIA_PREFIX = 'application/vnd.com.nsn.cumulocity.';

/**
 * Where the stand-in accepts more than the OAS (and so did the platform's clients it serves):
 * each entry names why, and fails loudly when the OAS no longer has what it relaxes.
 */
const LENIENCE: ReadonlyArray<{ why: string; apply: (x: OasExtract) => void }> = [
  {
    why: 'An alarm or event without a time is stamped with the current time (core/record-base isoTime).',
    apply: (x) => {
      dropRequired(bodySchema(x, 'POST /alarm/alarms'), 'time');
      dropRequired(bodySchema(x, 'POST /event/events'), 'time');
    },
  },
  {
    why: "An operation's PUT may change its fragments without its status (the device agents' progress reports).",
    apply: (x) => dropRequired(bodySchema(x, 'PUT /devicecontrol/operations/:id'), 'status'),
  },
  {
    why: 'Object ids are read as numbers too (as the platform reads a JSON number into a string field).',
    apply: (x) => {
      const s = x.components.schemas;
      widenToNumber(s.desc_objectId);
      widenToNumber(propertyOf(s.operation, 'deviceId'));
      widenToNumber(propertyOf(propertyOf(s.childOperationsAddOne, 'managedObject'), 'id'));
    },
  },
];

/**
 * Routes whose body may not carry what the OAS marks read-only (`readOnly` on a property at the
 * top of the body): refused with 422, naming the fields, rather than taken or dropped without a
 * word (the OAS, PUT /alarm/alarms/{id}: "A request will be rejected when non-modifiable
 * properties are provided"). `id` and `self` are accepted everywhere: a client that sends back
 * what it read names it (a measurement's are all it has). Managed objects, users and applications are not listed: the platform's
 * own client sends back what it read there (InventoryService drops only lastUpdated, UserService
 * only id and userName), read-only parts and all, and the platform ignores them.
 */
const READ_ONLY_REFUSED: Record<string, { accept?: readonly string[]; message: string }> = {
  'POST /alarm/alarms': { message: '%s cannot be set when creating an alarm' },
  'PUT /alarm/alarms/:id': { message: 'Only text, status, severity and custom properties of an alarm can be modified, not %s' },
  'POST /event/events': { message: '%s cannot be set when creating an event' },
  'PUT /event/events/:id': { message: 'Only text and custom fragments of an event can be updated, not %s' },
  // The platform UI's own retry of an operation sends back its bulkOperationId (and leaves out the rest).
  'POST /devicecontrol/operations': { accept: ['bulkOperationId'], message: '%s cannot be set when creating an operation (it starts PENDING)' },
};
const ALWAYS_ACCEPTED = ['id', 'self'];

/** The properties a schema marks read-only at its top (through $ref and allOf). */
export function readOnlyOf(schema: Json, components: Record<string, Json>, seen = new Set<string>()): Set<string> {
  const out = new Set<string>();
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const name = ref.split('/').pop()!;
    if (seen.has(name) || !components[name]) return out;
    return readOnlyOf(components[name], components, new Set([...seen, name]));
  }
  for (const part of (schema.allOf as Json[] | undefined) ?? []) for (const k of readOnlyOf(part, components, seen)) out.add(k);
  for (const [k, v] of Object.entries((schema.properties as Record<string, Json> | undefined) ?? {})) {
    const target = typeof v.$ref === 'string' ? components[v.$ref.split('/').pop()!] : undefined;
    if (v.readOnly === true || target?.readOnly === true) out.add(k);
  }
  return out;
}

/** Plain data: it travels inside the route schema Fastify hands to the compiler. */
interface ReadOnlyRule {
  fields: string[];
  /** `%s` stands for the fields found. */
  message: string;
}

/** The read-only rule of a listed route: the fields its body (each of its media types) marks read-only. */
function readOnlyRuleOf(x: OasExtract, key: string): ReadOnlyRule | undefined {
  const rule = READ_ONLY_REFUSED[key];
  const body = x.routes[key]?.body;
  if (!rule) return undefined;
  if (!body) throw new Error(`oas-routes.json: ${key} has no body for its read-only rule`);
  const fields = new Set<string>();
  for (const schema of Object.values(body)) for (const f of readOnlyOf(schema, x.components.schemas)) fields.add(f);
  for (const f of [...ALWAYS_ACCEPTED, ...(rule.accept ?? [])]) fields.delete(f);
  return { fields: [...fields].sort(), message: rule.message };
}

function bodySchema(x: OasExtract, route: string): Json {
  const body = x.routes[route]?.body;
  const schemas = body && Object.values(body);
  if (!schemas || schemas.length !== 1) throw new Error(`oas-routes.json: ${route} has no single body schema`);
  return schemas[0];
}

function propertyOf(schema: Json | undefined, name: string): Json {
  const p = (schema?.properties as Record<string, Json> | undefined)?.[name];
  if (!p) throw new Error(`oas-routes.json: no property ${name}`);
  return p;
}

/** Removes `name` from a `required` of the schema or its allOf parts; throws when none has it. */
function dropRequired(schema: Json, name: string): void {
  const parts = [schema, ...((schema.allOf as Json[] | undefined) ?? [])];
  let found = false;
  for (const p of parts) {
    const req = p.required as string[] | undefined;
    if (req?.includes(name)) {
      p.required = req.filter((r) => r !== name);
      found = true;
    }
  }
  if (!found) throw new Error(`oas-routes.json: '${name}' is not required where the stand-in relaxes it`);
}

function widenToNumber(schema: Json): void {
  if (schema.type !== 'string') throw new Error(`oas-routes.json: expected a string schema, found ${JSON.stringify(schema)}`);
  schema.type = ['string', 'number'];
}

/** OAS 3.0 to the JSON Schema ajv reads: `nullable`, refs into the components document. */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string') out[k] = v.startsWith('#/') ? `${OAS_ID}${v}` : v;
    else if (k === 'nullable') continue;
    else out[k] = toJsonSchema(v);
  }
  const o = value as Json;
  if (o.nullable === true && typeof o.type === 'string') out.type = [o.type, 'null'];
  return out;
}

/**
 * Dates as the stand-in reads them (parseIsoTime: '2020-03-01' too, as the OAS's own examples);
 * e-mail as core/users checks it; the others the OAS names only describe.
 */
const isIsoTime = (s: string) => parseIsoTime(s) !== undefined;
const FORMATS = {
  'date-time': isIsoTime,
  date: isIsoTime,
  email: /^[^\s@]+@[^\s@]+$/,
  password: true,
  phone: true,
  binary: true,
  uri: true,
  url: true,
} as const;

function createAjv(components: Record<string, Json>): Ajv {
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    // parentSchema on errors: the message names the allowed range or values.
    verbose: true,
    coerceTypes: false,
    useDefaults: false,
    removeAdditional: false,
    logger: false,
    formats: FORMATS,
  });
  ajv.addSchema({ components: { schemas: toJsonSchema(components) } }, OAS_ID);
  return ajv;
}

/** The validator Fastify gets for one part of a route, and what a failure answers. */
interface Compiled {
  validate: (data: unknown) => boolean | { error: HttpError };
}

/** The field a failure is about, dotted ('source.id'), with the missing property for `required`. */
function fieldOf(e: ErrorObject): string {
  const parts = e.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (e.keyword === 'required') parts.push(String((e.params as { missingProperty: string }).missingProperty));
  return parts.join('.');
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** A message in the words of the hand-written checks it replaces. */
export function messageOf(e: ErrorObject, field: string): string {
  const s = (e.parentSchema ?? {}) as Json;
  const name = `'${field}'`;
  // A date too short to be one (the OAS's minLength beside the format) is a bad date.
  if (s.format === 'date-time' || s.format === 'date') {
    if (e.keyword === 'format' || e.keyword === 'minLength') return `${name} must be a date and time (ISO 8601)`;
  }
  switch (e.keyword) {
    case 'required':
      return `${name} is required`;
    case 'enum':
      return `${name} must be one of ${(s.enum as unknown[]).join(', ')}`;
    case 'format':
      return `${name} must be ${s.format === 'email' ? 'an e-mail address' : `a valid ${String(s.format)}`}`;
    case 'minimum':
    case 'maximum':
    case 'type': {
      if (e.keyword === 'type' || s.type === 'integer') {
        const types = ([] as string[]).concat(s.type as string);
        const range =
          (s.type === 'integer' || s.type === 'number') && s.minimum !== undefined
            ? s.maximum !== undefined
              ? ` from ${String(s.minimum)} to ${String(s.maximum)}`
              : ` of at least ${String(s.minimum)}`
            : '';
        return `${name} must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}${range}`;
      }
      return `${name} must be ${e.keyword === 'minimum' ? 'at least' : 'at most'} ${String((e.params as { limit: number }).limit)}`;
    }
    case 'minLength':
      return (e.params as { limit: number }).limit === 1 ? `${name} must not be empty` : `${name} must have at least ${String((e.params as { limit: number }).limit)} characters`;
    case 'maxLength':
      return `${name} must not be longer than ${String((e.params as { limit: number }).limit)} characters`;
    default:
      return `${name} ${e.message ?? 'is invalid'}`;
  }
}

/**
 * A top-level null removes a property (PUT) or leaves it unset (POST), on the platform and the
 * stand-in alike: the schema judges the properties that are set.
 */
function withoutNulls(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data) || !Object.values(data).includes(null)) return data;
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null));
}

function bodyValidator(validate: ValidateFunction, domain: string, readOnly?: ReadOnlyRule): Compiled {
  return {
    validate: (data) => {
      if (readOnly && data !== null && typeof data === 'object' && !Array.isArray(data)) {
        const set = readOnly.fields.filter((k) => Object.hasOwn(data, k));
        if (set.length) return { error: invalid(domain, readOnly.message.replace('%s', set.map((k) => `'${k}'`).join(', '))) };
      }
      if (validate(withoutNulls(data))) return true;
      const e = validate.errors![0];
      const field = fieldOf(e);
      return { error: invalid(domain, field === '' ? 'The request body must be a JSON object' : messageOf(e, field)) };
    },
  };
}

/** How one query parameter's text becomes the value its schema describes. */
interface QueryParam {
  name: string;
  kind: 'array' | 'integer' | 'number' | 'boolean' | 'string';
  /** An enumeration in capitals (the OAS's statuses, severities) is compared in capitals, as the stand-in's filters read it. */
  upper: boolean;
}

function lastOf(v: unknown): unknown {
  return Array.isArray(v) ? v[v.length - 1] : v;
}

function scalar(kind: QueryParam['kind'], text: string): unknown {
  if (kind === 'integer' || kind === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  if (kind === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

/**
 * The query as the schema sees it, beside the raw one the handler reads: the last of a repeated
 * parameter, comma lists split (the OAS's `explode: false`), numbers and booleans from their
 * text; an empty value counts as absent, as it always has.
 */
function normalizeQuery(params: ReadonlyMap<string, QueryParam>, raw: Record<string, unknown>): Json {
  const out: Json = {};
  // By the request's parameters (a few) rather than the route's (up to twenty).
  for (const name in raw) {
    const p = params.get(name);
    if (!p) continue;
    const v = raw[name];
    if (v === undefined || v === '') continue;
    if (p.kind === 'array') {
      const items = ([] as unknown[])
        .concat(v)
        .flatMap((s) => String(s).split(','))
        .map((s) => s.trim())
        .filter(Boolean);
      if (items.length) out[p.name] = p.upper ? items.map((s) => s.toUpperCase()) : items;
    } else {
      const text = String(lastOf(v));
      out[p.name] = scalar(p.kind, p.upper ? text.toUpperCase() : text);
    }
  }
  return out;
}

function queryParamOf(p: OasParameter): { param: QueryParam; schema: Json } {
  const schema = { ...p.schema };
  // The OAS puts some enums of list parameters (alarm status, severity) on the array; they
  // describe the items.
  if (schema.type === 'array' && Array.isArray(schema.enum)) {
    schema.items = { ...(schema.items as Json), enum: schema.enum };
    delete schema.enum;
  }
  // Defaults are the handler's business (a default written into the query would change the self links).
  delete schema.default;
  const kind = (['array', 'integer', 'number', 'boolean'] as const).find((k) => schema.type === k) ?? 'string';
  const enumOf = kind === 'array' ? (schema.items as Json | undefined)?.enum : schema.enum;
  const upper = Array.isArray(enumOf) && enumOf.every((v) => typeof v === 'string' && v === v.toUpperCase());
  return { param: { name: p.name, kind, upper }, schema };
}

function queryValidator(ajv: Ajv, params: readonly OasParameter[], error: (message: string, field: string) => HttpError = (m) => invalid('query', m)): Compiled {
  const parsed = params.map(queryParamOf);
  const validate = ajv.compile({
    type: 'object',
    properties: Object.fromEntries(parsed.map((p) => [p.param.name, toJsonSchema(p.schema)])),
    required: params.filter((p) => p.required).map((p) => p.name),
  });
  const byName = new Map(parsed.map((p) => [p.param.name, p.param]));
  return {
    validate: (data) => {
      if (validate(normalizeQuery(byName, (data ?? {}) as Record<string, unknown>))) return true;
      const e = validate.errors![0];
      const field = fieldOf(e).split('.')[0];
      return { error: error(messageAt(params.find((p) => p.name === field)?.schema, [], e.keyword) ?? messageOf(e, field), field) };
    },
  };
}

/** The error domain of a route's body, as the hand-written checks named it. */
function domainOf(url: string): string {
  const first = url.split('/')[1];
  return first === 'application' ? 'application' : first;
}

/**
 * One body schema for every JSON media type: the stand-in reads them alike, except where the OAS
 * gives different schemas by media type. There the stand-in decides by shape (references: a
 * list, which must be one; managedObject: one reference; else a new child) or by the media type (measurements:
 * the collection type only), and so does the schema.
 */
function bodyOf(route: OasRoute): { schema: Json; byMediaType?: Record<string, Json> } | undefined {
  const body = route.body;
  if (!body) return undefined;
  const types = Object.keys(body);
  if (types.length === 1) return { schema: toJsonSchema(body[types[0]]) as Json };
  if (body[`${MEDIA_PREFIX}managedobjectreferencecollection+json`]) {
    const one = toJsonSchema(body[`${MEDIA_PREFIX}managedobjectreference+json`]) as Json;
    const many = toJsonSchema(body[`${MEDIA_PREFIX}managedobjectreferencecollection+json`]) as Json;
    const mo = toJsonSchema(body[`${MEDIA_PREFIX}managedobject+json`]) as Json;
    return {
      schema: {
        type: 'object',
        // Any `references` makes a list of references: `{references: 'x'}` created a child holding it.
        if: { required: ['references'] },
        then: many,
        else: { if: { required: ['managedObject'] }, then: one, else: mo },
      },
    };
  }
  const single = toJsonSchema(body[`${MEDIA_PREFIX}measurement+json`]) as Json;
  const collection = toJsonSchema(body[`${MEDIA_PREFIX}measurementcollection+json`]) as Json;
  if (!single || !collection) throw new Error(`oas-routes.json: no rule for a body by media type (${types.join(', ')})`);
  return { schema: single, byMediaType: { [`${MEDIA_PREFIX}measurementcollection+json`]: collection } };
}

function loadExtract(): OasExtract {
  const x = JSON.parse(fs.readFileSync(EXTRACT_FILE, 'utf8')) as OasExtract;
  for (const l of LENIENCE) l.apply(x);
  return x;
}

/** Route schemas by "METHOD url" (fastify's url syntax). */
function buildRouteSchemas(x: OasExtract): Map<string, FastifySchema> {
  const out = new Map<string, FastifySchema>();
  for (const [key, route] of Object.entries(x.routes)) {
    const schema: FastifySchema & Json = {};
    if (route.query?.length) schema.querystring = { 'x-oas-query': route.query };
    const body = bodyOf(route);
    if (body) schema.body = { 'x-oas-body': { ...body, readOnly: readOnlyRuleOf(x, key) } };
    out.set(key, schema);
  }
  return out;
}

let shared: { ajv: Ajv; routes: Map<string, FastifySchema> } | undefined;
/** Built once per process: every server (tests start many) shares the compiled components. */
function state() {
  if (!shared) {
    const x = loadExtract();
    shared = { ajv: createAjv(x.components.schemas), routes: buildRouteSchemas(x) };
  }
  return shared;
}

/**
 * Fastify's validator compiler for the OAS schemas (`x-oas-*`); anything else (a microservice's
 * own schema) gets the same ajv, without coercion, answering 400 with ajv's message.
 */
const compiledBySchema = new WeakMap<object, Compiled['validate']>();
function compile({ schema, url, httpPart }: { schema: Json; url: string; httpPart?: string }): (data: unknown) => unknown {
  // Test files start many servers: each route's part is compiled once per process.
  const known = compiledBySchema.get(schema);
  if (known) return known;
  const { ajv } = state();
  let compiled: Compiled;
  if (schema['x-oas-query']) compiled = queryValidator(ajv, schema['x-oas-query'] as OasParameter[]);
  else if (schema['x-oas-body']) {
    const body = schema['x-oas-body'] as { schema: Json; readOnly?: ReadOnlyRule };
    compiled = bodyValidator(ajv.compile(body.schema), domainOf(url), body.readOnly);
  } else {
    const validate = ajv.compile(schema);
    compiled = {
      validate: (data) => {
        if (validate(data)) return true;
        const e = validate.errors![0];
        const field = fieldOf(e);
        return { error: new HttpError(400, 'general/Bad Request', field === '' ? `The ${httpPart ?? 'request'} ${e.message ?? 'is invalid'}` : messageOf(e, field)) };
      },
    };
  }
  compiledBySchema.set(schema, compiled.validate);
  return compiled.validate;
}

/**
 * Measurements: the collection's schema for the collection media type, the single one for any
 * other (the handler tells them apart by the same test). Fastify picks a body schema by media
 * type only for types it is given, so the single schema is given for each JSON type a client sends.
 */
function withMediaTypes(schema: FastifySchema & Json): FastifySchema {
  const body = (schema.body as Json | undefined)?.['x-oas-body'] as { schema: Json; byMediaType?: Record<string, Json>; readOnly?: ReadOnlyRule } | undefined;
  if (!body?.byMediaType) return schema;
  const single = { schema: { 'x-oas-body': { schema: body.schema, readOnly: body.readOnly } } };
  const content: Record<string, { schema: Json }> = {
    'application/json': single,
    [`${MEDIA_PREFIX}measurement+json`]: single,
  };
  for (const [type, s] of Object.entries(body.byMediaType)) content[type] = { schema: { 'x-oas-body': { schema: s, readOnly: body.readOnly } } };
  return { ...schema, body: { content } };
}

/**
 * Attaches the OAS schemas to the routes registered after it (by method and url; a route with
 * its own schema keeps it) and validates with the compiler above. Register before the routes.
 */
const attached = new WeakMap<FastifyInstance, string[]>();

/** "METHOD url" of every route that got an OAS schema (the schema test compares them with the extract). */
export function oasRoutesOf(app: FastifyInstance): string[] {
  return [...(attached.get(app) ?? [])];
}

export function registerSchemas(app: FastifyInstance): void {
  const { routes } = state();
  const seen: string[] = [];
  attached.set(app, seen);
  app.setValidatorCompiler(compile as Parameters<FastifyInstance['setValidatorCompiler']>[0]);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.schema) return;
    const methods = ([] as string[]).concat(route.method);
    const key = methods.map((m) => `${m} ${route.url}`).find((k) => routes.has(k));
    if (!key) return;
    route.schema = withMediaTypes(routes.get(key) as FastifySchema & Json);
    seen.push(key);
  });
}

/**
 * The `x-message` nearest to a field along its path (a route's own schema names its errors in the
 * words its clients know): a text for any failure, or texts by ajv keyword ('required', 'enum',
 * ..., 'default' for the others). Undefined when none is given.
 */
function messageAt(schema: Json | undefined, path: readonly string[], keyword: string): string | undefined {
  const own = (node: Json | undefined): string | undefined => {
    const m = node?.['x-message'];
    if (typeof m === 'string') return m;
    if (m && typeof m === 'object') return (m as Record<string, string>)[keyword] ?? (m as Record<string, string>).default;
    return undefined;
  };
  let node = schema;
  let message = own(node);
  for (const segment of path) {
    const props = node?.properties as Record<string, Json> | undefined;
    node = props?.[segment] ?? (node?.items as Json | undefined);
    if (!node) break;
    message = own(node) ?? message;
  }
  return message;
}

/** A microservice route's own schema: the body, and query and path parameters as the OAS would list them. */
export interface ServiceSchema {
  body?: Json;
  query?: OasParameter[];
  /** Path parameters, read as query parameters are (numbers from their text). */
  params?: OasParameter[];
  /** The route's error for a failure, by the field's dotted path ('' for the body itself). */
  error: (message: string, field: string) => HttpError;
}

/**
 * Route options validating with a microservice's own schema (the OAS does not describe the
 * microservices): the same ajv and rules as the OAS routes (no coercion, no defaults written, the
 * query read as the handler reads it), its own validator compiler, so the route validates alike
 * whichever app it is registered on. The message is the nearest `x-message` on the failing
 * field's path, else one in the words of messageOf.
 */
export function serviceRoute(spec: ServiceSchema): Pick<RouteOptions, 'schema' | 'validatorCompiler'> {
  const schema: FastifySchema = {};
  if (spec.body) schema.body = spec.body;
  if (spec.query) schema.querystring = { 'x-service-query': true };
  if (spec.params) schema.params = { 'x-service-params': true };
  const bodySchema = spec.body;
  return {
    schema,
    validatorCompiler: ({ httpPart }) => {
      const { ajv } = state();
      if (httpPart === 'querystring' || httpPart === 'params') {
        return queryValidator(ajv, (httpPart === 'params' ? spec.params : spec.query) ?? [], spec.error).validate;
      }
      if (!bodySchema) throw new Error(`no service schema for ${String(httpPart)}`);
      const validate = ajv.compile(bodySchema);
      return (data: unknown) => {
        if (validate(data)) return true;
        const e = validate.errors![0];
        const field = fieldOf(e);
        const path = field === '' ? [] : field.split('.');
        return { error: spec.error(messageAt(bodySchema, path, e.keyword) ?? (field === '' ? 'A JSON object body is required.' : messageOf(e, field)), field) };
      };
    },
  };
}
