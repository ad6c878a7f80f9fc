/** @jest-environment jsdom */
/**
 * The mounted contribution's updates, against a stand-in parcel: it follows the platform's
 * navigations (the host calls refresh on the router's NavigationEnd), not the bare hashchange.
 */
const update = jest.fn(() => Promise.resolve());
jest.mock('single-spa', () => ({
  mountRootParcel: () => ({ getStatus: () => 'MOUNTED', update, mountPromise: Promise.resolve(), unmount: () => Promise.resolve() }),
}));

import type { AppStateService } from '@c8y/ngx-components';
import type { ActivatedRouteSnapshot } from '@angular/router';
import { mountContribution } from './mount';

const subject = <T>(value: T) => ({ value, subscribe: () => ({ unsubscribe: () => undefined }) });
const appState = { currentUser: subject(null), currentTenant: subject(null), state$: subject({ lang: 'en' }) } as unknown as AppStateService;
const settle = () => new Promise((r) => setTimeout(r, 0));

it("does not hand a page that is being left the next route's location: it sent that screen's requests once more (the device list's on the way to Alarms)", async () => {
  window.location.hash = '#/admin/views/iotconnector';
  const route = { pathFromRoot: [{ params: { type: 'iotconnector' }, data: {} }] } as unknown as ActivatedRouteSnapshot;
  const mounted = await mountContribution({
    pluginId: 'device-operations',
    contributionId: 'device-list',
    kind: 'route',
    loader: () => Promise.resolve({ default: {} }) as never,
    element: document.createElement('div'),
    appState,
    route: () => route,
    config: {},
    onConfigChange: () => undefined,
  });
  // The platform's router destroys the host after the hash changed; until then the page stays as it is.
  window.location.hash = '#/alarms';
  await settle();
  expect(update).not.toHaveBeenCalled();
  // A navigation that keeps the host (only its parameters change) reaches it through refresh.
  window.location.hash = '#/admin/views/celosos_x64';
  mounted.refresh();
  await settle();
  expect(update).toHaveBeenCalledTimes(1);
  expect(update).toHaveBeenCalledWith(expect.objectContaining({ context: expect.objectContaining({ path: '/admin/views/celosos_x64' }) }));
  await mounted.unmount();
});
