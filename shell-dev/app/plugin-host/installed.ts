/**
 * Plugin packages a tenant admin installed: applications of the tenant whose `manifest` (the
 * package's cumulocity.json, as the platform keeps it) declares a plugin package. They join the
 * bundle's own plugins and load from /apps/<contextPath>/ like them.
 */
import type { Application } from '@shared/platform/applications';
import type { BundleManifest, PluginManifestEntry } from './enabled';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** The loader requests `<id>/<module>`: a manifest's `./plugin` is the module `plugin`. */
export const moduleName = (m: string): string => m.replace(/^\.\//, '');

/** Whether a cumulocity.json declares a plugin package (the platform's `isPackage` with `package: 'plugin'`). */
export function isPluginPackage(manifest: unknown): manifest is Json {
  return isObject(manifest) && manifest.isPackage === true && manifest.package === 'plugin';
}

/**
 * The remote containers of a package: `remotes` maps a container (federation) name to its exposed
 * modules; a manifest without it names its one container by `name`, exposing the first export.
 */
function containersOf(m: Json, exported: Json[]): Array<{ id: string; module: string }> {
  if (isObject(m.remotes)) {
    return Object.entries(m.remotes).flatMap(([id, modules]) => {
      const first = Array.isArray(modules) ? modules.find((x): x is string => typeof x === 'string' && x.trim() !== '') : undefined;
      return first && id.trim() ? [{ id, module: moduleName(first) }] : [];
    });
  }
  const id = text(m.name);
  const module = text(exported[0]?.module);
  return id && module ? [{ id, module: moduleName(module) }] : [];
}

/** The plugins of one application; none when it is no plugin package. */
export function packagePlugins(app: Application): PluginManifestEntry[] {
  const m = app.manifest;
  if (!isPluginPackage(m)) return [];
  const contextPath = text(app.contextPath) ?? text(m.contextPath);
  if (!contextPath) return [];
  const exported = Array.isArray(m.exports) ? m.exports.filter(isObject) : [];
  const version = text(m.version) ?? text(app.version) ?? '0.0.0';
  return containersOf(m, exported).map(({ id, module }) => {
    const exp = exported.find((e) => typeof e.module === 'string' && moduleName(e.module) === module);
    const routes = Array.isArray(exp?.routes) ? exp.routes.filter((r): r is string => typeof r === 'string') : [];
    return {
      id,
      name: text(exp?.name) ?? text(m.name) ?? app.name,
      module,
      contextPath,
      version,
      // The platform enables an uploaded plugin at once; the tenant can still switch it off.
      defaultEnabled: true,
      description: text(exp?.description) ?? text(m.description) ?? text(app.description) ?? '',
      ...(routes.length ? { routes } : {}),
      installed: { applicationId: String(app.id), applicationName: app.name, replaces: [] },
    };
  });
}

/**
 * The platform lists the bundle's own plugins as applications too (the stand-in does as well):
 * one at a bundle plugin's context path is the bundle's until a zip is uploaded into it.
 */
const isBundlesOwn = (app: Application, bundle: BundleManifest): boolean =>
  !app.activeVersionId && bundle.exports.some((p) => p.contextPath === app.contextPath);

/** Upload order: the binary ids (the stand-in's are times) grow with each upload, then the application's. */
function uploadOrder(a: Application, b: Application): number {
  const n = (v: unknown) => (typeof v === 'string' || typeof v === 'number') && /^\d+$/.test(String(v)) ? Number(v) : 0;
  return n(a.activeVersionId) - n(b.activeVersionId) || n(a.id) - n(b.id);
}

const withoutReplacements = (p: PluginManifestEntry): PluginManifestEntry =>
  p.installed ? { ...p, installed: { ...p.installed, replaces: [] } } : p;

/**
 * The bundle with the tenant's installed plugin packages. Federation names are unique on a page:
 * an installed plugin with the id (or the context path) of another replaces it, the newest upload
 * winning over older ones and over the bundle's, as on the platform; the winner names what it
 * replaces. A replacement takes the place of what it replaces; new plugins follow the bundle's.
 */
export function withInstalledPlugins(bundle: BundleManifest, applications: readonly Application[]): BundleManifest {
  const installed = applications
    .filter((a) => !isBundlesOwn(a, bundle))
    .sort(uploadOrder)
    .flatMap(packagePlugins);
  let plugins = [...bundle.exports];
  for (const p of installed) {
    const replaced = plugins.filter(
      (q) => q.id === p.id || (q.contextPath === p.contextPath && q.installed?.applicationId !== p.installed?.applicationId),
    );
    const at = replaced.length ? plugins.indexOf(replaced[0]) : plugins.length;
    const entry: PluginManifestEntry = {
      ...p,
      installed: { ...p.installed!, replaces: replaced.flatMap((q) => [...(q.installed?.replaces ?? []), withoutReplacements(q)]) },
    };
    plugins = [...plugins.slice(0, at).filter((q) => !replaced.includes(q)), entry, ...plugins.slice(at).filter((q) => !replaced.includes(q))];
  }
  return { ...bundle, exports: plugins };
}
