/**
 * Per-user column configuration and page size, kept in the user's customProperties on the
 * server (spec 3, per-user preferences) so they follow the user to another browser.
 */
import type { ColumnId } from './columns';

/** Preference keys (spec 3): the device type is appended. */
export const COLUMNS_CONFIG_KEY = 'NETBOXES_COLUMNS_CONFIG';
export const PAGE_SIZE_KEY = 'NETBOXES_DROPDOWN_CONFIG';

export const columnsConfigKey = (deviceType: string): string => `${COLUMNS_CONFIG_KEY}${deviceType}`;
export const pageSizeKey = (deviceType: string): string => `${PAGE_SIZE_KEY}${deviceType}`;

export interface ColumnSetting {
  id: ColumnId;
  visible: boolean;
}

/**
 * The columns to show: the saved order and visibility for the columns this list offers; columns
 * the saved config does not know are appended with their default visibility, unknown saved ids
 * are dropped (a config saved in the admin area has the group column, the user list does not).
 */
export function applyColumnConfig(
  available: readonly ColumnId[],
  defaults: readonly ColumnId[],
  saved: unknown,
): ColumnSetting[] {
  const offered = new Set(available);
  const result: ColumnSetting[] = [];
  const seen = new Set<ColumnId>();
  if (Array.isArray(saved)) {
    for (const entry of saved) {
      const e = entry as Partial<ColumnSetting> | null;
      if (!e || typeof e.id !== 'string' || !offered.has(e.id as ColumnId) || seen.has(e.id as ColumnId)) continue;
      seen.add(e.id as ColumnId);
      result.push({ id: e.id as ColumnId, visible: e.visible !== false });
    }
  }
  for (const id of available) if (!seen.has(id)) result.push({ id, visible: defaults.includes(id) });
  return result;
}

/** Moves a column one place up (-1) or down (+1). */
export function moveColumn(settings: readonly ColumnSetting[], id: ColumnId, delta: -1 | 1): ColumnSetting[] {
  const i = settings.findIndex((s) => s.id === id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= settings.length) return [...settings];
  const next = [...settings];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}
