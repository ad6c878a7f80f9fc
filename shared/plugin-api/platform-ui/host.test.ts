/** @jest-environment jsdom */
/**
 * The Angular host's dealings with the platform's header, against stand-ins of the platform UI's
 * services (the real shell runs it in e2e/platform-shell.test.ts).
 */
const changeTitle = jest.fn();
const changePageTitle = jest.fn();
const services = new Map<unknown, unknown>();
jest.mock('@c8y/ngx-components', () => ({ AppStateService: class AppStateService {}, HeaderService: class HeaderService {} }), { virtual: true });
jest.mock(
  '@angular/core',
  () => ({
    ElementRef: class ElementRef {},
    NgZone: class NgZone {},
    Injector: class Injector {},
    inject: (token: unknown) => services.get(token) ?? null,
    ɵɵdefineComponent: (def: Record<string, unknown>) => def,
  }),
  { virtual: true },
);
jest.mock('@angular/router', () => ({ ActivatedRoute: class ActivatedRoute {}, Router: class Router {}, NavigationEnd: class NavigationEnd {} }), { virtual: true });
jest.mock('@angular/forms', () => ({ ControlContainer: class ControlContainer {}, FormControl: class FormControl {} }), { virtual: true });
const refresh = jest.fn();
/** The plugin's texts arrive after the page's code: the mount hands the host the German title then. */
jest.mock('./mount', () => ({
  mountContribution: (input: { onTitle?: (t: (text: string) => string) => void }) =>
    new Promise((resolve) =>
      setTimeout(() => {
        input.onTitle?.((text) => (text === 'Devices' ? 'Geräte' : text));
        resolve({ configErrors: () => [], setConfig: () => undefined, refresh, unmount: () => Promise.resolve() });
      }, 0),
    ),
}));

import { waitFor } from '@testing-library/react';
import * as ng from '@angular/core';
import { ActivatedRoute, NavigationEnd, Router } from '@angular/router';
import { AppStateService, HeaderService } from '@c8y/ngx-components';
import type { ParcelModule } from '../types';
import { parcelHostComponent } from './host';

type Host = { ngOnInit(): void; ngOnDestroy(): void };

/** The router's events: what the host subscribed, and whether it let go. */
let routerEvents: { next?: (e: unknown) => void; closed: boolean };

beforeEach(() => {
  changeTitle.mockReset();
  changePageTitle.mockReset();
  refresh.mockReset();
  routerEvents = { closed: false };
  services.clear();
  services.set(ng.ElementRef, { nativeElement: document.createElement('div') });
  services.set(ng.NgZone, { run: (f: () => unknown) => f(), runOutsideAngular: (f: () => unknown) => f() });
  services.set(AppStateService, {});
  services.set(ActivatedRoute, { snapshot: { pathFromRoot: [] } });
  services.set(HeaderService, { changeTitle, changePageTitle });
  services.set(Router, {
    events: {
      subscribe: (next: (e: unknown) => void) => {
        routerEvents.next = next;
        return { unsubscribe: () => (routerEvents.closed = true) };
      },
    },
  });
});

const routeHost = () => {
  const Host = parcelHostComponent({ pluginId: 'p', contributionId: 'route:p/list', kind: 'route', title: 'Devices', loader: () => Promise.resolve({} as ParcelModule) }) as new () => Host;
  return new Host();
};

it("hands the platform's header the translated title again, so the browser tab is named in the page's language", async () => {
  const host = routeHost();
  host.ngOnInit();
  expect(changeTitle).toHaveBeenCalledTimes(1);
  // The platform reads the h1's text for the browser tab's title each time the header changes
  // (waited for, not timed: the mount's texts come after a few hops, slower on a loaded machine).
  await waitFor(() => expect(changeTitle).toHaveBeenCalledTimes(2));
  const heading = changeTitle.mock.calls[1][0] as HTMLElement;
  expect(heading.textContent).toBe('Geräte');
  expect(changeTitle.mock.calls[0][0]).toBe(heading);
});

it('titles the header with plain text while the page names itself with an h1 (the device lists): one h1 per screen, the browser tab still named', async () => {
  const element = document.createElement('div');
  services.set(ng.ElementRef, { nativeElement: element });
  const host = routeHost();
  host.ngOnInit();
  await waitFor(() => expect(changeTitle).toHaveBeenCalledTimes(2));
  expect((changeTitle.mock.lastCall?.[0] as HTMLElement).tagName).toBe('H1');
  element.append(Object.assign(document.createElement('h1'), { textContent: 'IoTconnectors 42' }));
  await new Promise((r) => setTimeout(r, 0));
  const [title, pageTitleUpdate] = changeTitle.mock.lastCall as [HTMLElement, boolean];
  expect(title.tagName).toBe('DIV');
  expect(title.textContent).toBe('Geräte');
  expect(pageTitleUpdate).toBe(false);
  expect(changePageTitle).toHaveBeenLastCalledWith('Geräte');
  // The page's own h1 gone (another list, an error): the header's title is the h1 again.
  element.replaceChildren();
  await new Promise((r) => setTimeout(r, 0));
  expect((changeTitle.mock.lastCall?.[0] as HTMLElement).tagName).toBe('H1');
  host.ngOnDestroy();
});

it('leaves the header alone when the page was left before its texts arrived (the next page has titled it)', async () => {
  const host = routeHost();
  host.ngOnInit();
  host.ngOnDestroy();
  await new Promise((r) => setTimeout(r, 10));
  expect(changeTitle).toHaveBeenCalledTimes(1);
});

it("brings the page up to date after each of the platform's navigations (it reuses the host when only the route's parameters change, and moves by pushState: no hashchange)", async () => {
  const host = routeHost();
  host.ngOnInit();
  // Mounted (the texts arrive with the mount).
  await waitFor(() => expect(changeTitle).toHaveBeenCalledTimes(2));
  routerEvents.next?.({ url: '/views/celosos_x64' });
  routerEvents.next?.(Object.assign(new NavigationEnd(), { url: '/views/celosos_x64' }));
  await new Promise((r) => setTimeout(r, 0));
  // Only a finished navigation counts.
  expect(refresh).toHaveBeenCalledTimes(1);
  host.ngOnDestroy();
  expect(routerEvents.closed).toBe(true);
});
