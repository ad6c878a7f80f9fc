/** The required availability interval of the connection monitoring card (spec 5). */
import { REQUIRED_INTERVAL_MAX_MINUTES, REQUIRED_INTERVAL_MIN_MINUTES } from '@shared/domain/constants';

export const INTERVAL_TOO_LONG = 'Required interval must be a number and cannot be longer than a year!';
export const INTERVAL_NEGATIVE = 'Required interval must be a positive number!';

/** A non-numeric value becomes 0 (spec 5). */
export function parseInterval(input: string | number | null | undefined): number {
  if (typeof input === 'number') return Number.isFinite(input) ? input : 0;
  const text = (input ?? '').trim();
  if (!text) return 0;
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}

/** The validation message of an interval, or undefined when valid. */
export function intervalError(minutes: number): string | undefined {
  if (minutes > REQUIRED_INTERVAL_MAX_MINUTES) return INTERVAL_TOO_LONG;
  if (minutes < REQUIRED_INTERVAL_MIN_MINUTES) return INTERVAL_NEGATIVE;
  return undefined;
}
