/**
 * Hash routes as both hosts have them (the dev shell and the platform UI route by `#/...`): the
 * path and query of a hash, and navigation as a click on a link.
 */
import { askToLeave, leaveBlocked } from './leave-guard';

export interface HashLocation {
  /** Path without '#' and without the query, always starting with '/'. */
  path: string;
  query: Record<string, string>;
  /** path plus '?query' as found in the hash. */
  raw: string;
}

/** '#/device/1?x=2' -> { path: '/device/1', query: { x: '2' } }. */
export function parseHash(hash: string): HashLocation {
  const raw = hash.replace(/^#!?/, '');
  const q = raw.indexOf('?');
  const pathPart = q >= 0 ? raw.slice(0, q) : raw;
  const query: Record<string, string> = {};
  if (q >= 0) new URLSearchParams(raw.slice(q + 1)).forEach((v, k) => (query[k] = v));
  return { path: normalizePath(pathPart), query, raw: normalizePath(pathPart) + (q >= 0 ? raw.slice(q) : '') };
}

/** Leading '/', no trailing '/', no empty segments: 'device/1/' -> '/device/1'. */
export function normalizePath(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return '/' + segments.join('/');
}

/**
 * Navigation as a click on a link: a new history entry. With unsaved edits on the page
 * (leave-guard.ts) it asks first and goes only when the user discards them.
 */
export function navigate(path: string): void {
  const target = `#${path.startsWith('/') ? path : `/${path}`}`;
  if (window.location.hash === target) return;
  if (!leaveBlocked()) {
    window.location.hash = target;
    return;
  }
  void askToLeave().then((leave) => {
    if (leave) window.location.hash = target;
  });
}

/**
 * Navigation that replaces the current history entry (a correction such as a page past the end,
 * so Back does not return to it). A fragment navigation: both hosts hear its hashchange.
 */
export function replaceHash(path: string): void {
  const target = `#${path.startsWith('/') ? path : `/${path}`}`;
  if (window.location.hash === target) return;
  window.location.replace(target);
}

/**
 * A page's own view state in its URL (a filter, a switch): `changes` set or (as '' or undefined)
 * drop query parameters, replacing the history entry, so a reload and Back from a page opened
 * from it show what the user had.
 */
export function replaceQuery(path: string, query: Readonly<Record<string, string>>, changes: Readonly<Record<string, string | undefined>>): void {
  const next: Record<string, string> = { ...query };
  for (const [k, v] of Object.entries(changes)) {
    if (v) next[k] = v;
    else delete next[k];
  }
  const qs = new URLSearchParams(next).toString();
  replaceHash(qs ? `${path}?${qs}` : path);
}
