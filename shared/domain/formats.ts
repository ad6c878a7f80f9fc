/** Display formats of both specs (pure; the UI translates words around them). */
import { BYTES_STEP, DAY_MS, DAYS_MONTH, DAYS_WEEK, MINUTES_PER_HOUR, SIGNAL_STRENGTH_STEPS, SIGNAL_UNKNOWN } from './constants';

const BYTE_UNITS = ['Byte', 'KB', 'MB', 'GB', 'TB'] as const;
/** Decimals shown for KB and above. */
const BYTE_DECIMALS = 2;

/**
 * '-' when empty, else Byte, KB, MB, GB, TB in steps of 1024 (up to two decimals, written as the
 * page's language writes them: 60.44 MB, German 60,44 MB).
 */
export function formatBytes(value: number | string | null | undefined, locale = 'en'): string {
  if (value === null || value === undefined || value === '') return '-';
  let n = Number(value);
  if (!Number.isFinite(n)) return '-';
  let unit = 0;
  while (Math.abs(n) >= BYTES_STEP && unit < BYTE_UNITS.length - 1) {
    n /= BYTES_STEP;
    unit++;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 20 : BYTE_DECIMALS, useGrouping: false }).format(n);
  return `${number} ${BYTE_UNITS[unit]}`;
}

const countFormats = new Map<string, Intl.NumberFormat>();

/** The thousands separator of the two languages the plugins ship (what Intl writes for them). */
const GROUP_SEPARATOR: Readonly<Record<string, string>> = { en: ',', de: '.' };

/**
 * A count as the user's language writes it ("12,072" in English, "12.072" in German), as t()'s
 * `{{n, number}}` does. English and German are written here: a page's first Intl.NumberFormat
 * costs 30-60 ms of the main thread (Chromium loads its number data), and the device lists' title
 * count is on the way to their first rows. Other languages, and what is no safe whole number
 * after rounding (or is -0), go to Intl, one formatter per language.
 */
export function formatCount(n: number, language: string): string {
  const separator = GROUP_SEPARATOR[language || 'en'];
  // Intl's rounding (half away from zero) for maximumFractionDigits 0.
  const whole = Math.sign(n) * Math.round(Math.abs(n));
  if (separator !== undefined && Number.isSafeInteger(whole) && !Object.is(whole, -0)) {
    const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, separator);
    return whole < 0 ? `-${grouped}` : grouped;
  }
  let format = countFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language || 'en', { maximumFractionDigits: 0 });
    countFormats.set(language, format);
  }
  return format.format(n);
}

/**
 * The options of t(key, values) with every whole number written as `language` writes counts: i18next
 * interpolates `replace` (the formatted texts) while it still picks the plural form from the number
 * `count`, so the text keys stay as they are.
 */
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

const pad = (n: number) => String(n).padStart(2, '0');

const toDate = (value: string | number | Date | null | undefined): Date | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/** 'HH:mm:ss dd.MM.yyyy' in local time; '' when missing or invalid. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
}

/** Whole days since the time (rounded down); undefined when missing or invalid. */
export function daysSince(value: string | number | Date | null | undefined, now: number = Date.now()): number | undefined {
  const d = toDate(value);
  if (!d) return undefined;
  return Math.floor((now - d.getTime()) / DAY_MS);
}

export type SignalStrength = { kind: 'unknown' } | { kind: 'noAntenna' } | { kind: 'percent'; percent: number };

/**
 * Mobile signal strength (0..31): 99 unknown, 0 no antenna connected, else round((v+1)/32*100) %.
 * Routers may send the figure as text ("20"); any other value (outside 0..31, not a whole number,
 * not a number) is no reading and shows as unknown, never as "159 %".
 */
export function signalStrength(value: number | string | null | undefined): SignalStrength {
  const v = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof v !== 'number' || !Number.isInteger(v) || v === SIGNAL_UNKNOWN || v < 0 || v >= SIGNAL_STRENGTH_STEPS) return { kind: 'unknown' };
  if (v === 0) return { kind: 'noAntenna' };
  return { kind: 'percent', percent: Math.round(((v + 1) / SIGNAL_STRENGTH_STEPS) * 100) };
}

/** Minutes as 'HH:MM' (e.g. the YESTERDAY average online time). */
export function averageTime(minutes: number | null | undefined): string {
  const m = Math.max(0, Math.round(Number(minutes) || 0));
  return `${pad(Math.floor(m / MINUTES_PER_HOUR))}:${pad(m % MINUTES_PER_HOUR)}`;
}

/** Minutes shown in whole hours (averageTime / 60, rounded). */
export const averageHours = (minutes: number | null | undefined): number => Math.round((Number(minutes) || 0) / MINUTES_PER_HOUR);

/** How a days range is named in titles: 7 is a week, 30 or 31 a month, otherwise N days. */
export function periodOfDays(days: number): 'week' | 'month' | 'days' {
  if (days === DAYS_WEEK) return 'week';
  if ((DAYS_MONTH as readonly number[]).includes(days)) return 'month';
  return 'days';
}

/** Whole-number percentages of parts of a total (pie labels); 0 when the total is 0. */
export const percentOf = (part: number, total: number): number => (total > 0 ? Math.round((part / total) * 100) : 0);
