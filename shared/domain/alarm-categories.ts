/** Alarm categories of the dashboard and the /alarmDetails page. */

export type AlarmCategory = 'software' | 'health' | 'services' | 'others';

/** Categories in display order. */
export const ALARM_CATEGORIES: readonly AlarmCategory[] = ['software', 'health', 'services', 'others'];

/** The field of the microservice's alarm count that carries a category ('health' is 'connectivity'). */
export const ALARM_COUNT_FIELD: Record<AlarmCategory, 'software' | 'connectivity' | 'services' | 'others'> = {
  software: 'software',
  health: 'connectivity',
  services: 'services',
  others: 'others',
};

/** Labels as the severity widget shows them (i18n keys). */
export const ALARM_CATEGORY_LABELS: Record<AlarmCategory, string> = {
  software: 'software',
  health: 'Health',
  services: 'services',
  others: 'others',
};

export type SeverityName = 'critical' | 'major' | 'minor' | 'warning';
export const SEVERITY_NAMES: readonly SeverityName[] = ['critical', 'major', 'minor', 'warning'];

/** Type guards for the /alarmDetails query parameters. */
export const isAlarmCategory = (v: unknown): v is AlarmCategory => ALARM_CATEGORIES.includes(v as AlarmCategory);
export const isSeverityName = (v: unknown): v is SeverityName => SEVERITY_NAMES.includes(String(v).toLowerCase() as SeverityName);

/** 'critical' -> 'Critical' (title words). */
export const capitalize = (s: string): string => (s ? s[0].toUpperCase() + s.slice(1).toLowerCase() : s);

/**
 * The /alarmDetails title as an i18n key and its values: 'Alarms', '{{severity}} alarms' or
 * '{{severity}} {{category}} alarms'.
 */
export function alarmDetailsTitle(severity?: string | null, category?: string | null): { key: string; values: Record<string, string> } {
  if (!severity || !isSeverityName(severity)) return { key: 'Alarms', values: {} };
  if (!category || !isAlarmCategory(category)) return { key: '{{severity}} alarms', values: { severity: capitalize(severity) } };
  return { key: '{{severity}} {{category}} alarms', values: { severity: capitalize(severity), category } };
}
