import { CELOSX_TYPE, IOTCONNECTOR_FLEX_TYPE, IPC_X64_TYPE, NETBOX_TYPE } from '@shared/domain/device-types';
import { PRODUCT } from '@shared/plugin-api/types';

/** Every number and type name the service uses, in one place (spec: device-operations.md §9, dashboards §9). */
export const SERVICE_NAME = 'create-software-ng';
export const SERVICE_PREFIX = `/service/${SERVICE_NAME}`;

export const SOFTWARE_TYPE = 'c8y_Software';
export const PROFILE_TYPE = 'c8y_Profile';
export const STATUS_TYPE = 'c8y_status';
export const ROLLOUT_TYPE = `${PRODUCT}_software_rollout_object`;
export const GROUP_FRAGMENT = 'c8y_IsDeviceGroup';

export const DEVICE_TYPE_NETBOX = NETBOX_TYPE;
export const DEVICE_TYPE_CELOSX = CELOSX_TYPE;
export const DEVICE_TYPE_IPC_X64 = IPC_X64_TYPE;
export const DEVICE_TYPE_IOTCONNECTORFLEX = IOTCONNECTOR_FLEX_TYPE;
/** Device types a software package or profile may target (celosx devices take ipc-x64 software). */
export const SOFTWARE_DEVICE_TYPES = [DEVICE_TYPE_NETBOX, DEVICE_TYPE_IPC_X64, DEVICE_TYPE_IOTCONNECTORFLEX] as const;

export const FRAGMENT_PACKAGE_LIST = `${PRODUCT}_adamos_netbox_SoftwarePackageList`;
export const FRAGMENT_APPLIED_PROFILE = `c8y_${PRODUCT}_service_dto_AppliedDeviceProfile`;
export const FRAGMENT_TIMEZONE = `${PRODUCT}_adamos_netbox_timezone`;
export const FRAGMENT_MACHINE_SERIAL = `${PRODUCT}_adamos_netbox_MachineSerialNumber`;
export const FRAGMENT_MACHINE_CONTROL = `${PRODUCT}_adamos_netbox_MachineControlType`;
export const FRAGMENT_MACHINE = `${PRODUCT}_IoTconnector_Machine`;
export const FRAGMENT_CUSTOMER = `${PRODUCT}_adamos_netbox_Customer`;
export const FRAGMENT_UPDATE_STRATEGY = `${PRODUCT}_IoTconnector_UpdateStrategy`;
export const FRAGMENT_FAILED_INSTALLATIONS = `${PRODUCT}_adamos_netbox_FailedInstallationCount`;
export const FRAGMENT_PENDING_UPDATES = `${PRODUCT}_adamos_netbox_PendingUpdates`;
export const FRAGMENT_IOTCONNECTOR_INFO = `${PRODUCT}_IoTconnector_Info`;
/** Written by the replacement: which device took over from which (our own fragments, documented in README). */
export const FRAGMENT_REPLACED_BY = `${PRODUCT}_IoTconnector_ReplacedBy`;
export const FRAGMENT_REPLACES = `${PRODUCT}_IoTconnector_Replaces`;

export const OP_REGISTER_SOFTWARE = 'netbox_RegisterSoftwarePackage';
export const OP_REGISTER_PROFILE = 'registerDeviceProfile';
/** Time zone operation fragment; the simulator answers it (README). */
export const OP_SET_TIMEZONE = 'netbox_SetTimezoneOperation';

export const PACKAGE_STATUS_ASSIGNED = 'assigned';
export const PACKAGE_STATUS_INSTALLED = 'installed';
/** Any status containing this word is a failure (device-operations.md §4). */
export const PACKAGE_STATUS_FAILED_MARK = 'failed';

/** Reads; who may call each write is in the stand-in's role table (shell-dev/server/http/roles.ts). */
export const ROLE_READ = 'ROLE_INVENTORY_READ';

/** Long-running jobs: devices per transaction, and how long a request waits for a job before answering 'ongoing'. */
export const JOB_CHUNK_SIZE = 500;
export const JOB_RESPONSE_WAIT_MS = 1000;

/** Initialize: the required interval given to a device that was not monitored, in minutes. */
export const INITIALIZE_RESPONSE_INTERVAL_MINUTES = 60;

/** Rollout parameter limits (device-operations.md §5, §9): the console's own, one declaration in shared/domain. */
export {
  ROLLOUT_DEFAULT_BATCH_SIZE,
  ROLLOUT_DEFAULT_BATCH_GAP_SECONDS,
  ROLLOUT_BATCH_SIZE_MIN,
  ROLLOUT_BATCH_SIZE_MAX,
  ROLLOUT_BATCH_GAP_MIN_SECONDS as ROLLOUT_BATCH_GAP_MIN,
  ROLLOUT_BATCH_GAP_MAX_SECONDS as ROLLOUT_BATCH_GAP_MAX,
  ROLLOUT_PAUSE_LIMIT_MIN,
  ROLLOUT_PAUSE_LIMIT_MAX,
} from '@shared/domain/constants';
/** The longest one engine step may hold the server (assignment bench budget); nothing ticks at this rate. */
export const ROLLOUT_TICK_MS = 1000;
export {
  ROLLOUT_DEFAULT_OPERATION_TIMEOUT_SECONDS,
  ROLLOUT_ERROR_THRESHOLD_MAX_PERCENT,
  ROLLOUT_ERROR_THRESHOLD_MIN_PERCENT,
  ROLLOUT_OPERATION_TIMEOUT_MAX_SECONDS,
  ROLLOUT_OPERATION_TIMEOUT_MIN_SECONDS,
} from '@shared/domain/constants';
/** Time-outs handled per engine step; more due at once continue in the next step (the server keeps answering). */
export const ROLLOUT_TIMEOUTS_PER_STEP = 2000;
/** How long writes naming a rollout's devices gather before one engine step handles them all. */
export const ROLLOUT_EVENT_DELAY_MS = 200;
/** Sent operations a cancel fails per transaction; the rest follow in engine steps (the server keeps answering). */
export const ROLLOUT_CANCEL_CHUNK = 500;
/** Failure reasons the engine writes (per device and on the operation it fails). */
export const REASON_NO_ANSWER = 'no answer from device';
export const REASON_CANCELLED = 'Software rollout cancelled before the device started';
export const REASON_NOT_SENT = 'Software rollout cancelled before this device was sent';
export const REASON_UNAVAILABLE = 'The device was unavailable when its batch was sent';

/** Software package password (dashboards §5). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 63;
export const PASSWORD_MIN_CHAR = 32;
export const PASSWORD_MAX_CHAR = 126;
export const SAS_MARKER = '.zip?';
export const PLATFORM_BINARY_PATH = '/inventory/binaries/';

/** Inventory pages when the service walks a collection. */
export const SCAN_PAGE_SIZE = 2000;

/** Identity type looked up for replacement external ids. */
export const EXTERNAL_ID_TYPE = 'c8y_Serial';
