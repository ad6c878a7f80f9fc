/** Hash routes: '/views/:deviceType' patterns, best match wins (as the platform's router). */

export { normalizePath, parseHash, type HashLocation } from '@shared/plugin-api/hash-location';
import { normalizePath } from '@shared/plugin-api/hash-location';

const segmentsOf = (path: string) => normalizePath(path).split('/').filter(Boolean);

/** The params of a full match, or null. Params are URI-decoded. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const p = segmentsOf(pattern);
  const s = segmentsOf(path);
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(':')) {
      try {
        params[p[i].slice(1)] = decodeURIComponent(s[i]);
      } catch {
        return null;
      }
    } else if (p[i] !== s[i]) {
      return null;
    }
  }
  return params;
}

/**
 * Specificity of a pattern: a literal segment outranks a parameter at the same position, so
 * '/views/all' beats '/views/:deviceType' for '/views/all'.
 */
export function specificity(pattern: string): number[] {
  return segmentsOf(pattern).map((seg) => (seg.startsWith(':') ? 1 : 2));
}

function compareSpecificity(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (b[i] ?? 0) - (a[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

export interface RouteCandidate<T> {
  pattern: string;
  target: T;
}

/**
 * The best match for a path: most specific pattern first; among equally specific patterns the
 * first candidate wins (callers pass them in contribution order).
 */
export function resolveRoute<T>(
  candidates: readonly RouteCandidate<T>[],
  path: string,
): { target: T; params: Record<string, string>; pattern: string } | null {
  let best: { target: T; params: Record<string, string>; pattern: string; spec: number[] } | null = null;
  for (const c of candidates) {
    const params = matchPath(c.pattern, path);
    if (!params) continue;
    const spec = specificity(c.pattern);
    if (!best || compareSpecificity(spec, best.spec) < 0) best = { target: c.target, params, pattern: c.pattern, spec };
  }
  return best && { target: best.target, params: best.params, pattern: best.pattern };
}
