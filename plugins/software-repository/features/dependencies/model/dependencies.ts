/**
 * Dependency rules of the software repository: which packages the dependency modal offers,
 * which are circular, and the transitive graph with its install order.
 */
import type { SoftwareDependency, SoftwarePackage } from '@shared/platform/create-software-ng';
import { compareByNameThenVersion, isCircularDependency, matchesNameOrVersion, neededVersions, reachableIds, versionClash, type VersionClash } from '@shared/domain/software-package';

type Pkg = Pick<SoftwarePackage, 'id' | 'name' | 'version' | 'dependencies'>;

export const byIdOf = <P extends Pkg>(packages: readonly P[]): Map<string, P> => new Map(packages.filter((p) => p.id).map((p) => [p.id as string, p]));

/**
 * A candidate may not be added when one of its dependencies refers to the edited package (the
 * spec's rule) or, further down, one of theirs does: the service refuses that circle too.
 */
export function isCircular(candidate: Pkg, editedId: string, byId: ReadonlyMap<string, Pkg>): boolean {
  if (isCircularDependency({ id: candidate.id, dependencies: candidate.dependencies ?? [] }, editedId)) return true;
  return reachableIds(byId, (candidate.dependencies ?? []).map((d) => String(d.id))).has(editedId);
}

/**
 * The cycle that adding candidateId to the edited package would close, as ids: edited ->
 * candidate -> ... -> edited (shortest), or null when there is none.
 */
export function cyclePath(candidateId: string, editedId: string, byId: ReadonlyMap<string, Pkg>): string[] | null {
  const parent = new Map<string, string | null>([[candidateId, null]]);
  const queue = [candidateId];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    if (id === editedId) {
      const path: string[] = [];
      for (let at: string | null = id; at !== null; at = parent.get(at) ?? null) path.unshift(at);
      return [editedId, ...path];
    }
    for (const d of byId.get(id)?.dependencies ?? []) {
      const next = String(d.id);
      if (!parent.has(next)) {
        parent.set(next, id);
        queue.push(next);
      }
    }
  }
  return null;
}

/** A cycle as the user reads it: 'a 1.0 -> b 2.0 -> a 1.0'. */
export const cycleText = (ids: readonly string[], byId: ReadonlyMap<string, Pkg>): string =>
  ids.map((id) => {
    const p = byId.get(id);
    return p ? `${p.name} ${p.version}` : id;
  }).join(' -> ');

/** The cycles the chosen dependencies would close with the current data (one text per chosen dependency that closes one). */
export function chosenCycles(chosen: readonly SoftwareDependency[], editedId: string, byId: ReadonlyMap<string, Pkg>): string[] {
  return chosen.flatMap((d) => {
    const path = cyclePath(String(d.id), editedId, byId);
    return path ? [cycleText(path, byId)] : [];
  });
}

/**
 * Why a candidate of the same name as the edited package ('edited') or as a chosen dependency
 * ('chosen') cannot be added: a device holds one version of a name, so installing it would replace
 * that one and the dependency could never be met (the service refuses it too).
 */
export type SameName = 'edited' | 'chosen';

export interface Candidate<P extends Pkg> {
  pkg: P;
  circular: boolean;
  sameName: SameName | null;
  /** What the candidate is or needs in another version than the edited package with its chosen dependencies needs. */
  clash: VersionClash | null;
}

/**
 * The 'Available Packages' list: every package but the edited one and those already chosen,
 * filtered by name or version, sorted by name; circular ones, other versions of the edited
 * package or of a chosen dependency, and those whose own dependencies need another version of
 * something already needed (a clash) marked.
 */
export function availableCandidates<P extends Pkg>(
  all: readonly P[],
  editedId: string,
  chosen: readonly SoftwareDependency[],
  filter: string,
): Candidate<P>[] {
  const byId = byIdOf(all);
  const taken = new Set(chosen.map((d) => String(d.id)));
  const edited = byId.get(editedId);
  const editedName = edited?.name;
  const chosenNames = new Set(chosen.map((d) => d.name));
  // The edited package, the chosen dependencies as listed, then all they need further down.
  const first = [...(edited ? [[edited.name, edited.version] as const] : []), ...chosen.map((d) => [d.name, d.version] as const)];
  const needed = neededVersions(byId, chosen.map((d) => String(d.id)), first);
  return all
    .filter((p) => p.id && p.id !== editedId && !taken.has(p.id) && matchesNameOrVersion(p, filter))
    .sort(compareByNameThenVersion)
    .map((pkg) => {
      const sameName: SameName | null = pkg.name === editedName ? 'edited' : chosenNames.has(pkg.name) ? 'chosen' : null;
      return { pkg, circular: isCircular(pkg, editedId, byId), sameName, clash: sameName ? null : versionClash(String(pkg.id), byId, needed) };
    });
}

