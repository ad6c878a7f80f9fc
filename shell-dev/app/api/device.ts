import { isPlatformError } from '@shared/platform/fetch-client';
import { getManagedObject } from '@shared/platform/inventory';
import type { FetchDevice } from '../routing/device-guard';

/** The inventory fetch of the device route guard: status and body, never a throw for HTTP errors. */
export const fetchDevice: FetchDevice = async (id) => {
  try {
    return { status: 200, body: await getManagedObject(id) };
  } catch (e) {
    if (isPlatformError(e)) return { status: e.status, body: e.data };
    throw e;
  }
};
