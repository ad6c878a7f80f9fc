/** Users, tenant, applications, identity and binaries. */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLES } from '../core/auth';
import { invalid, isPlainObject, notFound } from '../core/context';
import type { Core } from '../core/core';
import type { ApplicationDoc } from '../core/applications';
import type { ExternalId } from '../core/identity';
import { baseUrl, body, collection, MEDIA, paging, q, readRole, sendJson, sendUserBytes, str, type UserFile } from './common';
import { moUrl, requireInventoryWrite, withLinks } from './inventory';
import { readBodyToFile, readMultipartToFile } from './multipart';
import { registerUsers } from './users';

export { MAX_BINARY_BYTES } from './limits';

/**
 * An external id is read back through its URL (and answered with it as Location): a longer one
 * would not fit in a request line or response header (Node refuses headers beyond 16 KB).
 */
const MAX_EXTERNAL_ID_LENGTH = 1000;

/** The file opened now (a deletion after this still reads to its end), or undefined when it is gone. */
function openFile(file: string): UserFile | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return undefined;
    throw e;
  }
  return { stream: fs.createReadStream('', { fd }), length: fs.fstatSync(fd).size };
}

const isReadable = (v: unknown): v is Readable => v instanceof Readable;

function writeTemp(file: string, text: string): string {
  fs.writeFileSync(file, text, { flag: 'wx' });
  return file;
}

function appView(req: FastifyRequest, a: ApplicationDoc) {
  return { ...a, self: `${baseUrl(req)}/application/applications/${a.id}` };
}

function externalIdView(req: FastifyRequest, e: ExternalId) {
  const base = baseUrl(req);
  return {
    ...e,
    self: `${base}/identity/externalIds/${encodeURIComponent(e.type)}/${encodeURIComponent(e.externalId)}`,
    managedObject: { id: e.managedObject.id, self: moUrl(req, e.managedObject.id) },
  };
}

