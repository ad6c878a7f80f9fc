import { PRODUCT } from '../../../../shared/plugin-api/types';

/**
 * Alarm type -> dashboard category. The severity widget shows connectivity as "Health" and the
 * console's /alarmDetails route calls it `health`, so both names are accepted as a path segment.
 * Prefixes are matched case-sensitively (GLOB), in this order; the first match wins.
 */
export const ALARM_CATEGORIES = ['software', 'connectivity', 'services', 'others'] as const;
export type AlarmCategory = (typeof ALARM_CATEGORIES)[number];

export const CATEGORY_RULES: ReadonlyArray<{ category: Exclude<AlarmCategory, 'others'>; exact?: string; prefix?: string }> = [
  { category: 'software', prefix: `${PRODUCT}_software_` },
  { category: 'connectivity', exact: 'c8y_UnavailabilityAlarm' },
  { category: 'connectivity', prefix: `${PRODUCT}_connectivity_` },
  { category: 'services', prefix: `${PRODUCT}_service_` },
];

const CATEGORY_ALIASES: Record<string, AlarmCategory> = { health: 'connectivity' };

export function parseCategory(segment: string): AlarmCategory | undefined {
  const s = segment.toLowerCase();
  if ((ALARM_CATEGORIES as readonly string[]).includes(s)) return s as AlarmCategory;
  return CATEGORY_ALIASES[s];
}

export function categoryOf(alarmType: string): AlarmCategory {
  for (const r of CATEGORY_RULES) {
    if (r.exact !== undefined && alarmType === r.exact) return r.category;
    if (r.prefix !== undefined && alarmType.startsWith(r.prefix)) return r.category;
  }
  return 'others';
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** GLOB treats these as wildcards; a prefix containing them must be bracket-escaped. */
const globLiteral = (s: string) => s.replace(/[*?[\]]/g, (c) => `[${c}]`);

/** The same mapping as an SQL expression over an alarm type column. */
export function categorySql(typeColumn: string): string {
  const whens = CATEGORY_RULES.map((r) =>
    r.exact !== undefined ? `WHEN ${typeColumn} = ${quote(r.exact)} THEN ${quote(r.category)}` : `WHEN ${typeColumn} GLOB ${quote(`${globLiteral(r.prefix!)}*`)} THEN ${quote(r.category)}`,
  );
  return `(CASE ${whens.join(' ')} ELSE 'others' END)`;
}
