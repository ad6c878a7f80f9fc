import { readFileSync } from 'node:fs';
import { type CoreContext, invalid, isPlainObject, notFound, parseId } from './context';
import { nextId } from './schema';

export const SHELL_APPLICATION = { name: 'Dev shell', key: 'shell-application-key', contextPath: 'shell', type: 'HOSTED' } as const;

/** An application's context path, as the platform accepts it (also the first part of a remotes key). */
export const CONTEXT_PATH = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;
/** A remotes key: `<contextPath>` or `<contextPath>@<version or tag>`; the shell requests /apps/<key>/remoteEntry.js verbatim. */
const REMOTES_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}(@[A-Za-z0-9][A-Za-z0-9_.+-]{0,63})?$/;
const MAX_MODULE_NAME_LENGTH = 200;

export interface RemotesConfig {
  /** `{ "<contextPath>@<version>": ["<exposed module>"] }`, as the platform stores plugin enabling. */
  remotes: Record<string, string[]>;
  excludedRemotes: Record<string, string[]>;
}

export interface ApplicationDoc {
  id: string;
  name: string;
  key: string;
  contextPath?: string;
  type: string;
  availability: string;
  owner: { tenant: { id: string } };
  config?: RemotesConfig;
  manifest?: Record<string, unknown>;
  [k: string]: unknown;
}

interface ManifestRemote {
  id?: string;
  contextPath?: string;
  exposedModule?: string;
  version?: string;
  description?: string;
  defaultEnabled?: boolean;
}

/** The platform UI application the bundle's plugins are enabled for (manifest.json `platformShell`). */
export interface PlatformShellEntry {
  name: string;
  contextPath: string;
  key: string;
  version?: string;
  /** The application's own plugins a new tenant starts with switched off (`config.excludedRemotes`). */
  excludedRemotes?: Record<string, string[]>;
}

interface Manifest {
  name?: string;
  version?: string;
  contextPath?: string;
  key?: string;
  isPackage?: boolean;
  exports?: unknown[];
  remotes?: ManifestRemote[];
  [k: string]: unknown;
}

