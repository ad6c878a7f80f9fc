/** Alarms: /alarm/alarms */
import type { AlarmStatusType, SeverityType } from '@c8y/client';
import { MEDIA, UnreadableAnswerError, getPage, request, type Paged, type PagingParams } from './fetch-client';

/** The platform's alarm statuses and severities, as its client declares them (a type import: no bytes). */
export type AlarmStatus = AlarmStatusType;
export type AlarmSeverity = SeverityType;

/** The platform's severities, most severe first. */
export const ALARM_SEVERITIES: readonly AlarmSeverity[] = ['CRITICAL', 'MAJOR', 'MINOR', 'WARNING'];

export interface Alarm {
  id: string;
  type: string;
  text: string;
  severity: AlarmSeverity;
  status: AlarmStatus;
  count: number;
  time: string;
  creationTime: string;
  firstOccurrenceTime?: string;
  lastUpdated?: string;
  source: { id: string; name?: string };
  [fragment: string]: unknown;
}

/** Filters shared by list, count and bulk update; several statuses/severities are OR-ed. */
export interface AlarmFilter {
  source?: string;
  status?: AlarmStatus | readonly AlarmStatus[];
  severity?: AlarmSeverity | readonly AlarmSeverity[];
  type?: string | readonly string[];
  resolved?: boolean;
  withSourceAssets?: boolean;
  withSourceDevices?: boolean;
  dateFrom?: string;
  dateTo?: string;
}

export interface AlarmListParams extends AlarmFilter, PagingParams {
  /** Oldest first when true. */
  revert?: boolean;
}

const csv = (v: string | readonly string[] | undefined) => (v === undefined ? undefined : typeof v === 'string' ? v : v.join(','));
const filterQuery = (f: AlarmFilter) => ({ ...f, status: csv(f.status), severity: csv(f.severity), type: csv(f.type) });

/** Lists alarms (one page), newest first. */
export function listAlarms(params: AlarmListParams = {}): Promise<Paged<Alarm>> {
  return getPage<Alarm>('/alarm/alarms', 'alarms', filterQuery(params), MEDIA.alarmCollection);
}

/** Counts alarms matching the filter (the platform answers a bare number). */
export async function countAlarms(filter: AlarmFilter = {}): Promise<number> {
  const body = await request<unknown>('GET', '/alarm/alarms/count', { query: filterQuery(filter), headers: { Accept: 'text/plain, application/json' } });
  const count = typeof body === 'number' || (typeof body === 'string' && /^\s*\d+\s*$/.test(body)) ? Number(body) : NaN;
  if (Number.isFinite(count)) return count;
  // Never NaN or 0 on a counter: an answer that is not a number is a failure.
  throw new UnreadableAnswerError('/alarm/alarms/count', body);
}

/** One alarm. */
export function getAlarm(id: string): Promise<Alarm> {
  return request<Alarm>('GET', `/alarm/alarms/${encodeURIComponent(id)}`, { headers: { Accept: MEDIA.alarm } });
}

/** Changes one alarm (status, severity or text). */
export function updateAlarm(id: string, patch: Partial<Pick<Alarm, 'status' | 'severity' | 'text'>> & Record<string, unknown>): Promise<Alarm> {
  return request<Alarm>('PUT', `/alarm/alarms/${encodeURIComponent(id)}`, {
    body: { ...patch, id: String(id) },
    headers: { 'Content-Type': MEDIA.alarm, Accept: MEDIA.alarm },
  });
}

/** Updates every alarm matching the filter (e.g. clear all of a device); the platform may answer 202. */
export async function bulkUpdateAlarms(filter: AlarmFilter, patch: { status: AlarmStatus }): Promise<void> {
  await request<unknown>('PUT', '/alarm/alarms', {
    query: filterQuery(filter),
    body: patch,
    headers: { 'Content-Type': MEDIA.alarm },
  });
}
