import { ApplicationConfig, importProvidersFrom, provideZoneChangeDetection } from '@angular/core';
import { provideAnimations } from '@angular/platform-browser/animations';
import { CoreModule, RouterModule } from '@c8y/ngx-components';
import { AssetsNavigatorModule } from '@c8y/ngx-components/assets-navigator';
import { DeviceManagementHomeDashboardModule } from '@c8y/ngx-components/context-dashboard';
import { DeviceListModule } from '@c8y/ngx-components/device-list';
import { SubAssetsModule } from '@c8y/ngx-components/sub-assets';

/**
 * The Angular part of the platform's Device Management app that the public packages provide (its
 * AngularJS part, @c8y/ng1-modules, is not published): what its AppModule imports itself. The
 * rest of the real app comes as plugins: its self-scoped exports (cumulocity.config.ts) and the
 * remotes in the application's config.
 *
 * Left out on purpose: the platform's Alarms page (#/alarms, Overviews > Alarms, and the Alarms tab
 * of devices) and its device Info dashboard tab. The bundle brings "Alarms", the device "Info" and
 * "Alarms" tabs as its spec defines them; built into the shell, the platform's would stand beside
 * them under the same labels and take the #/alarms route (built-in routes are matched first), and
 * what is built in cannot be switched off with config.excludedRemotes.
 */
export const appConfig: ApplicationConfig = {
  providers: [
    provideZoneChangeDetection(),
    provideAnimations(),
    // #/ opens the Home dashboard, as the platform's app does.
    importProvidersFrom(RouterModule.forRoot([{ path: '', pathMatch: 'full', redirectTo: 'home' }])),
    importProvidersFrom(CoreModule.forRoot()),
    // Home (#/home): a dashboard editors add widgets to, with the "Welcome" widget by default.
    importProvidersFrom(DeviceManagementHomeDashboardModule),
    // Devices > All devices.
    importProvidersFrom(DeviceListModule),
    // Groups in the navigator, and a group's Subassets tab (#/group/:id/subassets).
    importProvidersFrom(AssetsNavigatorModule.config({ smartGroups: true })),
    importProvidersFrom(SubAssetsModule),
  ],
};
