// Extracts the request schemas of the stand-in's routes from the platform's OpenAPI description
// (reference/c8y-oas.json, a copy of ../shared/reference/c8y-oas.json kept in the project, or $C8Y_OAS) into
// shell-dev/server/http/oas-routes.json, which the server reads at run time: the project is
// cloned alone, so the server never reads ../shared. Per route: the query parameters (path-level
// and operation-level, $refs resolved), the request body schema per media type, and every
// component schema they reference (transitively). Descriptions and examples are dropped (they
// do not validate anything); everything else is copied as the OAS says it.
//   node scripts/oas-route-schemas.mjs          rewrites the extract
//   node scripts/oas-route-schemas.mjs --check  exits 1 when the extract differs from the OAS
// (shell-dev/server/test/oas-schemas.test.ts runs --check).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OAS_FULL = process.env.C8Y_OAS ?? path.join(ROOT, 'reference', 'c8y-oas.json');
export const EXTRACT = path.join(ROOT, 'shell-dev', 'server', 'http', 'oas-routes.json');

const CHILD = '/inventory/managedObjects/{id}/childAssets';
/**
 * The stand-in's routes (method and fastify url) and the OAS path describing each. One stand-in
 * route serves childAssets, childDevices and childAdditions; the OAS describes the three alike
 * (checked below), so childAssets stands for them.
 */
const ROUTES = [
  ['GET', '/inventory/managedObjects', '/inventory/managedObjects'],
  ['POST', '/inventory/managedObjects', '/inventory/managedObjects'],
  ['GET', '/inventory/managedObjects/:id', '/inventory/managedObjects/{id}'],
  ['PUT', '/inventory/managedObjects/:id', '/inventory/managedObjects/{id}'],
  ['GET', '/inventory/managedObjects/:id/:kind', CHILD],
  ['POST', '/inventory/managedObjects/:id/:kind', CHILD],
  ['GET', '/inventory/binaries', '/inventory/binaries'],
  ['GET', '/alarm/alarms', '/alarm/alarms'],
  ['POST', '/alarm/alarms', '/alarm/alarms'],
  ['PUT', '/alarm/alarms', '/alarm/alarms'],
  ['DELETE', '/alarm/alarms', '/alarm/alarms'],
  ['GET', '/alarm/alarms/count', '/alarm/alarms/count'],
  ['PUT', '/alarm/alarms/:id', '/alarm/alarms/{id}'],
  ['GET', '/event/events', '/event/events'],
  ['POST', '/event/events', '/event/events'],
  ['PUT', '/event/events/:id', '/event/events/{id}'],
  ['GET', '/devicecontrol/operations', '/devicecontrol/operations'],
  ['POST', '/devicecontrol/operations', '/devicecontrol/operations'],
  ['DELETE', '/devicecontrol/operations', '/devicecontrol/operations'],
  ['PUT', '/devicecontrol/operations/:id', '/devicecontrol/operations/{id}'],
  ['GET', '/measurement/measurements', '/measurement/measurements'],
  ['POST', '/measurement/measurements', '/measurement/measurements'],
  ['DELETE', '/measurement/measurements', '/measurement/measurements'],
  ['GET', '/measurement/measurements/series', '/measurement/measurements/series'],
  ['POST', '/identity/globalIds/:id/externalIds', '/identity/globalIds/{id}/externalIds'],
  ['PUT', '/user/currentUser', '/user/currentUser'],
  ['GET', '/user/roles', '/user/roles'],
  ['GET', '/user/:tenant/users', '/user/{tenantId}/users'],
  ['POST', '/user/:tenant/users', '/user/{tenantId}/users'],
  ['PUT', '/user/:tenant/users/:userName', '/user/{tenantId}/users/{userId}'],
  ['GET', '/user/:tenant/groups', '/user/{tenantId}/groups'],
  ['POST', '/user/:tenant/groups/:groupId/users', '/user/{tenantId}/groups/{groupId}/users'],
  ['GET', '/application/applications', '/application/applications'],
  ['POST', '/application/applications', '/application/applications'],
  ['PUT', '/application/applications/:id', '/application/applications/{id}'],
];

