/** @jest-environment jsdom */
/**
 * The adapter's mapping, against stand-ins of the platform UI's hook functions (the real ones
 * return `{provide, useValue | useClass, multi}`; these keep what they were given). The real
 * shell runs it in e2e/platform-shell.test.ts.
 */
/** The router's subscribers and the navigator's refreshes. */
const navigation: ((e: unknown) => void)[] = [];
const refreshNavigator = jest.fn();
const user = { id: 'op', userName: 'op', effectiveRoles: [{ id: 'ROLE_INVENTORY_READ' }] };
jest.mock(
  '@c8y/ngx-components',
  () => ({
    AppStateService: class AppStateService {},
    HeaderService: class HeaderService {},
    NavigatorService: class NavigatorService {},
    NavigatorNode: class NavigatorNode {
      constructor(readonly data: Record<string, unknown>) {}
    },
    ViewContext: { Device: 'device/:id', Group: 'group/:id' },
    hookNavigator: (v: unknown) => ({ hook: 'navigator', v }),
    hookRoute: (v: unknown) => ({ hook: 'route', v }),
    hookWidget: (v: unknown) => ({ hook: 'widget', v }),
    hookActionBar: (v: unknown) => ({ hook: 'action-bar', v }),
  }),
  { virtual: true },
);
jest.mock(
  '@angular/core',
  () => ({
    ElementRef: class {},
    NgZone: class {},
    inject: () => ({
      currentUser: { value: user },
      currentTenant: { value: { name: 'demo' } },
      state$: { value: { lang: 'de' } },
      // The Router's part a tab guard uses.
      createUrlTree: (commands: unknown[]) => ({ tree: commands.join('/') }),
      events: { subscribe: (next: (e: unknown) => void) => navigation.push(next) },
      // The Injector's part: the NavigatorService.
      get: () => ({ refresh: refreshNavigator }),
    }),
    ɵɵdefineComponent: (def: Record<string, unknown>) => def,
  }),
  { virtual: true },
);
jest.mock('@angular/router', () => ({ ActivatedRoute: class {}, Router: class {}, NavigationEnd: class NavigationEnd {} }), { virtual: true });
jest.mock('@angular/forms', () => ({ ControlContainer: class {}, FormControl: class {} }), { virtual: true });

import { holdLeave, setLeaveQuestion } from '../leave-guard';
import { defineActionBarItem, defineDashboard, defineDeviceTab, defineNavigatorNode, definePlugin, defineRoute, defineWidget } from '../define';
import type { ParcelModule } from '../types';
import { toPlatformProviders } from './providers';
import { NavigationEnd } from '@angular/router';

type Hook = { hook: string; v: Record<string, unknown> & { get?: () => unknown[] } };

const loader = () => Promise.resolve({} as ParcelModule);
const plugin = definePlugin({
  id: 'p',
  contributions: [
    defineNavigatorNode({ id: 'navigator-node:p/devices', label: 'Devices', icon: 'th-list', priority: 9000 }),
    defineNavigatorNode({ id: 'navigator-node:p/list', label: 'IoTconnectors', parent: 'Devices', path: '/views/iotconnector', icon: 'network-card', priority: 3000 }),
    defineNavigatorNode({ id: 'navigator-node:p/groups', label: 'Groups', icon: 'sitemap', priority: 7000, loadChildren: () => Promise.resolve({ nodes: [] }) }),
    defineNavigatorNode({ id: 'navigator-node:p/config', label: 'Configuration', path: '/admin/configuration', priority: 400, visible: (ctx) => ctx.path.includes('/admin') }),
    defineNavigatorNode({ id: 'navigator-node:p/alarms', label: 'Alarms', path: '/alarms', icon: 'bell', priority: 8000 }),
    defineRoute({ id: 'route:p/list', path: '/views/:deviceType', title: 'Devices', priority: 0, loader }),
    defineRoute({ id: 'route:p/admin', path: '/admin/x', title: 'Admin', priority: 0, loader, visible: (ctx) => ctx.user?.effectiveRoles.includes('ROLE_ADMIN') ?? false }),
    defineDeviceTab({ id: 'device-tab:p/info', path: 'info', label: 'Info', icon: 'info', priority: 1000, loader }),
    defineDeviceTab({ id: 'device-tab:p/router', path: 'router', label: 'Router', priority: 10, loader, filter: (d, ctx) => d.type === 'router' && ctx.language === 'de' }),
    defineWidget({
      id: 'widget:p/w',
      label: 'W',
      description: 'A widget',
      priority: 1,
      defaultConfig: { days: 7 },
      validateConfig: () => [],
      loader,
      configLoader: loader,
    }),
    defineWidget({
      id: 'widget:p/chart',
      label: 'Chart',
      description: 'A chart',
      priority: 0,
      defaultConfig: {},
      defaultSize: { width: 6, height: 5 },
      validateConfig: () => [],
      loader,
      configLoader: loader,
    }),
    defineActionBarItem({
      id: 'action-bar-item:p/assign',
      context: 'group',
      label: 'Select Software',
      priority: 10,
      loader,
      visible: (ctx) => (ctx.user?.effectiveRoles.includes('ROLE_INVENTORY_ADMIN') ?? false) && ctx.device?.c8y_IsDeviceGroup !== undefined,
    }),
    defineActionBarItem({ id: 'action-bar-item:p/restart', context: 'device', label: 'Restart', priority: 0, loader }),
    defineDashboard({ id: 'dashboard:p/d', name: 'dash', path: '/dash', title: 'Dash', deletable: false, priority: 0, sections: [], defaultWidgets: [] }),
  ],
});

