/** The 'shared' i18n namespace of the SDK's components (keys are the English texts). */
import { useTranslation } from 'react-i18next';
import type { LocaleLoaders } from '../plugin-api/i18n';

export const SHARED_NS = 'shared';

/** For the shell: `await loadNamespace(SHARED_NS, sharedLocales)` once at start-up. */
export const sharedLocales: LocaleLoaders = {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
};

/** t() of the shared namespace (an unloaded namespace shows the English keys). */
export const useSharedTranslation = () => useTranslation(SHARED_NS).t;
