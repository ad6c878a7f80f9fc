/**
 * Per-user column configuration and page size, kept in the user's customProperties on the
 * server (spec 3, per-user preferences) so they follow the user to another browser. The
 * configuration itself is the shared list's (shared/ui/data-grid-model, column-chooser).
 */

/** Preference keys (spec 3): the device type is appended. */
export const COLUMNS_CONFIG_KEY = 'NETBOXES_COLUMNS_CONFIG';
export const PAGE_SIZE_KEY = 'NETBOXES_DROPDOWN_CONFIG';

export const columnsConfigKey = (deviceType: string): string => `${COLUMNS_CONFIG_KEY}${deviceType}`;
export const pageSizeKey = (deviceType: string): string => `${PAGE_SIZE_KEY}${deviceType}`;