const hooks = () => toPlatformProviders(plugin) as Hook[];
const of = (kind: string) => hooks().filter((h) => h.hook === kind);

beforeEach(() => {
  window.location.hash = '#/';
});

it('gives the navigator the nodes with a path, parents by label with their icon, in priority order', () => {
  const [nav] = of('navigator');
  const Factory = nav.v as unknown as { ɵfac: () => { get(): { data: Record<string, unknown> }[] } };
  const nodes = Factory.ɵfac().get().map((n) => n.data);
  expect(nodes.map((n) => n.label)).toEqual(['Alarms', 'IoTconnectors']);
  expect(nodes[1]).toEqual({ label: 'IoTconnectors', path: '/views/iotconnector', icon: 'network-card', priority: 3000, parent: { label: 'Devices', icon: 'th-list', priority: 9000 } });
});

it("has the navigator asked again when a navigation changes a node's visible() answer (Configuration under /admin); the platform asks once", () => {
  navigation.length = 0;
  refreshNavigator.mockReset();
  const Factory = of('navigator')[0].v as unknown as { ɵfac: () => { get(): { data: { label: string } }[] } };
  window.location.hash = '#/views/iotconnector';
  const factory = Factory.ɵfac();
  expect(factory.get().map((n) => n.data.label)).not.toContain('Configuration');
  const navigate = (hash: string) => {
    window.location.hash = hash;
    for (const next of navigation) next(new NavigationEnd());
  };
  navigate('#/views/celosos_x64');
  expect(refreshNavigator).not.toHaveBeenCalled();
  navigate('#/admin/views/iotconnector');
  expect(refreshNavigator).toHaveBeenCalledTimes(1);
  expect(factory.get().map((n) => n.data.label)).toContain('Configuration');
  navigate('#/admin/configuration');
  expect(refreshNavigator).toHaveBeenCalledTimes(1);
});

it("asks a node's visible() with the page's context each time the navigator is built", () => {
  const Factory = of('navigator')[0].v as unknown as { ɵfac: () => { get(): { data: { label: string } }[] } };
  window.location.hash = '#/admin/views/iotconnector';
  expect(Factory.ɵfac().get().map((n) => n.data.label)).toContain('Configuration');
});

it('turns routes into relative router paths with a host component, visible() into a guard', () => {
  const routes = of('route').filter((h) => !h.v.context);
  expect(routes.map((r) => r.v.path).sort()).toEqual(['admin/x', 'dash', 'views/:deviceType']);
  const list = routes.find((r) => r.v.path === 'views/:deviceType')!;
  expect((list.v.component as { ɵcmp: { selectors: string[][] } }).ɵcmp.selectors[0][0]).toMatch(/^adamos-contribution-\d+$/);
  expect(list.v.canActivate).toBeUndefined();
  const guard = (routes.find((r) => r.v.path === 'admin/x')!.v.canActivate as ((s: unknown) => boolean)[])[0];
  expect(guard({ pathFromRoot: [] })).toBe(false);
});

it('turns device tabs into device-context routes; a filter becomes the guard on the device of the context route', () => {
  const tabs = of('route').filter((h) => h.v.context === 'device/:id');
  expect(tabs.map((t) => [t.v.path, t.v.label, t.v.priority])).toEqual([
    ['info', 'Info', 1000],
    ['router', 'Router', 10],
  ]);
  expect(tabs[0].v.canActivate).toBeUndefined();
  const guard = (tabs[1].v.canActivate as ((s: unknown) => boolean)[])[0];
  const snapshot = (device: unknown) => ({ pathFromRoot: [{ params: { id: '7' }, data: { contextData: device } }] });
  expect(guard(snapshot({ id: '7', type: 'router' }))).toBe(true);
  expect(guard(snapshot({ id: '7', type: 'netbox' }))).toBe(false);
  expect(guard({ pathFromRoot: [] })).toBe(false);
});

