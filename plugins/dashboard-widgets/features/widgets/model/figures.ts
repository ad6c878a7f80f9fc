/** Pure figures of the widgets: titles, averages, trends, slicing, percentages (spec 2 "Widgets"). */
import { DAYS_MONTH, DAYS_WEEK, MINUTES_PER_HOUR } from '@shared/domain/constants';
import type { HistoryEntry, Trend } from '@shared/platform/operation-dashboard';
import type { TFunction } from 'i18next';

/** A title as i18n key plus values, so the widget translates it. */
export interface TitleKey {
  key: string;
  values?: Record<string, number>;
}

const isMonth = (days: number) => (DAYS_MONTH as readonly number[]).includes(days);

/** 'online last N days', 'online last week' at 7, 'online last month' at 30 or 31. */
export function onlineHistoryTitle(days: number): TitleKey {
  if (days === DAYS_WEEK) return { key: 'online last week' };
  if (isMonth(days)) return { key: 'online last month' };
  return { key: 'online last {{days}} days', values: { days } };
}

/** Same thresholds as the online history; without a valid number of days 'Alarm History'. */
export function alarmHistoryTitle(days: number | null | undefined): TitleKey {
  if (typeof days !== 'number' || !Number.isFinite(days)) return { key: 'Alarm History' };
  if (days === DAYS_WEEK) return { key: 'alarms last week' };
  if (isMonth(days)) return { key: 'alarms last month' };
  return { key: 'alarms last {{days}} days', values: { days } };
}

/** The bar chart's 'avg time' figure: averageTime (minutes) / 60, rounded. */
export const averageHours = (averageTimeMinutes: number): number => Math.round(averageTimeMinutes / MINUTES_PER_HOUR);

/** The YESTERDAY figure's average online time as HH:MM (minutes rounded to whole minutes). */
export function formatHoursMinutes(averageTimeMinutes: number): string {
  const total = Math.max(0, Math.round(Number.isFinite(averageTimeMinutes) ? averageTimeMinutes : 0));
  const hh = Math.floor(total / MINUTES_PER_HOUR);
  const mm = total % MINUTES_PER_HOUR;
  return `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
}

export type TrendDirection = 'up' | 'down' | 'right';

/** 1 up, -1 down, 0 (or anything else the service might send) right. */
export function trendDirection(trend: Trend | number | null | undefined): TrendDirection {
  if (trend === 1) return 'up';
  if (trend === -1) return 'down';
  return 'right';
}

/** The newest `days` entries of a newest-first history list (the config re-slices, no refetch). */
export const sliceDays = <T>(history: readonly T[] | null | undefined, days: number): T[] => (history ?? []).slice(0, Math.max(0, days));

/** Whole-number percentages of each part of the total (0 when there is nothing). */
export function percentages(parts: readonly number[]): number[] {
  const total = parts.reduce((s, p) => s + p, 0);
  return parts.map((p) => (total > 0 ? Math.round((p / total) * 100) : 0));
}

/** Yesterday's figures: index 0 of the history. */
export function yesterday(history: readonly HistoryEntry[] | null | undefined): HistoryEntry | null {
  return history && history.length > 0 ? history[0] : null;
}

/** Axis labels for a newest-first list shown oldest left: days ago, N ... 1. */
export function daysAgoAxis(length: number): number[] {
  return Array.from({ length }, (_, i) => length - i);
}

/**
 * A days-ago bar's tooltip heading in words, '33 days ago' (German 'vor 33 Tagen'): the bare axis
 * label '33' did not say what it counts.
 */
export const daysAgoHeading =
  (t: TFunction) =>
  (label: string): string =>
    t('{{count}} days ago', { count: Number(label) });

/**
 * A value axis' labels in the page's language and without grouping, as the widgets' figures are
 * shown: ECharts' own labels group with a comma in every language, and German reads "1,500" as
 * one and a half.
 */
export function axisNumber(language: string): (value: number) => string {
  return (value) => (Number.isSafeInteger(value) ? String(value) : fractionFormat(language).format(value));
}

/**
 * The formatter of values with a fraction, made once per language and only when one is shown:
 * the axes count with minInterval 1, so their labels are whole numbers, which String() writes as
 * the formatter would (digits, no grouping, a leading minus). Made per chart option, constructing
 * Intl.NumberFormat cost 20-65 ms of a cold dashboard's main thread (profiled, bench/profile.ts).
 */
const fractionFormats = new Map<string, Intl.NumberFormat>();
function fractionFormat(language: string): Intl.NumberFormat {
  let format = fractionFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 2 });
    fractionFormats.set(language, format);
  }
  return format;
}
