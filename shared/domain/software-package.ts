/** Software package rules of the repository, selection and software tab. */
import { compareVersions } from './version';

/** Part of a URL that marks an included SAS token (a query right after the .zip ending). */
const ZIP_WITH_QUERY = '.zip?';
const ZIP = '.zip';

/** True when the URL carries its access token (e.g. an Azure SAS) after '.zip'. */
export const hasIncludedSas = (url: string | null | undefined): boolean => !!url && url.includes(ZIP_WITH_QUERY);

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * full_packagename from a URL: its last path segment, cut after '.zip' when a query/SAS token
 * follows, then URL-decoded.
 */
export function fullPackageNameFromUrl(url: string | null | undefined): string {
  if (!url) return '';
  let path = url.trim();
  const zip = path.indexOf(ZIP_WITH_QUERY);
  if (zip >= 0) path = path.slice(0, zip + ZIP.length);
  else path = path.split('#')[0];
  const segments = path.split('/').filter(Boolean);
  return decode(segments[segments.length - 1] ?? '');
}

/** A URL a device can download a package from: absolute, http or https, with a host. */
export function isDownloadUrl(url: string): boolean {
  try {
    const u = new URL(url.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** full_packagename from a picked or dropped file: its name. */
export const fullPackageNameFromFile = (file: { name: string }): string => file.name;

/** Package types that can never be deleted from a device. */
export const UNDELETABLE_PACKAGE_TYPES: readonly string[] = ['AGENT', 'AGENTUPDATER', 'WINDOWS'];
/** The role that allows deleting software entries. */
export const ROLE_MANAGE_SOFTWARE_ADMIN = 'ROLE_MANAGE_SOFTWARE_ADMIN';

/** Whether a device's package may be deleted by a user with these roles. */
export function canDeletePackage(pkg: { type?: string | null }, roles: readonly string[]): boolean {
  return roles.includes(ROLE_MANAGE_SOFTWARE_ADMIN) && !UNDELETABLE_PACKAGE_TYPES.includes(String(pkg.type ?? '').toUpperCase());
}

/** A version reported as "unknown" counts as empty. */
export const normalizeVersion = (version: string | null | undefined): string =>
  !version || version.trim().toLowerCase() === 'unknown' ? '' : version;

/** Software whose name starts with KB (Windows updates) is left out of transfer and service lists. */
export const isWindowsUpdate = (name: string | null | undefined): boolean => !!name && name.startsWith('KB');

/** Sort order of the repository: name, then version (version order, text order for invalid versions). */
export function compareByNameThenVersion(a: { name: string; version: string }, b: { name: string; version: string }): number {
  const byName = a.name.localeCompare(b.name);
  if (byName !== 0) return byName;
  const byVersion = compareVersions(a.version, b.version);
  return Number.isNaN(byVersion) ? a.version.localeCompare(b.version) : byVersion;
}

/** The repository's text filter: name or version contains the text, case-insensitive. */
export function matchesNameOrVersion(pkg: { name?: string; version?: string }, text: string): boolean {
  const t = text.trim().toLowerCase();
  if (!t) return true;
  return (pkg.name ?? '').toLowerCase().includes(t) || (pkg.version ?? '').toLowerCase().includes(t);
}

/**
 * Whether an available package may not be added as a dependency of the edited one: the package
 * itself, or one whose own dependencies refer to the edited package (a circle).
 */
export function isCircularDependency(candidate: { id?: string; dependencies?: readonly { id: string }[] }, editedId: string): boolean {
  return candidate.id === editedId || (candidate.dependencies ?? []).some((d) => d.id === editedId);
}

/** A package as the dependency rules read it: its dependencies name other packages by id. */
export interface DependencyNode {
  name: string;
  version: string;
  dependencies?: readonly { id: string | number }[] | null;
}

/** Ids reachable from the start ids by following dependencies (the starts included). */
export function reachableIds(byId: ReadonlyMap<string, Pick<DependencyNode, 'dependencies'>>, startIds: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...startIds];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const d of byId.get(id)?.dependencies ?? []) stack.push(String(d.id));
  }
  return seen;
}

/**
 * A package that another version of is already needed: a device holds one version of a name, so
 * both can never be installed (the one installed second replaces the first).
 */