/** A copy without descriptions and examples (documentation only), keys sorted (a stable file). */
function strip(value) {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const k of Object.keys(value).sort()) {
    if (k === 'description' || k === 'example' || k === 'examples' || k === 'summary') continue;
    out[k] = strip(value[k]);
  }
  return out;
}

function resolve(oas, ref) {
  const parts = ref.replace(/^#\//, '').split('/');
  let v = oas;
  for (const p of parts) v = v?.[p];
  if (v === undefined) throw new Error(`the OAS has no ${ref}`);
  return v;
}

/** The route's query parameters: path-level and operation-level (the latter wins by name). */
function queryParameters(oas, pathItem, op) {
  const byName = new Map();
  for (const p of [...(pathItem.parameters ?? []), ...(op.parameters ?? [])]) {
    const param = p.$ref ? resolve(oas, p.$ref) : p;
    if (param.in === 'query') byName.set(param.name, strip(param));
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function requestBody(oas, op) {
  if (!op.requestBody) return undefined;
  const rb = op.requestBody.$ref ? resolve(oas, op.requestBody.$ref) : op.requestBody;
  const out = {};
  for (const type of Object.keys(rb.content ?? {}).sort()) out[type] = strip(rb.content[type].schema);
  return out;
}

/** Component schemas referenced by `value`, transitively. */
function closure(oas, value) {
  const out = {};
  const todo = [];
  const collect = (v) => JSON.stringify(v).replace(/"#\/components\/schemas\/([^"]+)"/g, (_m, name) => todo.push(name));
  collect(value);
  while (todo.length) {
    const name = todo.pop();
    if (out[name]) continue;
    const schema = oas.components.schemas[name];
    if (!schema) throw new Error(`the OAS has no schema ${name}`);
    out[name] = strip(schema);
    collect(schema);
  }
  return Object.fromEntries(Object.keys(out).sort().map((k) => [k, out[k]]));
}

export function extract(oas) {
  // Schemas and parameters only (descriptions differ by the kind's name).
  const described = (p, method) => JSON.stringify({ q: queryParameters(oas, oas.paths[p], oas.paths[p][method]), b: requestBody(oas, oas.paths[p][method]) });
  for (const kind of ['childDevices', 'childAdditions']) {
    for (const method of ['get', 'post']) {
      if (described(CHILD, method) !== described(`/inventory/managedObjects/{id}/${kind}`, method)) {
        throw new Error(`${method.toUpperCase()} ${kind} differs from childAssets in the OAS: one stand-in route cannot serve both`);
      }
    }
  }
  const routes = {};
  for (const [method, url, oasPath] of ROUTES) {
    const pathItem = oas.paths[oasPath];
    const op = pathItem?.[method.toLowerCase()];
    if (!op) throw new Error(`the OAS has no ${method} ${oasPath}`);
    const query = queryParameters(oas, pathItem, op);
    const body = requestBody(oas, op);
    routes[`${method} ${url}`] = { oasPath, ...(query.length ? { query } : {}), ...(body ? { body } : {}) };
  }
  return { source: 'reference/c8y-oas.json', routes, components: { schemas: closure(oas, routes) } };
}

export function render(oas) {
  return JSON.stringify(extract(oas), null, 1) + '\n';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!fs.existsSync(OAS_FULL)) {
    console.error(`${OAS_FULL} not found (set C8Y_OAS to the platform's OpenAPI description)`);
    process.exit(2);
  }
  const text = render(JSON.parse(fs.readFileSync(OAS_FULL, 'utf8')));
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(EXTRACT) ? fs.readFileSync(EXTRACT, 'utf8') : '';
    if (current !== text) {
      console.error(`${path.relative(ROOT, EXTRACT)} differs from ${OAS_FULL}: run node scripts/oas-route-schemas.mjs`);
      process.exit(1);
    }
    console.log(`${path.relative(ROOT, EXTRACT)} matches ${OAS_FULL}`);
  } else {
    fs.writeFileSync(EXTRACT, text);
    console.log(`wrote ${path.relative(ROOT, EXTRACT)} (${Object.keys(JSON.parse(text).routes).length} routes)`);
  }
}
