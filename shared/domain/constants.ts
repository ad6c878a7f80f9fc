/**
 * Every number of both specs' section 9 (and the numbers their other sections fix), named,
 * in one place. Times are milliseconds unless the name says otherwise.
 */

// ---- paging ---------------------------------------------------------------------------------
/** Device list page-size choices and default (stored per user). */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** How many page numbers the pager shows at once. */
export const PAGER_WINDOW = 10;
/** Device lists filtered by type (the select-software dialog's and tabs' short lists). */
export const SHORT_LIST_PAGE_SIZE = 10;
/** Loading all selected devices of a list. */
export const LOAD_ALL_PAGE_SIZE = 1000;
/** Group list page size (all groups at once). */
export const GROUP_LIST_PAGE_SIZE = 2000;
/** Dynamic groups in the navigator load this many at a time ("Search more"). */
export const DYNAMIC_GROUP_PAGE_SIZE = 10;
/** Software tab's package table page size. */
export const SOFTWARE_LIST_PAGE_SIZE = 10;
/** Alarms page: "Load more" page size. */
export const ALARM_LOAD_MORE_PAGE_SIZE = 100;
/** Alarm widget list's default page size. */
export const ALARM_WIDGET_PAGE_SIZE = 4;
/** Alarm widget's next-page load throttle. */
export const ALARM_NEXT_PAGE_THROTTLE_MS = 300;
/** Selection lists and inventory queries (firmware, repositories, groups of the router tab). */
export const SELECTION_LIST_PAGE_SIZE = 200;
/** Last-operation query of the mobile router tab. */
export const LAST_OPERATION_PAGE_SIZE = 5;
/** Platform REST defaults (the stand-in follows them). */
export const PLATFORM_DEFAULT_PAGE_SIZE = 5;
export const PLATFORM_MAX_PAGE_SIZE = 2000;

// ---- polling and refresh --------------------------------------------------------------------
/** c8y_status polling (assignment, clear pending, initialize progress). */
export const STATUS_POLLING_MS = 2000;
/** While no job runs, the newest status is read this often too, so a job another user started shows its banner. */
export const STATUS_IDLE_POLLING_MS = 30_000;
/** An expanded rollout is polled until COMPLETED or CANCELLED. */
export const ROLLOUT_POLLING_MS = 5000;
/** Dashboard widgets refresh. */
export const WIDGET_REFRESH_MS = 60000;
/**
 * A read (GET/HEAD) that has no answer after this long fails with 'The server did not answer within
 * 60 seconds.' instead of leaving its screen loading for ever. A minute is far longer than a read of
 * this console normally takes and about what a user waits before calling a page
 * stuck; writes have none by default: an upload of a 200 MB binary or a long server job must not be cut.
 */
export const READ_TIMEOUT_MS = 60_000;
/** Restart operation time-out check interval. */
export const RESTART_CHECK_INTERVAL_MS = 1000;

// ---- alerts ---------------------------------------------------------------------------------
/** Default auto-dismiss of alerts. */
export const ALERT_DISMISS_MS = 5000;
/** Auto-dismiss of assignment success alerts. */
export const ALERT_SUCCESS_DISMISS_MS = 15000;

// ---- restarts and versions ------------------------------------------------------------------
/** A pending/executing agent restart times out after 1 minute. */
export const AGENT_RESTART_TIMEOUT_MS = 60 * 1000;
/** A pending/executing IoTconnector restart times out after 5 minutes. */
export const IOTCONNECTOR_RESTART_TIMEOUT_MS = 5 * 60 * 1000;
/** Agent version shown and Device Control tab from this version. */
export const MIN_AGENT_VERSION_DEVICE_CONTROL = '0.2.30';
/** Restart UI from this agent version. */
export const MIN_AGENT_VERSION_RESTART = '0.4.0';

