import './polyfills';
// No `import '@angular/compiler'` (the devkit template has one): this is the AOT build, so a
// plugin that needs the JIT compiler fails here as it would in the stricter platform builds.

import { enableProdMode } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import type { BootstrapMetaData } from '@c8y/bootstrap';
import { BootstrapComponent, provideBootstrapMetadata } from '@c8y/ngx-components';
import { appConfig } from './app/app.config';

declare const __MODE__: string;
if (__MODE__ === 'production') {
  enableProdMode();
}

export function bootstrap(metadata: BootstrapMetaData) {
  return bootstrapApplication(BootstrapComponent, {
    ...appConfig,
    // The options, current user and tenant, and the loaded remotes' providers.
    providers: [...appConfig.providers, ...provideBootstrapMetadata(metadata)],
  }).catch((err) => console.error(err));
}