/** The 'Software Dependencies' list filtered by name or version. */
export const filterDependencies = (chosen: readonly SoftwareDependency[], filter: string): SoftwareDependency[] =>
  chosen.filter((d) => matchesNameOrVersion(d, filter));

export const toDependency = (p: Pkg): SoftwareDependency => ({ id: String(p.id), name: p.name, version: p.version });

/** Adds a candidate unless it is circular, another version of the edited one or of a chosen one, clashes, or is already chosen. */
export function addDependency(chosen: readonly SoftwareDependency[], candidate: Candidate<Pkg>): SoftwareDependency[] {
  if (candidate.circular || candidate.sameName || candidate.clash || chosen.some((d) => d.id === candidate.pkg.id || d.name === candidate.pkg.name)) return [...chosen];
  return [...chosen, toDependency(candidate.pkg)];
}

export const removeDependency = (chosen: readonly SoftwareDependency[], id: string): SoftwareDependency[] => chosen.filter((d) => d.id !== id);

/** 'name version' lines of the success message. */
export const dependencyLines = (deps: readonly { name: string; version: string }[]): string[] => deps.map((d) => `${d.name} ${d.version}`);

// ---- graph view -----------------------------------------------------------------------------

export interface GraphNode {
  id: string;
  name: string;
  version: string;
  /** Not in the repository's list (deleted or of another device type). */
  missing: boolean;
  /** Already shown higher up in this branch: a circle in stored data, not expanded again. */
  cycle: boolean;
  children: GraphNode[];
}

/** The package's dependency tree (all transitive dependencies), each branch cut at a circle. */
export function dependencyTree(root: Pkg, byId: ReadonlyMap<string, Pkg>): GraphNode {
  const build = (dep: SoftwareDependency, path: ReadonlySet<string>): GraphNode => {
    const pkg = byId.get(dep.id);
    const cycle = path.has(dep.id);
    const next = new Set(path).add(dep.id);
    return {
      id: dep.id,
      name: pkg?.name ?? dep.name,
      version: pkg?.version ?? dep.version,
      missing: !pkg,
      cycle,
      children: cycle || !pkg ? [] : (pkg.dependencies ?? []).map((d) => build({ ...d, id: String(d.id) }, next)),
    };
  };
  return build({ id: String(root.id), name: root.name, version: root.version }, new Set());
}

/**
 * The order the dependencies install in: every dependency before what needs it (depth-first,
 * post-order, each package once), the package itself last.
 */
export function installOrder(root: Pkg, byId: ReadonlyMap<string, Pkg>): SoftwareDependency[] {
  const order: SoftwareDependency[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const visit = (dep: SoftwareDependency) => {
    if (done.has(dep.id) || visiting.has(dep.id)) return;
    visiting.add(dep.id);
    const pkg = byId.get(dep.id);
    for (const d of pkg?.dependencies ?? []) visit({ ...d, id: String(d.id) });
    visiting.delete(dep.id);
    done.add(dep.id);
    order.push({ id: dep.id, name: pkg?.name ?? dep.name, version: pkg?.version ?? dep.version });
  };
  visit({ id: String(root.id), name: root.name, version: root.version });
  return order;
}

const idsOf = (list: readonly SoftwareDependency[]) => new Set(list.map((d) => String(d.id)));

/** What `to` adds to and drops from `from` (by package id). */
export function dependencyChanges(from: readonly SoftwareDependency[], to: readonly SoftwareDependency[]): { added: SoftwareDependency[]; removed: SoftwareDependency[] } {
  const fromIds = idsOf(from);
  const toIds = idsOf(to);
  return { added: to.filter((d) => !fromIds.has(String(d.id))), removed: from.filter((d) => !toIds.has(String(d.id))) };
}

/** Whether two dependency lists name the same packages (order aside). */
export function sameDependencies(a: readonly SoftwareDependency[], b: readonly SoftwareDependency[]): boolean {
  const { added, removed } = dependencyChanges(a, b);
  return added.length === 0 && removed.length === 0;
}

/**
 * The user's edit (`chosen` against the `base` it started from) applied on top of `latest`, the
 * package's dependencies as another user saved them meanwhile: the user's removals removed, the
 * user's additions added, the other user's changes kept.
 */
export function rebaseDependencies(base: readonly SoftwareDependency[], chosen: readonly SoftwareDependency[], latest: readonly SoftwareDependency[]): SoftwareDependency[] {
  const { added, removed } = dependencyChanges(base, chosen);
  const removedIds = idsOf(removed);
  const kept = latest.filter((d) => !removedIds.has(String(d.id)));
  const keptIds = idsOf(kept);
  return [...kept, ...added.filter((d) => !keptIds.has(String(d.id)))];
}
