import fs from 'node:fs';
import path from 'node:path';
import { dashboardImports, routeImports, routePatternSource } from './preload';

describe('routeImports', () => {
  it('reads path and loader import of each defineRoute call, on one line or several', () => {
    const source = `
      defineRoute({ id: 'route:p/list', path: '/views/:deviceType', title: 'Devices', priority: 0, loader: lazy(() => import('./features/list/page')) }),
      defineRoute({
        id: 'route:p/board',
        path: '/board',
        loader: lazy(() => import( './features/board/page' )),
      }),
      defineRoute({ id: 'route:p/const', path: BASE, loader: lazy(() => import('./features/c')) }),
      defineDeviceTab({ id: 'device-tab:p/t', path: 'info', loader: lazy(() => import('./features/t')) }),`;
    expect(routeImports(source)).toEqual([
      { path: '/views/:deviceType', request: './features/list/page' },
      { path: '/board', request: './features/board/page' },
    ]);
  });

  it("finds the device list's route in the device-operations plugin", () => {
    const source = fs.readFileSync(path.join(__dirname, '..', '..', 'plugins', 'device-operations', 'plugin.ts'), 'utf8');
    expect(routeImports(source)).toContainEqual({ path: '/views/:deviceType', request: './features/device-list/components/device-list-page' });
  });
});

describe('dashboardImports', () => {
  it("gives a dashboard's path each widget's loader import (magic comments allowed), not the config forms'", () => {
    const source = `
      defineDashboard({ id: 'dashboard:p/board', name: 'board', path: '/board', sections: SECTIONS, defaultWidgets: DEFAULTS }),
      defineWidget({
        id: 'widget:p/a',
        prefetch: (config, queryClient) => prefetch('a', config, queryClient),
        loader: lazy(() => import(/* webpackChunkName: "widgets" */ './features/a')),
        configLoader: lazy(() => import('./features/a-config')),
      }),
      defineWidget({ id: 'widget:p/b', loader: lazy(() => import('./features/b')) }),`;
    expect(dashboardImports(source)).toEqual([
      { path: '/board', request: './features/a' },
      { path: '/board', request: './features/b' },
    ]);
    expect(dashboardImports(source.replace(/defineDashboard[^\n]*\n/, ''))).toEqual([]);
  });

  it("finds the Device Operations Dashboard's widgets in the dashboard-widgets plugin", () => {
    const source = fs.readFileSync(path.join(__dirname, '..', '..', 'plugins', 'dashboard-widgets', 'plugin.ts'), 'utf8');
    const imports = dashboardImports(source);
    expect(imports).toHaveLength(6);
    expect(imports).toContainEqual({ path: '/deviceOperationsDashboard', request: './features/widgets/components/devices-online-widget' });
  });
});

describe('routePatternSource', () => {
  it.each([
    ['/views/:deviceType', '/views/iotconnector', true],
    ['/views/:deviceType', '/views/iotconnector/extra', false],
    ['/views/:deviceType', '/admin/views/iotconnector', false],
    ['/group/:groupId/sub-assets', '/group/42/sub-assets', true],
    ['/group/:groupId', '/group/42/sub-assets', false],
    ['/device-profiles-v2', '/device-profiles-v2', true],
    ['/a.b', '/axb', false],
  ])('%s matches %s: %s', (pattern, hashPath, matches) => {
    expect(new RegExp(routePatternSource(pattern)).test(hashPath)).toBe(matches);
  });
});
