import type { ConfigurationOptions } from '@c8y/devkit';
import { deviceManagementWidgetsExports } from '@c8y/ngx-components/widgets/device-management-exports';
import { author, description, license, version } from './package.json';
// The application's identity is the bundle's (manifest.json platformShell): the stand-in keeps an
// application with the same contextPath and key, and its /manifest answer carries config.remotes.
import { platformShell } from '../../manifest.json';

/**
 * The platform's Device Management app ships these as "self-scoped" plugins of its own
 * (runTime.exports with scope 'self', loaded from its own remoteEntry.js before Angular starts),
 * which a tenant admin can switch off per application with config.excludedRemotes. Kept the same
 * here: widgets editors can add to dashboards, the Services device tab, the dashboard manager and
 * device-level dashboards. The widgets are a subset of the real app's list (each one is an exposed module the
 * build compiles and the page loads at start).
 */
const SELF_WIDGETS = [
  'deviceManagementWelcomeWidgetProviders', // the default widget of the Home dashboard
  'alarmListWidgetProviders',
  'criticalAlarmsWidgetProviders',
  'recentAlarmsWidgetProviders',
  'datapointGraphWidgetproviders',
  'helpAndServiceWidgetProviders',
  'quickLinksWidgetProviders',
  'assetNotesWidgetProviders',
  'imageWidgetProviders',
];

const widgetExports = deviceManagementWidgetsExports.filter((e) => SELF_WIDGETS.includes(e.module));
if (widgetExports.length !== SELF_WIDGETS.length) {
  throw new Error(`cumulocity.config.ts: widget exports not found in @c8y/ngx-components: ${SELF_WIDGETS.filter((m) => !widgetExports.some((e) => e.module === m)).join(', ')}`);
}

export default {
  runTime: {
    author,
    description,
    version,
    license,
    name: platformShell.name,
    contextPath: platformShell.contextPath,
    key: platformShell.key,
    globalTitle: 'Cumulocity',
    rightDrawer: true,
    breadcrumbs: false,
    // Options a tenant sets at runtime (public-options) as on the platform.
    dynamicOptionsUrl: true,
    icon: { class: 'c8y-icon-device-management' },
    contentSecurityPolicy:
      "base-uri 'none'; default-src 'self' 'unsafe-inline' http: https: ws: wss:; connect-src 'self' http: https: ws: wss:;  script-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; style-src * 'unsafe-inline' blob:; img-src * data: blob:; font-src * data:; frame-src *; worker-src 'self' blob:;",
    exports: [
      ...widgetExports,
      {
        name: 'Services plugin',
        module: 'ServicesModule',
        path: '@c8y/ngx-components/services',
        description: 'Device tab listing the services running on a device.',
        scope: 'self',
      },
      {
        // Registers the preview feature 'ui.dm-dashboard-manager' the two device-dashboard exports
        // below ask for in their route guards (without it every device route fails: "Feature with
        // key ... does not exist").
        name: 'Dashboard manager',
        module: 'dashboardManagerFeatureProvider',
        path: '@c8y/ngx-components/dashboard-manager/devicemanagement',
        description: 'Adds Dashboard manager as Management feature and allows to manage type dashboards.',
        scope: 'self',
      },
      {
        name: 'Dashboards: Add device dashboards',
        module: 'addDeviceContextDashboardFeatureProvider',
        path: '@c8y/ngx-components/context-dashboard/devicemanagement',
        description: 'Allows to add dashboards on device level.',
        scope: 'self',
      },
      {
        name: 'Dashboards: View device dashboards',
        module: 'viewDeviceContextDashboardFeatureProvider',
        path: '@c8y/ngx-components/context-dashboard/devicemanagement',
        description: 'Allows to view dashboards on device level.',
        scope: 'self',
      },
    ],
    // No build-time remotes: the plugins come from the application's config.remotes (what enabling
    // a plugin writes on a tenant), read at start from /application/applications/<ctx>/manifest.
  },
  buildTime: {
    // Nothing in this app opens the code editor (no chunk references the workers): without this,
    // devkit builds Monaco's language workers and copies 8 MB of them into the app.
    skipMonacoLanguageSupport: true,
    // The real Device Management app's share list, without its AngularJS parts (jquery, angular):
    // plugins built with @c8y/devkit expect exactly these in the share scope. echarts is not shared.
    federation: [
      '@angular/animations',
      '@angular/cdk',
      '@angular/common',
      '@angular/compiler',
      '@angular/core',
      '@angular/forms',
      '@angular/platform-browser',
      '@angular/platform-browser-dynamic',
      '@angular/router',
      '@angular/upgrade',
      '@c8y/client',
      '@c8y/ngx-components',
      'ngx-bootstrap',
      '@ngx-translate/core',
      '@ngx-formly/core',
    ],
  },
} as const satisfies ConfigurationOptions;
