/**
 * Counts as the user's language writes them ("12,072" in English, "12.072" in German): a large
 * tenant's totals are read at a glance. i18next interpolates `replace` (the formatted texts) while
 * it still picks the plural form from the number `count`.
 */
const formats = new Map<string, Intl.NumberFormat>();

/** One Intl.NumberFormat per language: creating one costs milliseconds on a cold page. */
export function formatCount(n: number, language: string): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language || 'en', { maximumFractionDigits: 0 });
    formats.set(language, format);
  }
  return format.format(n);
}

/** The options of t(key, values) with every whole number written in `language` (plurals still follow `count`). */
export function countValues<V extends Record<string, unknown>>(values: V | undefined, language: string): V & { replace?: Record<string, unknown> } {
  if (!values) return {} as V;
  const replace: Record<string, unknown> = {};
  let any = false;
  for (const [k, v] of Object.entries(values)) {
    const isCount = typeof v === 'number' && Number.isInteger(v);
    replace[k] = isCount ? formatCount(v, language) : v;
    any ||= isCount;
  }
  return any ? { ...values, replace } : values;
}
