import type { ComponentType } from 'react';
import type { LocaleLoaders } from './i18n';
import type { Loader } from './types';

type ComponentModule = { default: ComponentType<{ widget?: import('./types').WidgetInstanceProps }> };

/**
 * For plugin.ts: `const { lazy } = pluginParcels(locales)` then
 * `loader: lazy(() => import('./features/x/components/y'))`. The module's default export is a
 * React component; it becomes a parcel with the providers. The parcel helper is imported lazily
 * too, so a plugin's start chunk carries metadata only.
 */
export function pluginParcels(locales: LocaleLoaders) {
  return {
    lazy:
      (load: () => Promise<ComponentModule>): Loader =>
      async () => {
        const [{ createContributionParcel }, mod] = await Promise.all([import('./parcel'), load()]);
        return { default: createContributionParcel(mod.default, locales) };
      },
  };
}