// ---- rollouts -------------------------------------------------------------------------------
export const ROLLOUT_DEFAULT_BATCH_SIZE = 10;
export const ROLLOUT_DEFAULT_BATCH_GAP_SECONDS = 60;
export const ROLLOUT_BATCH_SIZE_MIN = 1;
export const ROLLOUT_BATCH_SIZE_MAX = 2000;
export const ROLLOUT_BATCH_GAP_MIN_SECONDS = 1;
export const ROLLOUT_BATCH_GAP_MAX_SECONDS = 600;
export const ROLLOUT_PAUSE_LIMIT_MIN = 1;
export const ROLLOUT_PAUSE_LIMIT_MAX = 50000;
/** The first added pause limit; each further one adds the step. */
export const ROLLOUT_PAUSE_LIMIT_START = 100;
export const ROLLOUT_PAUSE_LIMIT_STEP = 100;
/**
 * A sent operation the device has not finished within this time fails ('no answer from device').
 * One hour by default: long enough for a large download on a slow line, short enough that a
 * silent device does not hold a rollout for a day (issue 20).
 */
export const ROLLOUT_DEFAULT_OPERATION_TIMEOUT_SECONDS = 3600;
export const ROLLOUT_OPERATION_TIMEOUT_MIN_SECONDS = 10;
export const ROLLOUT_OPERATION_TIMEOUT_MAX_SECONDS = 7 * 24 * 3600;
/** Optional error threshold: the failed share of the processed devices (percent) above which a rollout pauses. */
export const ROLLOUT_ERROR_THRESHOLD_MIN_PERCENT = 1;
export const ROLLOUT_ERROR_THRESHOLD_MAX_PERCENT = 100;

// ---- device info ----------------------------------------------------------------------------
/** Required availability interval: at most a year, in minutes. */
export const REQUIRED_INTERVAL_MIN_MINUTES = 0;
export const REQUIRED_INTERVAL_MAX_MINUTES = 525600;
/** Device list cell maximum width. */
export const GRID_CELL_MAX_WIDTH_PX = 240;

// ---- dashboard ------------------------------------------------------------------------------
/** Days slider of history widgets, top alarm list and software monitor trend. */
export const DAYS_MIN = 7;
export const DAYS_MAX = 60;
export const DAYS_STEP = 1;
export const DAYS_DEFAULT = 30;
/** The default dashboard's history widgets use 60 days. */
export const DASHBOARD_HISTORY_DAYS = 60;
/** Top alarm list length. */
export const TOP_ALARM_COUNT = 10;
/** Title special cases: a week, a month. */
export const DAYS_WEEK = 7;
export const DAYS_MONTH = [30, 31] as const;
/** Dashboard grid columns. */
export const DASHBOARD_COLUMNS = 12;
/** Minutes per hour (average online time shown in hours). */
export const MINUTES_PER_HOUR = 60;

// ---- software repository --------------------------------------------------------------------
/** Package password length and printable ASCII range (space to tilde). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 63;
export const PASSWORD_ASCII_MIN = 32;
export const PASSWORD_ASCII_MAX = 126;
/** Card flip animation. */
export const CARD_FLIP_MS = 500;
/** Software type constant. */
export const SOFTWARE_TYPE = 'c8y_Software';

// ---- mobile router --------------------------------------------------------------------------
/** Router data is flagged outdated after one hour. */
export const ROUTER_OUTDATED_MS = 3600000;
/** Signal indicator range and the "unknown" value of signal strength. */
export const SIGNAL_INDICATOR_MIN = 0;
export const SIGNAL_INDICATOR_MAX = 4;
export const SIGNAL_UNKNOWN = 99;
/** Signal strength (0..31) to percent: round((value + 1) / 32 * 100). */
export const SIGNAL_STRENGTH_STEPS = 32;
/** Firmware and profile updates take up to 5 minutes (shown to the user). */
export const ROUTER_UPDATE_MINUTES = 5;

// ---- formats --------------------------------------------------------------------------------
/** Bytes per unit step. */
export const BYTES_STEP = 1024;
/** One day. */
export const DAY_MS = 24 * 60 * 60 * 1000;
