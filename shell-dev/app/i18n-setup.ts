import { useTranslation } from 'react-i18next';
import { getI18n } from '@shared/plugin-api/i18n';
import type { Language } from '@shared/plugin-api/types';
import { SHELL_NS } from './constants';
import en from './locales/en.json';
import { SHARED_NS } from '@shared/ui/i18n';
import sharedEn from '@shared/ui/locales/en.json';

/** Whether <html lang> follows the page's language already (set up once per page). */
let pageLanguageFollows = false;

/**
 * Initialises the page's shared i18next instance with the shell's own texts and those of the SDK's
 * components (pager, modal, confirm, grid; namespace 'shared'), which every plugin renders.
 * English is in the shell's code (the fallback language); German loads when the session's or the
 * user's language needs it (loadShellLanguage), as the plugins' translations do, so an English
 * start does not download it (~3.8 kB gzip of the JS before a list's first rows).
 */
export function initShellI18n(language: Language) {
  const i18n = getI18n(language);
  i18n.addResourceBundle('en', SHELL_NS, en, true, true);
  i18n.addResourceBundle('en', SHARED_NS, sharedEn, true, true);
  if (!pageLanguageFollows) {
    pageLanguageFollows = true;
    // The page says which language it is in, as the platform's setLanguage does (screen readers,
    // hyphenation and the browser's spelling check read <html lang>).
    const follow = (lang: string) => {
      if (typeof document !== 'undefined') document.documentElement.lang = lang;
    };
    follow(i18n.language);
    i18n.on('languageChanged', follow);
  }
  return i18n;
}

let german: Promise<void> | undefined;

/**
 * The shell's and the SDK components' texts in `lang`, added to what screens of the shell added to
 * the same namespaces (so not through loadNamespace, which skips a namespace that has the language
 * already). Asked again after a failure.
 */
export function loadShellLanguage(lang: Language): Promise<void> {
  if (lang !== 'de') return Promise.resolve();
  german ??= Promise.all([import('./locales/de.json'), import('@shared/ui/locales/de.json')]).then(
    ([shell, shared]) => {
      const i18n = getI18n();
      i18n.addResourceBundle('de', SHELL_NS, shell.default, true, true);
      i18n.addResourceBundle('de', SHARED_NS, shared.default, true, true);
    },
    (e: unknown) => {
      german = undefined;
      throw e;
    },
  );
  return german;
}

export const useShellT = () => useTranslation(SHELL_NS);
