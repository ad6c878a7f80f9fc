/**
 * Version comparison as the product does it (spec 1, section 5): split on dots and dashes;
 * parts may contain only letters, digits and underscore, otherwise the result is NaN; the shorter
 * version is padded with zeros; numeric parts compare as numbers, other parts character by
 * character by char code.
 */

const PART = /^[A-Za-z0-9_]+$/;
const NUMERIC = /^\d+$/;

function comparePart(a: string, b: string): number {
  if (NUMERIC.test(a) && NUMERIC.test(b)) {
    const d = Number(a) - Number(b);
    return d === 0 ? 0 : d > 0 ? 1 : -1;
  }
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d > 0 ? 1 : -1;
  }
  return a.length === b.length ? 0 : a.length > b.length ? 1 : -1;
}

/** Splits a version into parts; null when a part has a character outside letters, digits, underscore. */
export function versionParts(version: string): string[] | null {
  const parts = version.trim().split(/[.-]/);
  return parts.every((p) => PART.test(p)) ? parts : null;
}

/** -1, 0 or 1 as a is lower, equal or higher than b; NaN when either is invalid or missing. */
export function compareVersions(a: string | null | undefined, b: string | null | undefined): number {
  if (typeof a !== 'string' || typeof b !== 'string' || !a.trim() || !b.trim()) return NaN;
  const pa = versionParts(a);
  const pb = versionParts(b);
  if (!pa || !pb) return NaN;
  const len = Math.max(pa.length, pb.length);
  for (let i = 0; i < len; i++) {
    const d = comparePart(pa[i] || '0', pb[i] || '0');
    if (d !== 0) return d;
  }
  return 0;
}

/** True when version is valid and at least min (false for invalid or missing versions). */
export function isAtLeast(version: string | null | undefined, min: string): boolean {
  return compareVersions(version, min) >= 0;
}