export function registerPlatform(app: FastifyInstance, core: Core): void {
  registerUsers(app, core);

  // Tenant -------------------------------------------------------------------------------
  app.get('/tenant/currentTenant', async (req, reply) => {
    const u = core.user(req);
    const apps = core.applications.list({ pageSize: 2000, currentPage: 1 }).items;
    return sendJson(reply, MEDIA.currentTenant, {
      name: u.tenant,
      domainName: req.hostname,
      allowCreateTenants: false,
      customProperties: {},
      self: `${baseUrl(req)}/tenant/currentTenant`,
      applications: { references: apps.map((a) => ({ application: appView(req, a) })) },
    });
  });

  // Applications ---------------------------------------------------------------------------
  const readApps = readRole(core, ROLES.applicationRead);
  const listApps = async (req: FastifyRequest, filter: { name?: string; type?: string }) => {
    const p = paging(q(req));
    const { items, total } = core.applications.list({ ...filter, pageSize: p.pageSize, currentPage: p.currentPage });
    return collection(req, 'applications', items.map((a) => appView(req, a)), p, total);
  };
  app.get('/application/applications', readApps, async (req, reply) =>
    sendJson(reply, MEDIA.applicationCollection, await listApps(req, { name: str(q(req), 'name') || undefined, type: str(q(req), 'type') || undefined })),
  );
  app.get('/application/applicationsByName/:name', readApps, async (req, reply) =>
    sendJson(reply, MEDIA.applicationCollection, await listApps(req, { name: (req.params as { name: string }).name })),
  );
  app.get('/application/applicationsByUser/:user', readApps, async (req, reply) => sendJson(reply, MEDIA.applicationCollection, await listApps(req, {})));

  app.get('/application/applications/:id', async (req, reply) => {
    core.requireRole(req, ROLES.applicationRead);
    const { id } = req.params as { id: string };
    const a = core.applications.get(id);
    if (!a) throw notFound('application', 'application', id);
    return sendJson(reply, MEDIA.application, appView(req, a));
  });

  /** Plugin enabling lives in the shell application's config: a tenant-wide admin decision. */
  app.put('/application/applications/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    return sendJson(reply, MEDIA.application, appView(req, core.applications.update(id, body(req, 'application'))));
  });

  // Identity -------------------------------------------------------------------------------
  app.get('/identity/globalIds/:id/externalIds', async (req, reply) => {
    core.requireRole(req, ROLES.identityRead);
    const { id } = req.params as { id: string };
    return sendJson(reply, MEDIA.externalIdCollection, {
      externalIds: core.identity.list(id).map((e) => externalIdView(req, e)),
      self: `${baseUrl(req)}/identity/globalIds/${id}/externalIds`,
    });
  });

  app.post('/identity/globalIds/:id/externalIds', async (req, reply) => {
    const { id } = req.params as { id: string };
    const b = body(req, 'identity');
    for (const f of ['type', 'externalId']) {
      if (typeof b[f] === 'string' && b[f].length > MAX_EXTERNAL_ID_LENGTH) throw invalid('identity', `'${f}' must not be longer than ${MAX_EXTERNAL_ID_LENGTH} characters`);
    }
    const e = externalIdView(req, core.identity.create(id, b));
    reply.header('Location', e.self);
    return sendJson(reply, MEDIA.externalId, e, 201);
  });

  app.get('/identity/externalIds/:type/:externalId', async (req, reply) => {
    core.requireRole(req, ROLES.identityRead);
    const { type, externalId } = req.params as { type: string; externalId: string };
    const e = core.identity.get(type, externalId);
    if (!e) throw notFound('identity', 'external id', `${type}/${externalId}`);
    return sendJson(reply, MEDIA.externalId, externalIdView(req, e));
  });

  app.delete('/identity/externalIds/:type/:externalId', async (req, reply) => {
    const { type, externalId } = req.params as { type: string; externalId: string };
    core.transaction(() => core.identity.remove(type, externalId));
    return reply.code(204).send();
  });

  // Binaries -------------------------------------------------------------------------------
  // Contents are files under <data>/binaries (core/binaries.ts): an upload and a replacement are
  // streamed to a temporary file there, a download is streamed from the file.
  /** Multipart: `object` (JSON with name and type) and `file`, as the platform's upload. */
  app.post('/inventory/binaries', async (req, reply) => {
    requireInventoryWrite(core, req);
    const { fields, file } = await readMultipartToFile(req, 'inventory', core.binaries.dir);
    try {
      if (!file) throw invalid('inventory', "The part 'file' is missing");
      let meta: unknown;
      if (fields.object !== undefined) {
        try {
          meta = JSON.parse(fields.object);
        } catch {
          throw invalid('inventory', "The part 'object' must be JSON");
        }
        if (!isPlainObject(meta)) throw invalid('inventory', "The part 'object' must be a JSON object");
      }
      const m = meta as Record<string, unknown> | undefined;
      const name = typeof m?.name === 'string' ? m.name : file.filename;
      const contentType = typeof m?.type === 'string' ? m.type : file.mimetype || 'application/octet-stream';
      const { id: _i, self: _s, owner: _o, creationTime: _c, lastUpdated: _l, ...fragments } = m ?? {};
      const mo = core.binaries.createFromFile({ ...fragments, name, type: contentType }, contentType, file.path, core.user(req).userName);
      const self = `${baseUrl(req)}/inventory/binaries/${mo.id}`;
      reply.header('Location', self);
      // The platform answers an upload with the binary's own URL as self (its download address).
      return sendJson(reply, MEDIA.managedObject, { ...withLinks(req, mo), self }, 201);
    } finally {
      if (file) fs.rmSync(file.path, { force: true });
    }
  });

  app.get('/inventory/binaries', readRole(core, ROLES.inventoryRead), async (req, reply) => {
    const p = paging(q(req));
    const page = core.inventory.query({ fragmentType: 'c8y_IsBinary', ...p });
    return sendJson(reply, MEDIA.managedObjectCollection, collection(req, 'managedObjects', page.items.map((d) => withLinks(req, d)), p, page.totalElements));
  });

  app.get('/inventory/binaries/:id', async (req, reply) => {
    core.requireRole(req, ROLES.inventoryRead);
    const { id } = req.params as { id: string };
    const bin = core.binaries.read(id);
    const content = bin && openFile(bin.path);
    if (!bin || !content) throw notFound('inventory', 'binary', id);
    return sendUserBytes(reply, content, bin.contentType, bin.name || `binary-${id}`);
  });

  // Raw bytes of any media type but JSON and forms (read as before) arrive unread: streamed to a file.
  app.register(async (raw) => {
    raw.removeContentTypeParser('*');
    raw.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    raw.put('/inventory/binaries/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      requireInventoryWrite(core, req, id);
      if (!core.binaries.has(id)) throw notFound('inventory', 'binary', id);
      const tmp = isReadable(req.body)
        ? await readBodyToFile(req, req.body, core.binaries.dir)
        : writeTemp(core.binaries.tempFile(), typeof req.body === 'string' ? req.body : JSON.stringify(req.body ?? ''));
      const mo = core.binaries.replaceFromFile(id, String(req.headers['content-type'] ?? 'application/octet-stream'), tmp);
      return sendJson(reply, MEDIA.managedObject, withLinks(req, mo), 201);
    });
  });

  app.delete('/inventory/binaries/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    requireInventoryWrite(core, req, id);
    core.binaries.remove(id);
    return reply.code(204).send();
  });
}
