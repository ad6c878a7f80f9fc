/** The payload now lives in the SDK; the device list, the group page and the Software tab's action import it from here. */
export { assignmentRequest } from '@shared/platform/software-choices';
