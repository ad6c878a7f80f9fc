/**
 * Widget configuration (spec section 3 "Widget config") and its validation (section 5). The
 * validators run in plugin.ts metadata (the shell disables Save while they return messages),
 * so this file stays free of React and of any fetching.
 */
import { DAYS_DEFAULT, DAYS_MAX, DAYS_MIN } from '@shared/domain/constants';

export interface SelectedView {
  name: string;
  displayName: string;
}

export interface WidgetConfig {
  selectedView?: SelectedView;
  showNumberOfDaysAgo?: number;
  trendDaysWaitingForDependency?: number;
  trendDaysWaitingForApproval?: number;
  trendDaysWithoutSoftwareAssignment?: number;
}

/** Section 5's exact messages (spelling as in the product). */
export const DAYS_MESSAGES = {
  required: 'Amount of days is required and should be a number between 7 and 60 days.',
  min: 'Amount of days must be at least 7 days.',
  max: 'Amount of days excceds the limit of 60 days.',
  integer: 'Amount of days must be an integer.',
} as const;
export const VIEW_REQUIRED = 'View Selection is required.';

/** Reads a days value as a form or a stored config holds it (number or numeric text). */
export function toDays(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** The one message for a days value, or null when valid. */
export function validateDays(value: unknown): string | null {
  const n = toDays(value);
  if (n === null) return DAYS_MESSAGES.required;
  if (!Number.isInteger(n)) return DAYS_MESSAGES.integer;
  if (n < DAYS_MIN) return DAYS_MESSAGES.min;
  if (n > DAYS_MAX) return DAYS_MESSAGES.max;
  return null;
}

/** A valid days value of a config, or the default (for rendering a config saved before validation). */
export function daysOf(value: unknown, fallback: number = DAYS_DEFAULT): number {
  return validateDays(value) === null ? (toDays(value) as number) : fallback;
}

/** The view of a config if it is one the widget knows. */
export function viewOf<V extends string>(config: Readonly<Record<string, unknown>>, views: readonly V[]): V | null {
  const selected = config.selectedView as Partial<SelectedView> | undefined;
  const name = selected && typeof selected === 'object' ? selected.name : undefined;
  return (views as readonly string[]).includes(name ?? '') ? (name as V) : null;
}

/**
 * A widget's validator: the view must be one of its views; `daysField(view)` names the days
 * field the view uses (none when it has no slider).
 */
export function configValidator<V extends string>(views: readonly V[], daysField: (view: V) => keyof WidgetConfig | null) {
  return (config: Record<string, unknown>): string[] => {
    const view = viewOf(config, views);
    if (!view) return [VIEW_REQUIRED];
    const field = daysField(view);
    const message = field ? validateDays(config[field]) : null;
    return message ? [message] : [];
  };
}
