/** Alarm rules of the alarm screens (spec 2 "Alarms", 4 "Alarm status"). */
import type { Alarm, AlarmSeverity, AlarmStatus } from '@shared/platform/alarms';
import { msg } from '@shared/plugin-api/i18n';

export const UNRESOLVED: readonly AlarmStatus[] = ['ACTIVE', 'ACKNOWLEDGED'];
export const STATUS_CHANGED = 'Alarm status changed to "{{status}}".';

export const canAcknowledge = (a: Pick<Alarm, 'status'>): boolean => a.status === 'ACTIVE';
export const canClear = (a: Pick<Alarm, 'status'>): boolean => a.status !== 'CLEARED';
/** Whether the alarm as it is now still takes the change (another user may have made it, or cleared the alarm, since the list was read). */
export const takesStatus = (a: Pick<Alarm, 'status'>, status: AlarmStatus): boolean => (status === 'ACKNOWLEDGED' ? canAcknowledge(a) : status === 'CLEARED' ? canClear(a) : a.status !== status);
/** Said when the change was already made by someone else: nothing was written. */
export const STATUS_ALREADY = msg('The alarm was already "{{status}}" (another user may have changed it): nothing was changed.');

/** The "Show only unresolved" toggle as the address keeps it: on unless `unresolved=false`. */
export const unresolvedOf = (query: Readonly<Record<string, string>>): boolean => query.unresolved !== 'false';

/** The address of the same page with the toggle on (no parameter) or off (`unresolved=false`), the rest kept. */
export function withUnresolved(path: string, query: Readonly<Record<string, string>>, on: boolean): string {
  const { unresolved: _previous, ...rest } = query;
  const qs = new URLSearchParams(on ? rest : { ...rest, unresolved: 'false' }).toString();
  return qs ? `${path}?${qs}` : path;
}

/** The statuses a list asks for: unresolved only, or every status. */
export const statusesFor = (unresolvedOnly: boolean): readonly AlarmStatus[] | undefined => (unresolvedOnly ? UNRESOLVED : undefined);

export const ALARM_CATEGORIES = ['software', 'health', 'services', 'others'] as const;
export type AlarmCategory = (typeof ALARM_CATEGORIES)[number];
export const SEVERITY_PARAMS = ['critical', 'major', 'minor', 'warning'] as const;
export type SeverityParam = (typeof SEVERITY_PARAMS)[number];

export interface AlarmDetailsParams {
  severity?: SeverityParam;
  category?: AlarmCategory;
  deviceId?: string;
  fromDashboard: boolean;
}

/** Reads /alarmDetails query parameters; unknown values are ignored. */
export function parseAlarmDetailsParams(query: Readonly<Record<string, string>>): AlarmDetailsParams {
  const severity = query.severity?.toLowerCase();
  const category = query.category?.toLowerCase();
  return {
    severity: (SEVERITY_PARAMS as readonly string[]).includes(severity ?? '') ? (severity as SeverityParam) : undefined,
    category: (ALARM_CATEGORIES as readonly string[]).includes(category ?? '') ? (category as AlarmCategory) : undefined,
    deviceId: /^\d+$/.test(query.deviceId ?? '') ? query.deviceId : undefined,
    fromDashboard: (query.operationsdashboarddetails ?? '') !== '' && query.operationsdashboarddetails !== 'false',
  };
}

/** The title's severity and category words, translation keys (the page translates the values too). */
export const SEVERITY_WORD: Record<SeverityParam, string> = { critical: msg('Critical'), major: msg('Major'), minor: msg('Minor'), warning: msg('Warning') };
const CATEGORY_WORD: Record<AlarmCategory, string> = { software: msg('software'), health: msg('health'), services: msg('services'), others: msg('others') };

/**
 * The titles per severity: one key each, as the platform has them ("Critical alarms" is "Kritische
 * Alarme", "Warning alarms" "Warnalarme"), since German inflects the severity with the noun.
 */
const SEVERITY_TITLE: Record<SeverityParam, string> = {
  critical: msg('Critical alarms'),
  major: msg('Major alarms'),
  minor: msg('Minor alarms'),
  warning: msg('Warning alarms'),
};
const SEVERITY_CATEGORY_TITLE: Record<SeverityParam, string> = {
  critical: msg('Critical {{category}} alarms'),
  major: msg('Major {{category}} alarms'),
  minor: msg('Minor {{category}} alarms'),
  warning: msg('Warning {{category}} alarms'),
};

/** "Alarms", "{Severity} alarms" or "{Severity} {category} alarms" as key and values (keys themselves). */
export function alarmDetailsTitle(p: Pick<AlarmDetailsParams, 'severity' | 'category'>): { key: string; values: Record<string, string> } {
  if (!p.severity) return { key: 'Alarms', values: {} };
  if (!p.category) return { key: SEVERITY_TITLE[p.severity], values: {} };
  return { key: SEVERITY_CATEGORY_TITLE[p.severity], values: { category: CATEGORY_WORD[p.category] } };
}

export const toSeverity = (p: SeverityParam): AlarmSeverity => p.toUpperCase() as AlarmSeverity;

/** One change an audit record names: the attribute, its value before and after. */
export interface AlarmChange {
  attribute: string;
  previousValue: string;
  newValue: string;
}

/** One entry of an alarm's change log: its changes, or the record's own text when it names none. */
export interface ChangeLogEntry {
  time: string;
  user?: string;
  changes: AlarmChange[];
  text: string;
}

/**
 * The change log of an alarm: its audit records when the platform keeps them, else the history
 * of updates the alarm carries itself.
 */
export function changeLogFrom(auditRecords: readonly Record<string, unknown>[] | undefined, alarm: Record<string, unknown>): ChangeLogEntry[] {
  const fromAudit = (auditRecords ?? []).map(entryOf);
  if (fromAudit.length) return sortByTime(fromAudit);
  const history = alarm.history as { auditRecords?: Record<string, unknown>[] } | Record<string, unknown>[] | undefined;
  const records = Array.isArray(history) ? history : history?.auditRecords;
  return sortByTime((records ?? []).map(entryOf));
}

const entryOf = (r: Record<string, unknown>): ChangeLogEntry => ({
  time: String(r.creationTime ?? r.time ?? ''),
  user: typeof r.user === 'string' ? r.user : undefined,
  changes: changesOf(r),
  text: String(r.text ?? r.activity ?? ''),
});

function changesOf(r: Record<string, unknown>): AlarmChange[] {
  const changes = r.changes;
  if (!Array.isArray(changes)) return [];
  return changes.map((c: { attribute?: unknown; previousValue?: unknown; newValue?: unknown }) => ({
    attribute: String(c.attribute),
    previousValue: String(c.previousValue ?? ''),
    newValue: String(c.newValue ?? ''),
  }));
}

const sortByTime = (entries: ChangeLogEntry[]) => [...entries].sort((a, b) => b.time.localeCompare(a.time));
