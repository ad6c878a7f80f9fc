/**
 * Installing application packages as a tenant admin does on the platform: create a HOSTED
 * application (POST /application/applications), then upload its zip (POST
 * /application/applications/{id}/binaries), which is unpacked and served under
 * /apps/<contextPath>/. A plugin package (cumulocity.json with isPackage) is then listed by
 * /application/applications like the bundle's own plugins, with the cumulocity.json as its
 * `manifest`, and the shell loads it. DELETE /application/applications/{id} removes the
 * application and its unpacked files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../core/api';
import type { ApplicationDoc } from '../core/applications';
import { SHELL_APPLICATION } from '../core/applications';
import { invalid, isPlainObject, notFound } from '../core/context';
import type { Core } from '../core/core';
import { nextId } from '../core/schema';
import { baseUrl, body, MEDIA, sendJson } from '../http/common';
import { readMultipartToFile, UPLOAD_FILE_PREFIX } from '../http/multipart';
import { unpackZip, ZipError } from './unzip';

export const MANIFEST_FILE = 'cumulocity.json';
/** Largest cumulocity.json read (as the plugins page reads it: shell-dev/app/plugin-host/package-file.ts). */
export const MAX_MANIFEST_BYTES = 1024 * 1024;
const STAGING_PREFIX = '.staging-';
const OLD_PREFIX = '.old-';
/**
 * Context paths the stand-in itself answers (an app there would hide the API); `public` holds the
 * login app and what the shell reads before login (/apps/public/public-options@app-<ctx>/,
 * /apps/public/user-defined-translations/), which an upload there would replace.
 */
const RESERVED_CONTEXT_PATHS = new Set(['public', 'apps', 'service', 'inventory', 'alarm', 'event', 'devicecontrol', 'user', 'tenant', 'application', 'identity', 'audit', 'health', 'cep', 'notification']);
const CONTEXT_PATH = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;
const APPLICATION_TYPES = ['HOSTED', 'EXTERNAL', 'MICROSERVICE'] as const;

const conflict = (message: string) => new HttpError(409, 'application/Conflict', message);

export function appView(req: FastifyRequest, a: ApplicationDoc) {
  return { ...a, self: `${baseUrl(req)}/application/applications/${a.id}` };
}

function readApp(core: Core, id: string): ApplicationDoc {
  const a = core.applications.get(id);
  if (!a) throw notFound('application', 'application', id);
  return a;
}

function writeApp(core: Core, doc: ApplicationDoc): void {
  const { id, ...stored } = doc;
  core.ctx.stmt('UPDATE applications SET name = ?, json = ? WHERE id = ?').run(doc.name, JSON.stringify(stored), Number(id));
}

/** A new folder beside the installed applications to unpack an upload into (on their file system, so publish is one rename). */
function stagingDir(installedDir: string, contextPath: string): string {
  return path.join(installedDir, `${STAGING_PREFIX}${contextPath}-${randomBytes(6).toString('hex')}`);
}

/** The unpacked files replace the previous version in one rename: a request sees old or new, never half. */
function publish(installedDir: string, contextPath: string, staging: string): void {
  const target = path.join(installedDir, contextPath);
  const old = path.join(installedDir, `${OLD_PREFIX}${contextPath}-${randomBytes(6).toString('hex')}`);
  try {
    if (fs.existsSync(target)) fs.renameSync(target, old);
    fs.renameSync(staging, target);
  } finally {
    fs.rmSync(old, { recursive: true, force: true });
  }
}