export interface VersionClash {
  name: string;
  version: string;
  /** The version already needed. */
  other: string;
}

/**
 * Name -> version needed by the given packages with all their dependencies; `first` (name,
 * version pairs) are needed before them. The first version seen of a name wins.
 */
export function neededVersions(byId: ReadonlyMap<string, DependencyNode>, startIds: readonly string[], first: readonly (readonly [string, string])[] = []): Map<string, string> {
  const needed = new Map<string, string>();
  for (const [name, version] of first) if (!needed.has(name)) needed.set(name, version);
  for (const id of reachableIds(byId, startIds)) {
    const q = byId.get(id);
    if (q && !needed.has(q.name)) needed.set(q.name, q.version);
  }
  return needed;
}

/** The first package that `id` is or needs in another version than the one already needed, null when none. */
export function versionClash(id: string, byId: ReadonlyMap<string, DependencyNode>, needed: ReadonlyMap<string, string>): VersionClash | null {
  for (const reached of reachableIds(byId, [id])) {
    const q = byId.get(reached);
    const other = q && needed.get(q.name);
    if (q && other !== undefined && other !== q.version) return { name: q.name, version: q.version, other };
  }
  return null;
}

/**
 * Names that the given packages with everything they need ask for in more than one version, as
 * "name (v1, v2)" in version order; empty when a device can hold them all.
 */
export function namesInTwoVersions(byId: ReadonlyMap<string, DependencyNode>, startIds: readonly string[]): string[] {
  const versions = new Map<string, Set<string>>();
  for (const id of reachableIds(byId, startIds)) {
    const p = byId.get(id);
    if (!p) continue;
    const seen = versions.get(p.name) ?? new Set<string>();
    versions.set(p.name, seen.add(p.version));
  }
  return [...versions]
    .filter(([, v]) => v.size > 1)
    .map(([name, v]) => `${name} (${[...v].sort((a, b) => compareVersions(a, b) || a.localeCompare(b)).join(', ')})`);
}

/** Where a selectable item's binary lives (select-software dialog). */
export type SoftwareStorage = 'Profile' | 'External' | 'Local';

/** 'Profile' for device profiles, 'External' when the URL is on a known external storage host, else 'Local'. */
export function storageOf(item: { isProfile?: boolean; url?: string | null }, externalHosts: readonly string[]): SoftwareStorage {
  if (item.isProfile) return 'Profile';
  const url = item.url ?? '';
  return externalHosts.some((prefix) => prefix && url.startsWith(prefix)) ? 'External' : 'Local';
}

/** Package statuses that end an installation well. */
export const DONE_PACKAGE_STATUSES: readonly string[] = ['installed', 'executed'];
/** Any status naming a failure ('failed', 'download failed', 'installation failed', ...). */
export const isFailedPackageStatus = (status: string | null | undefined): boolean => !!status && status.toLowerCase().includes('failed');

/**
 * The counters a device carries beside its package list (the lists' "Pending updates" and
 * "Failed installations" columns): entries neither done nor failed are pending, entries naming a
 * failure are failed; entries marked for deletion count for neither. Whoever writes the list
 * writes these with it, or the columns show what is no longer there.
 */
export function packageListCounters(list: readonly { status?: string | null; marked_for_deletion?: boolean | null }[]): { pending: number; failed: number } {
  let pending = 0;
  let failed = 0;
  for (const e of list) {
    if (e.marked_for_deletion === true) continue;
    if (isFailedPackageStatus(e.status)) failed++;
    else if (!DONE_PACKAGE_STATUSES.includes(e.status ?? '')) pending++;
  }
  return { pending, failed };
}

/**
 * One entry of a device's software package list (device-operations.md §3), as the device reports
 * it: the console tolerates missing fields; the stand-in's service writes version and status always.
 */
export interface SoftwarePackageEntry {
  name: string;
  version?: string;
  status?: string;
  type?: string;
  last_status_timestamp?: string;
  failure_message?: string;
  marked_for_deletion?: boolean;
  repository_id?: string;
  url?: string;
  installation_requires_approval?: boolean;
  c8y_encryptionKey?: unknown;
  [field: string]: unknown;
}