/** manifest.json is written by another part of the project; a missing or odd one must not stop the server. */
export function readManifest(path: string): Manifest | undefined {
  try {
    const m = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return isPlainObject(m) ? (m as Manifest) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The plugins of the bundle, from `remotes` ({id, contextPath, exposedModule, ...}) or from
 * `exports` ({id, name, module, contextPath, ...}): the manifest's shape is still settling.
 */
function remotesOf(m: Manifest | undefined): ManifestRemote[] {
  const entries = [...(Array.isArray(m?.remotes) ? m!.remotes! : []), ...(Array.isArray(m?.exports) ? m!.exports! : [])].filter(isPlainObject) as Array<
    ManifestRemote & { module?: unknown; name?: unknown }
  >;
  const seen = new Set<string>();
  const out: ManifestRemote[] = [];
  for (const e of entries) {
    if (typeof e.contextPath !== 'string' || seen.has(e.contextPath)) continue;
    seen.add(e.contextPath);
    const exposedModule = typeof e.exposedModule === 'string' ? e.exposedModule : typeof e.module === 'string' ? e.module : undefined;
    out.push({ ...e, id: typeof e.id === 'string' ? e.id : typeof e.name === 'string' ? e.name : e.contextPath, exposedModule });
  }
  return out;
}

/** One version for a bundle plugin everywhere: its application's manifest, its remotes key, its /apps/<ctx>@<version>/ URL. */
function pluginVersion(r: ManifestRemote, m: Manifest | undefined): string {
  return r.version ?? m?.version ?? '0.0.0';
}

const remotesKey = (contextPath: string, version: string) => `${contextPath}@${version}`;
const contextPathOfKey = (key: string) => key.split('@')[0];

export function defaultRemotes(m: Manifest | undefined): RemotesConfig {
  const remotes: Record<string, string[]> = {};
  for (const r of remotesOf(m)) {
    if (!r.defaultEnabled || typeof r.contextPath !== 'string' || typeof r.exposedModule !== 'string') continue;
    (remotes[remotesKey(r.contextPath, pluginVersion(r, m))] ??= []).push(r.exposedModule);
  }
  return { remotes, excludedRemotes: {} };
}

/** manifest.json's `platformShell`, when it names one properly (an odd entry must not stop the server). */
export function platformShellOf(m: Manifest | undefined): PlatformShellEntry | undefined {
  const p = m?.platformShell;
  if (!isPlainObject(p) || typeof p.name !== 'string' || typeof p.key !== 'string' || typeof p.contextPath !== 'string' || !CONTEXT_PATH.test(p.contextPath)) return undefined;
  const excluded = isPlainObject(p.excludedRemotes)
    ? Object.fromEntries(Object.entries(p.excludedRemotes).filter((e): e is [string, string[]] => Array.isArray(e[1]) && e[1].every((m) => typeof m === 'string')))
    : undefined;
  return { name: p.name, key: p.key, contextPath: p.contextPath, ...(typeof p.version === 'string' ? { version: p.version } : {}), ...(excluded ? { excludedRemotes: excluded } : {}) };
}

/** The version the stand-in serves an application's files as (`/apps/<contextPath>@<version>/`); undefined: only `@latest`. */
export function applicationVersion(a: ApplicationDoc): string | undefined {
  const fromManifest = a.manifest?.version;
  if (typeof fromManifest === 'string' && fromManifest) return fromManifest;
  return typeof a.version === 'string' && a.version ? a.version : undefined;
}

export class ApplicationStore {
  constructor(
    private readonly ctx: CoreContext,
    private readonly tenant: string,
  ) {}

  /**
   * The shell applications keep their config once created (it is the tenant admin's choice);
   * package applications follow the manifest.
   */
  sync(manifest: Manifest | undefined): void {
    this.ctx.transaction(() => {
      if (!this.ctx.stmt('SELECT 1 FROM applications WHERE key = ?').get(SHELL_APPLICATION.key)) {
        this.insert({ ...SHELL_APPLICATION, config: defaultRemotes(manifest) });
      }
      this.syncPackages(manifest);
      const platformShell = platformShellOf(manifest);
      if (platformShell) this.syncPlatformShell(platformShell, manifest);
    });
  }

  private syncPackages(manifest: Manifest | undefined): void {
    for (const r of remotesOf(manifest)) {
      if (typeof r.contextPath !== 'string') continue;
      const key = `${r.contextPath}-application-key`;
      const body = {
        name: r.id ?? r.contextPath,
        key,
        contextPath: r.contextPath,
        type: 'HOSTED',
        description: r.description,
        manifest: {
          name: r.id ?? r.contextPath,
          version: pluginVersion(r, manifest),
          contextPath: r.contextPath,
          isPackage: true,
          package: 'plugin',
          exports: Array.isArray(manifest?.exports) ? manifest!.exports : [],
          remotes: { [r.contextPath]: r.exposedModule ? [r.exposedModule] : [] },
          defaultEnabled: r.defaultEnabled ?? false,
        },
      };
      const existing = this.ctx.stmt('SELECT id, json FROM applications WHERE key = ?').get(key) as { id: number; json: string } | undefined;
      if (existing) {
        const previous = JSON.parse(existing.json) as { activeVersionId?: unknown };
        // A tenant admin uploaded a package into it: its manifest is the upload's, not the bundle's.
        if (previous.activeVersionId !== undefined) continue;
        const doc = { ...previous, ...body };
        this.ctx.stmt('UPDATE applications SET name = ?, context_path = ?, json = ? WHERE id = ?').run(body.name, r.contextPath, JSON.stringify(doc), existing.id);
      } else {
        this.insert(body);
      }
    }
  }

  /**
   * The platform UI application (`devicemanagement`): created with the bundle's default-enabled
   * plugins in `config.remotes`, as a tenant admin would enable them. Later the config is the
   * admin's; a sync only (1) moves keys of the bundle's plugins to the version and module the
   * stand-in serves now (it keeps one version per application, and the shell requests
   * /apps/<key>/remoteEntry.js verbatim, so an old key would load nothing), and (2) enables a
   * default-enabled plugin the bundle did not have before, once: a plugin the admin switched off
   * stays off.
   */
  private syncPlatformShell(shell: PlatformShellEntry, manifest: Manifest | undefined): void {
    const appManifest = { name: shell.name, key: shell.key, contextPath: shell.contextPath, ...(shell.version ? { version: shell.version } : {}), noAppSwitcher: false };
    const offeredKey = `offered-remotes:${shell.key}`;
    const defaults = remotesOf(manifest).filter((r) => r.defaultEnabled && typeof r.contextPath === 'string' && typeof r.exposedModule === 'string');
    const existing = this.ctx.stmt('SELECT id, json FROM applications WHERE key = ?').get(shell.key) as { id: number; json: string } | undefined;
    if (!existing) {
      if (this.ctx.stmt('SELECT 1 FROM applications WHERE context_path = ?').get(shell.contextPath)) return;
      this.insert({ name: shell.name, key: shell.key, contextPath: shell.contextPath, type: 'HOSTED', manifest: appManifest, config: { ...defaultRemotes(manifest), excludedRemotes: shell.excludedRemotes ?? {} } });
    } else {
      const doc = JSON.parse(existing.json) as ApplicationDoc;
      const config = (isPlainObject(doc.config) ? doc.config : {}) as Partial<RemotesConfig> & Record<string, unknown>;
      const current = this.bundlePluginKeys(manifest);
      const remotes = followBundle(isPlainObject(config.remotes) ? config.remotes : {}, current);
      const excludedRemotes = followBundle(isPlainObject(config.excludedRemotes) ? config.excludedRemotes : {}, current);
      const offered = new Set(this.offered(offeredKey));
      for (const r of defaults) {
        const cp = r.contextPath!;
        if (offered.has(cp) || Object.keys(excludedRemotes).some((k) => contextPathOfKey(k) === cp)) continue;
        const key = remotesKey(cp, pluginVersion(r, manifest));
        remotes[key] = [...new Set([...(remotes[key] ?? []), r.exposedModule!])];
      }
      const next = { ...doc, name: shell.name, manifest: { ...(isPlainObject(doc.manifest) ? doc.manifest : {}), ...appManifest }, config: { ...config, remotes, excludedRemotes } };
      this.ctx.stmt('UPDATE applications SET name = ?, json = ? WHERE id = ?').run(shell.name, JSON.stringify(next), existing.id);
    }
    const offered = new Set([...this.offered(offeredKey), ...defaults.map((r) => r.contextPath!)]);
    this.ctx.stmt('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(offeredKey, JSON.stringify([...offered].sort()));
  }

  /** Context paths of the default-enabled plugins already enabled once for an application (kept beside the data, not in the application). */
  private offered(metaKey: string): string[] {
    const row = this.ctx.stmt('SELECT value FROM meta WHERE key = ?').get(metaKey) as { value: string } | undefined;
    try {
      const v = JSON.parse(row?.value ?? '[]') as unknown;
      return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  }

  /** Context path -> [remotes key, module] of each bundle plugin still served from the bundle (not replaced by an upload). */
  private bundlePluginKeys(manifest: Manifest | undefined): Map<string, [string, string]> {
    const out = new Map<string, [string, string]>();
    for (const r of remotesOf(manifest)) {
      if (typeof r.contextPath !== 'string' || typeof r.exposedModule !== 'string') continue;
      const app = this.byContextPath(r.contextPath);
      if (!app || app.activeVersionId !== undefined) continue;
      out.set(r.contextPath, [remotesKey(r.contextPath, pluginVersion(r, manifest)), r.exposedModule]);
    }
    return out;
  }

  private insert(body: { name: string; key: string; contextPath: string; type: string; [k: string]: unknown }): void {
    const doc = { availability: 'PRIVATE', owner: { tenant: { id: this.tenant } }, ...body };
    this.ctx.stmt('INSERT INTO applications (id, name, key, context_path, json) VALUES (?, ?, ?, ?, ?)').run(nextId(this.ctx, 'applications'), body.name, body.key, body.contextPath, JSON.stringify(doc));
  }

  private toDoc(r: { id: number; json: string }): ApplicationDoc {
    return { ...(JSON.parse(r.json) as ApplicationDoc), id: String(r.id) };
  }

  byContextPath(contextPath: string): ApplicationDoc | undefined {
    const r = this.ctx.stmt('SELECT id, json FROM applications WHERE context_path = ?').get(contextPath) as { id: number; json: string } | undefined;
    return r && this.toDoc(r);
  }

  get(id: string): ApplicationDoc | undefined {
    const r = this.ctx.stmt('SELECT id, json FROM applications WHERE id = ?').get(parseId(id) ?? -1) as { id: number; json: string } | undefined;
    return r && this.toDoc(r);
  }

  list(f: { name?: string; type?: string; pageSize: number; currentPage: number }): { items: ApplicationDoc[]; total: number } {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.name !== undefined) {
      where.push('name = ?');
      params.push(f.name);
    }
    if (f.type !== undefined) {
      where.push("json_extract(json, '$.type') = ?");
      params.push(f.type);
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const rows = this.ctx.stmt(`SELECT id, json FROM applications ${w} ORDER BY id LIMIT ? OFFSET ?`).all(...params, f.pageSize, (f.currentPage - 1) * f.pageSize) as Array<{
      id: number;
      json: string;
    }>;
    const { n } = this.ctx.stmt(`SELECT count(*) AS n FROM applications ${w}`).get(...params) as { n: number };
    return { items: rows.map((r) => this.toDoc(r)), total: n };
  }

  /**
   * Name, description and config are editable; identity fields (key, contextPath, type) are not.
   * `config` is replaced as a whole, as on the platform (@c8y/client's updateApplicationConfig
   * reads the config, merges the change and sends all of it; a reset sends it without remotes).
   */
  update(id: string, patch: unknown): ApplicationDoc {
    if (!isPlainObject(patch)) throw invalid('application', 'An application must be a JSON object');
    if (patch.config !== undefined) validateConfig(patch.config);
    for (const f of ['name', 'description'] as const) {
      if (patch[f] !== undefined && typeof patch[f] !== 'string') throw invalid('application', `'${f}' must be a string`);
    }
    return this.ctx.transaction(() => {
      const current = this.get(id);
      if (!current) throw notFound('application', 'application', id);
      const doc: ApplicationDoc = { ...current } as ApplicationDoc;
      if (typeof patch.name === 'string') doc.name = patch.name;
      if (typeof patch.description === 'string') doc.description = patch.description;
      if (patch.config !== undefined) doc.config = patch.config as unknown as RemotesConfig;
      const { id: _id, ...stored } = doc;
      this.ctx.stmt('UPDATE applications SET name = ?, json = ? WHERE id = ?').run(doc.name, JSON.stringify(stored), Number(id));
      return this.get(id)!;
    });
  }
}

function validateConfig(config: unknown): void {
  if (!isPlainObject(config)) throw invalid('application', "'config' must be an object");
  for (const field of ['remotes', 'excludedRemotes']) {
    const v = config[field];
    if (v === undefined) continue;
    const shape = `'config.${field}' must map "<contextPath>@<version>" to a list of module names`;
    if (!isPlainObject(v)) throw invalid('application', shape);
    for (const [key, mods] of Object.entries(v)) {
      if (!REMOTES_KEY.test(key)) throw invalid('application', `${shape}; '${key.slice(0, 140)}' is not a context path with an optional @version`);
      if (!Array.isArray(mods) || !mods.every((m) => typeof m === 'string' && m.length > 0 && m.length <= MAX_MODULE_NAME_LENGTH && !/[\u0000-\u001f]/.test(m))) {
        throw invalid('application', shape);
      }
    }
  }
}

/** A remotes map with each bundle plugin's key moved to the version and module the stand-in serves (other keys untouched). */
function followBundle(map: Record<string, unknown>, current: Map<string, [string, string]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, mods] of Object.entries(map)) {
    if (!Array.isArray(mods)) continue;
    const now = current.get(contextPathOfKey(key));
    if (!now) out[key] = [...new Set([...(out[key] ?? []), ...(mods as string[])])];
    else out[now[0]] = [now[1]];
  }
  return out;
}
