/**
 * The software selection dialog's state (spec 2, section 4): software grouped by name with its
 * versions; names already in the profile are locked with their versions selected; choosing a
 * version makes it the only selected one of its name; Save returns the new selections only.
 */
import type { ProfileSoftware, SoftwarePackage } from '@shared/platform/create-software-ng';
import { compareVersions } from '@shared/domain/version';
import { neededVersions, versionClash, type DependencyNode, type VersionClash } from '@shared/domain/software-package';

export interface VersionEntry {
  id: string;
  version: string;
  url: string;
  selected: boolean;
  /** Default action of a selection. */
  action: 'install';
}

export interface SoftwareGroup {
  name: string;
  versions: VersionEntry[];
  alreadyAssigned: boolean;
}

export interface SelectionResult {
  selected: ProfileSoftware[];
  cancelled: boolean;
}

/** Groups by name (sorted), newest version first; marks and locks what the profile already has. */
export function groupSoftware(packages: readonly SoftwarePackage[], assigned: readonly ProfileSoftware[]): SoftwareGroup[] {
  const byName = new Map<string, VersionEntry[]>();
  const assignedIds = new Set(assigned.map((s) => String(s.id)));
  const assignedNames = new Set(assigned.map((s) => s.name));
  for (const p of packages) {
    if (!p.id || !p.name) continue;
    const list = byName.get(p.name) ?? [];
    list.push({ id: String(p.id), version: p.version ?? '', url: String(p.url ?? ''), selected: assignedIds.has(String(p.id)), action: 'install' });
    byName.set(p.name, list);
  }
  return [...byName.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, versions]) => ({
      name,
      alreadyAssigned: assignedNames.has(name),
      versions: versions.sort((a, b) => {
        const c = compareVersions(b.version, a.version);
        return Number.isNaN(c) ? b.version.localeCompare(a.version) : c;
      }),
    }));
}

/**
 * The list read again (a refetch, the profile re-read): the versions the user chose stay chosen
 * where they are still offered, and their name is not locked now; nothing else changes.
 */
export function keepChoices(next: readonly SoftwareGroup[], previous: readonly SoftwareGroup[]): SoftwareGroup[] {
  const chosen = new Map(previous.filter((g) => !g.alreadyAssigned).flatMap((g) => g.versions.filter((v) => v.selected).map((v): [string, string] => [g.name, v.id])));
  return next.map((g) => {
    const id = chosen.get(g.name);
    return g.alreadyAssigned || !id || !g.versions.some((v) => v.id === id) ? g : { ...g, versions: g.versions.map((v) => ({ ...v, selected: v.id === id })) };
  });
}

/** Earlier choices as groups, for {@link keepChoices} to choose again once the list is read. */
export const chosenGroups = (chosen: readonly ProfileSoftware[]): SoftwareGroup[] =>
  chosen.map((c) => ({ name: c.name, alreadyAssigned: false, versions: [{ id: String(c.id), version: c.version, url: String(c.url ?? ''), selected: true, action: 'install' }] }));

/** Choosing a version: the only selected one of its name; locked names do not change. */
export function chooseVersion(groups: readonly SoftwareGroup[], name: string, id: string): SoftwareGroup[] {
  return groups.map((g) =>
    g.name !== name || g.alreadyAssigned ? g : { ...g, versions: g.versions.map((v) => ({ ...v, selected: v.id === id })) },
  );
}

/** Save: the selected versions of names not already assigned. */
export function saveSelection(groups: readonly SoftwareGroup[]): SelectionResult {
  const selected = groups
    .filter((g) => !g.alreadyAssigned)
    .flatMap((g) => g.versions.filter((v) => v.selected).map((v) => ({ id: v.id, name: g.name, version: v.version, url: v.url, action: v.action })));
  return { selected, cancelled: false };
}

/** Cancel: nothing. */
export const cancelSelection = (): SelectionResult => ({ selected: [], cancelled: true });

/** The dialog's filter: names or versions containing the text, case-insensitive. */
export function filterGroups(groups: readonly SoftwareGroup[], filter: string): SoftwareGroup[] {
  const f = filter.trim().toLowerCase();
  if (!f) return [...groups];
  return groups.filter((g) => g.name.toLowerCase().includes(f) || g.versions.some((v) => v.version.toLowerCase().includes(f)));
}

/**
 * Versions that are or need (down their dependencies) another version of what the profile's
 * software and the versions chosen for other names need with all of theirs: a device holds one
 * version of a name, so such a version could never be installed beside them. Version id -> why.
 */
export function versionClashes(groups: readonly SoftwareGroup[], packages: readonly SoftwarePackage[], assigned: readonly ProfileSoftware[]): Map<string, VersionClash> {
  const byId = new Map(packages.filter((p) => p.id).map((p): [string, DependencyNode] => [String(p.id), p]));
  const clashes = new Map<string, VersionClash>();
  for (const g of groups) {
    if (g.alreadyAssigned) continue;
    const others = groups.filter((o) => o.name !== g.name).flatMap((o) => o.versions.filter((v) => v.selected).map((v) => v.id));
    // The profile's entries as listed come first (one whose package was deleted since still counts).
    const needed = neededVersions(byId, others, assigned.filter((a) => a.name !== g.name).map((a) => [a.name, a.version] as const));
    for (const v of g.versions) {
      const clash = versionClash(v.id, byId, needed);
      if (clash) clashes.set(v.id, clash);
    }
  }
  return clashes;
}

/** A version the user chose for a name the profile got meanwhile in another version (another user's edit). */
export interface KeptVersion {
  chosen: ProfileSoftware;
  kept: ProfileSoftware;
}

/**
 * The dialog's choices added to the profile's software as stored now: a name the profile holds
 * already (another user added it since the dialog listed it as free) keeps its stored version, as
 * a profile holds one version of a name; a different version chosen for it is returned as `kept`
 * so the page can say it was not added.
 */
export function addSelected(stored: readonly ProfileSoftware[], selected: readonly ProfileSoftware[]): { software: ProfileSoftware[]; added: ProfileSoftware[]; kept: KeptVersion[] } {
  const added: ProfileSoftware[] = [];
  const kept: KeptVersion[] = [];
  for (const s of selected) {
    const there = stored.find((x) => x.name === s.name) ?? added.find((x) => x.name === s.name);
    if (!there) added.push(s);
    else if (String(there.id) !== String(s.id)) kept.push({ chosen: s, kept: there });
  }
  return { software: [...stored, ...added], added, kept };
}
