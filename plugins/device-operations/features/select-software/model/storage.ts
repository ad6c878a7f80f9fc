/** The dialog's row type now lives in the SDK; the device list's bulk actions still import it from here. */
export type { SoftwareItem } from '@shared/platform/software-choices';