it("sends a tab opened on a device without it to the device's page (the platform UI showed a blank page), while the tab strip still reads no", () => {
  const tab = of('route').find((h) => h.v.context === 'device/:id' && h.v.path === 'router')!;
  const guard = (tab.v.canActivate as ((s: unknown) => unknown)[])[0];
  const on = (path: string, device: unknown) => ({ routeConfig: { path }, pathFromRoot: [{ params: { id: '7' }, data: { contextData: device } }] });
  // The tab's own route, opened by a link: the device's page.
  expect(guard(on('router', { id: '7', type: 'netbox' }))).toEqual({ tree: '/device/7' });
  expect(guard(on('router', { id: '7', type: 'router' }))).toBe(true);
  // The platform's tab strip asks with the device's context route: only a plain no hides the tab.
  expect(guard(on('device/:id', { id: '7', type: 'netbox' }))).toBe(false);
});

it('offers widgets to the platform dashboards with a view and a config component', () => {
  const [w] = of('widget');
  expect(w.v).toMatchObject({ id: 'widget:p/w', label: 'W', description: 'A widget', data: { settings: { noNewWidgets: false, noDeviceTarget: true } } });
  expect(w.v.component).not.toBe(w.v.configComponent);
  expect((w.v.data as { settings: object }).settings).not.toHaveProperty('widgetDefaults');
});

it("gives a widget with a default size that size on the platform's 24-column dashboards", () => {
  const chart = of('widget').find((h) => h.v.id === 'widget:p/chart')!;
  // Half of our 12 columns is half of the platform's 24; rows are 80 px in both.
  expect(chart.v).toMatchObject({ data: { settings: { widgetDefaults: { _width: 12, _height: 5 } } } });
});

it('drops a malformed contribution and names it in the console', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const bad = definePlugin({ id: 'q', contributions: [{ kind: 'route', id: 42 } as never, defineRoute({ id: 'route:q/ok', path: '/ok', title: 'Ok', priority: 0, loader })] });
  const out = toPlatformProviders(bad) as Hook[];
  expect(out.map((h) => h.v.path)).toEqual(['ok']);
  expect(error).toHaveBeenCalled();
  error.mockRestore();
});

describe('action-bar items', () => {
  type Item = { component: { ɵcmp: { selectors: string[][] } }; placement: string; priority: number };
  const factory = () => {
    const hooks = of('action-bar');
    expect(hooks).toHaveLength(1);
    return (hooks[0].v as unknown as { ɵfac: () => { get(route?: unknown): Item[] } }).ɵfac();
  };
  /** The route the action bar hands its factories: the deepest, whose snapshot knows the context route above it. */
  const on = (context: string, object: unknown) => ({
    snapshot: { pathFromRoot: [{ params: {}, data: {} }, { params: { id: '5' }, data: { context, contextData: object } }, { params: {}, data: {} }] },
  });
  const group = { id: '5', name: 'Plant', c8y_IsDeviceGroup: {} };
  afterEach(() => {
    user.effectiveRoles = [{ id: 'ROLE_INVENTORY_READ' }];
  });

  it("gives the platform's group pages the group's item, on the right, as a list item, only to users its visible() lets see it", () => {
    const bar = factory();
    expect(bar.get(on('group/:id', group))).toEqual([]);
    user.effectiveRoles = [{ id: 'ROLE_INVENTORY_ADMIN' }];
    const [item] = bar.get(on('group/:id', group));
    expect(item).toMatchObject({ placement: 'right', priority: 10 });
    expect(item.component.ɵcmp.selectors[0][0]).toBe('li');
    // The device pages get the device's item, not the group's.
    expect(bar.get(on('device/:id', { id: '5', c8y_IsDevice: {} })).map((i) => i.priority)).toEqual([0]);
  });

  it('gives no item off a context page, or before the context object has loaded', () => {
    user.effectiveRoles = [{ id: 'ROLE_INVENTORY_ADMIN' }];
    const bar = factory();
    expect(bar.get({ snapshot: { pathFromRoot: [{ params: {}, data: {} }] } })).toEqual([]);
    expect(bar.get(on('group/:id', {}))).toEqual([]);
    expect(bar.get(undefined)).toEqual([]);
  });

  it("hands the same item again for the same group (the action bar keeps its component: a running action survives a change of tab), a new one for another group", () => {
    user.effectiveRoles = [{ id: 'ROLE_INVENTORY_ADMIN' }];
    const bar = factory();
    const first = bar.get(on('group/:id', group))[0];
    expect(bar.get(on('group/:id', group))[0]).toBe(first);
    expect(bar.get(on('group/:id', { ...group, id: '6' }))[0]).not.toBe(first);
  });
});

it('guards every page, dashboard and device tab against leaving with unsaved edits (the navigator routes by buttons)', async () => {
  const routes = of('route');
  expect(routes.length).toBe(5);
  let answer = false;
  setLeaveQuestion(() => Promise.resolve(answer));
  for (const r of routes) {
    const [guard] = r.v.canDeactivate as (() => Promise<boolean>)[];
    await expect(guard()).resolves.toBe(true);
    const release = holdLeave();
    await expect(guard()).resolves.toBe(false);
    answer = true;
    await expect(guard()).resolves.toBe(true);
    answer = false;
    release();
  }
});
