/** The required availability interval of the connection monitoring card (spec 5). */
import { REQUIRED_INTERVAL_MAX_MINUTES, REQUIRED_INTERVAL_MIN_MINUTES } from '@shared/domain/constants';

export const INTERVAL_TOO_LONG = 'Required interval must be a number and cannot be longer than a year!';
export const INTERVAL_NEGATIVE = 'Required interval must be a positive number!';
/** The range the field takes, shown under it (spec 5: 0 to 525600 minutes). */
export const INTERVAL_RANGE = { min: REQUIRED_INTERVAL_MIN_MINUTES, max: REQUIRED_INTERVAL_MAX_MINUTES } as const;

/** A non-numeric value becomes 0 (spec 5): the value a device holds that carries none. */
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

/**
 * The message of what the user typed. Text that is not a (whole) number gets the spec's "must be a
 * number" message and keeps Save disabled: quietly saving it as 0 would switch monitoring off.
 * An empty field means 0 (not monitored).
 */
export function intervalInputError(input: string): string | undefined {
  const text = input.trim();
  if (text !== '' && !Number.isFinite(Number(text))) return INTERVAL_TOO_LONG;
  const minutes = parseInterval(text);
  // The platform keeps whole minutes: 1.5 is no interval it can take.
  if (!Number.isInteger(minutes)) return INTERVAL_TOO_LONG;
  return intervalError(minutes);
}
