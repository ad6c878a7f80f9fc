import { readFileSync } from 'node:fs';
import { type CoreContext, invalid, isPlainObject, notFound, parseId } from './context';

export const SHELL_APPLICATION = { name: 'Dev shell', key: 'shell-application-key', contextPath: 'shell', type: 'HOSTED' } as const;

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

export function defaultRemotes(m: Manifest | undefined): RemotesConfig {
  const remotes: Record<string, string[]> = {};
  for (const r of remotesOf(m)) {
    if (!r.defaultEnabled || typeof r.contextPath !== 'string' || typeof r.exposedModule !== 'string') continue;
    const key = `${r.contextPath}@${r.version ?? m?.version ?? '0.0.0'}`;
    (remotes[key] ??= []).push(r.exposedModule);
  }
  return { remotes, excludedRemotes: {} };
}

export class ApplicationStore {
  constructor(
    private readonly ctx: CoreContext,
    private readonly tenant: string,
  ) {}

  /** The shell application keeps its config once created; package applications follow the manifest. */
  sync(manifest: Manifest | undefined): void {
    this.ctx.transaction(() => {
      if (!this.ctx.stmt('SELECT 1 FROM applications WHERE key = ?').get(SHELL_APPLICATION.key)) {
        this.insert({ ...SHELL_APPLICATION, config: defaultRemotes(manifest) });
      }
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
            version: r.version ?? manifest?.version,
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
    });
  }

  private insert(body: { name: string; key: string; contextPath: string; type: string; [k: string]: unknown }): void {
    const doc = { availability: 'PRIVATE', owner: { tenant: { id: this.tenant } }, ...body };
    this.ctx.stmt('INSERT INTO applications (name, key, context_path, json) VALUES (?, ?, ?, ?)').run(body.name, body.key, body.contextPath, JSON.stringify(doc));
  }

  private toDoc(r: { id: number; json: string }): ApplicationDoc {
    return { ...(JSON.parse(r.json) as ApplicationDoc), id: String(r.id) };
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

  /** Name, description and config are editable; identity fields (key, contextPath, type) are not. */
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
      if (patch.config !== undefined) doc.config = { ...(current.config ?? {}), ...(patch.config as object) } as RemotesConfig;
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
    if (!isPlainObject(v) || !Object.values(v).every((mods) => Array.isArray(mods) && mods.every((m) => typeof m === 'string'))) {
      throw invalid('application', `'config.${field}' must map "<contextPath>@<version>" to a list of module names`);
    }
  }
}