/** What a crash left behind: upload files, half-unpacked and replaced folders. */
function removeLeftovers(installedDir: string, uploadDir: string): void {
  for (const [dir, prefixes] of [[installedDir, [STAGING_PREFIX, OLD_PREFIX]], [uploadDir, [UPLOAD_FILE_PREFIX]]] as const) {
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      if (prefixes.some((p) => name.startsWith(p))) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

/** Renamed away first, so a request sees the files or none, never a half-deleted folder. */
function unpublish(installedDir: string, contextPath: string): void {
  const target = path.join(installedDir, contextPath);
  if (!fs.existsSync(target)) return;
  const old = path.join(installedDir, `${OLD_PREFIX}${contextPath}-${randomBytes(6).toString('hex')}`);
  fs.renameSync(target, old);
  fs.rmSync(old, { recursive: true, force: true });
}

/** The package manifest, as the shell and the platform read it, from the unpacked folder. */
function packageManifest(dir: string, names: string[], contextPath: string): Record<string, unknown> | undefined {
  if (!names.includes(MANIFEST_FILE)) return undefined;
  const file = path.join(dir, MANIFEST_FILE);
  if (fs.statSync(file).size > MAX_MANIFEST_BYTES) throw invalid('application', `${MANIFEST_FILE} is larger than ${MAX_MANIFEST_BYTES} bytes`);
  let m: unknown;
  try {
    m = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw invalid('application', `${MANIFEST_FILE} is not valid JSON`);
  }
  if (!isPlainObject(m)) throw invalid('application', `${MANIFEST_FILE} must be a JSON object`);
  if (m.contextPath !== undefined && m.contextPath !== contextPath) {
    throw invalid('application', `${MANIFEST_FILE} names the context path '${String(m.contextPath)}', the application has '${contextPath}'`);
  }
  return m;
}

/**
 * `installedDir` holds the unpacked applications, `uploadDir` an upload while it arrives (both in
 * the data folder: a 200 MB upload goes to disk, not into memory).
 */
export function registerPackages(app: FastifyInstance, core: Core, installedDir: string, uploadDir: string): void {
  removeLeftovers(installedDir, uploadDir);
  app.post('/application/applications', async (req, reply) => {
    const b = body(req, 'application');
    for (const f of ['name', 'key'] as const) {
      if (typeof b[f] !== 'string' || !(b[f] as string).trim()) throw invalid('application', `'${f}' is required`);
    }
    if (!APPLICATION_TYPES.includes(b.type as (typeof APPLICATION_TYPES)[number])) throw invalid('application', `'type' must be one of ${APPLICATION_TYPES.join(', ')}`);
    if (b.type !== 'HOSTED') throw invalid('application', 'The stand-in hosts HOSTED applications only');
    const contextPath = b.contextPath === undefined ? b.name : b.contextPath;
    if (typeof contextPath !== 'string' || !CONTEXT_PATH.test(contextPath) || RESERVED_CONTEXT_PATHS.has(contextPath.toLowerCase())) {
      throw invalid('application', "'contextPath' must be letters, digits, '.', '_' or '-' and not a path of the platform");
    }
    if (b.description !== undefined && typeof b.description !== 'string') throw invalid('application', "'description' must be a string");
    const doc = {
      name: (b.name as string).trim(),
      key: (b.key as string).trim(),
      contextPath,
      type: 'HOSTED',
      availability: b.availability === 'MARKET' ? 'MARKET' : 'PRIVATE',
      owner: { tenant: { id: core.tenant } },
      ...(typeof b.description === 'string' ? { description: b.description } : {}),
      ...(isPlainObject(b.manifest) ? { manifest: b.manifest } : {}),
    };
    const id = core.transaction(() => {
      if (core.ctx.stmt('SELECT 1 FROM applications WHERE key = ?').get(doc.key)) throw conflict(`An application with key '${doc.key}' exists`);
      if (core.ctx.stmt('SELECT 1 FROM applications WHERE context_path = ?').get(contextPath)) throw conflict(`An application with context path '${contextPath}' exists`);
      // Ids come from the sequence: a deleted application's id is never handed out again.
      const newId = nextId(core.ctx, 'applications');
      core.ctx.stmt('INSERT INTO applications (id, name, key, context_path, json) VALUES (?, ?, ?, ?, ?)').run(newId, doc.name, doc.key, contextPath, JSON.stringify(doc));
      return String(newId);
    });
    const created = appView(req, readApp(core, id));
    reply.header('Location', created.self);
    return sendJson(reply, MEDIA.application, created, 201);
  });

  app.post('/application/applications/:id/binaries', async (req, reply) => {
    const { id } = req.params as { id: string };
    const current = readApp(core, id);
    if (current.type !== 'HOSTED' || typeof current.contextPath !== 'string') throw invalid('application', 'Only HOSTED applications take a zip');
    if (current.key === SHELL_APPLICATION.key) throw invalid('application', 'The shell is served from the build; it cannot be replaced by an upload');
    const { file } = await readMultipartToFile(req, 'application', uploadDir);
    if (!file) throw invalid('application', "The part 'file' (the application's zip) is missing");
    const contextPath = current.contextPath;
    const staging = stagingDir(installedDir, contextPath);
    let manifest: Record<string, unknown> | undefined;
    try {
      let names: string[];
      try {
        names = await unpackZip(file.path, staging);
      } catch (e) {
        if (e instanceof ZipError) throw invalid('application', e.message);
        throw e;
      }
      if (names.length === 0) throw invalid('application', 'The zip holds no files');
      manifest = packageManifest(staging, names, contextPath);
      if (!names.some((n) => n === 'index.html' || n === 'remoteEntry.js')) {
        throw invalid('application', 'The zip holds neither index.html nor remoteEntry.js at its top level');
      }
      // Files first: a crash between the two steps leaves files the record does not name yet, never a record without files.
      publish(installedDir, contextPath, staging);
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
      fs.rmSync(file.path, { force: true });
    }
    const binaryId = String(core.clock.now());
    const updated = core.transaction(() => {
      const doc = readApp(core, id);
      const next: ApplicationDoc = {
        ...doc,
        activeVersionId: binaryId,
        ...(manifest ? { manifest: { ...manifest, contextPath }, ...(typeof manifest.version === 'string' ? { version: manifest.version } : {}) } : {}),
      };
      writeApp(core, next);
      return readApp(core, id);
    });
    return sendJson(reply, MEDIA.application, appView(req, updated), 201);
  });

  app.delete('/application/applications/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    const current = readApp(core, id);
    // The shell keeps the tenant's plugin settings in its config: without it no plugin loads.
    if (current.key === SHELL_APPLICATION.key) throw invalid('application', 'The shell application cannot be deleted');
    core.transaction(() => core.ctx.stmt('DELETE FROM applications WHERE id = ?').run(Number(id)));
    // The record first: a crash in between leaves files no application names (the next upload to that context path replaces them), never an application without its files.
    if (typeof current.contextPath === 'string' && CONTEXT_PATH.test(current.contextPath)) unpublish(installedDir, current.contextPath);
    return reply.code(204).send();
  });
}
