import { PRODUCT } from '../../../../shared/plugin-api/types';

/** Every route of this microservice lives under this prefix (spec section 7). */
export const SERVICE_PREFIX = '/service/operation-dashboard';

/** The dashboard's history covers this many completed days (spec: "Dashboard history default 60 days"). */
export const HISTORY_DAYS = 60;
/** Spec: "top alarm list 10". */
export const TOP_ALARM_TYPES_LIMIT = 10;
/** Spec: device list page size default 25; the platform's hard maximum is 2000. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 2000;

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;
export const MINUTES_PER_DAY = 1440;

/** Online time is measured by sampling who is online every this many minutes of the core clock. */
export const SAMPLE_INTERVAL_MINUTES = 15;
/** How often (real time) the job looks at the core clock for a due sample or a finished day. */
export const JOB_CHECK_MS = 30_000;
/** Software-monitoring and recovered figures scan every package list; reuse a result this long. */
export const PACKAGE_STATS_CACHE_MS = 5_000;

/**
 * Seeded derivation of days before the first sample (see README "History"): the share of
 * devices online on a derived day, in per mille, and the least online minutes of such a device.
 */
export const DERIVED_ONLINE_PER_MILLE = 880;
export const DERIVED_MIN_ONLINE_MINUTES = 45;

export const FRAGMENT = {
  isDevice: 'c8y_IsDevice',
  availability: 'c8y_Availability',
  packageList: `${PRODUCT}_adamos_netbox_SoftwarePackageList`,
  failedInstallationCount: `${PRODUCT}_adamos_netbox_FailedInstallationCount`,
} as const;

export const SOFTWARE_TYPE = 'c8y_Software';

/** c8y_Availability.status values; everything else (MAINTENANCE, NOT_MONITORED, UNKNOWN, none) is "not monitored". */
export const AVAILABLE = 'AVAILABLE';
export const UNAVAILABLE = 'UNAVAILABLE';

/** Package statuses (device-operations spec section 4). */
export const PACKAGE_STATUS = {
  waitingForApproval: 'waiting for approval',
  installed: 'installed',
  executed: 'executed',
} as const;
/** A package in one of these is on its way to the device and not yet installed. */
export const PENDING_PACKAGE_STATUSES = ['assigned', 'registered', 'installing', 'downloading', 'downloaded successfully', 'to be installed', 'to be executed'] as const;
export const DONE_PACKAGE_STATUSES = [PACKAGE_STATUS.installed, PACKAGE_STATUS.executed] as const;

export const SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;
export type SeverityParam = (typeof SEVERITIES)[number];

/** Unresolved alarms are the ones the severity widgets count. */
export const UNRESOLVED_ALARM_STATUSES = ['ACTIVE', 'ACKNOWLEDGED'] as const;
